// The operators of sets and frozensets (| & - ^, their in-place forms, and
// the subset comparisons < <= > >=) and dict's | and |= (PEP 584). The
// result of a binary set operator has the left operand's type, as CPython's
// set and frozenset give it; in-place forms on a set mutate it, on a
// frozenset they make a new one.
#include "core/python/operators.h"
#include "core/python/set_ops.h"
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

}  // namespace

void set_update_from(Interpreter& ip, SetObj& target, const Value& iterable) {
  if (iterable.is(ObjKind::Set)) return target.merge(iterable.as<SetObj>());
  if (iterable.is(ObjKind::Dict)) target.table.presize_for_dict(iterable.as<DictObj>().entries.size());
  for (const Value& v : ip.iterate(iterable)) target.add(v);
}

SetPtr set_copy(const SetObj& s) {
  auto out = std::make_shared<SetObj>();
  out->frozen = s.frozen;
  out->merge(s);
  return out;
}

SetPtr set_intersection(Interpreter& ip, const SetObj& so, const Value& other) {
  auto out = std::make_shared<SetObj>();
  out->frozen = so.frozen;
  if (other.is(ObjKind::Set)) {
    // Iterates the smaller set, looking up in the larger.
    const SetObj* big = &so;
    const SetObj* small = &other.as<SetObj>();
    if (small->items.size() > big->items.size()) std::swap(big, small);
    for (const Value& v : small->ordered())
      if (big->contains(v)) out->add(v);
    return out;
  }
  for (const Value& v : ip.iterate(other))
    if (so.contains(v)) out->add(v);
  return out;
}

void set_difference_update(Interpreter& ip, SetObj& so, const Value& other) {
  if (other.is(ObjKind::Set) && &other.as<SetObj>() == &so) return so.clear();
  Values items;
  if (other.is(ObjKind::Set)) {
    // Against a set more than 8 times larger, only the common elements go.
    const SetObj& o = other.as<SetObj>();
    items = (o.items.size() >> 3) > so.items.size() ? set_intersection(ip, so, other)->ordered() : o.ordered();
  } else {
    items = ip.iterate(other);
  }
  for (const Value& v : items) so.discard(v);
  so.table.compact_if_sparse();
}

SetPtr set_difference(Interpreter& ip, const SetObj& so, const Value& other) {
  size_t other_size = other.is(ObjKind::Set) ? other.as<SetObj>().items.size()
                      : other.is(ObjKind::Dict) ? other.as<DictObj>().entries.size() : SIZE_MAX;
  if (other_size == SIZE_MAX || (so.items.size() >> 2) > other_size) {
    SetPtr out = set_copy(so);  // copy, then remove the other's elements
    set_difference_update(ip, *out, other);
    return out;
  }
  auto out = std::make_shared<SetObj>();
  out->frozen = so.frozen;
  for (const Value& v : so.ordered()) {
    bool in = other.is(ObjKind::Set) ? other.as<SetObj>().contains(v) : other.as<DictObj>().find(v) != nullptr;
    if (!in) out->add(v);
  }
  return out;
}

void set_symmetric_difference_update(Interpreter& ip, SetObj& so, const Value& other) {
  if (other.is(ObjKind::Set) && &other.as<SetObj>() == &so) return so.clear();
  SetPtr built;
  const SetObj* o = nullptr;
  if (other.is(ObjKind::Set)) {
    o = &other.as<SetObj>();
  } else {
    built = std::make_shared<SetObj>();
    set_update_from(ip, *built, other);
    o = built.get();
  }
  for (const Value& v : o->ordered())
    if (!so.discard(v)) so.add(v);
}

void set_assign(SetObj& target, SetObj& source) {
  target.items = std::move(source.items);
  target.index = std::move(source.index);
  target.table = std::move(source.table);
}

namespace {
SetPtr set_algebra(Interpreter& ip, lang::BinOpKind op, const Value& a, const Value& b) {
  const SetObj& x = a.as<SetObj>();
  switch (op) {
    case lang::BinOpKind::BitOr: {
      SetPtr out = set_copy(x);
      out->merge(b.as<SetObj>());
      return out;
    }
    case lang::BinOpKind::BitAnd: return set_intersection(ip, x, b);
    case lang::BinOpKind::Sub: return set_difference(ip, x, b);
    default: {  // BitXor: a copy of the right operand, updated with the left
      SetPtr out = set_copy(b.as<SetObj>());
      out->frozen = x.frozen;
      set_symmetric_difference_update(ip, *out, a);
      return out;
    }
  }
}
}  // namespace

bool container_binary(Interpreter& interp, lang::BinOpKind op, const Value& a, const Value& b, bool inplace,
                      Value& out) {
  using K = lang::BinOpKind;
  if (a.is(ObjKind::Set) && b.is(ObjKind::Set) &&
      (op == K::BitOr || op == K::BitAnd || op == K::Sub || op == K::BitXor)) {
    SetObj& target = a.as<SetObj>();
    if (inplace && !target.frozen) {  // set_ior and friends work on the set itself
      if (op == K::BitOr) target.merge(b.as<SetObj>());
      else if (op == K::Sub) set_difference_update(interp, target, b);
      else if (op == K::BitXor) set_symmetric_difference_update(interp, target, b);
      else set_assign(target, *set_intersection(interp, target, b));
      out = a;
      return true;
    }
    out = Value::object(set_algebra(interp, op, a, b));
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
