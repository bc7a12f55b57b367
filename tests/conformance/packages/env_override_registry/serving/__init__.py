# A serving package whose first import patches the environment, as
# inference servers do before their kernels load.
import serving.env_override  # noqa: F401
from serving import envs

try:
    import accel_runtime.engine  # not installed: the fallback below runs
except ModuleNotFoundError:
    HAVE_ENGINE = False
else:
    HAVE_ENGINE = True

# Defaults a deployment may have set before import win; globals() is the
# package's own namespace.
globals().setdefault("DEFAULT_BACKEND", "tpu")
