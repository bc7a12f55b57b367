// types: the names harness code reaches for -- SimpleNamespace (an attribute
// bag for configs), written in Python as CPython 3.11 behaves.
#include "core/python/c_args.h"
#include "core/python/exceptions.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {
const char* const kTypesSource = R"PY(
class SimpleNamespace:
    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError("no positional arguments expected")
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __repr__(self):
        items = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"namespace({items})"

    def __eq__(self, other):
        if isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented


ModuleType = _module_type


class UnionType:
    # What `int | str` makes at run time; here only a name to import and
    # test against (isinstance(t, UnionType) is False for every value).
    pass
)PY";

// types.ModuleType is the type of every module, `type(os)` included, so
// the built-in type object named "module" is given a constructor:
// ModuleType(name, doc=None) makes an empty module, as a program does to
// stand in for a package it lacks (`sys.modules["cutlass"] = ...`).
Value module_type() {
  Value type = builtin_type_object("module");
  auto& builtin = type.as<BuiltinObj>();
  if (builtin.signature.empty()) {
    builtin.signature = {"name", "doc"};
    builtin.fn = [](Interpreter&, CallArgs& call) {
      CArgs a(call, "module", {"name", "doc"}, 1, CArgs::Style::Parse);
      if (!a[0].is(ObjKind::Str)) raise(ErrorId::builtin_arg_type, call.where, "module", "'name'", "str", type_name(a[0]));
      auto m = new_module(a[0].as<StrObj>().s);
      m->attrs["__name__"] = a[0];
      m->attrs["__doc__"] = a.has(1) ? a[1] : Value::none();
      m->attrs["__package__"] = Value::none();
      m->attrs["__loader__"] = Value::none();
      m->attrs["__spec__"] = Value::none();
      return Value::object(m);
    };
  }
  return type;
}

}  // namespace

void register_module_types() {
  Interpreter::register_module("types", [](Interpreter& ip) {
    return ip.define_generated_module("types", kTypesSource, {{"_module_type", module_type()}});
  });
}

}  // namespace rungs::python
