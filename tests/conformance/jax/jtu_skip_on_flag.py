# jtu.skip_on_flag skips a test method when a JAX flag holds the given value,
# naming the flag in the skip reason; jax_skip_slow_tests is off by default,
# so a slow test marked with it runs.
import unittest

from jax._src import test_util as jtu

ran = []


class SlowSums(jtu.JaxTestCase):
    @jtu.skip_on_flag("jax_skip_slow_tests", True)
    def test_long_sum(self):
        ran.append("long")
        self.assertEqual(sum(range(1000)), 499500)

    @jtu.skip_on_flag("jax_enable_x64", False)
    def test_needs_x64(self):
        ran.append("x64")


result = unittest.TextTestRunner(verbosity=0).run(unittest.defaultTestLoader.loadTestsFromTestCase(SlowSums))
print(ran, result.testsRun, len(result.skipped))  # expect: ['long'] 2 1
print(result.skipped[0][1])  # expect: test_needs_x64 not supported when FLAGS.jax_enable_x64 is False
