// re's Python face, run as generated source over the engine builtins
// _compile and _run (module_re.cpp): Pattern and Match objects, the
// module functions, replacement templates and the RegexFlag constants,
// with CPython 3.11's reprs and error texts (through _raise_error).
#include "core/python/library_sources.h"

namespace rungs::python {

const char* const kReSource = R"PY(
import enum as _enum

_MAXREPEAT = 4294967295
_SEARCH, _MATCH, _FULLMATCH = 0, 1, 2


class RegexFlag(_enum.IntFlag):
    NOFLAG = 0
    TEMPLATE = 1
    IGNORECASE = 2
    LOCALE = 4
    MULTILINE = 8
    DOTALL = 16
    UNICODE = 32
    VERBOSE = 64
    DEBUG = 128
    ASCII = 256
    T = TEMPLATE
    I = IGNORECASE
    L = LOCALE
    M = MULTILINE
    S = DOTALL
    U = UNICODE
    X = VERBOSE
    A = ASCII

    def __repr__(self):
        if self._value_ == 0:
            return "re.NOFLAG"
        names = [f"re.{m._name_}" for m in self]
        rest = self._value_ & ~sum(m._value_ for m in self)
        if rest or not names:
            names.append(hex(rest))
        return "|".join(names)

    __str__ = __repr__


NOFLAG = RegexFlag.NOFLAG
T = TEMPLATE = RegexFlag.TEMPLATE
I = IGNORECASE = RegexFlag.IGNORECASE
L = LOCALE = RegexFlag.LOCALE
M = MULTILINE = RegexFlag.MULTILINE
S = DOTALL = RegexFlag.DOTALL
U = UNICODE = RegexFlag.UNICODE
X = VERBOSE = RegexFlag.VERBOSE
DEBUG = RegexFlag.DEBUG
A = ASCII = RegexFlag.ASCII


def _flag_value(flags):
    return flags._value_ if isinstance(flags, _enum.Enum) else flags


def _check_string(string):
    if not isinstance(string, str):
        _raise_error("re_not_string", type(string).__name__)


class Match:
    def __init__(self, pattern, string, pos, endpos, slots):
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self._slots = slots

    def _index(self, group):
        if isinstance(group, str):
            index = self.re.groupindex.get(group)
            if index is not None:
                return index
        elif isinstance(group, int) and 0 <= group <= self.re.groups:
            return group
        _raise_error("re_no_such_group")

    def _get(self, group, default=None):
        i = self._index(group)
        start, end = self._slots[2 * i], self._slots[2 * i + 1]
        if start < 0:
            return default
        return _substr(self.string, start, end)

    def group(self, *groups):
        if not groups:
            return self._get(0)
        if len(groups) == 1:
            return self._get(groups[0])
        return tuple(self._get(g) for g in groups)

    def __getitem__(self, group):
        return self._get(group)

    def groups(self, default=None):
        return tuple(self._get(i, default) for i in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        return {name: self._get(index, default) for name, index in self.re.groupindex.items()}

    def start(self, group=0):
        return self._slots[2 * self._index(group)]

    def end(self, group=0):
        return self._slots[2 * self._index(group) + 1]

    def span(self, group=0):
        i = self._index(group)
        return (self._slots[2 * i], self._slots[2 * i + 1])

    @property
    def regs(self):
        return tuple(self.span(i) for i in range(self.re.groups + 1))

    @property
    def lastindex(self):
        # The group that closed last: the largest end, the outer one on a tie.
        best = None
        for i in range(1, self.re.groups + 1):
            end = self._slots[2 * i + 1]
            if end >= 0 and (best is None or end > self._slots[2 * best + 1]):
                best = i
        return best

    @property
    def lastgroup(self):
        last = self.lastindex
        for name, index in self.re.groupindex.items():
            if index == last:
                return name
        return None

    def expand(self, template):
        return _expand(_parse_template(self.re, template), self)

    def __repr__(self):
        return f"<re.Match object; span={self.span()!r}, match={self.group()!r}>"


class _MappingProxy:
    # A read-only view of a dict, printed as CPython's mappingproxy.
    def __init__(self, data):
        self._data = data

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def __eq__(self, other):
        return self._data == (other._data if isinstance(other, _MappingProxy) else other)

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def __repr__(self):
        return f"mappingproxy({self._data!r})"

    def __str__(self):
        return str(self._data)


class Pattern:
    def __init__(self, pattern, flags):
        self.pattern = pattern
        self._id, self.groups, self.flags, groupindex = _compile(pattern, flags)
        self.groupindex = _MappingProxy(groupindex)

    def _run(self, string, pos, endpos, mode, advance=False):
        _check_string(string)
        slots = _run(self._id, string, pos, endpos, mode, advance)
        if slots is None:
            return None
        size = _length(string)
        return Match(self, string, min(max(pos, 0), size), min(max(endpos, 0), size), slots)

    def match(self, string, pos=0, endpos=_MAXREPEAT):
        return self._run(string, pos, endpos, _MATCH)

    def fullmatch(self, string, pos=0, endpos=_MAXREPEAT):
        return self._run(string, pos, endpos, _FULLMATCH)

    def search(self, string, pos=0, endpos=_MAXREPEAT):
        return self._run(string, pos, endpos, _SEARCH)

    def _matches(self, string, pos=0, endpos=_MAXREPEAT, limit=0):
        found = []
        advance = False
        _check_string(string)
        endpos = min(max(endpos, 0), _length(string))
        while pos <= endpos and not (limit and len(found) >= limit):
            m = self._run(string, pos, endpos, _SEARCH, advance)
            if m is None:
                break
            found.append(m)
            start, pos = m.span()
            advance = start == pos
        return found

    def finditer(self, string, pos=0, endpos=_MAXREPEAT):
        return iter(self._matches(string, pos, endpos))

    def findall(self, string, pos=0, endpos=_MAXREPEAT):
        out = []
        for m in self._matches(string, pos, endpos):
            if self.groups == 0:
                out.append(m.group())
            elif self.groups == 1:
                out.append(m._get(1, ""))
            else:
                out.append(m.groups(""))
        return out

    def subn(self, repl, string, count=0):
        if callable(repl):
            replace = repl
        else:
            _check_string(repl)
            parts = _parse_template(self, repl)
            replace = lambda m: _expand(parts, m)
        pieces = []
        last = 0
        matches = self._matches(string, 0, _MAXREPEAT, count)
        for m in matches:
            # Empty pieces are left out, as CPython's join list leaves them,
            # so "sequence item N" of a bad replacement counts alike.
            between = _substr(string, last, m.start())
            if between:
                pieces.append(between)
            pieces.append(replace(m))
            last = m.end()
        pieces.append(_substr(string, last, _MAXREPEAT))
        return "".join(pieces), len(matches)

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def split(self, string, maxsplit=0):
        out = []
        last = 0
        for m in self._matches(string, 0, _MAXREPEAT, maxsplit):
            out.append(_substr(string, last, m.start()))
            out.extend(m.groups())
            last = m.end()
        out.append(_substr(string, last, _MAXREPEAT))
        return out

    def __repr__(self):
        flags = self.flags
        if not flags & ASCII._value_:
            flags &= ~UNICODE._value_
        text = repr(self.pattern)[:200]
        if flags:
            return f"re.compile({text}, {RegexFlag(flags)!r})"
        return f"re.compile({text})"

    def __eq__(self, other):
        return isinstance(other, Pattern) and self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))


_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}


def _is_identifier(name):
    if not (name[0].isalpha() or name[0] == "_"):
        return False
    return all(c.isalnum() or c == "_" for c in name)


def _template_group(pattern, template, i):
    # \g<name> or \g<number>, `i` just after the g; returns (group, next i).
    if i >= len(template) or template[i] != "<":
        _raise_error("re_missing_char", "<", i)
    close = i + 1
    while close < len(template) and template[close] != ">":
        close += 1
    if close >= len(template):
        _raise_error("re_unterminated_name", ">", i + 1)
    name = template[i + 1:close]
    if not name:
        _raise_error("re_missing_group_name", i + 1)
    if name.isdigit():
        index = int(name)
        if index > pattern.groups:
            _raise_error("re_invalid_group_ref", index, i + 1)
        return index, close + 1
    if not _is_identifier(name):
        _raise_error("re_bad_group_name", name, i + 1)
    if name not in pattern.groupindex:
        _raise_error("re_template_unknown_group", name)
    return pattern.groupindex[name], close + 1


def _parse_template(pattern, template):
    # A list of literal strings and group numbers.
    parts = []
    literal = []
    i = 0
    n = len(template)
    while i < n:
        c = template[i]
        if c != "\\":
            literal.append(c)
            i += 1
            continue
        if i + 1 >= n:
            _raise_error("re_bad_escape_end", i)
        e = template[i + 1]
        group = None
        if e == "g":
            group, i = _template_group(pattern, template, i + 2)
        elif e == "0":
            digits = e
            i += 2
            while len(digits) < 3 and i < n and template[i] in "01234567":
                digits += template[i]
                i += 1
            literal.append(chr(int(digits, 8)))
        elif e.isdigit() and len(template[i + 1:i + 4]) == 3 and all(d in "01234567" for d in template[i + 1:i + 4]):
            literal.append(chr(int(template[i + 1:i + 4], 8)))
            i += 4
        elif e.isdigit():
            end = i + 2
            if end < n and template[end].isdigit():
                end += 1
            group = int(template[i + 1:end])
            if group > pattern.groups:
                _raise_error("re_invalid_group_ref", group, i + 1)
            i = end
        elif e in _ESCAPES:
            literal.append(_ESCAPES[e])
            i += 2
        elif "a" <= e <= "z" or "A" <= e <= "Z":
            _raise_error("re_bad_escape", "\\" + e, i)
        else:
            literal.append("\\" + e)
            i += 2
        if group is not None:
            parts.append("".join(literal))
            literal = []
            parts.append(group)
    parts.append("".join(literal))
    return parts


def _expand(parts, m):
    out = []
    for part in parts:
        if isinstance(part, int):
            out.append(m._get(part, ""))
        else:
            out.append(part)
    return "".join(out)


_cache = {}
_MAXCACHE = 512


def _compile_cached(pattern, flags):
    flags = _flag_value(flags)
    if isinstance(pattern, Pattern):
        if flags:
            _raise_error("re_flags_with_pattern")
        return pattern
    key = (pattern, flags)
    if key in _cache:  # before the type check: a list pattern is "unhashable", as in CPython
        return _cache[key]
    if not isinstance(pattern, str):
        _raise_error("re_first_arg")
    if len(_cache) >= _MAXCACHE:
        del _cache[next(iter(_cache))]  # the oldest, as re's cache drops it
    _cache[key] = Pattern(pattern, flags)
    return _cache[key]


def compile(pattern, flags=0):
    return _compile_cached(pattern, flags)


def search(pattern, string, flags=0):
    return _compile_cached(pattern, flags).search(string)


def match(pattern, string, flags=0):
    return _compile_cached(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile_cached(pattern, flags).fullmatch(string)


def findall(pattern, string, flags=0):
    return _compile_cached(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile_cached(pattern, flags).finditer(string)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile_cached(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile_cached(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile_cached(pattern, flags).split(string, maxsplit)


def purge():
    _cache.clear()


_SPECIAL = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f"


def escape(pattern):
    return "".join("\\" + c if c in _SPECIAL else c for c in pattern)
)PY";

}  // namespace rungs::python
