// Expressions. Operators, attribute access and subscripting of particular
// types live in operators.cpp / attributes.cpp; this file walks the tree and
// keeps `current_range_` on the construct being evaluated so errors raised
// deep in library code still point at the right place.
#include "core/python/exceptions.h"
#include "core/python/generators.h"
#include "core/python/interpreter.h"
#include "core/python/iteration.h"
#include "core/python/mapping_update.h"
#include "core/python/namespaces.h"
#include "core/python/operators.h"
#include "core/python/str_format.h"
#include "core/python/value_ops.h"

#include <cctype>

#include "core/python/constant_sets.h"
#include "core/python/int_value.h"

namespace rungs::python {

namespace {
// An int literal beyond int64, from its source text (0x/0o/0b, underscores).
Value big_literal(const std::string& text) {
  std::string digits;
  int base = 10;
  size_t start = 0;
  if (text.size() > 2 && text[0] == '0' && std::isalpha(static_cast<unsigned char>(text[1]))) {
    char p = static_cast<char>(std::tolower(static_cast<unsigned char>(text[1])));
    base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    start = 2;
  }
  for (size_t i = start; i < text.size(); ++i)
    if (text[i] != '_') digits += text[i];
  return make_int(BigInt::from_digits(digits, base));
}

// The frozenset constant CPython compiles for a display of constants.
// The compiler's constant merging (merge_consts_recursive) rebuilds it from
// its own iteration order, so the elements are added twice over.
SetObj& constant_frozenset_into(SetObj& rebuilt, const Values& items) {
  SetObj folded;
  for (const Value& v : items) folded.add(v);
  for (const Value& v : folded.ordered()) rebuilt.add(v);
  rebuilt.frozen = true;
  return rebuilt;
}

// What CPython's AST optimizer folds into a constant: literals, unary and
// binary operators on them, tuples of them.
bool folds_to_constant(const lang::Expr& e) {
  switch (e.kind) {
    case lang::NodeKind::Constant: return true;
    case lang::NodeKind::UnaryOp: return folds_to_constant(*static_cast<const lang::UnaryOp&>(e).operand);
    case lang::NodeKind::BinOp: {
      const auto& b = static_cast<const lang::BinOp&>(e);
      return folds_to_constant(*b.left) && folds_to_constant(*b.right);
    }
    case lang::NodeKind::Tuple:
      for (const auto& item : static_cast<const lang::Tuple&>(e).elts)
        if (!folds_to_constant(*item)) return false;
      return true;
    default: return false;
  }
}

// {a, b, c}: CPython 3.11 compiles a display of more than two constants to
// a frozenset constant merged into a new set (set_merge), which can lay the
// table out differently from adding the elements once.
Value set_display(const lang::Set& node, const Values& items) {
  auto set = std::make_shared<SetObj>();
  bool constant = items.size() > 2;
  for (const auto& e : node.elts) constant = constant && folds_to_constant(*e);
  if (!constant) {
    for (const Value& v : items) set->add(v);
    return Value::object(set);
  }
  SetObj frozen;
  set->merge(constant_frozenset_into(frozen, items));
  return Value::object(set);
}

Value constant_value(const lang::Constant& c) {
  switch (c.value_kind) {
    case lang::ConstantKind::None: return Value::none();
    case lang::ConstantKind::True: return Value::boolean(true);
    case lang::ConstantKind::False: return Value::boolean(false);
    case lang::ConstantKind::Int:
      if (!c.str_value.empty()) return big_literal(c.str_value);
      return Value::integer(c.int_value);
    case lang::ConstantKind::Float: return Value::floating(c.float_value);
    case lang::ConstantKind::Str: return make_str(c.str_value);
    case lang::ConstantKind::Ellipsis: return ellipsis_value();
  }
  return Value::none();
}
}  // namespace

Value Interpreter::eval(const lang::Expr& expr, const EnvPtr& env) {
  if (replay_) return eval_replayed(expr, env);  // a generator's statement (generators.cpp)
  return eval_node(expr, env);
}

Value Interpreter::eval_node(const lang::Expr& expr, const EnvPtr& env) {
  using lang::NodeKind;
  current_range_ = expr.range;
  switch (expr.kind) {
    case NodeKind::Name: return lookup(static_cast<const lang::Name&>(expr).id, env, expr.range);
    case NodeKind::Constant: return constant_value(static_cast<const lang::Constant&>(expr));
    case NodeKind::JoinedStr: return eval_fstring(static_cast<const lang::JoinedStr&>(expr), env);
    case NodeKind::Tuple:
    case NodeKind::List:
    case NodeKind::Set: {
      const auto& elts = expr.kind == NodeKind::Tuple ? static_cast<const lang::Tuple&>(expr).elts
                         : expr.kind == NodeKind::List ? static_cast<const lang::List&>(expr).elts
                                                       : static_cast<const lang::Set&>(expr).elts;
      Values items;
      items.reserve(elts.size());
      for (const auto& e : elts) {
        if (e->kind == NodeKind::Starred) {
          Value inner = eval(*static_cast<const lang::Starred&>(*e).value, env);
          Values expanded = iterate(inner);
          items.insert(items.end(), expanded.begin(), expanded.end());
        } else {
          items.push_back(eval(*e, env));
        }
      }
      if (expr.kind == NodeKind::Tuple) return make_tuple(std::move(items));
      if (expr.kind == NodeKind::List) return make_list(std::move(items));
      return set_display(static_cast<const lang::Set&>(expr), items);
    }
    case NodeKind::Dict: {
      const auto& node = static_cast<const lang::Dict&>(expr);
      auto dict = std::make_shared<DictObj>();
      for (size_t i = 0; i < node.values.size(); ++i) {
        if (!node.keys[i]) {
          Value other = eval(*node.values[i], env);
          if (auto converted = dict_of_user_mapping(*this, other, node.values[i]->range)) other = Value::object(converted);
          if (!other.is(ObjKind::Dict))
            raise(ErrorId::kwargs_not_mapping, node.values[i]->range, "dict", type_name(other));
          for (const auto& [k, v] : other.as<DictObj>().entries) dict->set(k, v);
          continue;
        }
        Value key = eval(*node.keys[i], env);
        Value value = eval(*node.values[i], env);
        current_range_ = node.keys[i]->range;
        dict->set(key, value);
      }
      return Value::object(dict);
    }
    case NodeKind::BinOp: {
      const auto& node = static_cast<const lang::BinOp&>(expr);
      Value left = eval(*node.left, env);
      Value right = eval(*node.right, env);
      current_range_ = expr.range;
      return binary_op(*this, node.op, left, right, expr.range, false);
    }
    case NodeKind::UnaryOp: {
      const auto& node = static_cast<const lang::UnaryOp&>(expr);
      Value operand = eval(*node.operand, env);
      current_range_ = expr.range;
      if (node.op == lang::UnaryOpKind::Not) return Value::boolean(!truthy(operand));
      return unary_op(*this, node.op, operand, expr.range);
    }
    case NodeKind::BoolOp: {
      const auto& node = static_cast<const lang::BoolOp&>(expr);
      Value v;
      for (const auto& e : node.values) {
        v = eval(*e, env);
        current_range_ = e->range;
        bool t = truthy(v);
        if (node.op == lang::BoolOpKind::And ? !t : t) return v;
      }
      return v;
    }
    case NodeKind::Compare: {
      const auto& node = static_cast<const lang::Compare&>(expr);
      Value left = eval(*node.left, env);
      Value result;
      for (size_t i = 0; i < node.ops.size(); ++i) {
        Value right = eval(*node.comparators[i], env);
        current_range_ = expr.range;
        result = compare_op(*this, node.ops[i], left, right, expr.range);
        // Chains stop at the first false link (only plain bools chain).
        if (i + 1 < node.ops.size() && !truthy(result)) return result;
        left = right;
      }
      return result;
    }
    case NodeKind::Call: return eval_call(static_cast<const lang::Call&>(expr), env);
    case NodeKind::Attribute: {
      const auto& node = static_cast<const lang::Attribute&>(expr);
      Value obj = eval(*node.value, env);
      current_range_ = node.range;
      return getattr(obj, node.attr, node.range);
    }
    case NodeKind::Subscript: {
      const auto& node = static_cast<const lang::Subscript&>(expr);
      Value obj = eval(*node.value, env);
      Value key = eval_subscript_key(*node.slice, env);
      current_range_ = node.range;
      return getitem(obj, key, node.range);
    }
    case NodeKind::Slice: {
      const auto& node = static_cast<const lang::Slice&>(expr);
      Value lo = node.lower ? eval(*node.lower, env) : Value::none();
      Value hi = node.upper ? eval(*node.upper, env) : Value::none();
      Value st = node.step ? eval(*node.step, env) : Value::none();
      return Value::object(std::make_shared<SliceObj>(lo, hi, st));
    }
    case NodeKind::Lambda:
      return make_function(nullptr, static_cast<const lang::Lambda*>(&expr), env);
    case NodeKind::IfExp: {
      const auto& node = static_cast<const lang::IfExp&>(expr);
      Value test = eval(*node.test, env);
      current_range_ = node.test->range;
      return truthy(test) ? eval(*node.body, env) : eval(*node.orelse, env);
    }
    case NodeKind::NamedExpr: {
      const auto& node = static_cast<const lang::NamedExpr&>(expr);
      Value v = eval(*node.value, env);
      EnvPtr target = env;
      while (target->is_comprehension) target = target->parent;
      assign_name(static_cast<const lang::Name&>(*node.target).id, v, target);
      return v;
    }
    case NodeKind::ListComp:
    case NodeKind::SetComp:
    case NodeKind::DictComp:
    case NodeKind::GeneratorExp:
      return eval_comprehension(static_cast<const lang::Comp&>(expr), env);
    case NodeKind::Starred:
      raise(ErrorId::unsupported_feature, expr.range, "a starred expression here");
    default:
      raise(ErrorId::unsupported_feature, expr.range, lang::node_kind_name(expr.kind));
  }
}

Value Interpreter::eval_subscript_key(const lang::Expr& slice, const EnvPtr& env) {
  return eval(slice, env);
}

Value Interpreter::eval_call(const lang::Call& node, const EnvPtr& env) {
  Value callee = eval(*node.func, env);
  CallArgs args;
  args.where = node.range;
  for (const auto& a : node.args) {
    if (a->kind == lang::NodeKind::Starred) {
      Value inner = eval(*static_cast<const lang::Starred&>(*a).value, env);
      if (!is_iterable(inner))
        raise(ErrorId::star_not_iterable, a->range, callable_name(callee), type_name(inner));
      Values expanded = iterate(inner);
      args.positional.insert(args.positional.end(), expanded.begin(), expanded.end());
    } else {
      args.positional.push_back(eval(*a, env));
    }
  }
  for (const auto& kw : node.keywords) {
    Value v = eval(*kw.value, env);
    if (!kw.arg.empty()) {
      args.keywords.emplace_back(kw.arg, v);
      continue;
    }
    if (auto converted = dict_of_user_mapping(*this, v, kw.range)) v = Value::object(converted);
    if (!v.is(ObjKind::Dict))
      raise(ErrorId::kwargs_not_mapping, kw.range, callable_name(callee), type_name(v));
    for (const auto& [k, val] : v.as<DictObj>().entries) {
      if (!k.is(ObjKind::Str)) raise(ErrorId::keywords_must_be_strings, kw.range);
      args.keywords.emplace_back(k.as<StrObj>().s, val);
    }
  }
  current_range_ = node.range;
  if (args.positional.empty() && args.keywords.empty() && callee.is(ObjKind::Builtin) &&
      callee.as<BuiltinObj>().type_tag == "super")
    super_arguments(env, args);
  // globals() and locals() answer for the scope they are called in.
  bool namespace_call = args.positional.empty() && args.keywords.empty() && callee.is(ObjKind::Builtin) &&
                        (callee.as<BuiltinObj>().name == "globals" || callee.as<BuiltinObj>().name == "locals");
  Value result = namespace_call ? namespace_view(*this, env, callee.as<BuiltinObj>().name == "locals")
                                : call(callee, std::move(args));
  // A generator that was only an argument (first(gen()), list(islice(gen(), 2)))
  // is dropped with the arguments; CPython closes it before going on.
  if (!dropped_generators_.empty()) close_dropped_generators();
  return result;
}

// Comprehensions get a scope of their own (Python 3): their targets do not
// leak, but they read the enclosing function's variables.
Value Interpreter::eval_comprehension(const lang::Comp& node, const EnvPtr& env) {
  auto scope = std::make_shared<Env>();
  scope->parent = env->is_class ? env->parent : env;  // class names are not visible inside
  scope->qualname_prefix = env->qualname_prefix;
  scope->globals = env->globals ? env->globals : globals_.get();
  scope->is_comprehension = true;
  ReplayOff own_loops(*this);  // its nodes are evaluated once per item
  if (node.kind == lang::NodeKind::GeneratorExp) return lazy_generator_expression(node, env, scope);
  Values items;
  auto dict = std::make_shared<DictObj>();
  std::function<void(size_t)> loop = [&](size_t level) {
    if (level == node.generators.size()) {
      tick();
      if (node.kind == lang::NodeKind::DictComp) {
        Value k = eval(*node.key, scope);
        Value v = eval(*node.value, scope);
        dict->set(k, v);
      } else {
        items.push_back(eval(*node.elt, scope));
        // The list is charged once built; meanwhile, stop it outgrowing the budget.
        if ((items.size() & 4095) == 0) check_host_alloc(kValueBytes * static_cast<int64_t>(items.size()));
      }
      return;
    }
    const lang::Comprehension& gen = node.generators[level];
    // The first iterable is evaluated in the enclosing scope, as in Python.
    Value iterable = iteration_source(*this, *gen.iter, level == 0 ? env : scope);
    Iterator it = make_iterator(*this, iterable, gen.iter->range);
    Value item;
    while (it(item)) {
      assign(*gen.target, item, scope);
      bool keep = true;
      for (const auto& cond : gen.ifs) {
        Value c = eval(*cond, scope);
        if (!truthy(c)) {
          keep = false;
          break;
        }
      }
      if (keep) loop(level + 1);
    }
  };
  loop(0);
  switch (node.kind) {
    case lang::NodeKind::DictComp: return Value::object(dict);
    case lang::NodeKind::SetComp: {
      auto set = std::make_shared<SetObj>();
      for (const Value& v : items) set->add(v);
      return Value::object(set);
    }
    default: return make_list(std::move(items));
  }
}

// A generator expression is lazy, as in CPython: its first iterable is
// evaluated (and iter() taken) now, everything else one item per next().
// Its loops are a stack of iterators, one per `for` clause, so it needs none
// of the resumable walk a generator function uses (generators.h).
Value Interpreter::lazy_generator_expression(const lang::Comp& node, const EnvPtr& env, const EnvPtr& scope) {
  const lang::Expr& first = *node.generators.front().iter;
  Value iterable = eval(first, env);
  struct State {
    std::vector<Iterator> loops;  // one per active `for` clause
    bool done = false;
  };
  auto st = std::make_shared<State>();
  st->loops.push_back(make_iterator(*this, iterable, first.range));
  Interpreter* ip = this;
  std::shared_ptr<const lang::Module> module = module_;  // keeps `node` alive
  auto obj = std::make_shared<IteratorObj>([ip, st, module, &node, scope](Value& out) {
    if (st->done) return false;
    ReplayOff own_loops(*ip);
    try {
      while (true) {
        size_t level = st->loops.size() - 1;
        Value item;
        if (!st->loops[level](item)) {
          st->loops.pop_back();
          if (st->loops.empty()) {
            st->done = true;
            return false;
          }
          continue;
        }
        ip->tick();
        const lang::Comprehension& gen = node.generators[level];
        ip->assign(*gen.target, item, scope);
        bool keep = true;
        for (const auto& cond : gen.ifs) {
          if (!ip->truthy(ip->eval(*cond, scope))) {
            keep = false;
            break;
          }
        }
        if (!keep) continue;
        if (level + 1 == node.generators.size()) {
          out = ip->eval(*node.elt, scope);
          return true;
        }
        const lang::Expr& inner = *node.generators[level + 1].iter;
        st->loops.push_back(make_iterator(*ip, ip->eval(inner, scope), inner.range));
      }
    } catch (EngineError&) {
      st->done = true;  // a generator that raised is finished
      throw;
    }
  });
  obj->type_name = "generator";
  std::string qualname = env->qualname_prefix.empty() ? "<genexpr>" : env->qualname_prefix + ".<genexpr>";
  obj->repr = [text = generator_repr(*this, qualname)](Interpreter&) { return text; };
  return Value::object(obj);
}

Value Interpreter::eval_fstring(const lang::JoinedStr& node, const EnvPtr& env) {
  std::string out;
  for (const auto& part : node.values) {
    if (part->kind == lang::NodeKind::Constant) {
      out += static_cast<const lang::Constant&>(*part).str_value;
      continue;
    }
    const auto& fv = static_cast<const lang::FormattedValue&>(*part);
    Value v = eval(*fv.value, env);
    std::string spec;
    if (fv.format_spec) {
      Value s = eval(*fv.format_spec, env);
      spec = s.as<StrObj>().s;
    }
    current_range_ = fv.range;
    // source_text is the expression as written before the "=" (blanks after the
    // "=" are not kept by the parser, a documented difference).
    if (fv.self_documenting) out += fv.source_text + "=";
    char conversion = fv.conversion;
    if (fv.self_documenting && conversion == 0 && spec.empty()) conversion = 'r';
    if (conversion == 'r' || conversion == 'a') v = make_str(repr(v));
    else if (conversion == 's') v = make_str(str(v));
    out += format_value(*this, v, spec, fv.range);
  }
  return make_str(std::move(out));
}

Value iteration_source(Interpreter& ip, const lang::Expr& expr, const EnvPtr& env) {
  if (expr.kind != lang::NodeKind::Set) return ip.eval(expr, env);
  const auto& node = static_cast<const lang::Set&>(expr);
  for (const auto& e : node.elts)
    if (!folds_to_constant(*e)) return ip.eval(expr, env);
  Values items;
  for (const auto& e : node.elts) items.push_back(ip.eval(*e, env));
  auto set = std::make_shared<SetObj>();
  constant_frozenset_into(*set, items);
  return Value::object(set);
}

}  // namespace rungs::python
