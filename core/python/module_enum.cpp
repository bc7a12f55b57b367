// enum: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique and EnumType,
// written in Python (enum_source.cpp) over the class hooks of classes.h.
#include "core/python/classes.h"
#include "core/python/library_sources.h"
#include "core/python/modules.h"

namespace rungs::python {

namespace {
// What a class body binds that is not a member: functions, methods,
// staticmethod/classmethod/property, and objects with __get__ (CPython's
// enum skips descriptors the same way).
Value is_descriptor(Interpreter&, CallArgs& call) {
  const Value& v = call.positional.at(0);
  bool descriptor = v.is(ObjKind::Function) || v.is(ObjKind::Descriptor) || v.is(ObjKind::Builtin) ||
                    v.is(ObjKind::BoundMethod);
  if (auto cls = user_class_of(v); cls && v.is(ObjKind::Instance))
    descriptor = cls->lookup("__get__") || cls->lookup("__set__") || cls->lookup("__delete__");
  return Value::boolean(descriptor);
}
}  // namespace

void register_module_enum() {
  Interpreter::register_module("enum", [](Interpreter& ip) {
    return ip.define_generated_module(
        "enum", kEnumSource,
        {{"_raise_error", registered_error_raiser()}, {"_is_descriptor", make_builtin("_is_descriptor", is_descriptor)}});
  });
}

}  // namespace rungs::python
