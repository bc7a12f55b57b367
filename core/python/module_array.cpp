// array: array.array, typed arrays of numbers, written in Python over a
// list. Each item is checked and stored as the C type of its typecode
// would hold it, with CPython 3.11's conversion errors (which differ by
// typecode because CPython parses some codes through a wider C type
// first, e.g. 'H' through int), and 'f' items are rounded to float32.
// The Unicode typecode 'u' and the byte-level methods (tobytes,
// frombytes, byteswap) are left out: kernel files use array.array only
// as a list of ints or floats handed to other code.
#include <cmath>

#include "core/python/modules.h"

namespace rungs::python {

namespace {

const char* const kArraySource = R"PY(
import operator as _operator

typecodes = "bBuhHiIlLqQfd"

_ITEMSIZE = {"b": 1, "B": 1, "u": 4, "h": 2, "H": 2, "i": 4, "I": 4, "l": 8, "L": 8,
             "q": 8, "Q": 8, "f": 4, "d": 8}
_LONG_MIN, _LONG_MAX = -2 ** 63, 2 ** 63 - 1
_SHORT = (-2 ** 15, 2 ** 15 - 1, "signed short integer")
_INT = (-2 ** 31, 2 ** 31 - 1, "signed integer")
_CHAR = (-128, 127, "signed char")
_UBYTE = (0, 255, "unsigned byte integer")
_USHORT = (0, 65535, "unsigned short")
# The C ranges each integer typecode's value passes through, in order.
_STEPS = {"b": (_SHORT, _CHAR), "B": (_UBYTE,), "h": (_SHORT,), "H": (_INT, _USHORT), "i": (_INT,), "l": ()}


def _range_check(v, lo, hi, what):
    if v > hi:
        raise OverflowError(f"{what} is greater than maximum")
    if v < lo:
        raise OverflowError(f"{what} is less than minimum")


def _as_int(v):
    # ints of any size pass (the range checks come after); other values
    # through __index__, which gives CPython's TypeError for floats and str.
    if isinstance(v, int):
        return int(v)
    return _operator.index(v)


def _unsigned(v, code):
    if code == "Q":
        if v < 0:
            raise OverflowError("can't convert negative int to unsigned")
        if v > 2 ** 64 - 1:
            raise OverflowError("int too big to convert")
        return v
    if v < 0:
        raise OverflowError("can't convert negative value to unsigned int")
    if v > 2 ** 64 - 1:
        raise OverflowError("Python int too large to convert to C unsigned long")
    if code == "I" and v > 2 ** 32 - 1:
        raise OverflowError("unsigned int is greater than maximum")
    return v


def _convert(code, v):
    if code in "fd":
        if isinstance(v, (int, float)):
            v = float(v)
            return _f32(v) if code == "f" else v
        raise TypeError(f"must be real number, not {type(v).__name__}")
    v = _as_int(v)
    if code in "IQL":
        return _unsigned(v, code)
    if code == "q":
        if not _LONG_MIN <= v <= _LONG_MAX:
            raise OverflowError("int too big to convert")
        return v
    if not _LONG_MIN <= v <= _LONG_MAX:
        raise OverflowError("Python int too large to convert to C long")
    for lo, hi, what in _STEPS[code]:
        _range_check(v, lo, hi, what)
    return v


class array:
    def __init__(self, typecode, initializer=None):
        if not isinstance(typecode, str) or len(typecode) != 1:
            raise TypeError("array() argument 1 must be a unicode character, not "
                            f"{type(typecode).__name__}")
        if typecode not in _ITEMSIZE:
            raise ValueError("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)")
        if typecode == "u":
            _raise_error("unsupported_feature", "array.array with typecode 'u'")
        self._code = typecode
        self._items = []
        if initializer is None:
            return
        if isinstance(initializer, str):
            raise TypeError(f"cannot use a str to initialize an array with typecode '{typecode}'")
        if isinstance(initializer, array) and (initializer._code in "fd") != (typecode in "fd"):
            if typecode not in "fd":
                raise TypeError("'float' object cannot be interpreted as an integer")
        self.extend(initializer) if not isinstance(initializer, array) else self._append_all(initializer._items)

    @property
    def typecode(self):
        return self._code

    @property
    def itemsize(self):
        return _ITEMSIZE[self._code]

    def _append_all(self, values):
        for v in values:
            self._items.append(_convert(self._code, v))

    def append(self, v):
        self._items.append(_convert(self._code, v))

    def extend(self, iterable):
        if isinstance(iterable, array):
            if iterable._code != self._code:
                raise TypeError("can only extend with array of same kind")
            self._items.extend(iterable._items)
            return
        self._append_all(iterable)

    def fromlist(self, values):
        if not isinstance(values, list):
            raise TypeError("arg must be list")
        converted = [_convert(self._code, v) for v in values]
        self._items.extend(converted)

    def insert(self, i, v):
        self._items.insert(i, _convert(self._code, v))

    def pop(self, i=-1):
        if not self._items:
            raise IndexError("pop from empty array")
        if not -len(self._items) <= i < len(self._items):
            raise IndexError("pop index out of range")
        return self._items.pop(i)

    def remove(self, v):
        for k, x in enumerate(self._items):
            if x == v:
                del self._items[k]
                return
        raise ValueError("array.remove(x): x not in array")

    def index(self, v, start=0, stop=None):
        n = len(self._items)
        stop = n if stop is None else stop
        start = max(start + n, 0) if start < 0 else min(start, n)
        stop = max(stop + n, 0) if stop < 0 else min(stop, n)
        for k in range(start, stop):
            if self._items[k] == v:
                return k
        raise ValueError("array.index(x): x not in array")

    def count(self, v):
        return sum(1 for x in self._items if x == v)

    def reverse(self):
        self._items.reverse()

    def tolist(self):
        return list(self._items)

    def buffer_info(self):
        return (id(self), len(self._items))

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(list(self._items))

    def __contains__(self, v):
        return v in self._items

    @staticmethod
    def _index(i):
        try:
            return _operator.index(i)
        except TypeError:
            raise TypeError("array indices must be integers") from None

    def __getitem__(self, i):
        if isinstance(i, slice):
            out = array(self._code)
            out._items = self._items[i]
            return out
        i = self._index(i)
        if not -len(self._items) <= i < len(self._items):
            raise IndexError("array index out of range")
        return self._items[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            if not isinstance(v, array):
                raise TypeError(f'can only assign array (not "{type(v).__name__}") to array slice')
            if v._code != self._code:
                raise TypeError("bad argument type for built-in operation")
            self._items[i] = list(v._items)
            return
        i = self._index(i)
        if not -len(self._items) <= i < len(self._items):
            raise IndexError("array assignment index out of range")
        self._items[i] = _convert(self._code, v)

    def __delitem__(self, i):
        if isinstance(i, slice):
            del self._items[i]
            return
        if not -len(self._items) <= i < len(self._items):
            raise IndexError("array assignment index out of range")
        del self._items[i]

    def _same_kind(self, other, verb):
        if not isinstance(other, array):
            raise TypeError(f'can only {verb} array (not "{type(other).__name__}") to array')
        if other._code != self._code:
            raise TypeError("bad argument type for built-in operation")

    def __add__(self, other):
        self._same_kind(other, "append")
        out = array(self._code)
        out._items = self._items + other._items
        return out

    def __iadd__(self, other):
        self._same_kind(other, "extend")
        self._items.extend(other._items)
        return self

    def __mul__(self, n):
        out = array(self._code)
        out._items = self._items * n
        return out

    __rmul__ = __mul__

    def __imul__(self, n):
        self._items = self._items * n
        return self

    def __eq__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items == other._items

    def __ne__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items != other._items

    def __lt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items < other._items

    def __le__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items <= other._items

    def __gt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items > other._items

    def __ge__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items >= other._items

    def __hash__(self):
        raise TypeError("unhashable type: 'array.array'")

    def __copy__(self):
        return self[:]

    def __repr__(self):
        if not self._items:
            return f"array('{self._code}')"
        return f"array('{self._code}', {self._items!r})"


ArrayType = array
)PY";

// x rounded to the nearest float32 (what an 'f' item holds); beyond
// float32's range it is an infinity, as C's conversion gives on every
// platform CPython runs on.
Value f32_builtin() {
  return make_builtin("_f32", [](Interpreter&, CallArgs& call) {
    double x = call.positional.at(0).as_float();
    if (std::isfinite(x) && std::fabs(x) >= 3.4028235677973366e38) return Value::floating(std::copysign(INFINITY, x));
    return Value::floating(static_cast<double>(static_cast<float>(x)));
  });
}

}  // namespace

void register_module_array() {
  Interpreter::register_module("array", [](Interpreter& ip) {
    return ip.define_generated_module("array", kArraySource,
                                      {{"_f32", f32_builtin()}, {"_raise_error", registered_error_raiser()}});
  });
}

}  // namespace rungs::python
