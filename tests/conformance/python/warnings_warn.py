# warnings.warn does not change stdout (CPython writes warnings to stderr);
# filters, "error" and catch_warnings(record=True) behave as in CPython.
import warnings
warnings.warn("block shape is not a multiple of (8, 128)")
warnings.warn("deprecated flag", DeprecationWarning, stacklevel=2)
print("after warn")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.warn("first")
    warnings.warn("second", FutureWarning)
print(len(caught), [str(w.message) for w in caught], caught[1].category.__name__, caught[0].category is UserWarning)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    warnings.warn("silenced")
print(issubclass(DeprecationWarning, Warning), issubclass(UserWarning, Exception))
warnings.filterwarnings("error", category=RuntimeWarning)
try:
    warnings.warn("overflow in block", RuntimeWarning)
except RuntimeWarning as e:
    print("raised:", type(e).__name__, e)
warnings.resetwarnings()
try:
    warnings.simplefilter("bogus")
except AssertionError as e:
    print("AssertionError:", e)
warnings.warn("m", int)  # expect error: TypeError: category must be a Warning subclass, not 'type'
# expect: after warn
# expect: 2 ['first', 'second'] FutureWarning True
# expect: True True
# expect: raised: RuntimeWarning overflow in block
# expect: AssertionError: invalid action: 'bogus'
