// Classes: the `class` statement, instantiation, attribute lookup with
// binding, and the built-ins staticmethod/classmethod/property/super.
// Operators and repr hooks are in class_protocol.cpp.
#include "core/python/classes.h"
#include "core/python/named_tuples.h"

#include <algorithm>

#include "core/python/exceptions.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// Per-run counter behind the fake addresses instances print with.
struct ClassState : StageState {
  uint64_t next_serial = 1;
};

}  // namespace

// "ValueError" for the built-in class ValueError; "" for anything else.
std::string exc_tag_name(const Value& v) {
  if (!v.is(ObjKind::Builtin)) return "";
  const std::string& tag = v.as<BuiltinObj>().type_tag;
  return tag.rfind("exc:", 0) == 0 ? tag.substr(4) : "";
}

// C3 linearisation of `cls` from its bases' MROs, as CPython's mro().
std::vector<const ClassObj*> c3_mro(const ClassObj& cls, SourceRange where) {
  std::vector<std::vector<const ClassObj*>> seqs;
  std::vector<const ClassObj*> direct;
  for (const Value& b : cls.bases) {
    if (!b.is(ObjKind::Class)) continue;
    const auto& base = b.as<ClassObj>();
    seqs.push_back(base.mro);
    direct.push_back(&base);
  }
  seqs.push_back(direct);
  std::vector<const ClassObj*> out{&cls};
  while (true) {
    seqs.erase(std::remove_if(seqs.begin(), seqs.end(), [](const auto& s) { return s.empty(); }),
               seqs.end());
    if (seqs.empty()) return out;
    const ClassObj* pick = nullptr;
    for (const auto& s : seqs) {
      const ClassObj* head = s.front();
      bool in_tail = std::any_of(seqs.begin(), seqs.end(), [&](const auto& t) {
        return std::find(t.begin() + 1, t.end(), head) != t.end();
      });
      if (!in_tail) {
        pick = head;
        break;
      }
    }
    if (!pick) {
      std::string names;
      for (const ClassObj* d : direct) names += (names.empty() ? "" : ", ") + d->name;
      raise(ErrorId::class_mro_conflict, where, names);
    }
    out.push_back(pick);
    for (auto& s : seqs)
      if (s.front() == pick) s.erase(s.begin());
  }
}

namespace {

// Binds what a class attribute lookup found: functions become methods of
// `self`, classmethods methods of the class, properties are called.
Value bind(Interpreter& interp, const Value& attr, const Value& self, const Value& cls,
           SourceRange where) {
  if (attr.is(ObjKind::Function)) return self.is_none() ? attr : Value::object(std::make_shared<BoundMethodObj>(self, attr));
  if (attr.is(ObjKind::Descriptor)) {
    const auto& d = attr.as<DescriptorObj>();
    switch (d.how) {
      case DescriptorObj::Kind::Static: return d.func;
      case DescriptorObj::Kind::Class: return Value::object(std::make_shared<BoundMethodObj>(cls, d.func));
      case DescriptorObj::Kind::Property:
        if (self.is_none()) return attr;
        return interp.call(d.func, Values{self}, where);
    }
  }
  // A user descriptor (functools.cached_property, ...): its __get__ decides.
  if (auto attr_cls = user_class_of(attr); attr_cls && attr.is(ObjKind::Instance)) {
    if (const Value* get = attr_cls->lookup("__get__"))
      return interp.call(*get, Values{attr, self, cls}, where);
  }
  return attr;
}

// str(KeyError(k)) is repr(k), unlike every other exception.
std::string user_exception_message(Interpreter& interp, const ClassObj& cls, const Values& args) {
  if (cls.exc_base == "KeyError" && args.size() == 1) return interp.repr(args[0]);
  return exception_message(interp, args);
}

Value exception_init(const Value& self) {
  return make_builtin("BaseException.__init__", [self](Interpreter& ip, CallArgs& a) {
    auto& e = self.as<ExceptionObj>();
    e.args = a.positional;
    e.message = user_exception_message(ip, *e.cls, a.positional);
    return Value::none();
  });
}

// super().name: the MRO of self's class after `start`.
Value super_getattr(Interpreter& interp, const SuperObj& s, const std::string& name, SourceRange where) {
  const Value& self = s.self;
  std::shared_ptr<ClassObj> cls = self.is(ObjKind::Class) ? std::static_pointer_cast<ClassObj>(self.obj_ptr())
                                                          : user_class_of(self);
  if (!cls) raise(ErrorId::super_bad_second_arg, where);
  Value cls_value = Value::object(cls);
  bool after = false;
  for (const ClassObj* c : cls->mro) {
    if (after) {
      if (const Value* v = c->dict->find(make_str(name)))
        return bind(interp, *v, self.is(ObjKind::Class) ? Value::none() : self, cls_value, where);
    }
    if (c == s.start.get()) after = true;
  }
  if (name == "__init__") {
    if (self.is(ObjKind::Exception)) return exception_init(self);
    return make_builtin("object.__init__", [](Interpreter&, CallArgs&) { return Value::none(); });
  }
  raise(ErrorId::super_no_attribute, where, name);
}

Value instantiate(Interpreter& interp, const Value& callee, CallArgs& args) {
  auto cls = std::static_pointer_cast<ClassObj>(callee.obj_ptr());
  for (const ClassObj* c : cls->mro) {
    if (!c->is_tuple_class) continue;
    // A named tuple (or a subclass of one): its __new__ builds the tuple.
    CallArgs with_class = args;
    with_class.positional.insert(with_class.positional.begin(), callee);
    return interp.call(*c->dict->find(make_str("__new__")), std::move(with_class));
  }
  Value self;
  if (!cls->exc_base.empty()) {
    auto exc = std::make_shared<ExceptionObj>();
    exc->type = cls->name;
    exc->cls = cls;
    exc->dict = std::make_shared<DictObj>();
    exc->args = args.positional;
    exc->message = user_exception_message(interp, *cls, args.positional);
    exc->id = ErrorId::user_exception;
    exc->where = args.where;
    self = Value::object(exc);
  } else {
    uint64_t serial = interp.state<ClassState>().next_serial++;
    self = Value::object(std::make_shared<InstanceObj>(cls, serial));
  }
  const Value* init = cls->lookup("__init__");
  if (init) {
    CallArgs bound = args;
    bound.positional.insert(bound.positional.begin(), self);
    Value r = interp.call(*init, std::move(bound));
    if (!r.is_none()) raise(ErrorId::init_returned_value, args.where, type_name(r));
  } else if (cls->exc_base.empty() && (!args.positional.empty() || !args.keywords.empty())) {
    raise(ErrorId::class_takes_no_arguments, args.where, cls->name);
  }
  return self;
}

}  // namespace

const Value* ClassObj::lookup(const std::string& attr) const {
  Value key = make_str(attr);
  for (const ClassObj* c : mro)
    if (const Value* v = c->dict->find(key)) return v;
  return nullptr;
}

bool ClassObj::derives_from(const ClassObj* other) const {
  return std::find(mro.begin(), mro.end(), other) != mro.end();
}

std::shared_ptr<ClassObj> user_class_of(const Value& v) {
  if (v.is(ObjKind::Instance)) return v.as<InstanceObj>().cls;
  if (v.is(ObjKind::Exception)) return v.as<ExceptionObj>().cls;
  return nullptr;
}

bool class_isinstance(const Value& v, const ClassObj& cls) {
  auto c = user_class_of(v);
  if (!c) c = tuple_class_of(v);
  return c && c->derives_from(&cls);
}

// Attributes whose class defines __set_name__ learn the class and their
// name, as type.__new__ tells them (functools.cached_property needs it).
Value new_bare_instance(Interpreter& interp, std::shared_ptr<ClassObj> cls) {
  return Value::object(std::make_shared<InstanceObj>(std::move(cls), interp.state<ClassState>().next_serial++));
}

void notify_set_name(Interpreter& interp, ClassObj& cls, SourceRange where) {
  std::vector<std::pair<Value, Value>> entries(cls.dict->entries.begin(), cls.dict->entries.end());
  for (const auto& [key, value] : entries) {
    auto value_cls = user_class_of(value);
    if (!value_cls || !value.is(ObjKind::Instance)) continue;
    if (const Value* hook = value_cls->lookup("__set_name__")) interp.call(*hook, Values{value, cls.value(), key}, where);
  }
}

// typing.Generic, typing.Protocol and their subscripts (Generic[T]) as bases
// only declare types for a checker; at run time they add nothing a kernel
// file relies on, so the class is made without them.
static bool typing_only_base(Interpreter& interp, const Value& base) {
  if (!base.is(ObjKind::Record)) return false;
  const auto& rec = base.as<RecordObj>();
  for (const char* field : {"__repr__", "__origin__"}) {
    Value v = rec.get(field);
    if (v.is(ObjKind::Str) && (v.as<StrObj>().s == "typing.Generic" || v.as<StrObj>().s == "typing.Protocol"))
      return true;
  }
  (void)interp;
  return false;
}

// `class E(str, Enum)` and `class E(int, Enum)`: built-in types cannot be
// subclassed here, so the str or int base is replaced by enum's mixin class
// that gives members their value's comparisons and methods.
static void mixin_enum_bases(Interpreter& interp, std::vector<Value>& bases) {
  for (size_t i = 0; i + 1 < bases.size(); ++i) {
    if (!bases[i].is(ObjKind::Builtin)) continue;
    const std::string& tag = bases[i].as<BuiltinObj>().type_tag;
    if (tag != "str" && tag != "int") continue;
    const Value& next = bases[i + 1];
    if (!next.is(ObjKind::Class) || !next.as<ClassObj>().lookup("__class_hooks__")) continue;
    // enum's Enum keeps its mixin classes in `_mixins_` (enum_source.cpp).
    Value enum_module = interp.import_module("enum", {});
    const Value& enum_cls = enum_module.as<ModuleObj>().attrs.at("Enum");
    const Value* mixins = enum_cls.as<ClassObj>().lookup("_mixins_");
    const Value* mixin = mixins && mixins->is(ObjKind::Dict) ? mixins->as<DictObj>().find(make_str(tag)) : nullptr;
    if (mixin) bases[i] = *mixin;
  }
}

// class_def: decorators, then `class NAME(bases): body`. The body runs in an
// Env of its own (is_class) whose variables become the namespace.
void Interpreter::exec_class_def(const lang::ClassDef& node, const EnvPtr& env) {
  auto cls = std::make_shared<ClassObj>();
  cls->name = node.name;
  cls->qualname = env->qualname_prefix.empty() ? node.name : env->qualname_prefix + "." + node.name;
  bool named_tuple = false;
  std::vector<Value> base_values;
  for (const auto& b : node.bases) base_values.push_back(eval(*b, env));
  mixin_enum_bases(*this, base_values);
  for (size_t bi = 0; bi < node.bases.size(); ++bi) {
    const auto& b = node.bases[bi];
    Value base = base_values[bi];
    if (is_namedtuple_base(base)) {
      named_tuple = true;  // CPython's bases become (tuple,): nothing to record here
    } else if (base.is(ObjKind::Class)) {
      const auto& bc = base.as<ClassObj>();
      if (cls->exc_base.empty()) cls->exc_base = bc.exc_base;
      cls->bases.push_back(base);
    } else if (!exc_tag_name(base).empty()) {
      if (cls->exc_base.empty()) cls->exc_base = exc_tag_name(base);
      cls->bases.push_back(base);
    } else if (typing_only_base(*this, base)) {
      continue;
    } else if (!(base.is(ObjKind::Builtin) && base.as<BuiltinObj>().type_tag == "object")) {
      raise(ErrorId::unsupported_base, b->range, repr(base));  // int, list, dict, ...
    }
  }
  cls->mro = c3_mro(*cls, node.range);
  // `class C(TypedDict, total=False)`: the one class keyword the library takes.
  Value total;
  for (const auto& kw : node.keywords) {
    if (kw.arg != "total" || !cls->lookup("_is_typeddict")) raise(ErrorId::class_keyword, kw.range, node.name);
    total = eval(*kw.value, env);
  }
  auto body_env = std::make_shared<Env>();
  body_env->parent = env->is_class ? env->parent : env;  // class scopes do not nest
  body_env->scope = &node.scope;
  body_env->globals = env->globals ? env->globals : globals_.get();
  body_env->is_class = true;
  body_env->qualname_prefix = cls->qualname;
  auto module_name = body_env->globals->vars.find("__name__");
  body_env->vars["__module__"] = module_name != body_env->globals->vars.end() ? module_name->second : make_str("__main__");
  body_env->vars["__qualname__"] = make_str(cls->qualname);
  Value ignored;
  exec_block(node.body, body_env, ignored);
  // Insertion order as the body bound the names (the scope lists them so).
  std::vector<std::string> order{"__module__", "__qualname__", "__annotations__"};
  for (const std::string& n : node.scope.locals) order.push_back(n);
  for (const std::string& n : order) {
    auto it = body_env->vars.find(n);
    if (it == body_env->vars.end()) continue;
    const Value& v = it->second;
    const Value* fn = &v;
    if (v.is(ObjKind::Descriptor)) fn = &v.as<DescriptorObj>().func;
    if (fn->is(ObjKind::Function)) {
      auto& f = fn->as<FunctionObj>();
      if (f.closure == body_env->parent && !f.owner) f.owner = cls;
    }
    cls->dict->set(make_str(n), v);
  }
  release_members(body_env->vars);
  if (!total.is_none()) cls->dict->set(make_str("__total__"), total);
  apply_slots(*this, *cls, node.range);
  notify_set_name(*this, *cls, node.range);
  Value cls_value = cls->value();
  Value ignored_created;
  call_class_hook(*this, cls_value, "__class_created__", CallArgs{{}, {}, node.range}, ignored_created);
  if (named_tuple) make_namedtuple_class(*this, *cls, node.range);
  Value result = Value::object(cls);
  for (auto it = node.decorators.rbegin(); it != node.decorators.rend(); ++it) {
    Value decorator = eval(**it, env);
    current_range_ = (*it)->range;
    result = call(decorator, Values{result}, (*it)->range);
  }
  assign_name(node.name, result, env);
}

// super() with no arguments: the class the method was defined in and the
// method's first argument, as CPython's __class__ cell provides.
void Interpreter::super_arguments(const EnvPtr& env, CallArgs& args) {
  for (Env* e = env.get(); e && e != globals_.get() && e != env->globals; e = e->parent.get()) {
    auto it = e->vars.find("__class__");
    if (it == e->vars.end() || !e->scope) continue;
    if (e->scope->locals.empty()) raise(ErrorId::super_no_arguments, args.where);
    auto first = e->vars.find(e->scope->locals.front());
    if (first == e->vars.end()) raise(ErrorId::super_no_arguments, args.where);
    args.positional = {it->second, first->second};
    return;
  }
  raise(ErrorId::super_no_class_cell, args.where);
}

void Interpreter::setattr(const Value& obj, const std::string& name, const Value& value, SourceRange where) {
  if (class_setattr(*this, obj, name, value, where)) return;
  if (obj.is(ObjKind::Module)) {  // `mod.flag = True`, seen by mod's own functions
    auto& m = obj.as<ModuleObj>();
    (m.globals ? m.globals->vars : m.attrs)[name] = value;
    return;
  }
  raise(ErrorId::attribute_readonly, where, type_name(obj), name);
}

Value Interpreter::caught_value(const EngineError& e) {
  if (raised_.is(ObjKind::Exception)) {
    auto& x = raised_.as<ExceptionObj>();
    if (x.type == e.type && x.message == e.message) {
      x.traceback = e.traceback;
      return raised_;
    }
  }
  return exception_value(e);
}

bool class_getattr(Interpreter& interp, const Value& obj, const std::string& name, SourceRange where,
                   Value& out) {
  if (!obj.is_obj()) return false;
  switch (obj.obj()->kind) {
    case ObjKind::Tuple: {
      auto cls = tuple_class_of(obj);
      if (!cls) return false;
      if (name == "__class__") return (out = Value::object(cls)), true;
      const Value* found = cls->lookup(name);
      if (!found) return false;  // tuple's own count/index, or the AttributeError
      return (out = bind(interp, *found, obj, Value::object(cls), where)), true;
    }
    case ObjKind::Instance:
    case ObjKind::Exception: {
      auto cls = user_class_of(obj);
      if (!cls) return false;
      if (name == "__class__") return (out = Value::object(cls)), true;
      const auto& dict = obj.is(ObjKind::Instance) ? obj.as<InstanceObj>().dict : obj.as<ExceptionObj>().dict;
      if (name == "__dict__") {
        if (cls->slots) raise(ErrorId::no_attribute, where, cls->name, name);
        return (out = visible_instance_dict(*cls, dict)), true;
      }
      const Value* found = cls->lookup(name);
      // Properties win over the instance dict (data descriptors), then the dict.
      bool property = found && found->is(ObjKind::Descriptor) &&
                      found->as<DescriptorObj>().how == DescriptorObj::Kind::Property;
      if (!property) {
        if (const Value* v = dict->find(make_str(name))) return (out = *v), true;
      }
      if (found) return (out = bind(interp, *found, obj, Value::object(cls), where)), true;
      if (obj.is(ObjKind::Exception)) return false;  // args, ... from the built-in exception
      if (const Value* ga = cls->lookup("__getattr__"))
        return (out = interp.call(bind(interp, *ga, obj, Value::object(cls), where), Values{make_str(name)}, where)), true;
      raise(ErrorId::no_attribute, where, cls->name, name);
    }
    case ObjKind::Class: {
      const auto& cls = obj.as<ClassObj>();
      if (name == "__name__") return (out = make_str(cls.name)), true;
      if (name == "__qualname__") return (out = make_str(cls.qualname)), true;
      if (name == "__dict__") return (out = Value::object(cls.dict)), true;
      if (name == "__bases__")
        return (out = make_tuple(cls.bases.empty() ? Values{builtins_table().at("object")} : cls.bases)), true;
      if (name == "__mro__") {
        Values m;
        for (const ClassObj* c : cls.mro) m.push_back(c->value());
        if (cls.is_tuple_class || (!cls.mro.empty() && cls.mro.back()->is_tuple_class))
          m.push_back(builtins_table().at("tuple"));
        if (cls.exc_base.empty()) m.push_back(builtins_table().at("object"));
        return (out = make_tuple(m)), true;
      }
      if (const Value* v = cls.lookup(name)) return (out = bind(interp, *v, Value(), obj, where)), true;
      raise(ErrorId::class_no_attribute, where, cls.name, name);
    }
    case ObjKind::BoundMethod: {
      const auto& m = obj.as<BoundMethodObj>();
      if (name == "__self__") return (out = m.self), true;
      if (name == "__func__") return (out = m.func), true;
      return (out = interp.getattr(m.func, name, where)), true;
    }
    case ObjKind::Super: return (out = super_getattr(interp, obj.as<SuperObj>(), name, where)), true;
    case ObjKind::Descriptor: {
      const auto& d = obj.as<DescriptorObj>();
      if (name == "__func__" || name == "fget") return (out = d.func), true;
      if (name == "setter" && d.how == DescriptorObj::Kind::Property) {
        Value getter = d.func;
        out = make_builtin("property.setter", [getter](Interpreter&, CallArgs& a) {
          auto p = std::make_shared<DescriptorObj>(DescriptorObj::Kind::Property, getter);
          if (!a.positional.empty()) p->setter = a.positional[0];
          return Value::object(p);
        });
        return true;
      }
      return false;
    }
    default: return false;
  }
}

bool class_setattr(Interpreter& interp, const Value& obj, const std::string& name, const Value& value,
                   SourceRange where) {
  if (auto cls = user_class_of(obj); cls && cls->lookup("__setattr__")) {
    Value ignored;
    call_dunder(interp, obj, "__setattr__", Values{make_str(name), value}, ignored, where);
    return true;
  }
  return object_setattr(interp, obj, name, value, where);
}

bool object_setattr(Interpreter& interp, const Value& obj, const std::string& name, const Value& value,
                    SourceRange where) {
  if (obj.is(ObjKind::Class)) {
    CallArgs check;
    check.positional = {make_str(name), value};
    check.where = where;
    Value ignored;
    call_class_hook(interp, obj, "__check_setattr__", std::move(check), ignored);
    obj.as<ClassObj>().dict->set(make_str(name), value);
    return true;
  }
  if (obj.is(ObjKind::Function)) {
    auto& fn = obj.as<FunctionObj>();
    if (name == "__name__" && value.is(ObjKind::Str)) fn.name = value.as<StrObj>().s;
    if (name == "__qualname__" && value.is(ObjKind::Str)) fn.qualname = value.as<StrObj>().s;
    if (name == "__name__" || name == "__qualname__") return true;
    if (!fn.dict) fn.dict = std::make_shared<DictObj>();
    fn.dict->set(make_str(name), value);
    return true;
  }
  if (auto tuple_cls = tuple_class_of(obj)) {
    const Value* found = tuple_cls->lookup(name);
    if (found && found->is(ObjKind::Descriptor)) raise(ErrorId::namedtuple_set_attribute, where);
    raise(ErrorId::no_attribute, where, tuple_cls->name, name);
  }
  auto cls = user_class_of(obj);
  if (!cls) return false;
  if (const Value* found = cls->lookup(name); found && found->is(ObjKind::Descriptor) &&
                                              found->as<DescriptorObj>().how == DescriptorObj::Kind::Property) {
    const auto& p = found->as<DescriptorObj>();
    if (p.setter.is_none()) raise(ErrorId::property_no_setter, where, name, cls->name);
    interp.call(p.setter, Values{obj, value}, where);
    return true;
  }
  if (slots_refuse(*cls, name)) {
    if (cls->lookup(name)) raise(ErrorId::slots_read_only, where, cls->name, name);
    raise(ErrorId::no_attribute, where, cls->name, name);
  }
  const auto& dict = obj.is(ObjKind::Instance) ? obj.as<InstanceObj>().dict : obj.as<ExceptionObj>().dict;
  dict->set(make_str(name), value);
  return true;
}

bool call_class_hook(Interpreter& interp, const Value& cls, const char* name, CallArgs args, Value& out) {
  if (!cls.is(ObjKind::Class)) return false;
  const Value* hooks = cls.as<ClassObj>().lookup("__class_hooks__");
  if (!hooks || !hooks->is(ObjKind::Instance)) return false;
  auto hooks_cls = hooks->as<InstanceObj>().cls;
  const Value* m = hooks_cls->lookup(name);
  if (!m) return false;
  Value method = bind(interp, *m, *hooks, Value::object(hooks_cls), args.where);
  args.positional.insert(args.positional.begin(), cls);
  out = interp.call(method, std::move(args));
  return true;
}

bool call_dunder(Interpreter& interp, const Value& v, const char* name, Values args, Value& out,
                 SourceRange where) {
  auto cls = user_class_of(v);
  if (!cls) cls = tuple_class_of(v);
  if (!cls && v.is(ObjKind::Record)) {  // an engine record with the method (PartitionSpec's __len__)
    const auto& methods = v.as<RecordObj>().type->methods;
    auto m = methods.find(name);
    if (m == methods.end()) return false;
    CallArgs call;
    call.positional = std::move(args);
    call.where = where;
    out = m->second(interp, v, call);
    return true;
  }
  if (!cls) {
    CallArgs call;
    call.positional = std::move(args);
    call.where = where;
    return call_class_hook(interp, v, name, std::move(call), out);
  }
  const Value* m = cls->lookup(name);
  if (!m) return false;
  Value method = bind(interp, *m, v, Value::object(cls), where);
  out = interp.call(method, std::move(args), where);
  return true;
}

bool class_call(Interpreter& interp, const Value& callee, CallArgs& args, Value& out) {
  switch (callee.obj()->kind) {
    case ObjKind::Class:
      if (call_class_hook(interp, callee, "__call__", args, out) &&
          !(out.is(ObjKind::Builtin) && out.as<BuiltinObj>().name == "NotImplemented"))
        return true;
      out = instantiate(interp, callee, args);
      return true;
    case ObjKind::BoundMethod: {
      const auto& m = callee.as<BoundMethodObj>();
      args.positional.insert(args.positional.begin(), m.self);
      out = interp.call(m.func, std::move(args));
      return true;
    }
    case ObjKind::Descriptor:
      if (callee.as<DescriptorObj>().how == DescriptorObj::Kind::Property) return false;
      out = interp.call(callee.as<DescriptorObj>().func, std::move(args));
      return true;
    case ObjKind::Instance: {
      auto cls = callee.as<InstanceObj>().cls;
      const Value* m = cls->lookup("__call__");
      if (!m) return false;
      out = interp.call(bind(interp, *m, callee, Value::object(cls), args.where), std::move(args));
      return true;
    }
    default: return false;
  }
}

void add_class_builtins(std::unordered_map<std::string, Value>& t) {
  auto wrap = [&t](const char* name, DescriptorObj::Kind how) {
    t[name] = Value::object(std::make_shared<BuiltinObj>(name, [how, name](Interpreter&, CallArgs& a) {
      if (a.positional.size() != 1 && how != DescriptorObj::Kind::Property)
        raise(ErrorId::builtin_expected_at_least, a.where, name, 1, "", a.positional.size());
      auto d = std::make_shared<DescriptorObj>(how, a.positional.empty() ? Value() : a.positional[0]);
      if (how == DescriptorObj::Kind::Property && a.positional.size() > 1) d->setter = a.positional[1];
      return Value::object(d);
    }, name));
  };
  wrap("staticmethod", DescriptorObj::Kind::Static);
  wrap("classmethod", DescriptorObj::Kind::Class);
  wrap("property", DescriptorObj::Kind::Property);
  t["super"] = Value::object(std::make_shared<BuiltinObj>("super", [](Interpreter&, CallArgs& a) {
    if (a.positional.size() != 2 || !a.positional[0].is(ObjKind::Class))
      raise(ErrorId::super_no_arguments, a.where);
    auto start = std::static_pointer_cast<ClassObj>(a.positional[0].obj_ptr());
    const Value& self = a.positional[1];
    bool ok = self.is(ObjKind::Class) ? self.as<ClassObj>().derives_from(start.get()) : class_isinstance(self, *start);
    if (!ok) raise(ErrorId::super_bad_second_arg, a.where);
    return Value::object(std::make_shared<SuperObj>(start, self));
  }, "super"));
}

}  // namespace rungs::python
