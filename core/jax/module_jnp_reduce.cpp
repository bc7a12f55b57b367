// jax.numpy reductions and whole-array comparisons: sum, prod, mean, max,
// min, all, any, argmax, argmin, cumsum, cumprod, var, std, count_nonzero,
// sort, argsort, allclose, isclose, array_equal.
//
// Result dtypes are JAX's: sum/prod of bools and narrow ints accumulate in
// int32 (uint32 for narrow unsigned), mean/var/std of ints are float32,
// argmax returns int32. `where=` masks are not supported (a clear error).
#include "core/array/ops.h"
#include "core/jax/module_jnp_parts.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

using Axes = std::optional<std::vector<int64_t>>;

void no_where(const Args& a, size_t i) {
  if (a.has(i) && !a[i].is_none()) raise(ErrorId::unsupported_feature, a.where(), "the where= argument of jnp." + a.fn_name());
}

// Reducing a zero-size axis without an identity is NumPy's ValueError.
void check_nonempty(const Operand& x, const Axes& axes, const char* name) {
  if (!axes) {
    if (array::num_elements(x.aval.shape) == 0) raise_here(ErrorId::jnp_reduce_empty, name);
    return;
  }
  for (int64_t ax : *axes)
    if (x.aval.shape[static_cast<size_t>(jax::normalize_axis(ax, rank(x)))] == 0)
      raise_here(ErrorId::jnp_reduce_empty, name);
}

// Bools and narrow ints accumulate in the default int type, as jnp does.
Operand widen_for_accumulation(const Operand& x) {
  DType t = x.aval.dtype;
  if (array::NumpyMode::active() && array::bit_width(t) < 64 && !array::is_float(t))  // NumPy's platform int
    return jax::convert(x, array::is_unsigned_int(t) ? DType::UInt64 : DType::Int64, false);
  if (t == DType::Bool || t == DType::Int8 || t == DType::Int16 || t == DType::Int4 || t == DType::Int2)
    return jax::convert(x, DType::Int32, false);
  if (t == DType::UInt8 || t == DType::UInt16 || t == DType::UInt4 || t == DType::UInt2)
    return jax::convert(x, DType::UInt32, false);
  return x;
}

Value sum_or_prod(Interpreter& ip, const Args& a, bool is_sum) {
  no_where(a, 6);
  Operand x = operand_at(ip, a, 0);
  Axes axes = axes_at(ip, a, 1);
  std::optional<DType> dt = dtype_at(ip, a, 2);
  bool keep = truthy_at(ip, a, 4, false);
  Operand y = dt ? jax::convert(x, *dt, false) : widen_for_accumulation(x);
  Operand out = jax::reduce(is_sum ? Prim::ReduceSum : Prim::ReduceProd, y, axes, keep);
  if (a.has(5) && !a[5].is_none())
    out = jax::binary(is_sum ? Prim::Add : Prim::Mul, out, to_op(ip, a[5], a.where()));
  return wrap(out);
}

Value max_or_min(Interpreter& ip, const Args& a, bool is_max) {
  no_where(a, 5);
  Operand x = operand_at(ip, a, 0);
  Axes axes = axes_at(ip, a, 1);
  bool keep = truthy_at(ip, a, 3, false);
  bool has_initial = a.has(4) && !a[4].is_none();
  if (!has_initial) check_nonempty(x, axes, is_max ? "max" : "min");
  Operand out = jax::reduce(is_max ? Prim::ReduceMax : Prim::ReduceMin, x, axes, keep);
  if (has_initial) out = jax::binary(is_max ? Prim::Max : Prim::Min, out, to_op(ip, a[4], a.where()));
  return wrap(out);
}

Operand var(const Operand& x0, const Axes& axes, std::optional<DType> dtype, double ddof, bool keep) {
  DType ct = array::is_float(x0.aval.dtype) ? x0.aval.dtype : array::default_float();
  if (dtype && array::is_float(*dtype)) ct = *dtype;
  Operand x = jax::convert(x0, ct, x0.aval.weak_type);
  Operand centered = jax::unary(Prim::Square, jax::binary(Prim::Sub, x, jax::mean(x, axes, true)));
  int64_t n = 1;
  if (!axes) n = array::num_elements(x.aval.shape);
  else
    for (int64_t ax : *axes) n *= x.aval.shape[static_cast<size_t>(jax::normalize_axis(ax, rank(x)))];
  Operand s = jax::sum(centered, axes, keep);
  Operand out = ir::bind1(Prim::Div, {s, jax::scalar(ct, static_cast<double>(n) - ddof, s.aval.weak_type)}, {});
  return dtype ? jax::convert(out, *dtype, false) : out;
}

Value var_or_std(Interpreter& ip, const Args& a, bool is_std) {
  no_where(a, 6);
  Operand x = operand_at(ip, a, 0);
  double ddof = a.has(7) && !a[7].is_none() ? a.float_at(7, 0) : a.float_at(4, 0);
  Operand v = var(x, axes_at(ip, a, 1), dtype_at(ip, a, 2), ddof, truthy_at(ip, a, 5, false));
  return wrap(is_std ? jax::unary(Prim::Sqrt, v) : v);
}

Value cumulative(Interpreter& ip, const Args& a, Prim prim) {
  Operand x = operand_at(ip, a, 0);
  std::optional<int64_t> axis = axis_at(a, 1);
  std::optional<DType> dt = dtype_at(ip, a, 2);
  if (!axis) x = ravel(x);
  int64_t ax = jax::normalize_axis(axis.value_or(0), rank(x));
  x = dt ? jax::convert(x, *dt, false) : widen_for_accumulation(x);
  ir::Params p;
  p.n = ax;
  return wrap(ir::bind1(prim, {x}, p));
}

Operand sort(const Operand& x0, std::optional<int64_t> axis, bool descending) {
  Operand x = axis ? x0 : ravel(x0);
  int64_t ax = jax::normalize_axis(axis.value_or(0), rank(x));
  ir::Params p;
  p.n = ax;
  p.flag = true;
  Operand out = ir::bind1(Prim::Sort, {x}, p);
  if (descending) {
    ir::Params r;
    r.axes = {ax};
    out = ir::bind1(Prim::Rev, {out}, r);
  }
  return out;
}

// argsort of a traced (or vmapped) array as jnp.argsort writes it: a
// two-operand sort of (x, iota) keyed on x; for a stable descending order
// both are reversed first and the indices reversed back.
Operand traced_argsort(const Operand& x0, std::optional<int64_t> axis, bool descending, bool stable) {
  Operand x = axis ? x0 : ravel(x0);
  int64_t ax = jax::normalize_axis(axis.value_or(0), rank(x));
  ir::Params iota;
  iota.dtype = DType::Int32;
  iota.shape = x.aval.shape;
  iota.n = ax;
  Operand idx = ir::bind1(Prim::Iota, {}, iota);
  ir::Params rev;
  rev.axes = {ax};
  if (descending && stable) {
    x = ir::bind1(Prim::Rev, {x}, rev);
    idx = ir::bind1(Prim::Rev, {idx}, rev);
  }
  ir::Params p;
  p.n = ax;
  p.flag = stable;
  p.counts = {1};
  Operand out = ir::bind(Prim::Sort, {x, idx}, p)[1];
  return descending ? ir::bind1(Prim::Rev, {out}, rev) : out;
}

Operand argsort(const Operand& x0, std::optional<int64_t> axis, bool descending, bool stable) {
  if (x0.traced() || x0.batched() || ir::current_trace()) return traced_argsort(x0, axis, descending, stable);
  array::Array x = axis ? x0.value : x0.value.reshaped({x0.value.size()});
  int ax = static_cast<int>(jax::normalize_axis(axis.value_or(0), x.rank()));
  // Positions are the mode's default int: int32 in JAX, intp (int64) in NumPy.
  const DType index_type = array::default_int();
  if (!descending) return Operand::concrete(array::convert(array::argsort(x, ax), index_type));
  // Stable descending order: sort the reversed array, then map positions back.
  array::Array idx = array::convert(array::argsort(array::rev(x, {ax}), ax), index_type);
  array::Array last = array::Array::scalar_int(index_type, x.shape()[static_cast<size_t>(ax)] - 1);
  return Operand::concrete(array::rev(array::binary(array::BinaryOp::Sub, last, idx), {ax}));
}

}  // namespace

void add_jnp_reductions(ModuleObj& m) {
  std::vector<std::string> sum_sig{"a", "axis", "dtype", "out", "keepdims", "initial", "where", "promote_integers"};
  defn(m, "sum", sum_sig, 1, [](Interpreter& ip, const Args& a) { return sum_or_prod(ip, a, true); });
  defn(m, "prod", sum_sig, 1, [](Interpreter& ip, const Args& a) { return sum_or_prod(ip, a, false); });
  std::vector<std::string> max_sig{"a", "axis", "out", "keepdims", "initial", "where"};
  for (const char* name : {"max", "amax"})
    defn(m, name, max_sig, 1, [](Interpreter& ip, const Args& a) { return max_or_min(ip, a, true); });
  for (const char* name : {"min", "amin"})
    defn(m, name, max_sig, 1, [](Interpreter& ip, const Args& a) { return max_or_min(ip, a, false); });
  defn(m, "mean", {"a", "axis", "dtype", "out", "keepdims", "*", "where"}, 1, [](Interpreter& ip, const Args& a) {
    no_where(a, 5);
    Operand x = operand_at(ip, a, 0);
    if (auto dt = dtype_at(ip, a, 2)) x = jax::convert(x, *dt, false);
    return wrap(jax::mean(x, axes_at(ip, a, 1), truthy_at(ip, a, 4, false)));
  });
  for (const char* name : {"all", "any"}) {
    Prim p = std::string(name) == "all" ? Prim::ReduceAnd : Prim::ReduceOr;
    defn(m, name, {"a", "axis", "out", "keepdims", "*", "where"}, 1, [p](Interpreter& ip, const Args& a) {
      no_where(a, 4);
      return wrap(jax::reduce(p, operand_at(ip, a, 0), axes_at(ip, a, 1), truthy_at(ip, a, 3, false)));
    });
  }
  for (const char* name : {"argmax", "argmin"}) {
    Prim p = std::string(name) == "argmax" ? Prim::ArgMax : Prim::ArgMin;
    defn(m, name, {"a", "axis", "out", "keepdims"}, 1, [p](Interpreter& ip, const Args& a) {
      return wrap(jax::argminmax(p, operand_at(ip, a, 0), axis_at(a, 1), truthy_at(ip, a, 3, false)));
    });
  }
  defn(m, "cumsum", {"a", "axis", "dtype", "out"}, 1,
       [](Interpreter& ip, const Args& a) { return cumulative(ip, a, Prim::CumSum); });
  defn(m, "cumprod", {"a", "axis", "dtype", "out"}, 1,
       [](Interpreter& ip, const Args& a) { return cumulative(ip, a, Prim::CumProd); });
  std::vector<std::string> var_sig{"a", "axis", "dtype", "out", "ddof", "keepdims", "*", "where", "correction"};
  defn(m, "var", var_sig, 1, [](Interpreter& ip, const Args& a) { return var_or_std(ip, a, false); });
  defn(m, "std", var_sig, 1, [](Interpreter& ip, const Args& a) { return var_or_std(ip, a, true); });
  defn(m, "count_nonzero", {"a", "axis", "keepdims"}, 1, [](Interpreter& ip, const Args& a) {
    Operand x = operand_at(ip, a, 0);
    Operand nz = ir::bind1(Prim::Ne, {x, const_like(x, 0)}, {});
    return wrap(jax::sum(nz, axes_at(ip, a, 1), truthy_at(ip, a, 2, false), array::default_int()));
  });
  std::vector<std::string> sort_sig{"a", "axis", "*", "kind", "order", "stable", "descending"};
  defn(m, "sort", sort_sig, 1, [](Interpreter& ip, const Args& a) {
    std::optional<int64_t> axis = a.has(1) ? axis_at(a, 1) : std::optional<int64_t>(-1);
    return wrap(sort(operand_at(ip, a, 0), axis, truthy_at(ip, a, 5, false)));
  });
  defn(m, "argsort", sort_sig, 1, [](Interpreter& ip, const Args& a) {
    std::optional<int64_t> axis = a.has(1) ? axis_at(a, 1) : std::optional<int64_t>(-1);
    return wrap(argsort(operand_at(ip, a, 0), axis, truthy_at(ip, a, 5, false), truthy_at(ip, a, 4, true)));
  });
  std::vector<std::string> close_sig{"a", "b", "rtol", "atol", "equal_nan"};
  defn(m, "isclose", close_sig, 2, [](Interpreter& ip, const Args& a) {
    return wrap(isclose(operand_at(ip, a, 0), operand_at(ip, a, 1), a.float_at(2, 1e-05), a.float_at(3, 1e-08),
                        truthy_at(ip, a, 4, false)));
  });
  defn(m, "allclose", close_sig, 2, [](Interpreter& ip, const Args& a) {
    Operand c = isclose(operand_at(ip, a, 0), operand_at(ip, a, 1), a.float_at(2, 1e-05), a.float_at(3, 1e-08),
                        truthy_at(ip, a, 4, false));
    return wrap(jax::reduce(Prim::ReduceAnd, c, std::nullopt, false));
  });
  defn(m, "array_equal", {"a1", "a2", "equal_nan"}, 2, [](Interpreter& ip, const Args& a) {
    NumpyScope lenient;  // jnp.array_equal converts with asarray
    Operand x = operand_at(ip, a, 0), y = operand_at(ip, a, 1);
    if (x.aval.shape != y.aval.shape) return wrap(jax::scalar_bool(false));
    Operand eq = jax::compare(Prim::Eq, x, y);
    if (truthy_at(ip, a, 2, false))
      eq = jax::binary(Prim::Or, eq, jax::binary(Prim::And, isnan(x), isnan(y)));
    return wrap(jax::reduce(Prim::ReduceAnd, eq, std::nullopt, false));
  });
}

}  // namespace rungs::jax
