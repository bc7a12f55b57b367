// The `bytes` type, written in Python over a str (`_s`) whose code points are
// the byte values 0..255, so comparison, hashing, slicing, `in` and
// startswith run on the str machinery and keep CPython's orderings (UTF-8 is
// ordered as its code points). Literals, str.encode, ndarray.tobytes and
// bytes(...) all build one through _from_latin1 (bytes_type.cpp). Error texts
// are CPython 3.11's. What this cannot reproduce: bytes cannot be subclassed
// as a built-in, hash() differs from CPython's (which is randomized anyway).
#include "core/python/library_sources.h"

namespace rungs::python {

const char* const kBytesSource = R"PY(
class _Missing:
    pass


_MISSING = _Missing()


def _checked(result):
    if isinstance(result, tuple):
        kind, message = result
        if kind == "LookupError":
            raise LookupError(message)
        if kind == "TypeError":
            raise TypeError(message)
        if kind == "UnicodeDecodeError":
            raise UnicodeDecodeError(message)
        raise UnicodeEncodeError(message)
    return result


def _index(v):
    if isinstance(v, bool) or isinstance(v, int):
        return int(v)
    if hasattr(v, "__index__"):
        return v.__index__()
    raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__)


def _byte_text(items):
    out = []
    for item in items:
        n = _index(item)
        if n < 0 or n > 255:
            raise ValueError("bytes must be in range(0, 256)")
        out.append(chr(n))
    return "".join(out)


def _other_text(v, what):
    if isinstance(v, bytes):
        return v._s
    raise TypeError("%s, not %s" % (what, type(v).__name__))


_ESCAPES = {9: "\\t", 10: "\\n", 13: "\\r", 92: "\\\\"}


class bytes:
    __slots__ = ("_s",)

    def __init__(self, source=_MISSING, encoding=_MISSING, errors=_MISSING):
        if source is _MISSING:
            if encoding is not _MISSING or errors is not _MISSING:
                raise TypeError("encoding or errors without sequence argument")
            self._s = ""
        elif isinstance(source, str):
            if encoding is _MISSING:
                raise TypeError("string argument without an encoding")
            self._s = _checked(_encode(source, encoding, "strict" if errors is _MISSING else errors))
        elif encoding is not _MISSING or errors is not _MISSING:
            if encoding is not _MISSING:
                raise TypeError("encoding without a string argument")
            raise TypeError("errors without a string argument")
        elif isinstance(source, bytes):
            self._s = source._s
        elif isinstance(source, bool) or isinstance(source, int):
            if source < 0:
                raise ValueError("negative count")
            self._s = "\x00" * source
        elif hasattr(source, "tobytes"):
            self._s = source.tobytes()._s
        else:
            try:
                items = iter(source)
            except TypeError:
                raise TypeError("cannot convert '%s' object to bytes" % type(source).__name__) from None
            self._s = _byte_text(items)

    def __repr__(self):
        s = self._s
        quote = '"' if "'" in s and '"' not in s else "'"
        out = ["b", quote]
        for c in s:
            n = ord(c)
            if n in _ESCAPES:
                out.append(_ESCAPES[n])
            elif c == quote:
                out.append("\\" + c)
            elif n < 32 or n >= 127:
                out.append("\\x%02x" % n)
            else:
                out.append(c)
        out.append(quote)
        return "".join(out)

    def __len__(self):
        return len(self._s)

    def __iter__(self):
        return iter([ord(c) for c in self._s])

    def __getitem__(self, key):
        if isinstance(key, slice):
            return _from_latin1(self._s[key])
        if isinstance(key, bool) or isinstance(key, int) or hasattr(key, "__index__"):
            i = _index(key)
            if i < -len(self._s) or i >= len(self._s):
                raise IndexError("index out of range")
            return ord(self._s[i])
        raise TypeError("byte indices must be integers or slices, not %s" % type(key).__name__)

    def __contains__(self, item):
        if isinstance(item, bytes):
            return item._s in self._s
        if isinstance(item, bool) or isinstance(item, int):
            if item < 0 or item > 255:
                raise ValueError("byte must be in range(0, 256)")
            return chr(item) in self._s
        raise TypeError("a bytes-like object is required, not '%s'" % type(item).__name__)

    def __eq__(self, other):
        if isinstance(other, bytes):
            return self._s == other._s
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, bytes):
            return self._s != other._s
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, bytes):
            return self._s < other._s
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, bytes):
            return self._s <= other._s
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, bytes):
            return self._s > other._s
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, bytes):
            return self._s >= other._s
        return NotImplemented

    def __hash__(self):
        return hash(("bytes", self._s))

    def __add__(self, other):
        if isinstance(other, bytes):
            return _from_latin1(self._s + other._s)
        raise TypeError("can't concat %s to bytes" % type(other).__name__)

    def __mul__(self, count):
        if isinstance(count, bool) or isinstance(count, int) or hasattr(count, "__index__"):
            return _from_latin1(self._s * _index(count))
        raise TypeError("can't multiply sequence by non-int of type '%s'" % type(count).__name__)

    def __rmul__(self, count):
        return self.__mul__(count)

    def decode(self, encoding="utf-8", errors="strict"):
        return _checked(_decode(self._s, encoding, errors))

    def hex(self, sep=_MISSING, bytes_per_sep=1):
        digits = ["%02x" % ord(c) for c in self._s]
        if sep is _MISSING or not digits:
            return "".join(digits)
        if isinstance(sep, bytes):
            sep = sep._s
        if len(sep) != 1:
            raise ValueError("sep must be length 1.")
        step = abs(bytes_per_sep)
        if step == 0:
            return "".join(digits)
        groups = []
        if bytes_per_sep > 0:
            first = len(digits) % step or step
            groups.append("".join(digits[:first]))
            for i in range(first, len(digits), step):
                groups.append("".join(digits[i:i + step]))
        else:
            for i in range(0, len(digits), step):
                groups.append("".join(digits[i:i + step]))
        return sep.join(groups)

    @classmethod
    def fromhex(cls, text):
        if not isinstance(text, str):
            raise TypeError("fromhex() argument must be str, not %s" % type(text).__name__)
        out = []
        i = 0
        while i < len(text):
            if text[i] in " \t\n\r\f\v":
                i += 1
                continue
            pair = text[i:i + 2]
            if len(pair) < 2 or pair[0] not in _HEX or pair[1] not in _HEX:
                bad = i if pair[0] not in _HEX else i + 1
                raise ValueError("non-hexadecimal number found in fromhex() arg at position %d" % bad)
            out.append(chr(int(pair, 16)))
            i += 2
        return _from_latin1("".join(out))

    def _affix(self, affix, name):
        if isinstance(affix, tuple):
            return tuple(_other_text(a, "a bytes-like object is required") for a in affix)
        if isinstance(affix, bytes):
            return affix._s
        raise TypeError("%s first arg must be bytes or a tuple of bytes, not %s" % (name, type(affix).__name__))

    def startswith(self, prefix, *bounds):
        return self._s.startswith(self._affix(prefix, "startswith"), *bounds)

    def endswith(self, suffix, *bounds):
        return self._s.endswith(self._affix(suffix, "endswith"), *bounds)

    def join(self, items):
        parts = []
        for i, item in enumerate(items):
            if not isinstance(item, bytes):
                raise TypeError("sequence item %d: expected a bytes-like object, %s found" % (i, type(item).__name__))
            parts.append(item._s)
        return _from_latin1(self._s.join(parts))

    def find(self, sub, *bounds):
        return self._s.find(_sub_text(sub), *bounds)

    def index(self, sub, *bounds):
        found = self._s.find(_sub_text(sub), *bounds)
        if found < 0:
            raise ValueError("subsection not found")
        return found

    def count(self, sub, *bounds):
        return self._s.count(_sub_text(sub), *bounds)

    def replace(self, old, new, count=-1):
        return _from_latin1(self._s.replace(_sub_text(old), _sub_text(new), count))

    def split(self, sep=None, maxsplit=-1):
        text = None if sep is None else _sub_text(sep)
        return [_from_latin1(p) for p in self._s.split(text, maxsplit)]

    def strip(self, chars=None):
        return _from_latin1(self._s.strip(None if chars is None else _sub_text(chars)))

    def lower(self):
        return _from_latin1("".join(c.lower() if c < "\x80" else c for c in self._s))

    def upper(self):
        return _from_latin1("".join(c.upper() if c < "\x80" else c for c in self._s))


def _sub_text(v):
    if isinstance(v, bytes):
        return v._s
    if isinstance(v, bool) or isinstance(v, int):
        if v < 0 or v > 255:
            raise ValueError("byte must be in range(0, 256)")
        return chr(v)
    raise TypeError("a bytes-like object is required, not '%s'" % type(v).__name__)


_HEX = "0123456789abcdefABCDEF"


def _from_latin1(text):
    b = bytes()
    b._s = text
    return b


from_latin1 = _from_latin1
)PY";

}  // namespace rungs::python
