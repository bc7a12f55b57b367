# JAX's hypothesis-based Pallas tests (tpu_gmm_test.py, tpu_all_gather_test.py)
# import jax._src.hypothesis_test_util, which needs the `hypothesis` package;
# Rungs has none, so the import fails as it does for JAX without it, at the
# program's import line.
from absl.testing import absltest
from jax._src import test_util as jtu
print("before")  # expect: before
from jax._src import hypothesis_test_util as htu  # expect error: ModuleNotFoundError: No module named 'hypothesis'
