// abc and json, written in Python. abc: ABC and abstractmethod with
// CPython 3.11's refusal to instantiate a class that still has abstract
// methods; ABCMeta is installed as the class hooks of classes.h (in place of
// the metaclass), so the check runs before __init__. json: dumps (indent,
// sort_keys, separators, ensure_ascii, default, allow_nan) and loads (a
// recursive-descent parser with JSONDecodeError's messages and positions),
// which kernel files use to attach tuning metadata.
#include "core/python/classes.h"
#include "core/python/modules.h"

namespace rungs::python {

namespace {
const char* const kAbcSource = R"PY(
def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


class ABCMeta:
    def __call__(self, cls, *args, **kwargs):
        names = set(_class_names(cls))
        missing = sorted(name for name in names
                         if getattr(getattr(cls, name, None), "__isabstractmethod__", False))
        if missing:
            s = "" if len(missing) == 1 else "s"
            raise TypeError("Can't instantiate abstract class %s with abstract method%s %s"
                            % (cls.__name__, s, ", ".join(missing)))
        return NotImplemented


class ABC:
    __class_hooks__ = ABCMeta()
    __slots__ = ()


def abstractproperty(fget):
    fget.__isabstractmethod__ = True
    return property(fget)
)PY";

const char* const kJsonSource = R"PY(
class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        super().__init__("%s: line %d column %d (char %d)" % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _quote(s, ensure_ascii):
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or (ensure_ascii and ord(ch) > 0x7E):
            n = ord(ch)
            if n > 0xFFFF:
                n -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 | (n >> 10), 0xDC00 | (n & 0x3FF)))
            else:
                out.append("\\u%04x" % n)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _float(f, allow_nan):
    if f != f or f in (float("inf"), -float("inf")):
        if not allow_nan:
            raise ValueError("Out of range float values are not JSON compliant")
        return "NaN" if f != f else ("Infinity" if f > 0 else "-Infinity")
    return repr(f)


def _key(k, allow_nan):
    if isinstance(k, str):
        return k
    if k is True:
        return "true"
    if k is False:
        return "false"
    if k is None:
        return "null"
    if isinstance(k, float):
        return _float(k, allow_nan)
    if isinstance(k, int):
        return repr(k)
    return None


class _Encoder:
    def __init__(self, indent, separators, sort_keys, ensure_ascii, default, skipkeys, allow_nan):
        if isinstance(indent, int):
            indent = " " * indent
        self.indent = indent
        if separators is None:
            separators = (", ", ": ") if indent is None else (",", ": ")
        self.item_sep, self.key_sep = separators
        self.sort_keys = sort_keys
        self.ensure_ascii = ensure_ascii
        self.default = default
        self.skipkeys = skipkeys
        self.allow_nan = allow_nan

    def encode(self, o, level):
        if isinstance(o, str):
            return _quote(o, self.ensure_ascii)
        if o is None:
            return "null"
        if o is True:
            return "true"
        if o is False:
            return "false"
        if isinstance(o, int):
            return repr(o)
        if isinstance(o, float):
            return _float(o, self.allow_nan)
        if isinstance(o, (list, tuple)):
            return self._block("[", "]", [self.encode(v, level + 1) for v in o], level)
        if isinstance(o, dict):
            items = []
            pairs = list(o.items())
            if self.sort_keys:
                pairs = sorted(pairs)
            for k, v in pairs:
                key = _key(k, self.allow_nan)
                if key is None:
                    if self.skipkeys:
                        continue
                    raise TypeError("keys must be str, int, float, bool or None, not %s" % type(k).__name__)
                items.append(_quote(key, self.ensure_ascii) + self.key_sep + self.encode(v, level + 1))
            return self._block("{", "}", items, level)
        if self.default is not None:
            return self.encode(self.default(o), level)
        raise TypeError("Object of type %s is not JSON serializable" % type(o).__name__)

    def _block(self, open_, close, items, level):
        if not items:
            return open_ + close
        if self.indent is None:
            return open_ + self.item_sep.join(items) + close
        inner = "\n" + self.indent * (level + 1)
        return open_ + inner + (self.item_sep + inner).join(items) + "\n" + self.indent * level + close


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None,
          indent=None, separators=None, default=None, sort_keys=False, **kw):
    return _Encoder(indent, separators, sort_keys, ensure_ascii, default, skipkeys, allow_nan).encode(obj, 0)


class _Decoder:
    def __init__(self, doc):
        self.doc = doc
        self.n = len(doc)

    def ws(self, i):
        while i < self.n and self.doc[i] in " \t\n\r":
            i += 1
        return i

    def value(self, i):
        i = self.ws(i)
        if i >= self.n:
            raise JSONDecodeError("Expecting value", self.doc, i)
        ch = self.doc[i]
        if ch == '"':
            return self.string(i + 1)
        if ch == "{":
            return self.object(i + 1)
        if ch == "[":
            return self.array(i + 1)
        for word, val in (("null", None), ("true", True), ("false", False), ("NaN", float("nan")),
                          ("Infinity", float("inf")), ("-Infinity", -float("inf"))):
            if self.doc.startswith(word, i):
                return val, i + len(word)
        return self.number(i)

    def number(self, i):
        j = i
        if j < self.n and self.doc[j] == "-":
            j += 1
        start_digits = j
        while j < self.n and self.doc[j].isdigit():
            j += 1
        if j == start_digits:
            raise JSONDecodeError("Expecting value", self.doc, i)
        is_float = False
        if j < self.n and self.doc[j] == "." and j + 1 < self.n and self.doc[j + 1].isdigit():
            is_float = True
            j += 1
            while j < self.n and self.doc[j].isdigit():
                j += 1
        if j < self.n and self.doc[j] in "eE":
            k = j + 1
            if k < self.n and self.doc[k] in "+-":
                k += 1
            if k < self.n and self.doc[k].isdigit():
                is_float = True
                j = k
                while j < self.n and self.doc[j].isdigit():
                    j += 1
        text = self.doc[i:j]
        return (float(text) if is_float else int(text)), j

    def string(self, i):
        start = i - 1
        out = []
        while True:
            if i >= self.n:
                raise JSONDecodeError("Unterminated string starting at", self.doc, start)
            ch = self.doc[i]
            if ch == '"':
                return "".join(out), i + 1
            if ch == "\\":
                if i + 1 >= self.n:
                    raise JSONDecodeError("Unterminated string starting at", self.doc, start)
                esc = self.doc[i + 1]
                if esc == "u":
                    code = self.doc[i + 2:i + 6]
                    if len(code) != 4 or any(c not in "0123456789abcdefABCDEF" for c in code):
                        raise JSONDecodeError("Invalid \\uXXXX escape", self.doc, i + 1)
                    out.append(chr(int(code, 16)))
                    i += 6
                    continue
                table = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
                if esc not in table:
                    raise JSONDecodeError("Invalid \\escape", self.doc, i)
                out.append(table[esc])
                i += 2
                continue
            if ord(ch) < 0x20:
                raise JSONDecodeError("Invalid control character at", self.doc, i)
            out.append(ch)
            i += 1

    def object(self, i):
        result = {}
        i = self.ws(i)
        if i < self.n and self.doc[i] == "}":
            return result, i + 1
        while True:
            i = self.ws(i)
            if i >= self.n or self.doc[i] != '"':
                raise JSONDecodeError("Expecting property name enclosed in double quotes", self.doc, i)
            key, i = self.string(i + 1)
            i = self.ws(i)
            if i >= self.n or self.doc[i] != ":":
                raise JSONDecodeError("Expecting ':' delimiter", self.doc, i)
            value, i = self.value(i + 1)
            result[key] = value
            i = self.ws(i)
            if i < self.n and self.doc[i] == "}":
                return result, i + 1
            if i >= self.n or self.doc[i] != ",":
                raise JSONDecodeError("Expecting ',' delimiter", self.doc, i)
            i += 1

    def array(self, i):
        result = []
        i = self.ws(i)
        if i < self.n and self.doc[i] == "]":
            return result, i + 1
        while True:
            value, i = self.value(i)
            result.append(value)
            i = self.ws(i)
            if i < self.n and self.doc[i] == "]":
                return result, i + 1
            if i >= self.n or self.doc[i] != ",":
                raise JSONDecodeError("Expecting ',' delimiter", self.doc, i)
            i += 1


def loads(s, **kw):
    if not isinstance(s, str):
        raise TypeError("the JSON object must be str, bytes or bytearray, not %s" % type(s).__name__)
    d = _Decoder(s)
    value, end = d.value(0)
    end = d.ws(end)
    if end != len(s):
        raise JSONDecodeError("Extra data", s, end)
    return value
)PY";
}  // namespace

void register_module_abc() {
  Interpreter::register_module("abc", [](Interpreter& ip) {
    // _class_names(cls): every name the classes of cls's MRO define.
    Value names = make_builtin("_class_names", [](Interpreter&, CallArgs& a) {
      Values out;
      const Value& cls = a.positional.at(0);
      if (cls.is(ObjKind::Class))
        for (const ClassObj* c : cls.as<ClassObj>().mro)
          for (const auto& [k, v] : c->dict->entries) out.push_back(k);
      return make_list(std::move(out));
    });
    return ip.define_generated_module("abc", kAbcSource, {{"_class_names", names}});
  });
}

void register_module_json() {
  Interpreter::register_module("json", [](Interpreter& ip) {
    return ip.define_generated_module("json", kJsonSource, {});
  });
}

}  // namespace rungs::python
