// The methods of set and frozenset, with CPython's algorithms (set_ops.h)
// so results iterate in CPython's order.
#include "core/python/builtins_parts.h"
#include "core/python/set_ops.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

using Method = std::function<Value(Interpreter&, CallArgs&)>;

Value bound(const std::string& qualname, Method fn) { return make_builtin(qualname, std::move(fn)); }

// union / intersection / difference / symmetric_difference: new sets.
Value set_combine(Interpreter& ip, const Value& self, const std::string& name, CallArgs& a) {
  const SetObj& me = self.as<SetObj>();
  if (name == "symmetric_difference") {
    arity(a, 1, 1, "symmetric_difference");
    auto out = std::make_shared<SetObj>();  // the other's copy, updated with self
    set_update_from(ip, *out, a.positional[0]);
    out->frozen = me.frozen;
    set_symmetric_difference_update(ip, *out, self);
    return Value::object(out);
  }
  if (a.positional.empty()) return Value::object(set_copy(me));
  SetPtr out;
  if (name == "union") {
    out = set_copy(me);
    for (const Value& o : a.positional) set_update_from(ip, *out, o);
  } else if (name == "intersection") {
    out = set_intersection(ip, me, a.positional[0]);
    for (size_t i = 1; i < a.positional.size(); ++i) out = set_intersection(ip, *out, a.positional[i]);
  } else {
    out = set_difference(ip, me, a.positional[0]);
    for (size_t i = 1; i < a.positional.size(); ++i) set_difference_update(ip, *out, a.positional[i]);
  }
  return Value::object(out);
}

// The in-place forms: update, intersection_update, difference_update,
// symmetric_difference_update.
Value set_update_method(Interpreter& ip, const Value& self, const std::string& name, CallArgs& a) {
  SetObj& me = self.as<SetObj>();
  if (name == "update") {
    for (const Value& o : a.positional) set_update_from(ip, me, o);
  } else if (name == "intersection_update") {
    for (const Value& o : a.positional) set_assign(me, *set_intersection(ip, me, o));
  } else if (name == "difference_update") {
    for (const Value& o : a.positional) set_difference_update(ip, me, o);
  } else {
    arity(a, 1, 1, "symmetric_difference_update");
    set_symmetric_difference_update(ip, me, a.positional[0]);
  }
  return Value::none();
}

Value set_relation(Interpreter& ip, const Value& self, const std::string& name, CallArgs& a) {
  arity(a, 1, 1, name.c_str());
  auto other = std::make_shared<SetObj>();
  for (const Value& v : ip.iterate(a.positional[0])) other->add(v);
  const SetObj& me = self.as<SetObj>();
  if (name == "issuperset") {
    for (const Value& v : other->items)
      if (!me.contains(v)) return Value::boolean(false);
    return Value::boolean(true);
  }
  for (const Value& v : me.items) {
    bool in = other->contains(v);
    if (name == "issubset" ? !in : in) return Value::boolean(false);
  }
  return Value::boolean(true);
}

}  // namespace

Value set_method(Interpreter&, const Value& self, const std::string& name, SourceRange where) {
  bool frozen = self.as<SetObj>().frozen;
  const std::string q = (frozen ? "frozenset." : "set.") + name;
  static const char* const kMutating[] = {"add", "update", "discard", "remove", "clear", "pop",
                                          "intersection_update", "difference_update",
                                          "symmetric_difference_update"};
  for (const char* m : kMutating)
    if (frozen && name == m) raise(ErrorId::no_attribute, where, "frozenset", name);
  if (name == "add")
    return bound(q, [self](Interpreter&, CallArgs& a) {
      arity(a, 1, 1, "add");
      self.as<SetObj>().add(a.positional[0]);
      return Value::none();
    });
  if (name == "union" || name == "intersection" || name == "difference" || name == "symmetric_difference")
    return bound(q, [self, name](Interpreter& ip, CallArgs& a) { return set_combine(ip, self, name, a); });
  if (name == "update" || name == "intersection_update" || name == "difference_update" ||
      name == "symmetric_difference_update")
    return bound(q, [self, name](Interpreter& ip, CallArgs& a) { return set_update_method(ip, self, name, a); });
  if (name == "discard" || name == "remove")
    return bound(q, [self, name](Interpreter& ip, CallArgs& a) {
      arity(a, 1, 1, name.c_str());
      if (!self.as<SetObj>().discard(a.positional[0]) && name == "remove")
        raise(ErrorId::key_error, a.where, ip.repr(a.positional[0]));
      return Value::none();
    });
  if (name == "pop")
    return bound(q, [self](Interpreter&, CallArgs& a) {
      arity(a, 0, 0, "pop");
      if (self.as<SetObj>().items.empty()) raise(ErrorId::set_pop_empty, a.where);
      return self.as<SetObj>().pop();
    });
  if (name == "clear")
    return bound(q, [self](Interpreter&, CallArgs& a) {
      arity(a, 0, 0, "clear");
      self.as<SetObj>().clear();
      return Value::none();
    });
  if (name == "copy")
    return bound(q, [self](Interpreter&, CallArgs&) {
      if (self.as<SetObj>().frozen) return self;  // immutable: copy() is itself
      return Value::object(set_copy(self.as<SetObj>()));
    });
  if (name == "issubset" || name == "issuperset" || name == "isdisjoint")
    return bound(q, [self, name](Interpreter& ip, CallArgs& a) { return set_relation(ip, self, name, a); });
  raise(ErrorId::no_attribute, where, frozen ? "frozenset" : "set", name);
}

}  // namespace rungs::python
