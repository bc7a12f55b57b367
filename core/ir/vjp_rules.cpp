// The VJP rule of each primitive (tape.h): given a recorded equation's
// primal inputs and outputs and the cotangent of its output, the cotangents
// of its inputs -- JAX's JVP rules composed with their transposes
// (jax/_src/lax/lax.py and friends). Rules bind primitives (ad_ops.h), so
// they run eagerly, inside traces, and are recorded on outer tapes alike.
// Cotangents may come back in a broadcast shape; the tape sums them down.
#include <algorithm>
#include <cmath>

#include "core/errors/error.h"
#include "core/ir/ad_ops.h"
#include "core/ir/ad_rules.h"
#include "core/ir/primitive.h"
#include "core/ir/tape.h"

namespace rungs::ir {

using namespace ad;

namespace {

using Cts = Tangents;

Operand one_over(const Operand& x) { return div(scalar(x.aval.dtype, 1), x); }
Operand cmp(Prim p, const Operand& a, const Operand& b) { return bind1(p, {a, b}, {}); }

// The d(out)/d(x) factor of each elementwise unary primitive.
std::optional<Operand> unary_factor(Prim p, const Params& params, const Operand& x, const Operand& y) {
  switch (p) {
    case Prim::Neg: return scalar(x.aval.dtype, -1);
    case Prim::Exp: return y;
    case Prim::Exp2: return times(y, std::log(2.0));
    case Prim::Log: return one_over(x);
    case Prim::Log1p: return one_over(plus(x, 1));
    case Prim::Expm1: return plus(y, 1);
    case Prim::Tanh: return rsub(1, mul(y, y));
    case Prim::Logistic: return mul(y, rsub(1, y));
    case Prim::Sin: return unary(Prim::Cos, x);
    case Prim::Cos: return neg(unary(Prim::Sin, x));
    case Prim::Tan: return plus(mul(y, y), 1);
    case Prim::Sqrt: return div(scalar(y.aval.dtype, 0.5), y);
    case Prim::Rsqrt: return times(div(y, x), -0.5);
    case Prim::Cbrt: return div(y, times(x, 3));
    case Prim::Abs: return unary(Prim::Sign, x);
    case Prim::Square: return times(x, 2);
    case Prim::Sinh: return unary(Prim::Cosh, x);
    case Prim::Cosh: return unary(Prim::Sinh, x);
    case Prim::Atan: return one_over(plus(mul(x, x), 1));
    case Prim::Asin: return unary(Prim::Rsqrt, rsub(1, mul(x, x)));
    case Prim::Acos: return neg(unary(Prim::Rsqrt, rsub(1, mul(x, x))));
    case Prim::Asinh: return unary(Prim::Rsqrt, plus(mul(x, x), 1));
    case Prim::Acosh: return unary(Prim::Rsqrt, plus(mul(x, x), -1));
    case Prim::Atanh: return one_over(rsub(1, mul(x, x)));
    case Prim::Erf: return times(unary(Prim::Exp, neg(mul(x, x))), 2.0 / std::sqrt(M_PI));
    case Prim::ErfInv: return times(unary(Prim::Exp, mul(y, y)), std::sqrt(M_PI) / 2.0);
    case Prim::IntegerPow: {
      if (params.n == 0) return scalar(x.aval.dtype, 0);
      Params q;
      q.n = params.n - 1;
      return times(bind1(Prim::IntegerPow, {x}, q), static_cast<double>(params.n));
    }
    default: return std::nullopt;
  }
}

// max/min: the chosen side, split evenly on ties (lax's balanced rule).
Cts chooser(Prim strict, const Operand& a, const Operand& b) {
  Operand pick_a = as_float_of(cmp(strict, a, b), a), tie = as_float_of(cmp(Prim::Eq, a, b), a);
  Operand wa = add(pick_a, times(tie, 0.5));
  return {wa, rsub(1, wa)};
}

Cts binary_partials(Prim p, const Operand& a, const Operand& b, const Operand& y) {
  switch (p) {
    case Prim::Add: return {scalar(a.aval.dtype, 1), scalar(a.aval.dtype, 1)};
    case Prim::Sub: return {scalar(a.aval.dtype, 1), scalar(a.aval.dtype, -1)};
    case Prim::Mul: return {b, a};
    case Prim::Div: return {one_over(b), neg(div(y, b))};
    case Prim::Pow: return {mul(b, binary(Prim::Pow, a, plus(b, -1))), mul(y, unary(Prim::Log, a))};
    case Prim::Max: return chooser(Prim::Gt, a, b);
    case Prim::Min: return chooser(Prim::Lt, a, b);
    case Prim::Atan2: {
      Operand d = add(mul(a, a), mul(b, b));
      return {div(b, d), neg(div(a, d))};
    }
    case Prim::Rem: return {scalar(a.aval.dtype, 1), neg(unary(Prim::Round, div(sub(a, y), b)))};
    default: return {};
  }
}

}  // namespace

std::vector<std::optional<Operand>> elementwise_partials(Prim prim, const Params& params,
                                                         const std::vector<Operand>& inputs, const Operand& out) {
  PrimCategory c = prim_category(prim);
  if (c == PrimCategory::Unary) {
    if (auto f = unary_factor(prim, params, inputs[0], out)) return {*f};
    return {};
  }
  if (c == PrimCategory::Binary) return binary_partials(prim, inputs[0], inputs[1], out);
  return {};
}

Operand reduce_chooser_weights(const Operand& x, const Operand& out, const std::vector<int64_t>& axes) {
  Shape keep = x.aval.shape;
  for (int64_t a : axes) keep[static_cast<size_t>(a)] = 1;
  Operand y = broadcast_to(reshape(out, keep), x.aval.shape);
  Operand hit = as_float_of(cmp(Prim::Eq, x, y), x);
  Operand count = broadcast_to(reshape(reduce_sum(hit, axes), keep), x.aval.shape);
  return div(hit, count);
}

bool linear_primitive(Prim p) {
  switch (p) {
    case Prim::ConvertElementType: case Prim::Copy: case Prim::Reshape: case Prim::Squeeze: case Prim::ExpandDims:
    case Prim::Transpose: case Prim::BroadcastInDim: case Prim::ReduceSum: case Prim::Rev: case Prim::CumSum:
    case Prim::SelectN: case Prim::Concatenate: case Prim::Pad: case Prim::Slice: case Prim::DynamicSlice:
    case Prim::DynamicUpdateSlice: case Prim::Gather: case Prim::Scatter: case Prim::Neg: case Prim::Add:
    case Prim::Sub: case Prim::MultipleOf:
      return true;
    default: return false;
  }
}

namespace {

// lax.dot_general's transposes: contract the cotangent with the other
// operand over the output's free dims, then put the axes back in order.
std::vector<int64_t> free_dims(size_t rank, const std::vector<int>& batch, const std::vector<int>& contract) {
  std::vector<int64_t> f;
  for (int i = 0; i < static_cast<int>(rank); ++i)
    if (std::find(batch.begin(), batch.end(), i) == batch.end() && std::find(contract.begin(), contract.end(), i) == contract.end())
      f.push_back(i);
  return f;
}

Operand dot_transpose(const Operand& ct, const Operand& other, const Params& forward, bool for_lhs, const Shape& shape) {
  const array::DotDims& d = forward.dot;
  const std::vector<int>& my_batch = for_lhs ? d.lhs_batch : d.rhs_batch;
  const std::vector<int>& my_contract = for_lhs ? d.lhs_contract : d.rhs_contract;
  const std::vector<int>& other_batch = for_lhs ? d.rhs_batch : d.lhs_batch;
  const std::vector<int>& other_contract = for_lhs ? d.rhs_contract : d.lhs_contract;
  std::vector<int64_t> my_free = free_dims(shape.size(), my_batch, my_contract);
  std::vector<int64_t> other_free = free_dims(other.aval.shape.size(), other_batch, other_contract);
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
    t.rhs_contract.push_back(static_cast<int>(other_free[k]));
  }
  // At the forward dot's precision, on the host's platform (a TPU host
  // rounds float32 operands to bf16 at DEFAULT, as XLA does there).
  Params tp;
  tp.dot = t;
  tp.n = forward.n;
  tp.flag = true;
  tp.dtype = ct.aval.dtype;
  Operand r = bind1(Prim::DotGeneral, {ct, other}, tp);
  // r: batch, my free (ct's remaining dims, in order), then other's remaining
  // dims in their order -- each an other-contract dim, paired with one of mine.
  std::vector<int64_t> as_mine(my_batch.begin(), my_batch.end());
  as_mine.insert(as_mine.end(), my_free.begin(), my_free.end());
  for (int j = 0; j < static_cast<int>(other.aval.shape.size()); ++j)
    if (std::find(other_batch.begin(), other_batch.end(), j) == other_batch.end() &&
        std::find(other_free.begin(), other_free.end(), j) == other_free.end()) {
      size_t k = static_cast<size_t>(std::find(other_contract.begin(), other_contract.end(), j) - other_contract.begin());
      as_mine.push_back(my_contract[k]);
    }
  std::vector<int64_t> perm(as_mine.size());
  for (size_t pos = 0; pos < as_mine.size(); ++pos) perm[static_cast<size_t>(as_mine[pos])] = static_cast<int64_t>(pos);
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i) identity = identity && perm[i] == static_cast<int64_t>(i);
  return identity ? r : transpose(r, perm);
}

// broadcast_in_dim's transpose: sum over the new and the stretched dims.
Operand unbroadcast(const Operand& ct, const Shape& in_shape, const std::vector<int64_t>& dims) {
  std::vector<int64_t> axes;
  for (int64_t i = 0; i < static_cast<int64_t>(ct.aval.shape.size()); ++i) {
    auto it = std::find(dims.begin(), dims.end(), i);
    if (it == dims.end()) axes.push_back(i);
    else if (in_shape[static_cast<size_t>(it - dims.begin())] == 1 && ct.aval.shape[static_cast<size_t>(i)] != 1) axes.push_back(i);
  }
  return reshape(reduce_sum(ct, axes), in_shape);
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

Cts gather_rule(const TapeNode& n, const Operand& ct) {
  std::vector<Operand> in{zeros_like(n.inputs[0]), ct};
  in.insert(in.end(), n.inputs.begin() + 1, n.inputs.end());
  return {bind1(Prim::Scatter, in, shifted(n.params, 1, static_cast<int64_t>(array::UpdateMode::Add)))};
}

Cts scatter_rule(const TapeNode& n, const Operand& ct) {
  auto mode = static_cast<array::UpdateMode>(n.params.n);
  if (mode != array::UpdateMode::Set && mode != array::UpdateMode::Add)
    raise_here(ErrorId::grad_rule_missing, std::string("scatter (.at[].") + (mode == array::UpdateMode::Mul ? "multiply" : mode == array::UpdateMode::Min ? "min" : "max") + ")");
  std::vector<Operand> g{ct};
  g.insert(g.end(), n.inputs.begin() + 2, n.inputs.end());
  Operand ct_u = bind1(Prim::Gather, g, shifted(n.params, -1, 0));
  if (mode == array::UpdateMode::Add) return {ct, ct_u};
  std::vector<Operand> s{ct, zeros_like(ct_u)};
  s.insert(s.end(), n.inputs.begin() + 2, n.inputs.end());
  return {bind1(Prim::Scatter, s, n.params), ct_u};
}

Cts select_rule(const TapeNode& n, const Operand& ct) {
  Cts out{std::nullopt};
  const Operand& which = n.inputs[0];
  Operand z = zeros_like(ct);
  for (size_t c = 1; c < n.inputs.size(); ++c) {
    Operand chosen = which.aval.dtype == array::DType::Bool
                         ? (c == 2 ? which : unary(Prim::Not, which))
                         : cmp(Prim::Eq, which, scalar(which.aval.dtype, static_cast<double>(c - 1)));
    out.push_back(select(chosen, ct, z));
  }
  return out;
}

Cts concatenate_rule(const TapeNode& n, const Operand& ct) {
  Cts out;
  int64_t at = 0;
  size_t axis = static_cast<size_t>(n.params.n);
  for (const Operand& in : n.inputs) {
    std::vector<int64_t> starts(ct.aval.shape.size(), 0), limits(ct.aval.shape.begin(), ct.aval.shape.end());
    starts[axis] = at;
    at += in.aval.shape[axis];
    limits[axis] = at;
    out.push_back(slice(ct, starts, limits));
  }
  return out;
}

Cts pad_rule(const TapeNode& n, const Operand& ct) {
  const Params& p = n.params;
  const Shape& xs = n.inputs[0].aval.shape;
  std::vector<int64_t> grow_lo, grow_hi, zeros_(xs.size(), 0), starts, limits, strides;
  for (size_t d = 0; d < xs.size(); ++d) {
    grow_lo.push_back(std::max<int64_t>(0, -p.starts[d]));
    grow_hi.push_back(std::max<int64_t>(0, -p.limits[d]));
  }
  Operand g = pad(ct, grow_lo, grow_hi, zeros_);
  for (size_t d = 0; d < xs.size(); ++d) {
    starts.push_back(std::max<int64_t>(0, p.starts[d]));
    limits.push_back(g.aval.shape[d] - std::max<int64_t>(0, p.limits[d]));
    strides.push_back(p.strides[d] + 1);
  }
  return {slice(g, starts, limits, strides), std::nullopt};
}

Cts slice_rule(const TapeNode& n, const Operand& ct) {
  const Params& p = n.params;
  const Shape& xs = n.inputs[0].aval.shape;
  std::vector<int64_t> lo, hi, interior;
  for (size_t d = 0; d < xs.size(); ++d) {
    int64_t s = p.strides.empty() ? 1 : p.strides[d];
    int64_t m = ct.aval.shape[d];
    lo.push_back(p.starts[d]);
    interior.push_back(s - 1);
    hi.push_back(xs[d] - (p.starts[d] + (m > 0 ? (m - 1) * s + 1 : 0)));
  }
  return {pad(ct, lo, hi, interior)};
}

Cts dynamic_slice_rule(const TapeNode& n, const Operand& ct, bool update) {
  std::vector<Operand> starts(n.inputs.begin() + (update ? 2 : 1), n.inputs.end());
  if (!update) {
    std::vector<Operand> in{zeros_like(n.inputs[0]), ct};
    in.insert(in.end(), starts.begin(), starts.end());
    return {bind1(Prim::DynamicUpdateSlice, in, {})};
  }
  std::vector<Operand> in{ct, zeros_like(n.inputs[1])};
  in.insert(in.end(), starts.begin(), starts.end());
  std::vector<Operand> sl{ct};
  sl.insert(sl.end(), starts.begin(), starts.end());
  Params sp;
  sp.shape = n.inputs[1].aval.shape;
  return {bind1(Prim::DynamicUpdateSlice, in, {}), bind1(Prim::DynamicSlice, sl, sp)};
}

Cts structural_rule(const TapeNode& n, const Operand& ct) {
  const Params& p = n.params;
  const Operand& x = n.inputs.empty() ? ct : n.inputs[0];
  switch (n.prim) {
    case Prim::ConvertElementType:
    case Prim::MultipleOf:
    case Prim::Copy: return {ct};
    case Prim::Reshape:
    case Prim::Squeeze:
    case Prim::ExpandDims: return {reshape(ct, x.aval.shape)};
    case Prim::Transpose: {
      std::vector<int64_t> inverse(p.axes.size());
      for (size_t i = 0; i < p.axes.size(); ++i) inverse[static_cast<size_t>(p.axes[i])] = static_cast<int64_t>(i);
      return {transpose(ct, inverse)};
    }
    case Prim::BroadcastInDim: return {unbroadcast(ct, x.aval.shape, p.axes)};
    case Prim::ReduceSum: {
      Shape keep = x.aval.shape;
      for (int64_t a : p.axes) keep[static_cast<size_t>(a)] = 1;
      return {broadcast_to(reshape(ct, keep), x.aval.shape)};
    }
    case Prim::ReduceMax:
    case Prim::ReduceMin: {
      Shape keep = x.aval.shape;
      for (int64_t a : p.axes) keep[static_cast<size_t>(a)] = 1;
      return {mul(broadcast_to(reshape(ct, keep), x.aval.shape), reduce_chooser_weights(x, n.outputs[0], p.axes))};
    }
    case Prim::Rev: return {rev(ct, p.axes)};
    case Prim::CumSum: {
      Params q = p;
      q.flag = !p.flag;
      return {bind1(Prim::CumSum, {ct}, q)};
    }
    case Prim::SelectN: return select_rule(n, ct);
    case Prim::Clamp: {
      const Operand &lo = n.inputs[0], &v = n.inputs[1], &hi = n.inputs[2];
      Operand inside = binary(Prim::And, cmp(Prim::Ge, v, lo), cmp(Prim::Le, v, hi));
      return {std::nullopt, select(inside, ct, zeros_like(ct)), std::nullopt};
    }
    case Prim::Concatenate: return concatenate_rule(n, ct);
    case Prim::Pad: return pad_rule(n, ct);
    case Prim::Slice: return slice_rule(n, ct);
    case Prim::DynamicSlice: return dynamic_slice_rule(n, ct, false);
    case Prim::DynamicUpdateSlice: return dynamic_slice_rule(n, ct, true);
    case Prim::DotGeneral:
      return {dot_transpose(ct, n.inputs[1], p, true, n.inputs[0].aval.shape),
              dot_transpose(ct, n.inputs[0], p, false, n.inputs[1].aval.shape)};
    case Prim::Gather: return gather_rule(n, ct);
    case Prim::Scatter: return scatter_rule(n, ct);
    default: break;
  }
  if (diff_rule_kind(n.prim) == DiffRule::NoGradient) return {};
  raise_here(ErrorId::grad_rule_missing, std::string(prim_name(n.prim)));
}

}  // namespace

Tangents vjp_rule(const TapeNode& n, const Operand& ct) {
  Cts partials = elementwise_partials(n.prim, n.params, n.inputs, n.outputs[0]);
  if (!partials.empty()) {
    Cts out;
    for (const auto& d : partials) out.push_back(d ? std::optional<Operand>(mul(ct, *d)) : std::nullopt);
    return out;
  }
  return structural_rule(n, ct);
}

}  // namespace rungs::ir
