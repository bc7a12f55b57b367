# Class-level skips, a setUpClass that raises SkipTest or fails, subTest with
# a message, assertRaises naming the callable it called, and enterContext,
# as JAX-style harnesses use them; outcomes read from a TestResult.
import unittest
import contextlib

trace = []


@contextlib.contextmanager
def scoped(name):
    trace.append("enter " + name)
    yield name.upper()
    trace.append("exit " + name)


@unittest.skip("whole class needs a TPU")
class TpuOnly(unittest.TestCase):
    def test_a(self):
        trace.append("never")


class NoDevices(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise unittest.SkipTest("no devices")

    def test_b(self):
        trace.append("never")


class BrokenFixture(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise RuntimeError("mesh setup failed")

    def test_c(self):
        trace.append("never")


def parse_block(text):
    return int(text)


class Sweep(unittest.TestCase):
    def test_blocks(self):
        trace.append(self.enterContext(scoped("mode")))
        for n in (128, 100):
            with self.subTest("tile rule", n=n):
                self.assertEqual(n % 128, 0)
        trace.append("after subtests")

    def test_raises_named(self):
        self.assertRaises(ValueError, parse_block, "16")

    def test_raises_msg(self):
        with self.assertRaises(KeyError, msg="lookup"):
            pass


loader = unittest.TestLoader()
suite = unittest.TestSuite()
for cls in (TpuOnly, NoDevices, BrokenFixture, Sweep):
    suite.addTests(loader.loadTestsFromTestCase(cls))
print(suite.countTestCases())
result = unittest.TestResult()
suite.run(result)
print(result.testsRun)
print([(str(t), why) for t, why in result.skipped])
print([str(t) for t, _ in result.errors])
print([t.id() for t, _ in result.failures])
for _, text in result.failures:
    print(text.splitlines()[-1])
print(trace)
# expect: 6
# expect: 4
# expect: [('test_a (__main__.TpuOnly.test_a)', 'whole class needs a TPU'), ('setUpClass (__main__.NoDevices)', 'no devices')]
# expect: ['setUpClass (__main__.BrokenFixture)']
# expect: ['__main__.Sweep.test_blocks [tile rule] (n=100)', '__main__.Sweep.test_raises_msg', '__main__.Sweep.test_raises_named']
# expect: AssertionError: 100 != 0
# expect: AssertionError: KeyError not raised : lookup
# expect: AssertionError: ValueError not raised by parse_block
# expect: ['enter mode', 'MODE', 'after subtests', 'exit mode']
