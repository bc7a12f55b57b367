# What a JAX test file asks of Rungs that it does not model is a located
# error naming it: jtu.request_cpu_devices fails the one test that uses it (the
# others run), and a JAX internal module the file imports (jax.api_util)
# imports, but a name used from it is a NotImplementedError at that use.
import unittest
from jax import api_util
from jax._src import test_util as jtu


class PrintingTest(jtu.JaxTestCase):
    def test_many_devices(self):
        jtu.request_cpu_devices(8)

    def test_plain(self):
        self.assertEqual(1 + 1, 2)


result = unittest.TestResult()
jtu.JaxTestLoader().loadTestsFromTestCase(PrintingTest).run(result)
print(result.testsRun, len(result.errors), result.wasSuccessful())  # expect: 2 1 False
print(result.errors[0][1].splitlines()[-1])  # expect: NotImplementedError: jax._src.test_util.request_cpu_devices is not supported by Rungs
print(api_util.__name__)  # expect: jax.api_util
f = api_util.flatten_fun  # expect error: NotImplementedError: jax.api_util.flatten_fun is not supported by Rungs
