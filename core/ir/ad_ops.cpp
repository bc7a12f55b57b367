#include "core/ir/ad_ops.h"

#include <algorithm>

namespace rungs::ir::ad {

Operand scalar(DType dtype, double v) {
  return Operand::concrete(Array::full(dtype, {}, array::Scalar::from_float(v)));
}

Operand full(const AVal& like, double v) {
  Operand s = scalar(like.dtype, v);
  return like.shape.empty() ? s : broadcast_in_dim(s, like.shape, {});
}

Operand zeros_like(const Operand& x) {
  AVal a = x.aval;
  a.kind = AVal::Kind::Array;
  a.weak_type = false;
  return zeros(a);
}

Operand binary(Prim p, const Operand& a, const Operand& b) { return bind1(p, {a, b}, {}); }
Operand add(const Operand& a, const Operand& b) { return binary(Prim::Add, a, b); }
Operand sub(const Operand& a, const Operand& b) { return binary(Prim::Sub, a, b); }
Operand mul(const Operand& a, const Operand& b) { return binary(Prim::Mul, a, b); }
Operand div(const Operand& a, const Operand& b) { return binary(Prim::Div, a, b); }
Operand unary(Prim p, const Operand& a) { return bind1(p, {a}, {}); }
Operand neg(const Operand& a) { return unary(Prim::Neg, a); }
Operand times(const Operand& a, double v) { return mul(a, scalar(a.aval.dtype, v)); }
Operand plus(const Operand& a, double v) { return add(a, scalar(a.aval.dtype, v)); }
Operand rsub(double v, const Operand& a) { return sub(scalar(a.aval.dtype, v), a); }

Operand select(const Operand& pred, const Operand& on_true, const Operand& on_false) {
  Shape shape = on_true.aval.shape.size() >= on_false.aval.shape.size() ? on_true.aval.shape : on_false.aval.shape;
  shape = shape.size() >= pred.aval.shape.size() ? shape : pred.aval.shape;
  return bind1(Prim::SelectN, {broadcast_to(pred, shape), broadcast_to(on_false, shape), broadcast_to(on_true, shape)}, {});
}

Operand convert(const Operand& x, DType dtype) {
  if (x.aval.dtype == dtype) return x;
  Params p;
  p.dtype = dtype;
  return bind1(Prim::ConvertElementType, {x}, p);
}

Operand as_float_of(const Operand& pred, const Operand& like) { return convert(pred, like.aval.dtype); }

Operand reshape(const Operand& x, const Shape& shape) {
  if (x.aval.shape == shape) return x;
  Params p;
  p.shape = shape;
  return bind1(Prim::Reshape, {x}, p);
}

Operand broadcast_in_dim(const Operand& x, const Shape& shape, const std::vector<int64_t>& dims) {
  if (x.aval.shape == shape) return x;
  Params p;
  p.shape = shape;
  p.axes = dims;
  return bind1(Prim::BroadcastInDim, {x}, p);
}

Operand broadcast_to(const Operand& x, const Shape& shape) {
  const Shape& s = x.aval.shape;
  if (s == shape) return x;
  // Trailing alignment; size-1 dims stretch: drop them first, then place.
  Shape kept;
  std::vector<int64_t> dims;
  size_t lead = shape.size() - s.size();
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == 1 && shape[lead + i] != 1) continue;
    kept.push_back(s[i]);
    dims.push_back(static_cast<int64_t>(lead + i));
  }
  return broadcast_in_dim(reshape(x, kept), shape, dims);
}

Operand reduce_sum(const Operand& x, const std::vector<int64_t>& axes) {
  if (axes.empty()) return x;
  Params p;
  p.axes = axes;
  return bind1(Prim::ReduceSum, {x}, p);
}

Operand transpose(const Operand& x, const std::vector<int64_t>& perm) {
  Params p;
  p.axes = perm;
  return bind1(Prim::Transpose, {x}, p);
}

Operand pad(const Operand& x, const std::vector<int64_t>& lo, const std::vector<int64_t>& hi,
            const std::vector<int64_t>& interior) {
  Params p;
  p.starts = lo;
  p.limits = hi;
  p.strides = interior;
  return bind1(Prim::Pad, {x, scalar(x.aval.dtype, 0)}, p);
}

Operand slice(const Operand& x, const std::vector<int64_t>& starts, const std::vector<int64_t>& limits,
              const std::vector<int64_t>& strides) {
  Params p;
  p.starts = starts;
  p.limits = limits;
  p.strides = strides;
  return bind1(Prim::Slice, {x}, p);
}

Operand rev(const Operand& x, const std::vector<int64_t>& axes) {
  Params p;
  p.axes = axes;
  return bind1(Prim::Rev, {x}, p);
}

Operand fit(const Operand& ct, const AVal& like) {
  Operand out = ct;
  const Shape& want = like.shape;
  if (out.aval.shape.size() < want.size()) out = broadcast_to(out, want);
  if (out.aval.shape != want) {
    size_t lead = out.aval.shape.size() - want.size();
    std::vector<int64_t> axes;
    for (size_t i = 0; i < out.aval.shape.size(); ++i)
      if (i < lead || (want[i - lead] == 1 && out.aval.shape[i] != 1)) axes.push_back(static_cast<int64_t>(i));
    out = reshape(reduce_sum(out, axes), want);
  }
  // A cotangent has its value's type, weak type included (a gradient with
  // respect to a Python float is weakly typed, as in JAX).
  if (out.aval.dtype == like.dtype && out.aval.weak_type == like.weak_type) return out;
  Params p;
  p.dtype = like.dtype;
  p.flag = like.weak_type;
  return bind1(Prim::ConvertElementType, {out}, p);
}

bool is_float(const Operand& x) { return array::is_float(x.aval.dtype); }

}  // namespace rungs::ir::ad
