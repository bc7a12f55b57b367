# Tests that load a kernel module from a file path next to them
# (spec_from_file_location + module_from_spec): refused at the call, as a
# Rungs program has no file system; find_spec answers for provided modules.
import importlib.util

print(importlib.util.find_spec("functools").name)  # expect: functools
spec = importlib.util.spec_from_file_location("sparse_mla_prefill", "kernels/sparse_mla_prefill.py")  # expect error: NotImplementedError: importlib.util.spec_from_file_location (loading a module from a file path) is not supported by Rungs
kernel = importlib.util.module_from_spec(spec)
