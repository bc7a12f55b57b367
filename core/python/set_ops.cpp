// The operators of sets and frozensets (| & - ^, their in-place forms, and
// the subset comparisons < <= > >=) and dict's | and |= (PEP 584). The
// result of a binary set operator has the left operand's type, as CPython's
// set and frozenset give it; in-place forms on a set mutate it, on a
// frozenset they make a new one.
#include "core/python/operators.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {
bool subset(const SetObj& x, const SetObj& y) {
  if (x.items.size() > y.items.size()) return false;
  for (const Value& v : x.items)
    if (!y.contains(v)) return false;
  return true;
}

std::shared_ptr<SetObj> set_algebra(lang::BinOpKind op, const SetObj& x, const SetObj& y) {
  auto out = std::make_shared<SetObj>();
  out->frozen = x.frozen;
  switch (op) {
    case lang::BinOpKind::BitOr:
      for (const Value& v : x.items) out->add(v);
      for (const Value& v : y.items) out->add(v);
      break;
    case lang::BinOpKind::BitAnd:
      for (const Value& v : x.items)
        if (y.contains(v)) out->add(v);
      break;
    case lang::BinOpKind::Sub:
      for (const Value& v : x.items)
        if (!y.contains(v)) out->add(v);
      break;
    default:  // BitXor
      for (const Value& v : x.items)
        if (!y.contains(v)) out->add(v);
      for (const Value& v : y.items)
        if (!x.contains(v)) out->add(v);
      break;
  }
  return out;
}
}  // namespace

bool container_binary(Interpreter& interp, lang::BinOpKind op, const Value& a, const Value& b, bool inplace,
                      Value& out) {
  (void)interp;
  using K = lang::BinOpKind;
  if (a.is(ObjKind::Set) && b.is(ObjKind::Set) &&
      (op == K::BitOr || op == K::BitAnd || op == K::Sub || op == K::BitXor)) {
    auto result = set_algebra(op, a.as<SetObj>(), b.as<SetObj>());
    if (inplace && !a.as<SetObj>().frozen) {
      SetObj& target = a.as<SetObj>();
      target.items = std::move(result->items);
      target.index = std::move(result->index);
      out = a;
      return true;
    }
    out = Value::object(result);
    return true;
  }
  if (a.is(ObjKind::Dict) && b.is(ObjKind::Dict) && op == K::BitOr) {
    std::shared_ptr<DictObj> target;
    if (inplace) {
      target = std::static_pointer_cast<DictObj>(a.obj_ptr());
    } else {
      target = std::make_shared<DictObj>();
      for (const auto& [k, v] : a.as<DictObj>().entries) target->set(k, v);
    }
    for (const auto& [k, v] : b.as<DictObj>().entries) target->set(k, v);
    out = Value::object(target);
    return true;
  }
  return false;
}

bool set_compare(lang::CmpOpKind op, const Value& a, const Value& b, Value& out) {
  if (!a.is(ObjKind::Set) || !b.is(ObjKind::Set)) return false;
  const SetObj& x = a.as<SetObj>();
  const SetObj& y = b.as<SetObj>();
  switch (op) {
    case lang::CmpOpKind::LtE: out = Value::boolean(subset(x, y)); return true;
    case lang::CmpOpKind::Lt: out = Value::boolean(x.items.size() < y.items.size() && subset(x, y)); return true;
    case lang::CmpOpKind::GtE: out = Value::boolean(subset(y, x)); return true;
    case lang::CmpOpKind::Gt: out = Value::boolean(y.items.size() < x.items.size() && subset(y, x)); return true;
    default: return false;
  }
}

}  // namespace rungs::python
