# Property tests over Pallas kernels with inputs from hypothesis.extra.numpy,
# as JAX's ops_test.py draws them: whole (8, 128) arrays from a dtype's
# strategy (with its special values: signed zeros, infinities, extremes),
# array_shapes within their bounds, and elements narrowed by a dict.
import math
import hypothesis as hp
import hypothesis.extra.numpy as hnp
import hypothesis.strategies as hps
import jax
import jax.numpy as jnp
import numpy as np
from absl.testing import absltest, parameterized
from jax.experimental import pallas as pl
from jax._src import hypothesis_test_util as htu

htu.setup_hypothesis(max_examples=6)
stats = {"shapes": [], "nonfinite": 0, "runs": 0}


def negate_kernel(x_ref, o_ref):
    o_ref[...] = -x_ref[...]


class DrawnArraysTest(parameterized.TestCase):

    @parameterized.parameters("float32", "int32")
    @hp.given(hps.data())
    def test_negate(self, dtype, data):
        allow_nan = dtype == "float32"
        x = data.draw(hnp.arrays(dtype, (8, 128), elements=dict(allow_nan=False) if allow_nan else None))
        stats["runs"] += 1
        if dtype == "float32":
            stats["nonfinite"] += int(np.sum(~np.isfinite(x)))
            self.assertFalse(np.isnan(x).any())
        else:
            x = np.where(x == np.iinfo(np.int32).min, 0, x)
        out = pl.pallas_call(negate_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)
        np.testing.assert_array_equal(np.asarray(out), -x)

    @hp.given(hnp.array_shapes(min_dims=2, max_dims=3, min_side=1, max_side=4))
    def test_shapes(self, shape):
        stats["shapes"].append(shape)
        self.assertBetween(len(shape), 2, 3)
        self.assertTrue(all(1 <= s <= 4 for s in shape))

    @hp.given(hnp.arrays(np.int8, hps.sampled_from([(4,), (2, 2)]), elements=hps.integers(-2, 2)))
    def test_elements_strategy(self, x):
        self.assertLessEqual(int(np.abs(x).max()), 2)
        self.assertEqual(x.dtype, np.int8)


import unittest
result = unittest.TestResult()
absltest.TestLoader().loadTestsFromTestCase(DrawnArraysTest).run(result)
print(result.testsRun, result.wasSuccessful(), [str(e[1]).splitlines()[-1] for e in result.errors + result.failures])  # expect: 4 True []
print(stats["runs"], stats["nonfinite"] > 0, len(stats["shapes"]))  # expect: 12 True 6
