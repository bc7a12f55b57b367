# Property tests in the style of JAX's Pallas suite: @given with positional
# and keyword strategies, data() draws, @composite strategies, assume,
# explicit examples, and JAX's "deterministic" profile (setup_hypothesis)
# giving the example count. Draws are deterministic, so the counts below are
# the same on every run and every rung.
import hypothesis as hp
import hypothesis.strategies as hps
from absl.testing import absltest, parameterized
from jax._src import hypothesis_test_util as htu
import jax.numpy as jnp

htu.setup_hypothesis(max_examples=12)
print(hp.settings.default.max_examples, hp.settings.default.derandomize, hp.settings.default.deadline)  # expect: 12 True None
seen = {}


def record(name, value):
    seen.setdefault(name, []).append(value)


@hps.composite
def block_shapes(draw, *, max_rank):
    rank = draw(hps.integers(min_value=1, max_value=max_rank))
    exps = draw(hps.lists(hps.integers(0, 3), min_size=rank, max_size=rank))
    return tuple(8 * 2**e for e in exps)


class PropertyTest(parameterized.TestCase):

    @hp.given(hps.integers(-4, 4), hps.booleans())
    def test_positional(self, x, flip):
        record("positional", (x, flip))
        self.assertBetween(x, -4, 4)

    @hp.given(size=hps.sampled_from([8, 16, 32]), dtype=hps.just(jnp.float32))
    def test_small_space_ends_early(self, size, dtype):
        record("small", size)
        self.assertEqual(jnp.zeros((size,), dtype).shape, (size,))

    @parameterized.parameters(1, 3)
    @hp.given(hps.data())
    @hp.settings(max_examples=5, suppress_health_check=[*hp.settings.default.suppress_health_check,
                                                        hp.HealthCheck.too_slow])
    def test_parameterized_data(self, max_rank, data):
        shape = data.draw(block_shapes(max_rank=max_rank), label="shape")
        record("param%d" % max_rank, shape)
        self.assertLessEqual(len(shape), max_rank)
        self.assertTrue(all(s % 8 == 0 for s in shape))

    @hp.given(hps.integers(0, 100).filter(lambda v: v % 2 == 0).map(lambda v: v // 2))
    @hp.example(7)
    def test_assume_filter_example(self, half):
        hp.assume(half != 3)
        record("assume", half)
        self.assertNotEqual(half, 3)

    @hp.given(hps.one_of(hps.none(), hps.tuples(hps.integers(1, 2), hps.floats(0.0, 1.0))))
    def test_one_of(self, value):
        record("one_of", value)
        if value is not None:
            self.assertIn(value[0], (1, 2))
            self.assertBetween(value[1], 0.0, 1.0)


import unittest
result = unittest.TestResult()
absltest.TestLoader().loadTestsFromTestCase(PropertyTest).run(result)
print(result.testsRun, result.wasSuccessful(), result.failures, result.errors)  # expect: 6 True [] []
print(len(seen["positional"]), len(set(seen["positional"])))  # expect: 12 12
print(sorted(seen["small"]))  # expect: [8, 16, 32]
print(len(seen["param1"]), len(seen["param3"]), max(len(s) for s in seen["param3"]))  # expect: 5 5 3
print(seen["assume"][0], 3 in seen["assume"], all(0 <= h <= 50 for h in seen["assume"]))  # expect: 7 False True
print(len(seen["one_of"]), None in seen["one_of"])  # expect: 12 True
