// Host values: what a Python variable can hold while a Rungs program runs.
//
// Small scalars (None, bool, int, float) live inline in the Value; everything
// else is a reference-counted heap Object, as in CPython. Objects carry a kind
// tag so the evaluator can switch on it without RTTI-heavy dynamic_casts.
// Arrays (concrete) and tracers (abstract values being recorded into a
// jaxpr) are both objects here, so Python code handles them the same way and
// jnp functions decide whether to compute or to record.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rungs::python {

enum class ObjKind : uint8_t {
  Str, Tuple, List, Dict, Set, Slice, Ellipsis, Range,
  Function, Builtin, BoundMethod, Module, Record, Exception, Iterator,
  Array, Tracer, Ref,
  Class, Instance, Descriptor, Super,  // user classes (classes.h)
  BigInt,  // an int beyond int64 (int_value.h); smaller ints are inline
};

struct Object {
  explicit Object(ObjKind k) : kind(k) {}
  virtual ~Object() = default;
  ObjKind kind;
};
using ObjPtr = std::shared_ptr<Object>;

class Value {
 public:
  enum class Tag : uint8_t { None, Bool, Int, Float, Obj };

  Value() = default;  // None
  static Value none() { return Value(); }
  static Value boolean(bool b) { Value v; v.tag_ = Tag::Bool; v.i_ = b; return v; }
  static Value integer(int64_t i) { Value v; v.tag_ = Tag::Int; v.i_ = i; return v; }
  static Value floating(double f) { Value v; v.tag_ = Tag::Float; v.f_ = f; return v; }
  static Value object(ObjPtr o) { Value v; v.tag_ = Tag::Obj; v.obj_ = std::move(o); return v; }

  Tag tag() const { return tag_; }
  bool is_none() const { return tag_ == Tag::None; }
  bool is_bool() const { return tag_ == Tag::Bool; }
  bool is_int() const { return tag_ == Tag::Int; }
  bool is_float() const { return tag_ == Tag::Float; }
  bool is_number() const { return tag_ == Tag::Bool || tag_ == Tag::Int || tag_ == Tag::Float; }
  bool is_obj() const { return tag_ == Tag::Obj; }
  bool is(ObjKind k) const { return tag_ == Tag::Obj && obj_->kind == k; }

  bool as_bool() const { return i_ != 0; }
  int64_t as_int() const { return i_; }  // also valid for Bool
  double as_float() const { return tag_ == Tag::Float ? f_ : static_cast<double>(i_); }
  Object* obj() const { return obj_.get(); }
  const ObjPtr& obj_ptr() const { return obj_; }

  // Unchecked downcast; callers test `is(kind)` first.
  template <typename T>
  T& as() const { return *static_cast<T*>(obj_.get()); }

  // Identity, as Python's `is`.
  bool identical(const Value& other) const;

 private:
  Tag tag_ = Tag::None;
  union {
    int64_t i_ = 0;
    double f_;
  };
  ObjPtr obj_;
};

using Values = std::vector<Value>;

}  // namespace rungs::python
