# A JAX-style test file with a failing, an erroring and a skipped test:
# absltest.main() reports them (on stderr) and exits with SystemExit(True),
# which CPython turns into exit status 1 -- the run is not ok. setUp,
# tearDown, setUpClass and cleanups run around each test as unittest's do.
from absl.testing import absltest
import jax.numpy as jnp

log = []


class KernelShapesTest(absltest.TestCase):

    @classmethod
    def setUpClass(cls):
        log.append("class")

    def setUp(self):
        super().setUp()
        self.x = jnp.arange(8, dtype=jnp.float32)
        self.addCleanup(log.append, "cleanup")

    def test_sum(self):
        self.assertEqual(float(self.x.sum()), 28.0)

    def test_wrong_shape(self):
        self.assertEqual(self.x.reshape(2, 4).shape, (4, 2))

    def test_error(self):
        self.x.reshape(3, 3)

    def test_skip(self):
        self.skipTest("needs TPU v5")

    def test_empty(self):
        self.assertEmpty([])
        self.assertNotEmpty([1])
        with self.assertRaisesRegex(AssertionError, r"has length of 1\."):
            self.assertEmpty([0])


print("defined")
absltest.main()  # expect error: SystemExit: True
# expect: defined
