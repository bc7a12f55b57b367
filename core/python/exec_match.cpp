// The match statement (PEP 634) as CPython 3.11 runs it: cases are tried in
// order, a pattern's captures are bound once the whole pattern matched (then
// the guard runs, seeing them), and the first case whose pattern and guard
// succeed runs its block. Sequence patterns take lists, tuples and ranges
// (never str); mapping patterns take dicts; class patterns check isinstance
// and read attributes, positionals through __match_args__ (the built-in
// types bool, int, float, str, list, tuple, dict, set and frozenset match a
// single positional against the subject itself).
#include "core/lang/ast.h"
#include "core/python/classes.h"
#include "core/python/interpreter.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {
using Bindings = std::vector<std::pair<std::string, Value>>;

bool self_matching(const Value& cls) {
  if (!cls.is(ObjKind::Builtin)) return false;
  const std::string& tag = cls.as<BuiltinObj>().type_tag;
  for (const char* t : {"bool", "int", "float", "str", "list", "tuple", "dict", "set", "frozenset", "bytes"})
    if (tag == t) return true;
  return false;
}

bool is_type(const Value& v) {
  return v.is(ObjKind::Class) || (v.is(ObjKind::Builtin) && !v.as<BuiltinObj>().type_tag.empty());
}

class Matcher {
 public:
  Matcher(Interpreter& ip, const EnvPtr& env) : ip_(ip), env_(env) {}

  bool match(const lang::Pattern& p, const Value& v, Bindings& out) {
    using K = lang::PatternKind;
    switch (p.kind) {
      case K::Wildcard: return true;
      case K::Capture:
      case K::Star:
        if (!p.name.empty()) out.emplace_back(p.name, v);
        return true;
      case K::As:
        if (!match(*p.items[0], v, out)) return false;
        out.emplace_back(p.name, v);
        return true;
      case K::Literal: return literal(p, v);
      case K::Value: return equal(ip_.eval(*p.value, env_), v, p.range);
      case K::Or:
        for (const auto& alt : p.items) {
          Bindings tried;
          if (match(*alt, v, tried)) {
            out.insert(out.end(), tried.begin(), tried.end());
            return true;
          }
        }
        return false;
      case K::Sequence: return sequence(p, v, out);
      case K::Mapping: return mapping(p, v, out);
      case K::Class: return class_pattern(p, v, out);
    }
    return false;
  }

 private:
  bool equal(const Value& want, const Value& v, SourceRange where) {
    return ip_.truthy(compare_op(ip_, lang::CmpOpKind::Eq, v, want, where));
  }

  // None, True and False compare by identity; other literals with ==.
  bool literal(const lang::Pattern& p, const Value& v) {
    Value want = ip_.eval(*p.value, env_);
    if (want.is_none()) return v.is_none();
    if (want.is_bool()) return v.is_bool() && v.as_int() == want.as_int();
    return equal(want, v, p.range);
  }

  bool sequence(const lang::Pattern& p, const Value& v, Bindings& out) {
    if (!(v.is(ObjKind::List) || v.is(ObjKind::Tuple) || v.is(ObjKind::Range))) return false;
    Values items = ip_.iterate(v);
    size_t star = p.items.size();
    for (size_t i = 0; i < p.items.size(); ++i)
      if (p.items[i]->kind == lang::PatternKind::Star) star = i;
    if (star == p.items.size()) {
      if (items.size() != p.items.size()) return false;
      for (size_t i = 0; i < items.size(); ++i)
        if (!match(*p.items[i], items[i], out)) return false;
      return true;
    }
    size_t after = p.items.size() - star - 1;
    if (items.size() < star + after) return false;
    for (size_t i = 0; i < star; ++i)
      if (!match(*p.items[i], items[i], out)) return false;
    size_t rest_end = items.size() - after;
    Values rest(items.begin() + static_cast<std::ptrdiff_t>(star), items.begin() + static_cast<std::ptrdiff_t>(rest_end));
    if (!match(*p.items[star], make_list(std::move(rest)), out)) return false;
    for (size_t i = 0; i < after; ++i)
      if (!match(*p.items[star + 1 + i], items[rest_end + i], out)) return false;
    return true;
  }

  bool mapping(const lang::Pattern& p, const Value& v, Bindings& out) {
    if (!v.is(ObjKind::Dict)) return false;
    const DictObj& d = v.as<DictObj>();
    std::vector<Value> keys;
    for (size_t i = 0; i < p.keys.size(); ++i) {
      Value key = ip_.eval(*p.keys[i], env_);
      const Value* found = d.find(key);
      if (!found) return false;
      Value item = *found;
      if (!match(*p.items[i], item, out)) return false;
      keys.push_back(key);
    }
    if (!p.name.empty()) {
      auto rest = std::make_shared<DictObj>();
      for (const auto& [k, val] : d.entries) {
        bool taken = false;
        for (const Value& key : keys) taken = taken || py_equal(ip_, k, key);
        if (!taken) rest->set(k, val);
      }
      out.emplace_back(p.name, Value::object(rest));
    }
    return true;
  }

  // getattr that reports a missing attribute as no match.
  bool attribute(const Value& v, const std::string& name, SourceRange where, Value& out) {
    try {
      out = ip_.getattr(v, name, where);
      return true;
    } catch (EngineError& e) {
      if (e.type != "AttributeError") throw;
      return false;
    }
  }

  bool class_pattern(const lang::Pattern& p, const Value& v, Bindings& out) {
    Value cls = ip_.eval(*p.value, env_);
    if (!is_type(cls)) raise(ErrorId::match_not_type, p.value->range);
    Value isinstance = builtins_table().at("isinstance");
    if (!ip_.truthy(ip_.call(isinstance, Values{v, cls}, p.range))) return false;
    std::string cls_name = cls.is(ObjKind::Class) ? cls.as<ClassObj>().name : cls.as<BuiltinObj>().name;
    if (!p.items.empty()) {
      if (self_matching(cls)) {
        if (p.items.size() > 1)
          raise(ErrorId::match_positional_count, p.range, cls_name, 1, "", p.items.size());
        if (!match(*p.items[0], v, out)) return false;
      } else {
        Value args;
        Values names;
        if (attribute(cls, "__match_args__", p.range, args)) {
          if (!args.is(ObjKind::Tuple)) raise(ErrorId::match_args_not_tuple, p.range, cls_name, type_name(args));
          names = args.as<TupleObj>().items;
        }
        if (p.items.size() > names.size())
          raise(ErrorId::match_positional_count, p.range, cls_name, names.size(), names.size() == 1 ? "" : "s",
                p.items.size());
        for (size_t i = 0; i < p.items.size(); ++i) {
          Value attr;
          if (!attribute(v, ip_.str(names[i]), p.range, attr) || !match(*p.items[i], attr, out)) return false;
        }
      }
    }
    for (size_t i = 0; i < p.kwd_names.size(); ++i) {
      Value attr;
      if (!attribute(v, p.kwd_names[i], p.range, attr) || !match(*p.kwd_items[i], attr, out)) return false;
    }
    return true;
  }

  Interpreter& ip_;
  const EnvPtr& env_;
};
}  // namespace

Interpreter::Flow Interpreter::exec_match(const lang::Match& node, const EnvPtr& env, Value& ret) {
  Value subject = eval(*node.subject, env);
  Matcher matcher(*this, env);
  for (const lang::MatchCase& c : node.cases) {
    current_range_ = c.pattern->range;
    Bindings bound;
    if (!matcher.match(*c.pattern, subject, bound)) continue;
    for (const auto& [name, value] : bound) assign_name(name, value, env);
    if (c.guard) {
      Value ok = eval(*c.guard, env);
      current_range_ = c.guard->range;
      if (!truthy(ok)) continue;
    }
    return exec_block(c.body, env, ret);
  }
  return Flow::Normal;
}

}  // namespace rungs::python
