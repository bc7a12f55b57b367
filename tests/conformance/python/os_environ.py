# os.environ and os.getenv as harness code reads flags: nothing is set
# unless the program sets it.
import os
flags = os.environ.get("XLA_FLAGS", "")
print(repr(flags), "RUNGS_TEST_UNSET_VAR" in os.environ, os.getenv("RUNGS_TEST_UNSET_VAR"), os.getenv("RUNGS_TEST_UNSET_VAR", "dflt"))
os.environ["RUNGS_TEST_BLOCK"] = "128"
block = int(os.environ["RUNGS_TEST_BLOCK"])
print(block * 2, os.getenv("RUNGS_TEST_BLOCK"), "RUNGS_TEST_BLOCK" in os.environ)
os.environ.setdefault("RUNGS_TEST_MODE", "interpret")
print(os.environ["RUNGS_TEST_MODE"], os.environ.pop("RUNGS_TEST_MODE"), os.environ.get("RUNGS_TEST_MODE"))
print(os.path.join("results", "run1", "out.csv"), os.path.join("/tmp", "/abs", "x"), os.path.join("a/", "b"))
print(os.path.basename("/data/kernels/matmul.py"), os.path.dirname("/data/kernels/matmul.py"), os.path.dirname("file.py"))
print(os.path.splitext("kernel.tar.gz"), os.path.splitext(".bashrc"), os.path.split("a/b/c"))
print(os.path.exists("/definitely/not/here/rungs.txt"), os.sep, os.name)
try:
    os.environ["RUNGS_TEST_UNSET_VAR"]
except KeyError as e:
    print("KeyError", e)
os.path.join(1)  # expect error: TypeError: expected str, bytes or os.PathLike object, not int
# expect: '' False None dflt
# expect: 256 128 True
# expect: interpret interpret None
# expect: results/run1/out.csv /abs/x a/b
# expect: matmul.py /data/kernels 
# expect: ('kernel.tar', '.gz') ('.bashrc', '') ('a/b', 'c')
# expect: False / posix
# expect: KeyError 'RUNGS_TEST_UNSET_VAR'
