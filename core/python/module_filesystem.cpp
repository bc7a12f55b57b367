// pathlib, shutil, tempfile and glob: the file-system modules benchmark scripts
// import to place profiler traces. A Rungs program has no file system, so
// pathlib keeps its pure half (joining, name/suffix/parent, parts, as in
// CPython 3.11's PurePosixPath) and every call that would touch a file
// or directory (Path.exists, mkdir, glob, shutil.rmtree,
// tempfile.mkdtemp, ...) is refused with a located NotImplementedError.
#include <string>

#include "core/python/modules.h"

namespace rungs::python {

namespace {

const char* const kPathlibSource = R"PY(
def _refuse(what):
    _raise_error("unsupported_feature", what + " (the file system)")


def _split(text):
    # POSIX rules: exactly two leading slashes are kept, more collapse to
    # one; empty and '.' components drop out.
    if text.startswith("/"):
        root = "//" if text.startswith("//") and not text.startswith("///") else "/"
    else:
        root = ""
    parts = [p for p in text.split("/") if p and p != "."]
    return root, parts


class PurePath:
    def __init__(self, *args):
        root, parts = "", []
        for arg in args:
            if isinstance(arg, PurePath):
                text = str(arg)
            elif isinstance(arg, str):
                text = arg
            elif hasattr(arg, "__fspath__"):
                text = arg.__fspath__()
            else:
                raise TypeError("expected str, bytes or os.PathLike object, not " + type(arg).__name__)
            r, p = _split(text)
            if r:
                root, parts = r, p
            else:
                parts = parts + p
        self._root = root
        self._parts = parts

    def _from(self, root, parts):
        out = type(self)()
        out._root = root
        out._parts = list(parts)
        return out

    def __str__(self):
        text = self._root + "/".join(self._parts)
        return text or "."

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.as_posix())

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) == str(other)

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts < other.parts

    def __hash__(self):
        return hash(str(self))

    def __truediv__(self, key):
        if not isinstance(key, (str, PurePath)):
            return NotImplemented
        return type(self)(self, key)

    def __rtruediv__(self, key):
        if not isinstance(key, (str, PurePath)):
            return NotImplemented
        return type(self)(key, self)

    def joinpath(self, *others):
        return type(self)(self, *others)

    @property
    def parts(self):
        return tuple(([self._root] if self._root else []) + self._parts)

    @property
    def root(self):
        return self._root[:1]

    @property
    def anchor(self):
        return self._root[:1]

    @property
    def drive(self):
        return ""

    @property
    def name(self):
        return self._parts[-1] if self._parts else ""

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        return name[i:] if 0 < i < len(name) - 1 else ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind(".")
        return name[:i] if 0 < i < len(name) - 1 else name

    @property
    def parent(self):
        if not self._parts:
            return self
        return self._from(self._root, self._parts[:-1])

    @property
    def parents(self):
        out, p = [], self
        while p._parts:
            p = p.parent
            out.append(p)
        return tuple(out)

    def is_absolute(self):
        return bool(self._root)

    def with_name(self, name):
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        if not name or "/" in name or name == ".":
            raise ValueError("Invalid name %r" % (name,))
        return self._from(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if "/" in suffix or suffix and (not suffix.startswith(".") or suffix == "."):
            raise ValueError("Invalid suffix %r" % (suffix,))
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        return self._from(self._root, self._parts[:-1] + [self.stem + suffix])

    def relative_to(self, *other):
        base = type(self)(*other)
        n = len(base.parts)
        if self.parts[:n] != base.parts:
            raise ValueError("%r is not in the subpath of %r OR one path is relative and the other is absolute."
                             % (str(self), str(base)))
        return self._from("", list(self.parts[n:]))

    def is_relative_to(self, *other):
        base = type(self)(*other)
        return self.parts[:len(base.parts)] == base.parts

    def match(self, pattern):
        return _fnmatch_name(self.name, pattern.rsplit("/", 1)[-1])


def _fnmatch_name(name, pattern):
    import re as _re
    regex = "".join(".*" if c == "*" else "." if c == "?" else _re.escape(c) for c in pattern)
    return _re.fullmatch(regex, name) is not None


class PurePosixPath(PurePath):
    pass


# Path() is a PosixPath on Linux, where CPython's type names come from.
class PosixPath(PurePath):

    def expanduser(self):
        if self._parts and self._parts[0].startswith("~"):
            _refuse("pathlib.Path.expanduser")
        return self

    def absolute(self):
        if self._root:
            return self
        _refuse("pathlib.Path.absolute")

    @classmethod
    def cwd(cls):
        _refuse("pathlib.Path.cwd")

    @classmethod
    def home(cls):
        _refuse("pathlib.Path.home")


# Every Path method that reads or writes the file system.
def _refusing(name):
    def method(self, *args, **kwargs):
        _refuse("pathlib.Path." + name)
    method.__name__ = name
    return method


for _name in ("exists", "is_file", "is_dir", "is_symlink", "stat", "lstat", "mkdir", "rmdir", "unlink", "touch",
              "open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir", "glob", "rglob",
              "resolve", "rename", "replace", "samefile", "chmod", "owner", "group", "readlink", "symlink_to",
              "hardlink_to"):
    setattr(PosixPath, _name, _refusing(_name))

Path = PosixPath
)PY";

// Python source defining each of `names` in `module` as a function that
// refuses where it is called.
std::string refusing_functions(const std::string& module, std::initializer_list<const char*> names) {
  std::string src;
  for (const char* n : names)
    src += std::string("def ") + n + "(*args, **kwargs):\n    _raise_error(\"unsupported_feature\", \"" + module + "." + n +
           " (the file system)\")\n\n\n";
  return src;
}

// glob: as os.path sees it, nothing exists, so no pattern matches a file;
// escape and has_magic are pure text (CPython 3.11's glob.py).
const char* const kGlobSource = R"PY(
import re as _re

_magic_check = _re.compile('([*?[])')


def has_magic(s):
    return _magic_check.search(s) is not None


def escape(pathname):
    drive, rest = '', pathname
    return drive + _magic_check.sub(r'[\1]', rest)


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    return []


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    return iter([])
)PY";

Value refusing_module(Interpreter& ip, const char* name, const std::string& source) {
  return ip.define_generated_module(name, source, {{"_raise_error", registered_error_raiser()}});
}

}  // namespace

void register_module_filesystem() {
  Interpreter::register_module("pathlib", [](Interpreter& ip) { return refusing_module(ip, "pathlib", kPathlibSource); });
  Interpreter::register_module("shutil", [](Interpreter& ip) {
    return refusing_module(ip, "shutil",
                           refusing_functions("shutil", {"rmtree", "copy", "copy2", "copyfile", "copytree", "move",
                                                         "make_archive", "unpack_archive", "disk_usage", "which"}));
  });
  Interpreter::register_module("glob", [](Interpreter& ip) { return refusing_module(ip, "glob", kGlobSource); });
  Interpreter::register_module("tempfile", [](Interpreter& ip) {
    return refusing_module(ip, "tempfile",
                           "tempdir = None\n\n\n" +
                               refusing_functions("tempfile", {"mkdtemp", "mkstemp", "gettempdir", "TemporaryDirectory",
                                                               "NamedTemporaryFile", "TemporaryFile"}));
  });
}

}  // namespace rungs::python
