# assertWarns / assertWarnsRegex as a context manager and with a callable,
# as a harness checks a deprecation path; failures give CPython's texts.
import unittest
import warnings


def old_api(n):
    warnings.warn("block_shape is deprecated, use block", DeprecationWarning)
    return n * 2


class T(unittest.TestCase):
    def runTest(self):
        pass


t = T()
with t.assertWarns(DeprecationWarning) as cm:
    value = old_api(4)
print(value, type(cm.warning).__name__, str(cm.warning))
with t.assertWarnsRegex(DeprecationWarning, r"use \w+"):
    old_api(1)
t.assertWarns(DeprecationWarning, old_api, 3)
for fn in (lambda: t.assertWarns(UserWarning, old_api, 1),
           lambda: t.assertWarnsRegex(DeprecationWarning, "removed", old_api, 1)):
    try:
        fn()
    except AssertionError as e:
        print("AssertionError:", e)
try:
    with t.assertWarns(RuntimeWarning):
        pass
except AssertionError as e:
    print("AssertionError:", e)
# expect: 8 DeprecationWarning block_shape is deprecated, use block
# expect: AssertionError: UserWarning not triggered by old_api
# expect: AssertionError: "removed" does not match "block_shape is deprecated, use block"
# expect: AssertionError: RuntimeWarning not triggered
