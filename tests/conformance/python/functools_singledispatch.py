# functools.singledispatch as kernel utilities use it: one helper (cdiv,
# padding) with implementations picked by the first argument's class,
# registered by annotation or by an explicit class; the most specific
# registered class wins, anything else falls back to the default.
from functools import singledispatch


class HostArray:
    def __init__(self, n):
        self.n = n


class PinnedArray(HostArray):
    pass


@singledispatch
def cdiv(x, y):
    return (x + y - 1) // y


@cdiv.register
def _cdiv_array(x: HostArray, y):
    return f"HostArray cdiv {(x.n + y - 1) // y}"


@cdiv.register(float)
def _cdiv_float(x, y):
    return x / y


@cdiv.register(PinnedArray)
def _cdiv_pinned(x, y):
    return "pinned"


@singledispatch
def pad_to_multiple(x, multiple):
    raise NotImplementedError(f"pad_to_multiple is not implemented for type {type(x).__name__}")


@pad_to_multiple.register(list)
@pad_to_multiple.register(tuple)
def _pad_sequence(x, multiple):
    extra = -len(x) % multiple
    return list(x) + [0] * extra


print(cdiv(7, 2), cdiv(HostArray(9), 4), cdiv(7.0, 2), cdiv(PinnedArray(1), 1), cdiv(True, 1))
print(pad_to_multiple([1, 2, 3], 4), pad_to_multiple((5,), 2), cdiv.__name__)
print(_cdiv_float is cdiv.registry[float], sorted(c.__name__ for c in cdiv.registry))
try:
    cdiv.register(lambda a, b: a)
except TypeError:
    print("register needs an annotation or a class")
print(pad_to_multiple.__name__)
cdiv()  # expect error: TypeError: cdiv requires at least 1 positional argument
# expect: 4 HostArray cdiv 3 3.5 pinned 1
# expect: [1, 2, 3, 0] [5, 0] cdiv
# expect: True ['HostArray', 'PinnedArray', 'float', 'object']
# expect: register needs an annotation or a class
# expect: pad_to_multiple
