# absltest.skipThisClass: the decorated base class's own tests are skipped,
# its subclasses' run (JAX's pallas_test.py builds its suites this way).
from absl.testing import absltest


@absltest.skipThisClass("Base class")
class KernelTestBase(absltest.TestCase):
    scale = 1

    def test_scale(self):
        print("scale", self.scale)


class DoubleTest(KernelTestBase):
    scale = 2


class TripleTest(KernelTestBase):
    scale = 3

    @classmethod
    def setUpClass(cls):
        print("setUpClass", cls.__name__)
        super().setUpClass()


suite = absltest.TestLoader().loadTestsFromTestCase
import unittest
result = unittest.TestResult()
for cls in (KernelTestBase, DoubleTest, TripleTest):
    unittest.TestSuite(suite(cls)).run(result)
# expect: scale 2
# expect: setUpClass TripleTest
# expect: scale 3
print(result.testsRun, len(result.skipped), result.skipped[0][1])  # expect: 2 1 Base class
