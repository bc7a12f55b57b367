// __slots__: which names a class's instances may hold, what their
// __dict__ shows, and CPython's errors for a bad declaration.
#include <algorithm>

#include "core/python/classes.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::python {

bool slots_refuse(const ClassObj& cls, const std::string& name) {
  return cls.slots && std::find(cls.slots->begin(), cls.slots->end(), name) == cls.slots->end();
}

void apply_slots(Interpreter& interp, ClassObj& cls, SourceRange where) {
  if (const Value* declared = cls.dict->find(make_str("__slots__"))) {
    Values names = declared->is(ObjKind::Str) ? Values{*declared} : interp.iterate(*declared);
    cls.own_slots.emplace();
    for (const Value& n : names) {
      if (!n.is(ObjKind::Str)) raise(ErrorId::slots_not_strings, where, type_name(n));
      const std::string& s = n.as<StrObj>().s;
      if (s != "__dict__" && cls.dict->find(n)) raise(ErrorId::slots_conflict, where, s);
      cls.own_slots->push_back(s);
    }
  }
  // Instances lose their __dict__ only when no class of the MRO gives one:
  // an unslotted class, an exception base, or '__dict__' among the slots.
  bool restricted = cls.exc_base.empty() && !cls.is_tuple_class;
  for (const ClassObj* c : cls.mro) {
    if (!c->own_slots) {
      restricted = false;
      continue;
    }
    for (const std::string& s : *c->own_slots) {
      if (s == "__dict__") restricted = false;
      else cls.slot_names.push_back(s);
    }
  }
  if (restricted) cls.slots = cls.slot_names;
}

Value visible_instance_dict(const ClassObj& cls, const std::shared_ptr<DictObj>& dict) {
  if (cls.slot_names.empty()) return Value::object(dict);
  auto shown = std::make_shared<DictObj>();
  for (const auto& [k, v] : dict->entries) {
    bool slot = k.is(ObjKind::Str) &&
                std::find(cls.slot_names.begin(), cls.slot_names.end(), k.as<StrObj>().s) != cls.slot_names.end();
    if (!slot) shown->set(k, v);
  }
  return Value::object(shown);
}

}  // namespace rungs::python
