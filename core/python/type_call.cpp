// type(name, bases, dict): the class statement's result without a body,
// as CPython's type.__new__ builds it. Bases follow the class statement's
// rules (user classes, built-in exceptions, object).
#include "core/python/classes.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::python {

Value type_new(Interpreter& interp, const CallArgs& a) {
  const Value& name = a.positional[0];
  const Value& bases = a.positional[1];
  const Value& ns = a.positional[2];
  if (!name.is(ObjKind::Str)) raise(ErrorId::builtin_arg_type, a.where, "type.__new__", 1, "str", type_name(name));
  if (!bases.is(ObjKind::Tuple)) raise(ErrorId::type_new_bases_type, a.where, type_name(bases));
  if (!ns.is(ObjKind::Dict)) raise(ErrorId::type_new_dict_type, a.where, type_name(ns));
  auto cls = std::make_shared<ClassObj>();
  cls->name = cls->qualname = name.as<StrObj>().s;
  for (const Value& base : bases.as<TupleObj>().items) {
    if (base.is(ObjKind::Class)) {
      if (cls->exc_base.empty()) cls->exc_base = base.as<ClassObj>().exc_base;
      cls->bases.push_back(base);
    } else if (!exc_tag_name(base).empty()) {
      if (cls->exc_base.empty()) cls->exc_base = exc_tag_name(base);
      cls->bases.push_back(base);
    } else if (!(base.is(ObjKind::Builtin) && base.as<BuiltinObj>().type_tag == "object")) {
      raise(ErrorId::unsupported_base, a.where, interp.repr(base));
    }
  }
  cls->mro = c3_mro(*cls, a.where);
  cls->dict->set(make_str("__module__"), make_str("__main__"));
  for (const auto& [k, v] : ns.as<DictObj>().entries) cls->dict->set(k, v);
  if (const Value* q = cls->dict->find(make_str("__qualname__")); q && q->is(ObjKind::Str)) {
    cls->qualname = q->as<StrObj>().s;
    cls->dict->erase(make_str("__qualname__"));
  }
  apply_slots(interp, *cls, a.where);
  notify_set_name(interp, *cls, a.where);
  Value value = cls->value();
  Value ignored;
  call_class_hook(interp, value, "__class_created__", CallArgs{{}, {}, a.where}, ignored);
  return value;
}

}  // namespace rungs::python
