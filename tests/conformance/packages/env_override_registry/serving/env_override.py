import os
import sys
import types

os.environ["SERVING_FLAGS"] = "--fast " + os.environ.get("SERVING_FLAGS", "")

try:
    import heavy_gpu_lib
except ImportError:
    pass

# Stand in for an optional dependency that is imported unconditionally
# upstream but only used on other hardware.
if "cutlass" not in sys.modules:
    sys.modules["cutlass"] = types.ModuleType("cutlass")
