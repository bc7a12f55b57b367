# unittest's assert methods as a kernel test harness calls them: each failure
# is an AssertionError whose text is CPython's, with msg= appended after " : ".
import unittest


class Checks(unittest.TestCase):
    def runTest(self):
        pass


t = Checks()


def failure(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except AssertionError as e:
        return str(e)
    return "passed"


print(failure(t.assertEqual, 3, 4))
print(failure(t.assertEqual, (8, 128), (8, 128)))
print(failure(t.assertEqual, 16, 32, "dtype mismatch"))
print(failure(t.assertNotEqual, 1, 1))
print(failure(t.assertTrue, 0))
print(failure(t.assertFalse, [1]))
print(failure(t.assertIs, None, 0))
print(failure(t.assertIsNot, None, None))
print(failure(t.assertIsNone, 5))
print(failure(t.assertIsNotNone, None))
print(failure(t.assertIn, 7, [1, 2]))
print(failure(t.assertNotIn, 1, (1, 2)))
print(failure(t.assertIsInstance, 3, str))
print(failure(t.assertNotIsInstance, 3, int))
print(failure(t.assertGreater, 1, 2))
print(failure(t.assertGreaterEqual, 1, 2))
print(failure(t.assertLess, 2, 1))
print(failure(t.assertLessEqual, 2, 1))
print(failure(t.assertAlmostEqual, 1.0, 1.1))
print(failure(t.assertAlmostEqual, 1.0, 1.00000001))
print(failure(t.assertAlmostEqual, 1.0, 1.5, delta=0.1))
print(failure(t.assertAlmostEqual, 1.0, 1.05, places=1))
print(failure(t.assertNotAlmostEqual, 1.0, 1.0))
print(failure(t.assertRegex, "block (8, 128)", r"\(16,"))
print(failure(t.assertCountEqual, [1, 1, 2], [1, 2, 2]))
print(failure(t.fail, "custom"))
t.longMessage = False
print(failure(t.assertEqual, 1, 2, "only mine"))
try:
    t.assertAlmostEqual(1.0, 2.0, places=2, delta=0.5)
except TypeError as e:
    print("TypeError:", e)
# expect: 3 != 4
# expect: passed
# expect: 16 != 32 : dtype mismatch
# expect: 1 == 1
# expect: 0 is not true
# expect: [1] is not false
# expect: None is not 0
# expect: unexpectedly identical: None
# expect: 5 is not None
# expect: unexpectedly None
# expect: 7 not found in [1, 2]
# expect: 1 unexpectedly found in (1, 2)
# expect: 3 is not an instance of <class 'str'>
# expect: 3 is an instance of <class 'int'>
# expect: 1 not greater than 2
# expect: 1 not greater than or equal to 2
# expect: 2 not less than 1
# expect: 2 not less than or equal to 1
# expect: 1.0 != 1.1 within 7 places (0.10000000000000009 difference)
# expect: passed
# expect: 1.0 != 1.5 within 0.1 delta (0.5 difference)
# expect: 1.0 != 1.05 within 1 places (0.050000000000000044 difference)
# expect: 1.0 == 1.0 within 7 places
# expect: Regex didn't match: '\\(16,' not found in 'block (8, 128)'
# expect: Element counts were not equal:
# expect: First has 2, Second has 1:  1
# expect: First has 1, Second has 2:  2
# expect: custom
# expect: only mine
# expect: TypeError: specify delta or places not both
