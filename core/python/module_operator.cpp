// operator: Python's operators as functions (operator.add, itemgetter, ...),
// for functools.reduce, sorted(key=...) and tables of ops in harness code.
// Every function goes through the interpreter's own operator entry points
// (operators.h, subscript and attribute access), so operator.add on two
// arrays adds them as `a + b` would, and a user class's __add__ or
// __getitem__ is honoured; nothing here re-implements arithmetic.
#include "core/python/c_args.h"
#include "core/python/classes.h"
#include "core/python/int_value.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

using lang::BinOpKind;
using lang::CmpOpKind;
using lang::UnaryOpKind;

// METH_VARARGS functions: "_operator.add() takes no keyword arguments",
// then "add expected 2 arguments, got 1".
void fixed_args(const CallArgs& call, const std::string& name, size_t n) {
  c_no_keywords(call, "_operator." + name);
  c_count(call, name, n, n);
}

void def_binary(ModuleObj& m, const std::string& name, BinOpKind op, bool inplace) {
  def(m, name, [name, op, inplace](Interpreter& ip, CallArgs& call) {
    fixed_args(call, name, 2);
    return binary_op(ip, op, call.positional[0], call.positional[1], call.where, inplace);
  });
}

void def_compare(ModuleObj& m, const std::string& name, CmpOpKind op) {
  def(m, name, [name, op](Interpreter& ip, CallArgs& call) {
    fixed_args(call, name, 2);
    return compare_op(ip, op, call.positional[0], call.positional[1], call.where);
  });
}

void def_unary(ModuleObj& m, const std::string& name, std::function<Value(Interpreter&, const Value&, SourceRange)> fn) {
  def(m, name, [name, fn](Interpreter& ip, CallArgs& call) {
    c_exactly_one(call, "_operator." + name);
    return fn(ip, call.positional[0], call.where);
  });
}

Value abs_of(Interpreter& ip, const Value& v, SourceRange where) {
  Value out;
  if (call_dunder(ip, v, "__abs__", {}, out, where)) return out;
  if (v.is_number() || v.is(ObjKind::Array) || v.is(ObjKind::Ref))
    return ip.call(builtins_table().at("abs"), Values{v}, where);
  raise(ErrorId::operator_abs_type, where, type_name(v));
}

// A record type for the three callable-object factories; `call` and `repr`
// read the record's fields.
RecordType callable_type(const std::string& name, std::function<Value(Interpreter&, const Value&, CallArgs&)> call,
                         std::function<std::string(const RecordObj&, Interpreter&)> repr) {
  RecordType t;
  t.name = name;
  t.call = std::move(call);
  t.repr = std::move(repr);
  return t;
}

std::string joined_reprs(Interpreter& ip, const Values& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + ip.repr(items[i]);
  return out;
}

// itemgetter(*items): obj[item], or a tuple of them for several items.
const RecordType& itemgetter_type() {
  static const RecordType type = callable_type(
      "itemgetter",
      [](Interpreter& ip, const Value& self, CallArgs& call) {
        c_count(call, "itemgetter", 1, 1);
        const Values& items = self.as<RecordObj>().get("items").as<TupleObj>().items;
        if (items.size() == 1) return ip.getitem(call.positional[0], items[0], call.where);
        Values out;
        for (const Value& k : items) out.push_back(ip.getitem(call.positional[0], k, call.where));
        return make_tuple(std::move(out));
      },
      [](const RecordObj& r, Interpreter& ip) {
        return "operator.itemgetter(" + joined_reprs(ip, r.get("items").as<TupleObj>().items) + ")";
      });
  return type;
}

// attrgetter(*names): names may be dotted ("block.shape").
Value dotted_getattr(Interpreter& ip, Value obj, const std::string& path, SourceRange where) {
  size_t start = 0;
  while (true) {
    size_t dot = path.find('.', start);
    obj = ip.getattr(obj, path.substr(start, dot - start), where);
    if (dot == std::string::npos) return obj;
    start = dot + 1;
  }
}

const RecordType& attrgetter_type() {
  static const RecordType type = callable_type(
      "attrgetter",
      [](Interpreter& ip, const Value& self, CallArgs& call) {
        c_count(call, "attrgetter", 1, 1);
        const Values& names = self.as<RecordObj>().get("names").as<TupleObj>().items;
        Values out;
        for (const Value& n : names) out.push_back(dotted_getattr(ip, call.positional[0], n.as<StrObj>().s, call.where));
        return names.size() == 1 ? out[0] : make_tuple(std::move(out));
      },
      [](const RecordObj& r, Interpreter& ip) {
        return "operator.attrgetter(" + joined_reprs(ip, r.get("names").as<TupleObj>().items) + ")";
      });
  return type;
}

// methodcaller(name, *args, **kwargs): obj.name(*args, **kwargs).
const RecordType& methodcaller_type() {
  static const RecordType type = callable_type(
      "methodcaller",
      [](Interpreter& ip, const Value& self, CallArgs& call) {
        c_count(call, "methodcaller", 1, 1);
        const RecordObj& r = self.as<RecordObj>();
        CallArgs inner;
        inner.where = call.where;
        inner.positional = r.get("args").as<TupleObj>().items;
        for (const auto& [k, v] : r.get("kwargs").as<DictObj>().entries) inner.keywords.emplace_back(k.as<StrObj>().s, v);
        Value method = ip.getattr(call.positional[0], r.get("name").as<StrObj>().s, call.where);
        return ip.call(method, std::move(inner));
      },
      [](const RecordObj& r, Interpreter& ip) {
        std::string out = "operator.methodcaller(" + ip.repr(r.get("name"));
        for (const Value& a : r.get("args").as<TupleObj>().items) out += ", " + ip.repr(a);
        for (const auto& [k, v] : r.get("kwargs").as<DictObj>().entries) out += ", " + k.as<StrObj>().s + "=" + ip.repr(v);
        return out + ")";
      });
  return type;
}

Value make_itemgetter(Interpreter&, CallArgs& call) {
  c_no_keywords(call, "itemgetter");
  if (call.positional.empty()) raise(ErrorId::c_expected_arguments, call.where, "itemgetter", 1, "", 0);
  auto r = std::make_shared<RecordObj>(&itemgetter_type());
  r->set("items", make_tuple(call.positional));
  return Value::object(r);
}

Value make_attrgetter(Interpreter&, CallArgs& call) {
  c_no_keywords(call, "attrgetter");
  if (call.positional.empty()) raise(ErrorId::c_expected_arguments, call.where, "attrgetter", 1, "", 0);
  for (const Value& n : call.positional)
    if (!n.is(ObjKind::Str)) raise(ErrorId::operator_attr_name_type, call.where);
  auto r = std::make_shared<RecordObj>(&attrgetter_type());
  r->set("names", make_tuple(call.positional));
  return Value::object(r);
}

Value make_methodcaller(Interpreter&, CallArgs& call) {
  if (call.positional.empty()) raise(ErrorId::operator_methodcaller_empty, call.where);
  if (!call.positional[0].is(ObjKind::Str)) raise(ErrorId::operator_method_name_type, call.where);
  auto r = std::make_shared<RecordObj>(&methodcaller_type());
  r->set("name", call.positional[0]);
  r->set("args", make_tuple(Values(call.positional.begin() + 1, call.positional.end())));
  auto kw = std::make_shared<DictObj>();
  for (const auto& [k, v] : call.keywords) kw->set(make_str(k), v);
  r->set("kwargs", Value::object(kw));
  return Value::object(r);
}

void add_arithmetic(ModuleObj& m) {
  const std::pair<const char*, BinOpKind> binaries[] = {
      {"add", BinOpKind::Add},       {"sub", BinOpKind::Sub},         {"mul", BinOpKind::Mult},
      {"truediv", BinOpKind::Div},   {"floordiv", BinOpKind::FloorDiv}, {"mod", BinOpKind::Mod},
      {"pow", BinOpKind::Pow},       {"lshift", BinOpKind::LShift},   {"rshift", BinOpKind::RShift},
      {"and_", BinOpKind::BitAnd},   {"or_", BinOpKind::BitOr},       {"xor", BinOpKind::BitXor},
      {"matmul", BinOpKind::MatMult},
  };
  for (const auto& [name, op] : binaries) {
    std::string base = name;
    if (base.back() == '_') base.pop_back();  // and_ -> iand
    def_binary(m, name, op, false);
    def_binary(m, "i" + base, op, true);
  }
  def_unary(m, "neg", [](Interpreter& ip, const Value& v, SourceRange w) { return unary_op(ip, UnaryOpKind::USub, v, w); });
  def_unary(m, "pos", [](Interpreter& ip, const Value& v, SourceRange w) { return unary_op(ip, UnaryOpKind::UAdd, v, w); });
  for (const char* name : {"invert", "inv"})
    def_unary(m, name, [](Interpreter& ip, const Value& v, SourceRange w) { return unary_op(ip, UnaryOpKind::Invert, v, w); });
  def_unary(m, "abs", abs_of);
  // operator.index(2 ** 70) is the int itself: only non-ints go through
  // to_index (bool gives its int; others __index__ or CPython's TypeError).
  def_unary(m, "index", [](Interpreter&, const Value& v, SourceRange w) {
    return is_big(v) ? v : Value::integer(to_index(v, w));
  });
}

void add_logic_and_items(ModuleObj& m) {
  const std::pair<const char*, CmpOpKind> compares[] = {
      {"eq", CmpOpKind::Eq}, {"ne", CmpOpKind::NotEq}, {"lt", CmpOpKind::Lt},   {"le", CmpOpKind::LtE},
      {"gt", CmpOpKind::Gt}, {"ge", CmpOpKind::GtE},   {"is_", CmpOpKind::Is}, {"is_not", CmpOpKind::IsNot},
  };
  for (const auto& [name, op] : compares) def_compare(m, name, op);
  def_unary(m, "not_", [](Interpreter& ip, const Value& v, SourceRange) { return Value::boolean(!ip.truthy(v)); });
  def_unary(m, "truth", [](Interpreter& ip, const Value& v, SourceRange) { return Value::boolean(ip.truthy(v)); });
  def(m, "contains", [](Interpreter& ip, CallArgs& call) {  // contains(a, b) is `b in a`
    fixed_args(call, "contains", 2);
    return compare_op(ip, CmpOpKind::In, call.positional[1], call.positional[0], call.where);
  });
  def(m, "getitem", [](Interpreter& ip, CallArgs& call) {
    fixed_args(call, "getitem", 2);
    return ip.getitem(call.positional[0], call.positional[1], call.where);
  });
  def(m, "setitem", [](Interpreter& ip, CallArgs& call) {
    fixed_args(call, "setitem", 3);
    ip.setitem(call.positional[0], call.positional[1], call.positional[2], call.where);
    return Value::none();
  });
  def(m, "delitem", [](Interpreter& ip, CallArgs& call) {
    fixed_args(call, "delitem", 2);
    delitem(ip, call.positional[0], call.positional[1], call.where);
    return Value::none();
  });
  def(m, "itemgetter", make_itemgetter);
  def(m, "attrgetter", make_attrgetter);
  def(m, "methodcaller", make_methodcaller);
}

}  // namespace

void register_module_operator() {
  Interpreter::register_module("operator", [](Interpreter&) {
    auto m = new_module("operator");
    add_arithmetic(*m);
    add_logic_and_items(*m);
    return Value::object(m);
  });
}

}  // namespace rungs::python
