# Running a TestCase through a TestSuite into a TestResult, as a harness
# that collects outcomes itself does: fixtures' order, test ids, skips,
# subTest failures, expected failures, assertRaises as a context manager.
import unittest

events = []


def lookup(table, key):
    return table[key]


class BlockShapeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        events.append("setUpClass")

    @classmethod
    def tearDownClass(cls):
        events.append("tearDownClass")

    def setUp(self):
        events.append("setUp " + self._testMethodName)
        self.addCleanup(events.append, "cleanup " + self._testMethodName)

    def tearDown(self):
        events.append("tearDown " + self._testMethodName)

    def test_divides(self):
        self.assertEqual(128 % 8, 0)

    def test_wrong(self):
        self.assertEqual(100 % 8, 0, "rows")

    def test_raises(self):
        with self.assertRaises(ValueError) as cm:
            int("eight")
        events.append(type(cm.exception).__name__)
        with self.assertRaisesRegex(ZeroDivisionError, "division"):
            1 / 0
        self.assertRaises(KeyError, lookup, {}, "k")

    def test_not_raised(self):
        with self.assertRaises(IndexError):
            [1][0]

    def test_boom(self):
        raise RuntimeError("kernel exploded")

    @unittest.skip("needs a TPU")
    def test_skip_decorated(self):
        events.append("never")

    @unittest.skipIf(True, "on CPU")
    def test_skip_if(self):
        pass

    @unittest.skipUnless(True, "never skipped")
    def test_skip_unless(self):
        pass

    def test_skip_call(self):
        self.skipTest("block too small")

    def test_subtests(self):
        for block in (8, 12, 16, 20):
            with self.subTest(block=block):
                self.assertEqual(block % 8, 0)

    @unittest.expectedFailure
    def test_known_bug(self):
        self.assertEqual(1, 2)

    @unittest.expectedFailure
    def test_fixed_bug(self):
        pass


loader = unittest.TestLoader()
print(loader.getTestCaseNames(BlockShapeTest))
suite = loader.loadTestsFromTestCase(BlockShapeTest)
print(suite.countTestCases())
result = unittest.TestResult()
suite.run(result)
print(result.testsRun, result.wasSuccessful())
print([t.id() for t, _ in result.failures])
print([str(t) for t, _ in result.errors])
print([(t._testMethodName, why) for t, why in result.skipped])
print(len(result.expectedFailures), [t._testMethodName for t in result.unexpectedSuccesses])
print(result.failures[0][1].splitlines()[-1])
print(result.failures[1][1].splitlines()[-1])
print(result.errors[0][1].splitlines()[-1])
print(result.failures[-1][1].splitlines()[0])
print(events[:4])
print(events[-2:])
print([e for e in events if e.endswith("test_raises") or e in ("ValueError",)])
print(repr(BlockShapeTest("test_divides")))
try:
    BlockShapeTest("test_missing")
except ValueError as e:
    print("ValueError:", e)
# expect: ['test_boom', 'test_divides', 'test_fixed_bug', 'test_known_bug', 'test_not_raised', 'test_raises', 'test_skip_call', 'test_skip_decorated', 'test_skip_if', 'test_skip_unless', 'test_subtests', 'test_wrong']
# expect: 12
# expect: 12 False
# expect: ['__main__.BlockShapeTest.test_not_raised', '__main__.BlockShapeTest.test_subtests (block=12)', '__main__.BlockShapeTest.test_subtests (block=20)', '__main__.BlockShapeTest.test_wrong']
# expect: ['test_boom (__main__.BlockShapeTest.test_boom)']
# expect: [('test_skip_call', 'block too small'), ('test_skip_decorated', 'needs a TPU'), ('test_skip_if', 'on CPU')]
# expect: 1 ['test_fixed_bug']
# expect: AssertionError: IndexError not raised
# expect: AssertionError: 4 != 0
# expect: RuntimeError: kernel exploded
# expect: Traceback (most recent call last):
# expect: ['setUpClass', 'setUp test_boom', 'tearDown test_boom', 'cleanup test_boom']
# expect: ['cleanup test_wrong', 'tearDownClass']
# expect: ['setUp test_raises', 'ValueError', 'tearDown test_raises', 'cleanup test_raises']
# expect: <__main__.BlockShapeTest testMethod=test_divides>
# expect: ValueError: no such test method in <class '__main__.BlockShapeTest'>: test_missing
