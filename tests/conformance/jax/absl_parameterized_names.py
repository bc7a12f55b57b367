# absl's parameterized tests as JAX's kernel tests write them: `parameters`
# and `product` name the generated tests test_x0, test_x1, ... (sorted as
# strings by the loader) and put the arguments in the test id;
# `named_parameters` appends the given name. absltest.main() runs them and a
# run whose tests all pass ends successfully.
from absl.testing import absltest
from absl.testing import parameterized
import unittest

seen = []


class BlockSizesTest(parameterized.TestCase):

    @parameterized.parameters((8, 128), (16, 256))
    def test_tile(self, rows, cols):
        seen.append(("tile", rows, cols))
        self.assertEqual(cols % 128, 0)

    @parameterized.named_parameters(("f32", "float32", 4), dict(testcase_name="bf16", dtype="bfloat16", size=2))
    def test_itemsize(self, dtype, size):
        seen.append(("itemsize", dtype))
        self.assertLen(dtype, 7 if size == 4 else 8)

    @parameterized.product(block_q=(128, 256), causal=(True, False))
    def test_grid(self, block_q, causal):
        seen.append(("grid", block_q, causal))
        self.assertIn(block_q, (128, 256))

    @parameterized.parameters(*[dict(n=n) for n in range(11)])
    def test_many(self, n):
        self.assertGreaterEqual(n, 0)


loader = absltest.TestLoader()
names = loader.getTestCaseNames(BlockSizesTest)
print(names[:6])
print(names[6:11])
print(names[11:])
suite = loader.loadTestsFromTestCase(BlockSizesTest)
tests = list(suite)
print(tests[0].id())
print(str(tests[-1]))
print([t.id() for t in tests if "itemsize" in t.id()])
result = unittest.TestResult()
suite.run(result)
print(result.testsRun, result.wasSuccessful())
print(seen[:3])
print(isinstance(tests[0], absltest.TestCase), issubclass(BlockSizesTest, unittest.TestCase))

if __name__ == "__main__":
    absltest.main()
# expect: ['test_grid0', 'test_grid1', 'test_grid2', 'test_grid3', 'test_itemsize_bf16', 'test_itemsize_f32']
# expect: ['test_many0', 'test_many1', 'test_many10', 'test_many2', 'test_many3']
# expect: ['test_many4', 'test_many5', 'test_many6', 'test_many7', 'test_many8', 'test_many9', 'test_tile0', 'test_tile1']
# expect: __main__.BlockSizesTest.test_grid0 (block_q=128, causal=True)
# expect: test_tile1 (16, 256) (__main__.BlockSizesTest)
# expect: ['__main__.BlockSizesTest.test_itemsize_bf16', '__main__.BlockSizesTest.test_itemsize_f32']
# expect: 19 True
# expect: [('grid', 128, True), ('grid', 128, False), ('grid', 256, True)]
# expect: True True
