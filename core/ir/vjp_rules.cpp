// The VJP rule of each primitive (tape.h): given a recorded equation's
// primal inputs and outputs and the cotangent of its output, the cotangents
// of its inputs -- JAX's JVP rules composed with their transposes
// (jax/_src/lax/lax.py and friends), computed eagerly on float arrays.
// Cotangents may come back in a broadcast shape; the tape sums them down.
#include <algorithm>
#include <cmath>

#include "core/array/ops.h"
#include "core/errors/error.h"
#include "core/ir/host_precision.h"
#include "core/ir/primitive.h"
#include "core/ir/rules.h"
#include "core/ir/tape.h"

namespace rungs::ir {

namespace {

using array::BinaryOp;
using array::UnaryOp;
using Cts = std::vector<std::optional<Array>>;

Array scalar_like(const Array& x, double v) { return Array::full(x.dtype(), {}, array::Scalar::from_float(v)); }
Array mul(const Array& a, const Array& b) { return array::binary(BinaryOp::Mul, a, b); }
Array div(const Array& a, const Array& b) { return array::binary(BinaryOp::Div, a, b); }
Array add(const Array& a, const Array& b) { return array::binary(BinaryOp::Add, a, b); }
Array sub(const Array& a, const Array& b) { return array::binary(BinaryOp::Sub, a, b); }
Array neg(const Array& a) { return array::unary(UnaryOp::Neg, a); }
Array un(UnaryOp op, const Array& a) { return array::unary(op, a); }
Array times(const Array& a, double v) { return mul(a, scalar_like(a, v)); }
Array plus(const Array& a, double v) { return add(a, scalar_like(a, v)); }
Array where(const Array& pred, const Array& a, const Array& b) { return array::select(pred, a, b); }
Array zeros_like(const Array& x) { return Array::zeros(x.dtype(), x.shape()); }
Array as_float(const Array& b, const Array& like) { return array::convert(b, like.dtype()); }

std::vector<int> ints(const std::vector<int64_t>& v) { return std::vector<int>(v.begin(), v.end()); }

// The d(out)/d(x) factor of each elementwise unary primitive.
std::optional<Array> unary_factor(Prim p, const Array& x, const Array& y) {
  switch (p) {
    case Prim::Neg: return scalar_like(x, -1);
    case Prim::Exp: return y;
    case Prim::Exp2: return times(y, std::log(2.0));
    case Prim::Log: return div(scalar_like(x, 1), x);
    case Prim::Log1p: return div(scalar_like(x, 1), plus(x, 1));
    case Prim::Expm1: return plus(y, 1);
    case Prim::Tanh: return sub(scalar_like(y, 1), mul(y, y));
    case Prim::Logistic: return mul(y, sub(scalar_like(y, 1), y));
    case Prim::Sin: return un(UnaryOp::Cos, x);
    case Prim::Cos: return neg(un(UnaryOp::Sin, x));
    case Prim::Tan: return plus(mul(y, y), 1);
    case Prim::Sqrt: return div(scalar_like(y, 0.5), y);
    case Prim::Rsqrt: return times(div(y, x), -0.5);
    case Prim::Cbrt: return div(y, times(x, 3));
    case Prim::Abs: return un(UnaryOp::Sign, x);
    case Prim::Square: return times(x, 2);
    case Prim::Sinh: return un(UnaryOp::Cosh, x);
    case Prim::Cosh: return un(UnaryOp::Sinh, x);
    case Prim::Atan: return div(scalar_like(x, 1), plus(mul(x, x), 1));
    case Prim::Asin: return un(UnaryOp::Rsqrt, sub(scalar_like(x, 1), mul(x, x)));
    case Prim::Acos: return neg(un(UnaryOp::Rsqrt, sub(scalar_like(x, 1), mul(x, x))));
    case Prim::Asinh: return un(UnaryOp::Rsqrt, plus(mul(x, x), 1));
    case Prim::Atanh: return div(scalar_like(x, 1), sub(scalar_like(x, 1), mul(x, x)));
    case Prim::Erf: return times(un(UnaryOp::Exp, neg(mul(x, x))), 2.0 / std::sqrt(M_PI));
    default: return std::nullopt;
  }
}

// max/min: the cotangent goes to the chosen side, split evenly on ties (lax's balanced rule).
Cts chooser(BinaryOp cmp, const Array& a, const Array& b, const Array& ct) {
  Array pick_a = as_float(array::binary(cmp, a, b), ct), tie = as_float(array::binary(BinaryOp::Eq, a, b), ct);
  Array wa = add(pick_a, times(tie, 0.5)), wb = sub(scalar_like(ct, 1), wa);
  return {mul(ct, wa), mul(ct, wb)};
}

Cts binary_rule(Prim p, const TapeNode& n, const Array& ct) {
  const Array &a = n.inputs[0], &b = n.inputs[1], &y = n.outputs[0];
  switch (p) {
    case Prim::Add: return {ct, ct};
    case Prim::Sub: return {ct, neg(ct)};
    case Prim::Mul: return {mul(ct, b), mul(ct, a)};
    case Prim::Div: return {div(ct, b), neg(div(mul(ct, y), b))};
    case Prim::Pow:
      return {mul(ct, mul(b, array::binary(BinaryOp::Pow, a, plus(b, -1)))), mul(ct, mul(y, un(UnaryOp::Log, a)))};
    case Prim::Max: return chooser(BinaryOp::Gt, a, b, ct);
    case Prim::Min: return chooser(BinaryOp::Lt, a, b, ct);
    case Prim::Atan2: {
      Array d = add(mul(a, a), mul(b, b));
      return {mul(ct, div(b, d)), neg(mul(ct, div(a, d)))};
    }
    case Prim::Rem: return {ct, neg(mul(ct, un(UnaryOp::Round, div(sub(a, y), b))))};
    default: return {};
  }
}

// lax.dot_general's transposes: contract the cotangent with the other
// operand over the output's free dims, then put the axes back in order.
Array dot_transpose(const Array& ct, const Array& other, const Params& forward, bool for_lhs, const Shape& shape) {
  const array::DotDims& d = forward.dot;
  const std::vector<int>& my_batch = for_lhs ? d.lhs_batch : d.rhs_batch;
  const std::vector<int>& my_contract = for_lhs ? d.lhs_contract : d.rhs_contract;
  const std::vector<int>& other_batch = for_lhs ? d.rhs_batch : d.lhs_batch;
  const std::vector<int>& other_contract = for_lhs ? d.rhs_contract : d.lhs_contract;
  auto free_of = [](size_t rank, const std::vector<int>& batch, const std::vector<int>& contract) {
    std::vector<int> f;
    for (int i = 0; i < static_cast<int>(rank); ++i)
      if (std::find(batch.begin(), batch.end(), i) == batch.end() &&
          std::find(contract.begin(), contract.end(), i) == contract.end())
        f.push_back(i);
    return f;
  };
  std::vector<int> my_free = free_of(shape.size(), my_batch, my_contract);
  std::vector<int> other_free = free_of(other.shape().size(), other_batch, other_contract);
  int nb = static_cast<int>(my_batch.size());
  // Output layout: batch, lhs free, rhs free.
  int other_free_start = for_lhs ? nb + static_cast<int>(my_free.size()) : nb;
  array::DotDims t;
  for (int i = 0; i < nb; ++i) {
    t.lhs_batch.push_back(i);
    t.rhs_batch.push_back(other_batch[static_cast<size_t>(i)]);
  }
  for (size_t k = 0; k < other_free.size(); ++k) {
    t.lhs_contract.push_back(other_free_start + static_cast<int>(k));
    t.rhs_contract.push_back(other_free[k]);
  }
  // At the forward dot's precision, on the host's platform (a TPU host
  // rounds float32 operands to bf16 at DEFAULT, as XLA does there).
  Params tp;
  tp.dot = t;
  tp.n = forward.n;
  tp.flag = true;
  tp.dtype = ct.dtype();
  Array r = host_dot_general({ct, other}, tp)[0];
  // r: batch, my free (ct's remaining dims, in order), then other's remaining
  // dims in their order -- each an other-contract dim, paired with one of mine.
  std::vector<int> as_mine(my_batch.begin(), my_batch.end());
  as_mine.insert(as_mine.end(), my_free.begin(), my_free.end());
  std::vector<int> rest;
  for (int j = 0; j < static_cast<int>(other.shape().size()); ++j)
    if (std::find(other_batch.begin(), other_batch.end(), j) == other_batch.end() &&
        std::find(other_free.begin(), other_free.end(), j) == other_free.end())
      rest.push_back(j);
  for (int j : rest) {
    size_t k = static_cast<size_t>(std::find(other_contract.begin(), other_contract.end(), j) - other_contract.begin());
    as_mine.push_back(my_contract[k]);
  }
  std::vector<int> perm(as_mine.size());
  for (size_t pos = 0; pos < as_mine.size(); ++pos) perm[static_cast<size_t>(as_mine[pos])] = static_cast<int>(pos);
  return array::transpose(r, perm);
}

// broadcast_in_dim's transpose: sum over the new and the stretched dims.
Array unbroadcast(const Array& ct, const Shape& in_shape, const std::vector<int64_t>& dims) {
  std::vector<int> axes;
  for (int i = 0; i < static_cast<int>(ct.shape().size()); ++i) {
    auto it = std::find(dims.begin(), dims.end(), i);
    if (it == dims.end()) axes.push_back(i);
    else if (in_shape[static_cast<size_t>(it - dims.begin())] == 1 && ct.shape()[static_cast<size_t>(i)] != 1) axes.push_back(i);
  }
  Array s = axes.empty() ? ct : array::reduce(array::ReduceOp::Sum, ct, axes);
  return array::reshape(s, in_shape);
}

// reduce_max/min: the cotangent is shared by the positions that attain it.
Array chooser_reduce(const TapeNode& n, const Array& ct) {
  const Array& x = n.inputs[0];
  Shape keep_shape = x.shape();
  for (int64_t a : n.params.axes) keep_shape[static_cast<size_t>(a)] = 1;
  Array y = array::broadcast_to(array::reshape(n.outputs[0], keep_shape), x.shape());
  Array hit = as_float(array::binary(BinaryOp::Eq, x, y), ct);
  Array count = array::broadcast_to(array::reshape(array::reduce(array::ReduceOp::Sum, hit, ints(n.params.axes)), keep_shape), x.shape());
  Array g = array::broadcast_to(array::reshape(ct, keep_shape), x.shape());
  return div(mul(g, hit), count);
}

// gather's transpose scatter-adds the cotangent into zeros; scatter's sends
// the cotangent of the overwritten (set) or kept (add) positions back.
// Scatter's inputs are [operand, updates, *indices], gather's [operand,
// *indices]: the index items' input positions shift by one between them.
Params shifted(Params p, int by, int64_t mode) {
  for (DimIndex& d : p.indexers[0].dims)
    if (d.input >= 0) d.input += by;
  p.n = mode;
  return p;
}

Cts gather_rule(const TapeNode& n, const Array& ct) {
  std::vector<Array> in{zeros_like(n.inputs[0]), ct};
  in.insert(in.end(), n.inputs.begin() + 1, n.inputs.end());
  return {apply_pure(Prim::Scatter, in, shifted(n.params, 1, static_cast<int64_t>(array::UpdateMode::Add)))[0]};
}

Cts scatter_rule(const TapeNode& n, const Array& ct) {
  auto mode = static_cast<array::UpdateMode>(n.params.n);
  if (mode != array::UpdateMode::Set && mode != array::UpdateMode::Add)
    raise_here(ErrorId::grad_rule_missing, std::string("scatter (.at[].") + (mode == array::UpdateMode::Mul ? "multiply" : mode == array::UpdateMode::Min ? "min" : "max") + ")");
  std::vector<Array> idx(n.inputs.begin() + 2, n.inputs.end());
  std::vector<Array> g{ct};
  g.insert(g.end(), idx.begin(), idx.end());
  Array ct_u = apply_pure(Prim::Gather, g, shifted(n.params, -1, 0))[0];
  if (mode == array::UpdateMode::Add) return {ct, ct_u};
  std::vector<Array> s{ct, zeros_like(ct_u)};
  s.insert(s.end(), idx.begin(), idx.end());
  return {apply_pure(Prim::Scatter, s, n.params)[0], ct_u};
}

std::vector<int64_t> start_indices(const TapeNode& n, size_t from) {
  std::vector<int64_t> s;
  for (size_t i = from; i < n.inputs.size(); ++i) s.push_back(n.inputs[i].get_int(0));
  return s;
}

Cts structural_rule(const TapeNode& n, const Array& ct) {
  const Params& p = n.params;
  const Array& x = n.inputs.empty() ? ct : n.inputs[0];
  switch (n.prim) {
    case Prim::ConvertElementType:
    case Prim::Copy: return {ct};
    case Prim::Reshape:
    case Prim::Squeeze:
    case Prim::ExpandDims: return {array::reshape(ct, x.shape())};
    case Prim::Transpose: {
      std::vector<int> inverse(p.axes.size());
      for (size_t i = 0; i < p.axes.size(); ++i) inverse[static_cast<size_t>(p.axes[i])] = static_cast<int>(i);
      return {array::transpose(ct, inverse)};
    }
    case Prim::BroadcastInDim: return {unbroadcast(ct, x.shape(), p.axes)};
    case Prim::ReduceSum: {
      Shape keep = x.shape();
      for (int64_t a : p.axes) keep[static_cast<size_t>(a)] = 1;
      return {array::broadcast_to(array::reshape(ct, keep), x.shape())};
    }
    case Prim::ReduceMax:
    case Prim::ReduceMin: return {chooser_reduce(n, ct)};
    case Prim::Rev: return {array::rev(ct, ints(p.axes))};
    case Prim::CumSum: return {array::cumulative(array::ReduceOp::Sum, ct, static_cast<int>(p.n), !p.flag)};
    case Prim::SelectN: {
      Cts out{std::nullopt};
      const Array& which = n.inputs[0];
      for (size_t c = 1; c < n.inputs.size(); ++c) {
        Array chosen = which.dtype() == array::DType::Bool
                           ? (c == 2 ? which : array::unary(UnaryOp::Not, which))
                           : array::binary(BinaryOp::Eq, which,
                                           Array::full(which.dtype(), {}, array::Scalar::from_int(static_cast<int64_t>(c - 1))));
        out.push_back(where(array::broadcast_to(chosen, ct.shape()), ct, zeros_like(ct)));
      }
      return out;
    }
    case Prim::Clamp: {
      const Array &lo = n.inputs[0], &v = n.inputs[1], &hi = n.inputs[2];
      Array inside = array::binary(BinaryOp::And, array::binary(BinaryOp::Ge, v, lo), array::binary(BinaryOp::Le, v, hi));
      return {std::nullopt, where(inside, ct, zeros_like(ct)), std::nullopt};
    }
    case Prim::Concatenate: {
      Cts out;
      int64_t at = 0;
      for (const Array& in : n.inputs) {
        std::vector<int64_t> starts(ct.shape().size(), 0), limits(ct.shape().begin(), ct.shape().end());
        starts[static_cast<size_t>(p.n)] = at;
        at += in.shape()[static_cast<size_t>(p.n)];
        limits[static_cast<size_t>(p.n)] = at;
        out.push_back(array::slice(ct, starts, limits));
      }
      return out;
    }
    case Prim::Pad: {
      std::vector<int64_t> grow_lo, grow_hi, zeros(x.shape().size(), 0), starts, limits, strides;
      for (size_t d = 0; d < x.shape().size(); ++d) {
        grow_lo.push_back(std::max<int64_t>(0, -p.starts[d]));
        grow_hi.push_back(std::max<int64_t>(0, -p.limits[d]));
      }
      Array g = array::pad(ct, array::Scalar::from_float(0), grow_lo, grow_hi, zeros);
      for (size_t d = 0; d < x.shape().size(); ++d) {
        starts.push_back(std::max<int64_t>(0, p.starts[d]));
        limits.push_back(g.shape()[d] - std::max<int64_t>(0, p.limits[d]));
        strides.push_back(p.strides[d] + 1);
      }
      return {array::slice(g, starts, limits, strides), std::nullopt};
    }
    case Prim::Slice: {
      std::vector<int64_t> lo, hi, interior;
      for (size_t d = 0; d < x.shape().size(); ++d) {
        int64_t s = p.strides.empty() ? 1 : p.strides[d];
        int64_t m = ct.shape()[d];
        lo.push_back(p.starts[d]);
        interior.push_back(s - 1);
        hi.push_back(x.shape()[d] - (p.starts[d] + (m > 0 ? (m - 1) * s + 1 : 0)));
      }
      return {array::pad(ct, array::Scalar::from_float(0), lo, hi, interior)};
    }
    case Prim::DynamicSlice:
      return {array::dynamic_update_slice(zeros_like(x), ct, start_indices(n, 1))};
    case Prim::DynamicUpdateSlice: {
      std::vector<int64_t> starts = start_indices(n, 2);
      return {array::dynamic_update_slice(ct, zeros_like(n.inputs[1]), starts),
              array::dynamic_slice(ct, starts, n.inputs[1].shape())};
    }
    case Prim::DotGeneral:
      return {dot_transpose(ct, n.inputs[1], p, true, n.inputs[0].shape()),
              dot_transpose(ct, n.inputs[0], p, false, n.inputs[1].shape())};
    case Prim::IntegerPow:
      return {mul(ct, times(array::integer_pow(x, p.n - 1), static_cast<double>(p.n)))};
    case Prim::Gather: return gather_rule(n, ct);
    case Prim::Scatter: return scatter_rule(n, ct);
    default: break;
  }
  // Comparisons, predicates and integer-valued operations carry no gradient.
  switch (n.prim) {
    case Prim::Eq: case Prim::Ne: case Prim::Lt: case Prim::Le: case Prim::Gt: case Prim::Ge:
    case Prim::Sign: case Prim::Floor: case Prim::Ceil: case Prim::Round: case Prim::IsFinite:
    case Prim::ArgMax: case Prim::ArgMin: case Prim::Iota: case Prim::RandomBits:
    case Prim::And: case Prim::Or: case Prim::Xor: case Prim::Not:
      return {};
    default: break;
  }
  raise_here(ErrorId::grad_rule_missing, std::string(prim_name(n.prim)));
}

// Primitives linear in their float inputs: the tangent is the primitive
// applied to the tangents (zeros for float inputs not on the tape; integer
// and boolean inputs -- indices, predicates -- stay primal).
bool linear(Prim p) {
  switch (p) {
    case Prim::ConvertElementType: case Prim::Copy: case Prim::Reshape: case Prim::Squeeze: case Prim::ExpandDims:
    case Prim::Transpose: case Prim::BroadcastInDim: case Prim::ReduceSum: case Prim::Rev: case Prim::CumSum:
    case Prim::SelectN: case Prim::Concatenate: case Prim::Pad: case Prim::Slice: case Prim::DynamicSlice:
    case Prim::DynamicUpdateSlice: case Prim::Gather: case Prim::Scatter: case Prim::Neg: case Prim::Add:
    case Prim::Sub:
      return true;
    default: return false;
  }
}

bool elementwise(Prim p) {
  PrimCategory c = prim_category(p);
  return c == PrimCategory::Unary || c == PrimCategory::Binary;
}

}  // namespace

std::optional<Array> jvp_rule(const TapeNode& n, const std::vector<std::optional<Array>>& t) {
  if (n.custom_backward) raise_here(ErrorId::jvp_custom_vjp);
  const Array& y = n.outputs[0];
  auto tangent_or_zero = [&](size_t i) {
    if (t[i]) return *t[i];
    return array::is_float(n.inputs[i].dtype()) ? zeros_like(n.inputs[i]) : n.inputs[i];
  };
  if (n.prim == Prim::Scatter && static_cast<array::UpdateMode>(n.params.n) != array::UpdateMode::Set &&
      static_cast<array::UpdateMode>(n.params.n) != array::UpdateMode::Add)
    raise_here(ErrorId::grad_rule_missing, "scatter");
  if (linear(n.prim)) {
    std::vector<Array> in;
    for (size_t i = 0; i < n.inputs.size(); ++i) in.push_back(tangent_or_zero(i));
    return apply_pure(n.prim, in, n.params)[0];
  }
  if (n.prim == Prim::DotGeneral) {
    Params p = n.params;
    std::optional<Array> out;
    if (t[0]) out = host_dot_general({*t[0], n.inputs[1]}, p)[0];
    if (t[1]) {
      Array r = host_dot_general({n.inputs[0], *t[1]}, p)[0];
      out = out ? add(*out, r) : r;
    }
    return out;
  }
  if (n.prim == Prim::ReduceMax || n.prim == Prim::ReduceMin) {
    // The tangent averaged over the positions that attain the extreme.
    Array weights = chooser_reduce(n, Array::full(y.dtype(), y.shape(), array::Scalar::from_float(1.0)));
    return array::reduce(array::ReduceOp::Sum, mul(*t[0], weights), ints(n.params.axes));
  }
  if (n.prim == Prim::Clamp) {
    if (!t[1]) return std::nullopt;
    return structural_rule(n, *t[1])[1];
  }
  if (elementwise(n.prim) || n.prim == Prim::IntegerPow) {
    // Elementwise: the VJP of a cotangent of ones gives each input's partial
    // derivative; the tangent is their tangent-weighted sum.
    Cts partials = vjp_rule(n, Array::full(y.dtype(), y.shape(), array::Scalar::from_float(1.0)));
    std::optional<Array> out;
    for (size_t i = 0; i < t.size() && i < partials.size(); ++i) {
      if (!t[i] || !partials[i]) continue;
      Array term = mul(*t[i], *partials[i]);
      out = out ? add(*out, term) : term;
    }
    if (out && out->shape() != y.shape()) out = array::broadcast_to(*out, y.shape());
    return out;
  }
  if (prim_category(n.prim) == PrimCategory::Compare) return std::nullopt;
  // structural_rule knows which primitives carry no gradient (it answers
  // nothing) and raises "Differentiation rule ... not implemented" for the rest.
  structural_rule(n, y);
  return std::nullopt;
}

std::vector<std::optional<Array>> vjp_rule(const TapeNode& n, const Array& ct) {
  PrimCategory c = prim_category(n.prim);
  if (c == PrimCategory::Unary) {
    if (auto f = unary_factor(n.prim, n.inputs[0], n.outputs[0])) return {mul(ct, *f)};
  }
  if (c == PrimCategory::Binary) {
    Cts r = binary_rule(n.prim, n, ct);
    if (!r.empty()) return r;
  }
  return structural_rule(n, ct);
}

}  // namespace rungs::ir
