# Notebooks and benchmark scripts open by printing the JAX version and
# gating features on it; the version is what a source build of the
# modelled JAX commit reports.
import jax

print(f"JAX {jax.__version__}")  # expect: JAX 0.11.1.dev20260808+cec06d1
print(jax.__version_info__ >= (0, 10, 2), jax.__version_info__[:2])  # expect: True (0, 11)
major, minor = (int(p) for p in jax.__version__.split(".")[:2])
if (major, minor) < (0, 6):
    raise RuntimeError("this notebook needs a newer JAX")
print("pallas available:", major == 0 and minor >= 4)  # expect: pallas available: True
