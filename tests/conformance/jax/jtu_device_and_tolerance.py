# jax._src.test_util as JAX's Pallas tests use it: the device under test is
# the rung's platform (the CPU host for interpret and tpu-interpret, the
# modelled TPU for chip), the TPU predicates follow it, skip_on_devices and
# run_on_devices skip by it, and assertAllClose uses JAX's default
# tolerance per dtype (1e-6 for float32, 1e-2 for bfloat16).
import unittest
import jax.numpy as jnp
import numpy as np
from jax._src import test_util as jtu

print(jtu.device_under_test())  # [interpret,tpu] expect: cpu  # [chip] expect: tpu
print(jtu.is_device_tpu(), jtu.is_device_tpu_at_least(4), jtu.test_device_matches(["tpu"]))  # [interpret,tpu] expect: False False False  # [chip] expect: True True True
print(jtu.is_device_tpu(5, "e"), jtu.is_device_tpu(6, "e"), jtu.is_device_tpu(5, "p"))  # [interpret,tpu] expect: False False False  # [chip] expect: True False False
print(jtu.test_device_matches(["cpu", "gpu"]), jtu.is_cloud_tpu(), jtu.is_libtpu_at_least("0.0.1"))  # [interpret,tpu] expect: True False True  # [chip] expect: False False True
print(jtu.tolerance(jnp.float32), jtu.tolerance(jnp.bfloat16), jtu.tolerance(jnp.int32), jtu.tolerance(jnp.float32, 1e-3))  # expect: 1e-06 0.01 0 0.001


@jtu.with_config(jax_numpy_dtype_promotion="standard")
class KernelTest(jtu.JaxTestCase):

    def test_close_f32(self):
        x = jnp.array([1.0, 2.0, 3.0], jnp.float32)
        self.assertAllClose(x, x + 1e-7)
        with self.assertRaises(AssertionError):
            self.assertAllClose(x, x + 1e-3)
        self.assertAllClose(x, x + 1e-3, atol=1e-2, rtol=0)

    def test_close_bf16(self):
        x = jnp.array([1.0, 2.0], jnp.bfloat16)
        self.assertAllClose(x, jnp.array([1.0078125, 2.0], jnp.bfloat16))

    def test_dtype_checked(self):
        with self.assertRaises(AssertionError):
            self.assertAllClose(jnp.zeros(2, jnp.float32), jnp.zeros(2, jnp.int32))
        self.assertAllClose(jnp.zeros(2, jnp.float32), jnp.zeros(2, jnp.int32), check_dtypes=False)
        self.assertAllClose((1.0, [jnp.ones(2)]), (1.0, [jnp.ones(2)]))

    def test_arrays_equal(self):
        self.assertArraysEqual(jnp.arange(4), jnp.arange(4))
        with self.assertRaises(AssertionError):
            self.assertArraysEqual(jnp.arange(4), jnp.arange(4) + 1)

    def test_seeded(self):
        a = self.rng().randn(3)
        b = np.random.RandomState(467010698).randn(3)
        self.assertArraysEqual(a, b)
        self.assertEqual(self._default_thread_local_config["jax_numpy_dtype_promotion"], "standard")

    @jtu.skip_on_devices("cpu")
    def test_not_on_cpu(self):
        pass

    @jtu.run_on_devices("cpu")
    def test_only_on_cpu(self):
        pass

    def test_tpu_version(self):
        if not jtu.is_device_tpu():
            with self.assertRaisesRegex(ValueError, "Device is not TPU"):
                jtu.get_tpu_version()
            self.skipTest("not a TPU")
        self.assertEqual(jtu.get_tpu_version(), 5)


result = unittest.TestResult()
jtu.JaxTestLoader().loadTestsFromTestCase(KernelTest).run(result)
print(result.testsRun, len(result.failures), len(result.errors))  # expect: 8 0 0
print([(t._testMethodName, why) for t, why in result.skipped])  # [interpret,tpu] expect: [('test_not_on_cpu', 'Skipped on devices with tags: cpu'), ('test_tpu_version', 'not a TPU')]  # [chip] expect: [('test_only_on_cpu', 'Skipped unless running on devices with tags: cpu')]
for t, text in result.failures + result.errors:
    print(t._testMethodName, text.splitlines()[-1][:120])
