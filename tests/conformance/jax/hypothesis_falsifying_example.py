# A property that does not hold: the run stops at the first failing example,
# prints it as hypothesis does ("Falsifying example: ...", then each data()
# draw), and the test fails with the assertion's own error. No shrinking:
# the example shown is the first one found, the same on every run.
import hypothesis as hp
import hypothesis.strategies as hps
from absl.testing import absltest
from jax._src import hypothesis_test_util as htu
import jax.numpy as jnp

htu.setup_hypothesis(max_examples=30)

class TileTest(absltest.TestCase):

    @hp.given(rows=hps.integers(1, 64), cols=hps.sampled_from([128, 256]))
    def test_rows_fit_one_tile(self, rows, cols):
        self.assertLessEqual(rows, 8, "rows exceed one sublane tile")

    @hp.given(hps.data())
    def test_sum_positive(self, data):
        n = data.draw(hps.integers(1, 4), label="n")
        x = jnp.asarray(data.draw(hps.lists(hps.integers(-3, 3), min_size=n, max_size=n)))
        self.assertGreaterEqual(int(x.sum()), 0)


absltest.main()  # expect error: SystemExit: True
# expect: Falsifying example: test_rows_fit_one_tile(
# expect:     self=<__main__.TileTest testMethod=test_rows_fit_one_tile>,
# expect:     rows=64,
# expect:     cols=128,
# expect: )
# expect: Falsifying example: test_sum_positive(
# expect:     self=<__main__.TileTest testMethod=test_sum_positive>,
# expect:     data=data(...),
# expect: )
# expect: Draw 1 (n): 4
# expect: Draw 2: [0, 0, -3, -3]
