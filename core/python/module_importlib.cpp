// importlib, importlib.util and importlib.metadata: the dynamic-import
// corner kernel utilities use (import_module of a name built at run time,
// find_spec to probe for an optional package, metadata.version to gate on
// JAX's version). Every import goes through the interpreter's own
// (Interpreter::import_module), so importlib sees exactly the modules an
// `import` statement sees. Loading a module from a file path is refused
// with a located error: a Rungs program has no file system.
#include "core/python/modules.h"

namespace rungs::python {

namespace {

const char* const kImportlibSource = R"PY(
def _resolve_name(name, package):
    level = len(name) - len(name.lstrip("."))
    bits = package.rsplit(".", level - 1)
    if len(bits) < level:
        raise ImportError("attempted relative import beyond top-level package")
    base = bits[0]
    rest = name[level:]
    return f"{base}.{rest}" if rest else base


def import_module(name, package=None):
    if name.startswith("."):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for "
                            f"{name!r}")
        name = _resolve_name(name, package)
    return _import(name)


def reload(module):
    if type(module).__name__ != "module":
        raise TypeError("reload() argument must be a module")
    return module


def invalidate_caches():
    return None
)PY";

const char* const kUtilSource = R"PY(
class ModuleSpec:
    def __init__(self, name, origin=None):
        self.name = name
        self.origin = origin
        self.loader = None
        self.submodule_search_locations = None
        self.loader_state = None
        self.cached = None

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition(".")[0]
        return self.name

    @property
    def has_location(self):
        return False

    def __repr__(self):
        args = [f"name={self.name!r}", f"loader={self.loader!r}"]
        if self.origin is not None:
            args.append(f"origin={self.origin!r}")
        if self.submodule_search_locations is not None:
            args.append(f"submodule_search_locations={self.submodule_search_locations}")
        return f"ModuleSpec({', '.join(args)})"


def resolve_name(name, package):
    if not name.startswith("."):
        return name
    if not package:
        raise ImportError(f"no package specified for {name!r} (required for relative module names)")
    level = len(name) - len(name.lstrip("."))
    bits = package.rsplit(".", level - 1)
    if len(bits) < level:
        raise ImportError("attempted relative import beyond top-level package")
    rest = name[level:]
    return f"{bits[0]}.{rest}" if rest else bits[0]


def find_spec(name, package=None):
    fullname = resolve_name(name, package) if name.startswith(".") else name
    parent = fullname.rpartition(".")[0]
    if parent:
        # CPython imports the parent package first; a missing parent is
        # its ModuleNotFoundError.
        _importlib.import_module(parent)
    if not _provided(fullname):
        return None
    return ModuleSpec(fullname, "built-in")


def spec_from_file_location(name, location=None, *args, **kwargs):
    _raise_error("unsupported_feature", "importlib.util.spec_from_file_location (loading a module from a file path)")


def module_from_spec(spec):
    _raise_error("unsupported_feature", "importlib.util.module_from_spec (loading a module from a file path)")
)PY";

// importlib.metadata: the packages a Rungs run provides are JAX (and
// jaxlib, built from the same commit); any other distribution is missing.
const char* const kMetadataSource = R"PY(
class PackageNotFoundError(ModuleNotFoundError):
    def __str__(self):
        return f"No package metadata was found for {self.name}"

    @property
    def name(self):
        (name,) = self.args
        return name


def version(distribution_name):
    if distribution_name.lower().replace("_", "-") in ("jax", "jaxlib"):
        return _jax_version()
    raise PackageNotFoundError(distribution_name)
)PY";

// Whether `name` is a module this run can import (without importing it).
Value provided_builtin() {
  return make_builtin("_provided", [](Interpreter&, CallArgs& call) {
    const Value& v = call.positional.at(0);
    return Value::boolean(v.is(ObjKind::Str) && static_cast<bool>(Interpreter::module_factory(v.as<StrObj>().s)));
  });
}

}  // namespace

void register_module_importlib() {
  Interpreter::register_module("importlib", [](Interpreter& ip) {
    Value import = make_builtin("import_module", [](Interpreter& ip, CallArgs& call) {
      const Value& v = call.positional.at(0);
      return ip.import_module(v.is(ObjKind::Str) ? v.as<StrObj>().s : ip.str(v), call.where);
    });
    return ip.define_generated_module("importlib", kImportlibSource, {{"_import", import}});
  });
  Interpreter::register_module("importlib.util", [](Interpreter& ip) {
    return ip.define_generated_module("importlib.util", kUtilSource,
                                      {{"_importlib", ip.import_module("importlib", {})},
                                       {"_provided", provided_builtin()},
                                       {"_raise_error", registered_error_raiser()}});
  });
  Interpreter::register_module("importlib.metadata", [](Interpreter& ip) {
    Value jax_version = make_builtin("_jax_version", [](Interpreter& ip, CallArgs& call) {
      return ip.getattr(ip.import_module("jax", call.where), "__version__", call.where);
    });
    return ip.define_generated_module("importlib.metadata", kMetadataSource, {{"_jax_version", jax_version}});
  });
}

}  // namespace rungs::python
