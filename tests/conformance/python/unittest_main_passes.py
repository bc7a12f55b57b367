# unittest.main() as a kernel test file ends: it finds the TestCase classes
# of the main program, runs their test methods in sorted order (the report
# goes to stderr), and exits with SystemExit(False) when all passed -- a
# successful run. exit=False returns the program object instead.
import unittest

order = []


def tile_count(n, block):
    return (n + block - 1) // block


class TileCountTest(unittest.TestCase):
    def test_exact(self):
        order.append("exact")
        self.assertEqual(tile_count(256, 128), 2)

    def test_ragged(self):
        order.append("ragged")
        self.assertEqual(tile_count(257, 128), 3)

    def test_b_helper_is_not_a_test(self):
        order.append("b")

    def helper(self):
        order.append("helper")


class MoreTest(unittest.TestCase):
    def test_one(self):
        order.append("more")
        self.assertIn(tile_count(1, 8), (1,))


program = unittest.main(exit=False)
print(order)
print(program.result.testsRun, program.result.wasSuccessful(), program.result.errors)
print(type(program).__name__, unittest.main is unittest.TestProgram)
unittest.main()
print("not reached")
# expect: ['more', 'b', 'exact', 'ragged']
# expect: 4 True []
# expect: TestProgram True
