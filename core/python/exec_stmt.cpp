// Statements. Each returns how it ended (Flow) so loops and functions can
// react to break/continue/return without C++ exceptions; Python exceptions
// are EngineError throws.
#include <algorithm>

#include "core/python/bytes_type.h"
#include "core/python/classes.h"
#include "core/python/exceptions.h"
#include "core/python/constant_sets.h"
#include "core/python/interpreter.h"
#include "core/python/iteration.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {
bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

// Limits must not be swallowed by `except:`, or a loop around a try could
// run forever past its budget.
bool is_fatal(const EngineError& e) {
  return e.id == ErrorId::step_limit || e.id == ErrorId::interrupted ||
         e.id == ErrorId::output_limit;
}

Interpreter::Flow Interpreter::exec_block(const lang::Body& body, const EnvPtr& env, Value& ret) {
  for (const auto& stmt : body) {
    Flow flow = exec(*stmt, env, ret);
    if (flow != Flow::Normal) return flow;
  }
  return Flow::Normal;
}

Interpreter::Flow Interpreter::exec(const lang::Stmt& stmt, const EnvPtr& env, Value& ret) {
  using lang::NodeKind;
  if (!dropped_generators_.empty()) close_dropped_generators();
  tick();
  current_range_ = stmt.range;
  if (!frames_.empty()) frames_.back().where = stmt.range;
  switch (stmt.kind) {
    case NodeKind::ExprStmt:
      eval(*static_cast<const lang::ExprStmt&>(stmt).value, env);
      return Flow::Normal;
    case NodeKind::Assign: {
      const auto& node = static_cast<const lang::Assign&>(stmt);
      Value value = eval(*node.value, env);
      for (const auto& target : node.targets) assign(*target, value, env);
      return Flow::Normal;
    }
    case NodeKind::AnnAssign: {
      const auto& node = static_cast<const lang::AnnAssign&>(stmt);
      if (node.value) assign(*node.target, eval(*node.value, env), env);
      if (env->is_class && node.target->kind == NodeKind::Name) record_annotation(node, env);
      return Flow::Normal;
    }
    case NodeKind::AugAssign: {
      const auto& node = static_cast<const lang::AugAssign&>(stmt);
      const lang::Expr& target = *node.target;
      if (target.kind == NodeKind::Subscript) {
        const auto& sub = static_cast<const lang::Subscript&>(target);
        Value container = eval(*sub.value, env);
        Value key = eval_subscript_key(*sub.slice, env);
        Value old = getitem(container, key, sub.range);
        Value rhs = eval(*node.value, env);
        current_range_ = stmt.range;
        setitem(container, key, binary_op(*this, node.op, old, rhs, stmt.range, true), sub.range);
      } else if (target.kind == NodeKind::Attribute) {
        const auto& attr = static_cast<const lang::Attribute&>(target);
        Value obj = eval(*attr.value, env);
        Value old = getattr(obj, attr.attr, attr.range);
        Value rhs = eval(*node.value, env);
        current_range_ = stmt.range;
        Value updated = binary_op(*this, node.op, old, rhs, stmt.range, true);
        setattr(obj, attr.attr, updated, attr.range);
      } else {
        Value old = eval(target, env);
        Value rhs = eval(*node.value, env);
        current_range_ = stmt.range;
        assign(target, binary_op(*this, node.op, old, rhs, stmt.range, true), env);
      }
      return Flow::Normal;
    }
    case NodeKind::FunctionDef:
      exec_function_def(static_cast<const lang::FunctionDef&>(stmt), env);
      return Flow::Normal;
    case NodeKind::ClassDef:
      exec_class_def(static_cast<const lang::ClassDef&>(stmt), env);
      return Flow::Normal;
    case NodeKind::Return: {
      const auto& node = static_cast<const lang::Return&>(stmt);
      ret = node.value ? eval(*node.value, env) : Value::none();
      return Flow::Return;
    }
    case NodeKind::Pass:
    case NodeKind::Global:
    case NodeKind::Nonlocal:
      return Flow::Normal;
    case NodeKind::Break: return Flow::Break;
    case NodeKind::Continue: return Flow::Continue;
    case NodeKind::If: {
      const auto& node = static_cast<const lang::If&>(stmt);
      Value test = eval(*node.test, env);
      current_range_ = node.test->range;
      return truthy(test) ? exec_block(node.body, env, ret) : exec_block(node.orelse, env, ret);
    }
    case NodeKind::For: return exec_for(static_cast<const lang::For&>(stmt), env, ret);
    case NodeKind::While: return exec_while(static_cast<const lang::While&>(stmt), env, ret);
    case NodeKind::Match: return exec_match(static_cast<const lang::Match&>(stmt), env, ret);
    case NodeKind::Try: return exec_try(static_cast<const lang::Try&>(stmt), env, ret);
    case NodeKind::Raise: exec_raise(static_cast<const lang::Raise&>(stmt), env);
    case NodeKind::Assert: {
      const auto& node = static_cast<const lang::Assert&>(stmt);
      Value test = eval(*node.test, env);
      current_range_ = node.range;
      if (!truthy(test)) {
        std::string msg = node.msg ? str(eval(*node.msg, env)) : "";
        raise(ErrorId::assertion_failed, node.range, msg);
      }
      return Flow::Normal;
    }
    case NodeKind::With: return exec_with(static_cast<const lang::With&>(stmt), env, ret);
    case NodeKind::Import:
    case NodeKind::ImportFrom:
      exec_import(stmt, env);
      return Flow::Normal;
    case NodeKind::Delete:
      for (const auto& target : static_cast<const lang::Delete&>(stmt).targets)
        delete_target(*target, env);
      return Flow::Normal;
    default:
      raise(ErrorId::unsupported_feature, stmt.range, lang::node_kind_name(stmt.kind));
  }
}

Interpreter::Flow Interpreter::exec_for(const lang::For& node, const EnvPtr& env, Value& ret) {
  Value iterable = iteration_source(*this, *node.iter, env);
  current_range_ = node.iter->range;
  Iterator it = make_iterator(*this, iterable, node.iter->range);
  Value item;
  while (it(item)) {
    assign(*node.target, item, env);
    Flow flow = exec_block(node.body, env, ret);
    if (flow == Flow::Break) return Flow::Normal;
    if (flow == Flow::Return) return flow;
  }
  return exec_block(node.orelse, env, ret);
}

Interpreter::Flow Interpreter::exec_while(const lang::While& node, const EnvPtr& env, Value& ret) {
  while (true) {
    tick();
    Value test = eval(*node.test, env);
    current_range_ = node.test->range;
    if (!truthy(test)) break;
    Flow flow = exec_block(node.body, env, ret);
    if (flow == Flow::Break) return Flow::Normal;
    if (flow == Flow::Return) return flow;
  }
  return exec_block(node.orelse, env, ret);
}

// The handler of `node` that catches `e` (whose object is `exc`), or null.
const lang::ExceptHandler* Interpreter::match_handler(const lang::Try& node, const EngineError& e,
                                                      const Value& exc, const EnvPtr& env) {
  if (is_fatal(e)) return nullptr;
  auto exc_cls = user_class_of(exc);
  for (const auto& h : node.handlers) {
    if (!h.type) return &h;
    Value type = eval(*h.type, env);
    Values types = type.is(ObjKind::Tuple) ? type.as<TupleObj>().items : Values{type};
    bool match = false;
    for (const Value& t : types) {
      if (t.is(ObjKind::Class) && !t.as<ClassObj>().exc_base.empty()) {
        if (exc_cls && exc_cls->derives_from(&t.as<ClassObj>())) match = true;
        continue;
      }
      if (!t.is(ObjKind::Builtin) || t.as<BuiltinObj>().type_tag.rfind("exc:", 0) != 0)
        raise(ErrorId::catching_non_exception, h.type->range);
      const std::string& type = exc_cls ? exc_cls->exc_base : e.type;
      if (exception_is_subclass(type, t.as<BuiltinObj>().type_tag.substr(4))) match = true;
    }
    if (match) return &h;
  }
  return nullptr;
}

Interpreter::Flow Interpreter::exec_try(const lang::Try& node, const EnvPtr& env, Value& ret) {
  Flow flow = Flow::Normal;
  bool pending = false;  // an exception waits for `finally` to finish
  EngineError pending_error(ErrorId::internal_error, "", "", {});
  try {
    flow = exec_block(node.body, env, ret);
    if (flow == Flow::Normal) flow = exec_block(node.orelse, env, ret);
  } catch (EngineError& e) {
    annotate(e);
    Value exc = is_fatal(e) ? Value() : caught_value(e);
    const lang::ExceptHandler* handler = match_handler(node, e, exc, env);
    if (!handler) {
      pending = true;
      pending_error = e;
    } else {
      raised_ = Value();  // handled: a later error with the same text is a new one
      if (!handler->name.empty()) assign_name(handler->name, exc, env);
      handling_.push_back(exc);
      try {
        flow = exec_block(handler->body, env, ret);
      } catch (EngineError& inner) {
        annotate(inner);
        handling_.pop_back();
        pending = true;
        pending_error = inner;
      }
      if (!pending) handling_.pop_back();
      if (!handler->name.empty()) env->vars.erase(handler->name);
    }
  }
  if (!node.finalbody.empty()) {
    Value final_ret;
    Flow final_flow = exec_block(node.finalbody, env, final_ret);
    if (final_flow != Flow::Normal) {  // `return` in finally wins, as in Python
      ret = final_ret;
      return final_flow;
    }
  }
  if (pending) throw pending_error;
  return flow;
}

// Engine context managers are records whose __exit__ takes one flag
// (failed); a user class's __exit__ gets CPython's (type, value, traceback).
Values Interpreter::enter_managers(const lang::With& node, const EnvPtr& env) {
  Values managers;
  for (const auto& item : node.items) {
    Value manager = eval(*item.context_expr, env);
    bool user = user_class_of(manager) && user_class_of(manager)->lookup("__enter__") &&
                user_class_of(manager)->lookup("__exit__");
    if (!user && (!manager.is(ObjKind::Record) || !manager.as<RecordObj>().type->methods.count("__enter__")))
      raise(ErrorId::not_a_context_manager, item.context_expr->range, type_name(manager));
    Value entered;
    if (user) {
      call_dunder(*this, manager, "__enter__", {}, entered, item.context_expr->range);
    } else {
      CallArgs none;
      none.where = item.context_expr->range;
      entered = manager.as<RecordObj>().type->methods.at("__enter__")(*this, manager, none);
    }
    if (item.optional_vars) assign(*item.optional_vars, entered, env);
    managers.push_back(manager);
  }
  return managers;
}

// Calls every manager's __exit__, innermost first; true when one suppresses
// `error`.
bool Interpreter::exit_managers(const lang::With& node, const Values& managers, const EngineError* error) {
  bool suppress = false;
  for (auto it = managers.rbegin(); it != managers.rend(); ++it) {
    Value r;
    if (user_class_of(*it) && !it->is(ObjKind::Record)) {
      Values args{Value::none(), Value::none(), Value::none()};
      if (error) {
        args[1] = caught_value(*error);
        auto cls = user_class_of(args[1]);
        args[0] = cls ? cls->value() : exception_class(error->type);
      }
      call_dunder(*this, *it, "__exit__", std::move(args), r, node.range);
    } else {
      CallArgs a;
      a.positional = {Value::boolean(error != nullptr)};
      a.where = node.range;
      r = it->as<RecordObj>().type->methods.at("__exit__")(*this, *it, a);
    }
    suppress = suppress || truthy(r);
  }
  return suppress;
}

Interpreter::Flow Interpreter::exec_with(const lang::With& node, const EnvPtr& env, Value& ret) {
  Values managers = enter_managers(node, env);
  Flow flow;
  try {
    flow = exec_block(node.body, env, ret);
  } catch (EngineError& e) {
    annotate(e);
    // __exit__ may raise and handle exceptions of its own (a @contextmanager
    // throws the body's exception into its generator); the body's exception
    // object must be the one that propagates, user class and all.
    Value body_exception = raised_;
    if (exit_managers(node, managers, &e) && !is_fatal(e)) return Flow::Normal;
    raised_ = body_exception;
    throw;
  }
  exit_managers(node, managers, nullptr);
  return flow;
}

void Interpreter::exec_raise(const lang::Raise& node, const EnvPtr& env) {
  if (!node.exc) {
    if (handling_.empty()) raise(ErrorId::no_active_exception, node.range);
    raised_ = handling_.back();
    throw error_from_exception(handling_.back().as<ExceptionObj>(),
                               handling_.back().as<ExceptionObj>().where);
  }
  Value exc = eval(*node.exc, env);
  Value cause = node.cause ? eval(*node.cause, env) : Value();
  current_range_ = node.range;
  if ((exc.is(ObjKind::Builtin) && exc.as<BuiltinObj>().type_tag.rfind("exc:", 0) == 0) ||
      (exc.is(ObjKind::Class) && !exc.as<ClassObj>().exc_base.empty()))
    exc = call(exc, Values{}, node.range);
  if (!exc.is(ObjKind::Exception)) raise(ErrorId::exceptions_must_derive, node.exc->range);
  auto& e = exc.as<ExceptionObj>();
  if (node.cause) {
    if (!cause.is_none() && !cause.is(ObjKind::Exception)) raise(ErrorId::exception_cause_type, node.cause->range);
    if (!e.dict) e.dict = std::make_shared<DictObj>();
    e.dict->set(make_str("__cause__"), cause);
  }
  // A user __str__ gives the text the traceback shows.
  if (e.cls) e.message = str(exc);
  raised_ = exc;
  EngineError error(e.id, e.type, e.message, node.range);
  throw error;
}

void Interpreter::exec_function_def(const lang::FunctionDef& node, const EnvPtr& env) {
  Value fn = make_function(&node, nullptr, env);
  // Decorators apply innermost (last written) first.
  for (auto it = node.decorators.rbegin(); it != node.decorators.rend(); ++it) {
    Value decorator = eval(**it, env);
    current_range_ = (*it)->range;
    fn = call(decorator, Values{fn}, (*it)->range);
  }
  assign_name(node.name, fn, env);
}

void Interpreter::exec_import(const lang::Stmt& stmt, const EnvPtr& env) {
  if (stmt.kind == lang::NodeKind::Import) {
    for (const auto& alias : static_cast<const lang::Import&>(stmt).names) {
      Value module = import_module(alias.name, alias.range);
      if (!alias.asname.empty()) {
        assign_name(alias.asname, module, env);
      } else {
        std::string top = alias.name.substr(0, alias.name.find('.'));
        assign_name(top, import_module(top, alias.range), env);
      }
    }
    return;
  }
  const auto& node = static_cast<const lang::ImportFrom&>(stmt);
  // `from . import x` resolves against this module's __package__; the main
  // program has none unless it runs as a package's module (ProgramFiles).
  std::string dotted = node.level > 0 ? relative_base(node.module, node.level, env, node.range) : node.module;
  Value module = import_module(dotted, node.range);
  const ModuleObj* m = module.is(ObjKind::Module) ? &module.as<ModuleObj>() : nullptr;
  for (const auto& alias : node.names) {
    if (alias.name == "*") {
      if (m) for (const auto& [k, v] : star_names(*m)) assign_name(k, v, env);
      continue;
    }
    Value value;
    try {
      value = getattr(module, alias.name, alias.range);
    } catch (EngineError& e) {
      // A submodule that exists and failed reports its own error.
      if (m && e.id != ErrorId::module_no_attribute && e.id != ErrorId::no_attribute) throw;
      // As CPython: try the submodule; when it exists but its own imports
      // fail (`import hypothesis` inside it), that error is the one to show.
      if (m) {
        std::string sub = dotted + "." + alias.name;
        try {
          value = import_module(sub, alias.range);
          assign_name(alias.asname.empty() ? alias.name : alias.asname, value, env);
          continue;
        } catch (EngineError& inner) {
          if (inner.id != ErrorId::no_module || inner.message != "No module named '" + sub + "'") throw;
        }
      }
      std::string location = "unknown location";
      if (m && m->globals && m->globals->vars.count("__file__")) location = str(m->globals->vars["__file__"]);
      raise(ErrorId::cannot_import_name, alias.range, alias.name, dotted, location);
    }
    assign_name(alias.asname.empty() ? alias.name : alias.asname, value, env);
  }
}

// `from m import *`: the names in m.__all__, or else every name not
// starting with an underscore.
std::vector<std::pair<std::string, Value>> Interpreter::star_names(const ModuleObj& m) {
  std::vector<std::pair<std::string, Value>> out;
  const auto& attrs = m.globals ? m.globals->vars : m.attrs;
  auto all = attrs.find("__all__");
  if (all != attrs.end()) {
    for (const Value& name : iterate(all->second)) {
      std::string n = str(name);
      auto it = attrs.find(n);
      if (it == attrs.end()) raise(ErrorId::module_no_attribute, current_range_, m.name, n);
      out.emplace_back(n, it->second);
    }
    return out;
  }
  for (const auto& [k, v] : attrs)
    if (k.empty() || k[0] != '_') out.emplace_back(k, v);
  return out;
}

// A class body's `name: T` lands in its __annotations__ (dataclasses and
// NamedTuple read the fields from there). Annotations are never evaluated
// (core/python/module_typing.cpp), so each is kept as its source text, as
// under `from __future__ import annotations`.
void Interpreter::record_annotation(const lang::AnnAssign& node, const EnvPtr& env) {
  Value& slot = env->vars["__annotations__"];
  if (!slot.is(ObjKind::Dict)) slot = Value::object(std::make_shared<DictObj>());
  const lang::Expr& ann = *node.annotation;
  std::string text = ann.kind == lang::NodeKind::Constant &&
                             static_cast<const lang::Constant&>(ann).value_kind == lang::ConstantKind::Str
                         ? static_cast<const lang::Constant&>(ann).str_value
                     : module_ ? source_slice(module_->source, ann.range)
                               : "";
  slot.as<DictObj>().set(make_str(static_cast<const lang::Name&>(*node.target).id), make_str(text));
}

// The text a range covers (columns count code points, as SourceRange's do).
std::string source_slice(const std::string& source, SourceRange r) {
  std::string out;
  int line = 1, col = 1;
  for (size_t i = 0; i < source.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(source[i]);
    bool after_start = line > r.line || (line == r.line && col >= r.col);
    bool before_end = line < r.end_line || (line == r.end_line && col < r.end_col);
    if (after_start && before_end) out += source[i];
    if (c == '\n') {
      ++line;
      col = 1;
    } else if (i + 1 >= source.size() || (static_cast<unsigned char>(source[i + 1]) & 0xC0) != 0x80) {
      ++col;  // the next byte starts a new code point
    }
  }
  return out;
}

void Interpreter::assign_name(const std::string& name, const Value& value, const EnvPtr& env) {
  if (env->scope) {
    if (contains(env->scope->globals, name)) {
      (env->globals ? env->globals : globals_.get())->vars[name] = value;
      return;
    }
    if (contains(env->scope->nonlocals, name)) {
      for (Env* e = env->parent.get(); e && e != globals_.get() && e != env->globals; e = e->parent.get()) {
        if (e->vars.count(name) || (e->scope && contains(e->scope->locals, name))) {
          e->vars[name] = value;
          return;
        }
      }
    }
  }
  env->vars[name] = value;
}

Value Interpreter::lookup(const std::string& name, const EnvPtr& env, SourceRange where) {
  auto found = env->vars.find(name);
  if (found != env->vars.end()) return found->second;
  if (env->scope && env.get() != env->globals && env.get() != globals_.get() && !env->is_class && contains(env->scope->locals, name) &&
      !contains(env->scope->globals, name) && !contains(env->scope->nonlocals, name))
    raise(ErrorId::unbound_local, where, name);
  for (Env* e = env->parent.get(); e; e = e->parent.get()) {
    auto it = e->vars.find(name);
    if (it != e->vars.end()) return it->second;
  }
  Env* module_globals = env->globals ? env->globals : globals_.get();
  auto g = module_globals->vars.find(name);
  if (g != module_globals->vars.end()) return g->second;
  if (name == "bytes") return bytes_class(*this);  // a Python class (bytes_type.h)
  if (name == "__rungs_bytes__") return bytes_literal_builder(*this);  // what b"..." calls
  const auto& builtins = builtins_table();
  auto b = builtins.find(name);
  if (b != builtins.end()) return b->second;
  raise(ErrorId::name_not_defined, where, name);
}

// Targets: names, unpacking (one starred), subscripts and attributes.
void Interpreter::assign(const lang::Expr& target, const Value& value, const EnvPtr& env) {
  using lang::NodeKind;
  switch (target.kind) {
    case NodeKind::Name:
      assign_name(static_cast<const lang::Name&>(target).id, value, env);
      return;
    case NodeKind::Tuple:
    case NodeKind::List: {
      const auto& elts = target.kind == NodeKind::Tuple
                             ? static_cast<const lang::Tuple&>(target).elts
                             : static_cast<const lang::List&>(target).elts;
      if (!is_iterable(value)) raise(ErrorId::cannot_unpack, target.range, type_name(value));
      Values items = iterate(value);
      int star = -1;
      for (size_t i = 0; i < elts.size(); ++i)
        if (elts[i]->kind == NodeKind::Starred) star = static_cast<int>(i);
      if (star < 0) {
        if (items.size() > elts.size()) raise(ErrorId::too_many_values, target.range, elts.size());
        if (items.size() < elts.size())
          raise(ErrorId::not_enough_values, target.range, elts.size(), items.size());
        for (size_t i = 0; i < elts.size(); ++i) assign(*elts[i], items[i], env);
        return;
      }
      size_t fixed = elts.size() - 1;
      if (items.size() < fixed)
        raise(ErrorId::not_enough_values_star, target.range, fixed, items.size());
      size_t after = elts.size() - static_cast<size_t>(star) - 1;
      for (int i = 0; i < star; ++i) assign(*elts[i], items[i], env);
      Values middle(items.begin() + star, items.end() - static_cast<std::ptrdiff_t>(after));
      assign(*static_cast<const lang::Starred&>(*elts[star]).value, make_list(middle), env);
      for (size_t i = 0; i < after; ++i)
        assign(*elts[star + 1 + i], items[items.size() - after + i], env);
      return;
    }
    case NodeKind::Subscript: {
      const auto& node = static_cast<const lang::Subscript&>(target);
      Value container = eval(*node.value, env);
      Value key = eval_subscript_key(*node.slice, env);
      current_range_ = node.range;
      setitem(container, key, value, node.range);
      return;
    }
    case NodeKind::Attribute: {
      const auto& node = static_cast<const lang::Attribute&>(target);
      Value obj = eval(*node.value, env);
      current_range_ = node.range;
      setattr(obj, node.attr, value, node.range);
      return;
    }
    case NodeKind::Starred:
      raise(ErrorId::unsupported_feature, target.range, "a starred assignment target outside a tuple");
    default:
      raise(ErrorId::unsupported_feature, target.range, "this assignment target");
  }
}

// del obj.name: from an instance's, a class's or a function's attributes.
// A class with hooks (enum) may refuse first.
void delete_attribute(Interpreter& ip, const Value& obj, const std::string& name, SourceRange where) {
  std::shared_ptr<DictObj> dict;
  if (obj.is(ObjKind::Instance)) dict = obj.as<InstanceObj>().dict;
  if (obj.is(ObjKind::Function)) dict = obj.as<FunctionObj>().dict;
  if (obj.is(ObjKind::Class)) {
    CallArgs check{{make_str(name)}, {}, where};
    Value ignored;
    call_class_hook(ip, obj, "__check_delattr__", std::move(check), ignored);
    dict = obj.as<ClassObj>().dict;
  }
  if (!dict && !obj.is(ObjKind::Function)) raise(ErrorId::unsupported_feature, where, "deleting this attribute");
  if (auto cls = user_class_of(obj); cls && cls->slots && obj.is(ObjKind::Instance) && !dict->find(make_str(name)) &&
                                      !slots_refuse(*cls, name))
    raise(ErrorId::slots_delete_unset, where, name);  // CPython 3.11's member descriptor says only the name
  if (!dict || !dict->erase(make_str(name))) {
    if (obj.is(ObjKind::Class)) raise(ErrorId::class_no_attribute, where, obj.as<ClassObj>().name, name);
    raise(ErrorId::no_attribute, where, type_name(obj), name);
  }
}

void Interpreter::delete_target(const lang::Expr& target, const EnvPtr& env) {
  if (target.kind == lang::NodeKind::Name) {
    const std::string& name = static_cast<const lang::Name&>(target).id;
    if (!env->vars.erase(name)) raise(ErrorId::name_not_defined, target.range, name);
    return;
  }
  if (target.kind == lang::NodeKind::Subscript) {
    const auto& node = static_cast<const lang::Subscript&>(target);
    Value container = eval(*node.value, env);
    Value key = eval_subscript_key(*node.slice, env);
    delitem(*this, container, key, node.range);
    return;
  }
  if (target.kind == lang::NodeKind::Tuple || target.kind == lang::NodeKind::List) {
    const auto& elts = target.kind == lang::NodeKind::Tuple
                           ? static_cast<const lang::Tuple&>(target).elts
                           : static_cast<const lang::List&>(target).elts;
    for (const auto& e : elts) delete_target(*e, env);
    return;
  }
  if (target.kind == lang::NodeKind::Attribute) {
    const auto& node = static_cast<const lang::Attribute&>(target);
    delete_attribute(*this, eval(*node.value, env), node.attr, node.attr_range);
    return;
  }
  raise(ErrorId::unsupported_feature, target.range, "deleting this target");
}


}  // namespace rungs::python
