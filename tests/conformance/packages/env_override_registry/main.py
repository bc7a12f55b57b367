# A package that registers a stand-in module in sys.modules on import and
# reads its settings through a module-level __getattr__ (PEP 562).
import sys

import serving
from serving import envs

print(serving.HAVE_ENGINE, envs.SERVING_FLAGS, envs.BLOCK_SIZE)
# expect: False --fast  128
import cutlass
print(cutlass, cutlass is sys.modules["cutlass"], cutlass.__doc__)
# expect: <module 'cutlass'> True None
print("serving.env_override" in sys.modules, sys.modules["serving.envs"] is envs)
# expect: True True
print(sorted(name for name in sys.modules if name.startswith("serving")))
# expect: ['serving', 'serving.env_override', 'serving.envs']
print(getattr(envs, "MISSING", "default"), hasattr(envs, "BLOCK_SIZE"), serving.DEFAULT_BACKEND)
# expect: default True tpu
envs.MISSING  # raises in envs.__getattr__
