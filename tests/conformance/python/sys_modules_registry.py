# sys.modules as harness code uses it: probing for optional packages,
# registering stand-ins, forcing a re-import, and patching it in tests.
import sys
import types
from unittest import mock

print("types" in sys.modules, "sys" in sys.modules, sys.modules["sys"] is sys)
# expect: True True True
print(sys.modules.get("torch"), "torch" in sys.modules)
# expect: None False

stub = types.ModuleType("torch_xla", "Stand-in for an accelerator bridge.")
stub.device_count = lambda: 0
sys.modules["torch_xla"] = stub
import torch_xla
from torch_xla import device_count
print(torch_xla is stub, device_count(), torch_xla.__name__, torch_xla.__doc__)
# expect: True 0 torch_xla Stand-in for an accelerator bridge.
print(type(stub), type(stub) is types.ModuleType, isinstance(sys, types.ModuleType))
# expect: <class 'module'> True True

loaded = [name for name in sys.modules.keys() if name in ("sys", "types", "torch_xla")]
print(sorted(loaded), sum(1 for name in sys.modules if name == "torch_xla"))
# expect: ['sys', 'torch_xla', 'types'] 1
for name, module in list(sys.modules.items()):
    if name == "torch_xla":
        print(name, module)
# expect: torch_xla <module 'torch_xla'>

del sys.modules["torch_xla"]
try:
    import torch_xla
except ImportError as e:
    print(type(e).__name__, e)
# expect: ModuleNotFoundError No module named 'torch_xla'

sys.modules["fake_kernels"] = types.ModuleType("fake_kernels")
print(sys.modules.pop("fake_kernels").__name__, sys.modules.pop("fake_kernels", "gone"))
# expect: fake_kernels gone

with mock.patch.dict(sys.modules, {"vllm": types.ModuleType("vllm")}):
    import vllm
    print(vllm, "vllm" in sys.modules)
print("vllm" in sys.modules)
# expect: <module 'vllm'> True
# expect: False

try:
    import vllm
except ModuleNotFoundError as e:
    print(e)
# expect: No module named 'vllm'

types.ModuleType(7)  # expect error: TypeError: module() argument 'name' must be str, not int
