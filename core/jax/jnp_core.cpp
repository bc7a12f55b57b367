#include "core/jax/jnp_core.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "core/errors/error.h"
#include "core/ir/rules.h"
#include "core/ir/tape.h"

namespace rungs::jax {

namespace {
ir::Params no_params() { return {}; }

int64_t rank(const Operand& x) { return static_cast<int64_t>(x.aval.shape.size()); }

bool is_floating(const Operand& x) { return array::is_float(x.aval.dtype); }

// A concrete operand is converted on the spot (a literal stays a literal in
// the jaxpr, as JAX does for Python scalars).
// Computes a primitive on concrete operands without the bind machinery
// (a fast path) -- unless an operand is being differentiated, when the
// primitive must be bound so the tape records it.
Operand apply_now(Prim prim, const std::vector<Operand>& in, const ir::Params& p) {
  for (const Operand& o : in)
    if (ir::on_current_tape(o)) return ir::bind1(prim, in, p);
  std::vector<array::Array> arrays;
  for (const Operand& o : in) arrays.push_back(o.value);
  return Operand::concrete(ir::apply_pure(prim, arrays, p)[0]);
}

bool all_concrete(const std::vector<Operand>& in) {
  for (const Operand& o : in)
    if (o.traced()) return false;
  return true;
}
}  // namespace

int64_t normalize_axis(int64_t axis, int64_t r) {
  if (axis < -r || axis >= r) raise_here(ErrorId::axis_out_of_bounds, axis, r);
  return axis < 0 ? axis + r : axis;
}

Operand scalar(DType dtype, double value, bool weak) {
  return Operand::concrete(array::Array::scalar(dtype, value).with_weak_type(weak));
}

Operand scalar_int(DType dtype, int64_t value, bool weak) {
  return Operand::concrete(array::Array::scalar_int(dtype, value).with_weak_type(weak));
}

Operand scalar_bool(bool value) { return Operand::concrete(array::Array::scalar_bool(value)); }

Operand convert(const Operand& x, DType dtype, bool weak) {
  if (x.aval.dtype == dtype && x.aval.weak_type == weak) return x;
  ir::Params p;
  p.dtype = dtype;
  p.flag = weak;
  if (!x.traced()) return apply_now(Prim::ConvertElementType, {x}, p);
  return ir::bind1(Prim::ConvertElementType, {x}, p);
}

array::PromotedType result_type(const std::vector<Operand>& xs) {
  array::PromotedType t{xs[0].aval.dtype, xs[0].aval.weak_type};
  for (size_t i = 1; i < xs.size(); ++i)
    t = array::promote_types(t.dtype, t.weak, xs[i].aval.dtype, xs[i].aval.weak_type);
  return t;
}

std::vector<Operand> promote(const std::vector<Operand>& xs) {
  array::PromotedType t = result_type(xs);
  std::vector<Operand> out;
  for (const Operand& x : xs) out.push_back(convert(x, t.dtype, t.weak));
  return out;
}

Operand broadcast_to(const Operand& x, const Shape& shape) {
  if (x.aval.shape == shape) return x;
  // Align trailing dims (NumPy); broadcast_in_dim maps operand dims.
  int64_t offset = static_cast<int64_t>(shape.size()) - rank(x);
  if (offset < 0) raise_here(ErrorId::broadcast_to_incompatible, array::shape_str(x.aval.shape), array::shape_str(shape));
  ir::Params p;
  p.shape = shape;
  for (int64_t d = 0; d < rank(x); ++d) {
    int64_t have = x.aval.shape[static_cast<size_t>(d)], want = shape[static_cast<size_t>(d + offset)];
    if (have != want && have != 1)
      raise_here(ErrorId::broadcast_to_incompatible, array::shape_str(x.aval.shape), array::shape_str(shape));
    p.axes.push_back(d + offset);
  }
  return ir::bind1(Prim::BroadcastInDim, {x}, p);
}

std::vector<Operand> broadcast_together(const std::vector<Operand>& xs) {
  // JAX's promote_shapes: equal ranks or scalars rely on lax's own
  // broadcasting; otherwise lower ranks gain leading size-1 dims.
  std::set<int64_t> ranks;
  for (const Operand& x : xs)
    if (rank(x) > 0) ranks.insert(rank(x));
  if (ranks.size() < 2) return xs;
  std::vector<Shape> shapes;
  for (const Operand& x : xs) shapes.push_back(x.aval.shape);
  int64_t r = static_cast<int64_t>(array::broadcast_shapes(shapes).size());
  std::vector<Operand> out;
  for (const Operand& x : xs) {
    if (rank(x) == r || rank(x) == 0) {
      out.push_back(x);
      continue;
    }
    Shape s(static_cast<size_t>(r - rank(x)), 1);
    s.insert(s.end(), x.aval.shape.begin(), x.aval.shape.end());
    out.push_back(reshape(x, s));
  }
  return out;
}

Operand binary(Prim prim, const Operand& a, const Operand& b) {
  std::vector<Operand> xs = broadcast_together(promote({a, b}));
  return ir::bind1(prim, xs, no_params());
}

Operand compare(Prim prim, const Operand& a, const Operand& b) { return binary(prim, a, b); }

Operand unary(Prim prim, const Operand& x) { return ir::bind1(prim, {x}, no_params()); }

Operand float_unary(Prim prim, const Operand& x) {
  DType f = array::NumpyMode::active() ? array::promote_types_numpy(x.aval.dtype, false, DType::Float16, false).dtype
                                       : array::default_float();  // NumPy: int8 -> float16, int32 -> float64
  Operand y = is_floating(x) ? x : convert(x, f, x.aval.weak_type);
  return unary(prim, y);
}

Operand logical_not(const Operand& x) { return unary(Prim::Not, x); }

Operand true_divide(const Operand& a, const Operand& b) {
  std::vector<Operand> xs = promote({a, b});
  if (!is_floating(xs[0])) {
    bool weak = xs[0].aval.weak_type;
    xs = {convert(xs[0], array::default_float(), weak), convert(xs[1], array::default_float(), weak)};
  }
  xs = broadcast_together(xs);
  return ir::bind1(Prim::Div, xs, no_params());
}

Operand floor_divide(const Operand& a, const Operand& b) {
  std::vector<Operand> xs = broadcast_together(promote({a, b}));
  const Operand &x1 = xs[0], &x2 = xs[1];
  DType t = x1.aval.dtype;
  if (array::is_unsigned_int(t)) return ir::bind1(Prim::Div, xs, no_params());
  if (array::is_signed_int(t)) {
    // lax.div truncates; step down when signs differ and there is a remainder.
    Operand zero = scalar_int(t, 0, x1.aval.weak_type);
    Operand q = ir::bind1(Prim::Div, {x1, x2}, no_params());
    Operand sign_differs = ir::bind1(Prim::Ne, {unary(Prim::Sign, x1), unary(Prim::Sign, x2)}, no_params());
    Operand rem_nonzero = ir::bind1(Prim::Ne, {ir::bind1(Prim::Rem, {x1, x2}, no_params()), zero}, no_params());
    Operand select = ir::bind1(Prim::And, {sign_differs, rem_nonzero}, no_params());
    Operand one = scalar_int(t, 1, x1.aval.weak_type);
    Operand q_minus = ir::bind1(Prim::Sub, {q, one}, no_params());
    return ir::bind1(Prim::SelectN, {select, q, q_minus}, no_params());
  }
  if (t == DType::Bool) raise_here(ErrorId::bool_floor_divide);
  // JAX's _float_divmod, quotient part.
  Operand zero = scalar(t, 0, x1.aval.weak_type);
  Operand mod = ir::bind1(Prim::Rem, {x1, x2}, no_params());
  Operand div = ir::bind1(Prim::Div, {ir::bind1(Prim::Sub, {x1, mod}, no_params()), x2}, no_params());
  Operand ind = ir::bind1(Prim::And, {ir::bind1(Prim::Ne, {mod, zero}, no_params()),
                                      ir::bind1(Prim::Ne, {unary(Prim::Sign, x2), unary(Prim::Sign, mod)}, no_params())},
                          no_params());
  Operand one = scalar(t, 1, x1.aval.weak_type);
  div = ir::bind1(Prim::SelectN, {ind, div, ir::bind1(Prim::Sub, {div, one}, no_params())}, no_params());
  return unary(Prim::Round, div);
}

Operand remainder(const Operand& a, const Operand& b) {
  std::vector<Operand> xs = broadcast_together(promote({a, b}));
  Operand x1 = xs[0], x2 = xs[1];
  DType t = x1.aval.dtype;
  if (t == DType::Bool) raise_here(ErrorId::bool_floor_divide);
  Operand zero = array::is_float(t) ? scalar(t, 0, x1.aval.weak_type) : scalar_int(t, 0, x1.aval.weak_type);
  if (array::is_integer(t)) {
    // x % 0 -> x % 1 (jnp's _replace_zero); folded when x2 is a constant.
    Operand one = scalar_int(t, 1, x2.aval.weak_type);
    Operand is_zero = ir::bind1(Prim::Eq, {x2, zero}, no_params());
    x2 = all_concrete({x2}) ? apply_now(Prim::SelectN, {apply_now(Prim::Eq, {x2, zero}, {}), x2, one}, {})
                            : ir::bind1(Prim::SelectN, {is_zero, x2, one}, no_params());
  }
  Operand trunc = ir::bind1(Prim::Rem, {x1, x2}, no_params());
  Operand nonzero = ir::bind1(Prim::Ne, {trunc, zero}, no_params());
  Operand signs = ir::bind1(Prim::Ne, {ir::bind1(Prim::Lt, {trunc, zero}, no_params()),
                                       ir::bind1(Prim::Lt, {x2, zero}, no_params())},
                            no_params());
  Operand do_plus = ir::bind1(Prim::And, {signs, nonzero}, no_params());
  return ir::bind1(Prim::SelectN, {do_plus, trunc, ir::bind1(Prim::Add, {trunc, x2}, no_params())}, no_params());
}

Operand power(const Operand& a, const Operand& b, std::optional<int64_t> static_int_exponent) {
  if (static_int_exponent) {
    ir::Params p;
    p.n = *static_int_exponent;
    Operand base = a;
    if (!is_floating(a) && p.n < 0) raise_here(ErrorId::integer_pow_negative, array::dtype_name(a.aval.dtype), p.n);
    return ir::bind1(Prim::IntegerPow, {base}, p);
  }
  std::vector<Operand> xs = broadcast_together(promote({a, b}));
  return ir::bind1(Prim::Pow, xs, no_params());
}

Operand where(const Operand& cond, const Operand& x, const Operand& y) {
  Operand c = cond.aval.dtype == DType::Bool ? cond : compare(Prim::Ne, cond, scalar_int(cond.aval.dtype, 0, true));
  std::vector<Operand> vals = promote({x, y});
  std::vector<Operand> all = broadcast_together({c, vals[0], vals[1]});
  Shape out = array::broadcast_shapes({all[0].aval.shape, all[1].aval.shape, all[2].aval.shape});
  for (Operand& o : all)
    if (o.aval.shape != out) o = broadcast_to(o, out);
  return ir::bind1(Prim::SelectN, {all[0], all[2], all[1]}, no_params());
}

Operand reshape(const Operand& x, const Shape& shape) {
  Shape resolved = array::resolve_reshape(x.aval.shape, shape);
  if (resolved == x.aval.shape) return x;
  ir::Params p;
  p.shape = resolved;
  return ir::bind1(Prim::Reshape, {x}, p);
}

Operand transpose(const Operand& x, const std::vector<int64_t>& perm) {
  ir::Params p;
  int64_t r = rank(x);
  if (static_cast<int64_t>(perm.size()) != r)
    raise_here(ErrorId::transpose_perm, array::shape_str(Shape(perm.begin(), perm.end())), array::shape_str(x.aval.shape));
  for (int64_t a : perm) p.axes.push_back(normalize_axis(a, r));
  bool identity = true;
  for (int64_t i = 0; i < r; ++i) identity = identity && p.axes[static_cast<size_t>(i)] == i;
  if (identity) return x;
  return ir::bind1(Prim::Transpose, {x}, p);
}

Operand expand_dims(const Operand& x, std::vector<int64_t> axes) {
  int64_t out_rank = rank(x) + static_cast<int64_t>(axes.size());
  for (int64_t& a : axes) a = normalize_axis(a, out_rank);
  std::sort(axes.begin(), axes.end());
  Shape shape;
  ir::Params p;
  size_t next = 0;
  for (int64_t d = 0; d < out_rank; ++d) {
    if (std::binary_search(axes.begin(), axes.end(), d)) {
      shape.push_back(1);
    } else {
      p.axes.push_back(d);
      shape.push_back(x.aval.shape[next++]);
    }
  }
  p.shape = shape;
  return ir::bind1(Prim::BroadcastInDim, {x}, p);
}

Operand squeeze(const Operand& x, std::vector<int64_t> axes) {
  int64_t r = rank(x);
  if (axes.empty()) {
    for (int64_t d = 0; d < r; ++d)
      if (x.aval.shape[static_cast<size_t>(d)] == 1) axes.push_back(d);
  }
  for (int64_t& a : axes) {
    a = normalize_axis(a, r);
    if (x.aval.shape[static_cast<size_t>(a)] != 1)
      raise_here(ErrorId::squeeze_not_one, array::shape_str(x.aval.shape), array::shape_str(Shape(axes.begin(), axes.end())));
  }
  if (axes.empty()) return x;
  std::sort(axes.begin(), axes.end());
  ir::Params p;
  p.axes = axes;
  return ir::bind1(Prim::Squeeze, {x}, p);
}

Operand concatenate(const std::vector<Operand>& xs, int64_t axis) {
  if (xs.empty()) raise_here(ErrorId::concatenate_empty);
  std::vector<Operand> ys = promote(xs);
  ir::Params p;
  p.n = normalize_axis(axis, rank(ys[0]));
  if (ys.size() == 1) return ys[0];
  return ir::bind1(Prim::Concatenate, ys, p);
}

Operand full(const Shape& shape, const Operand& fill, DType dtype) {
  array::check_shape(shape);
  Operand v = convert(fill, dtype, false);
  if (rank(v) > 0) return broadcast_to(v, shape);
  ir::Params p;
  p.shape = shape;
  return ir::bind1(Prim::BroadcastInDim, {v}, p);
}

Operand iota(DType dtype, const Shape& shape, int64_t dimension) {
  ir::Params p;
  p.dtype = dtype;
  p.shape = shape;
  p.n = dimension;
  return ir::bind1(Prim::Iota, {}, p);
}

Operand slice(const Operand& x, const std::vector<int64_t>& starts, const std::vector<int64_t>& limits,
              const std::vector<int64_t>& strides) {
  ir::Params p;
  p.starts = starts;
  p.limits = limits;
  bool unit = std::all_of(strides.begin(), strides.end(), [](int64_t s) { return s == 1; });
  if (!unit) p.strides = strides;
  return ir::bind1(Prim::Slice, {x}, p);
}

Operand reduce(Prim prim, const Operand& x, std::optional<std::vector<int64_t>> axes, bool keepdims) {
  int64_t r = rank(x);
  std::vector<int64_t> ax;
  if (!axes) {
    for (int64_t d = 0; d < r; ++d) ax.push_back(d);
  } else {
    for (int64_t a : *axes) ax.push_back(normalize_axis(a, r));
    std::sort(ax.begin(), ax.end());
    if (std::adjacent_find(ax.begin(), ax.end()) != ax.end())
      raise_here(ErrorId::duplicate_axis, array::shape_str(Shape(ax.begin(), ax.end())));
  }
  Operand y = x;
  if (prim == Prim::ReduceAnd || prim == Prim::ReduceOr) {
    if (x.aval.dtype != DType::Bool) y = compare(Prim::Ne, x, scalar_int(x.aval.dtype, 0, true));
  }
  ir::Params p;
  p.axes = ax;
  Operand out = ax.empty() ? y : ir::bind1(prim, {y}, p);
  if (keepdims && !ax.empty()) out = expand_dims(out, ax);
  return out;
}

Operand sum(const Operand& x, std::optional<std::vector<int64_t>> axes, bool keepdims,
            std::optional<DType> dtype) {
  Operand y = x;
  DType t = x.aval.dtype;
  // jnp.sum accumulates bools and narrow ints in the default int type.
  if (dtype) y = convert(x, *dtype, false);
  else if (array::NumpyMode::active() && array::bit_width(t) < 64 && !array::is_float(t))
    // NumPy accumulates in its platform int (int64 / uint64).
    y = convert(x, array::is_unsigned_int(t) ? DType::UInt64 : DType::Int64, false);
  else if (t == DType::Bool || t == DType::Int8 || t == DType::Int16) y = convert(x, DType::Int32, false);
  else if (t == DType::UInt8 || t == DType::UInt16) y = convert(x, DType::UInt32, false);
  return reduce(Prim::ReduceSum, y, axes, keepdims);
}

Operand mean(const Operand& x, std::optional<std::vector<int64_t>> axes, bool keepdims) {
  int64_t count = 1;
  int64_t r = rank(x);
  if (!axes) {
    count = array::num_elements(x.aval.shape);
  } else {
    for (int64_t a : *axes) count *= x.aval.shape[static_cast<size_t>(normalize_axis(a, r))];
  }
  DType t = array::is_float(x.aval.dtype) ? x.aval.dtype : array::default_float();
  Operand s = sum(convert(x, t, x.aval.weak_type), axes, keepdims);
  return ir::bind1(Prim::Div, {s, scalar(t, static_cast<double>(count), s.aval.weak_type)}, no_params());
}

Operand argminmax(Prim prim, const Operand& x, std::optional<int64_t> axis, bool keepdims) {
  Operand y = x;
  int64_t ax = 0;
  if (!axis) {
    y = reshape(x, {array::num_elements(x.aval.shape)});
  } else {
    ax = normalize_axis(*axis, rank(x));
  }
  ir::Params p;
  p.axes = {ax};
  p.dtype = array::default_int();  // NumPy's argmax is intp (int64)
  Operand out = ir::bind1(prim, {y}, p);
  if (keepdims) {
    if (!axis) return reshape(out, Shape(static_cast<size_t>(rank(x)), 1));
    out = expand_dims(out, {ax});
  }
  return out;
}

// jnp.dot/matmul hand their operands to dot_general unpromoted when a
// preferred_element_type is given (JAX promotes only to find a default
// result type); Rungs promotes otherwise, which gives the same values, but
// keeps narrow operands as they are so int8 x int4 -> int32 needs no
// promotion path, as in JAX.
static std::vector<Operand> dot_operands(const Operand& a, const Operand& b, std::optional<DType> preferred) {
  if (preferred && (array::is_narrow(a.aval.dtype) || array::is_narrow(b.aval.dtype))) return {a, b};
  return promote({a, b});
}

Operand dot(const Operand& a, const Operand& b, std::optional<DType> preferred, int precision) {
  std::vector<Operand> xs = dot_operands(a, b, preferred);
  int64_t ra = rank(xs[0]), rb = rank(xs[1]);
  if (ra == 0 || rb == 0) return binary(Prim::Mul, xs[0], xs[1]);
  ir::Params p;
  p.dot.lhs_contract = {static_cast<int>(ra - 1)};
  p.dot.rhs_contract = {static_cast<int>(rb == 1 ? 0 : rb - 2)};
  p.flag = true;
  p.dtype = preferred ? *preferred : xs[0].aval.dtype;
  p.n = precision;
  return ir::bind1(Prim::DotGeneral, xs, p);
}

Operand matmul(const Operand& a, const Operand& b, std::optional<DType> preferred, int precision) {
  std::vector<Operand> xs = dot_operands(a, b, preferred);
  int64_t ra = rank(xs[0]), rb = rank(xs[1]);
  if (ra == 0 || rb == 0) raise_here(ErrorId::matmul_scalar);
  if (ra <= 2 && rb <= 2) return dot(xs[0], xs[1], preferred, precision);
  // Batched: leading dims must agree (after broadcasting ranks).
  Operand x = xs[0], y = xs[1];
  if (ra != rb) {
    int64_t r = std::max(ra, rb);
    auto lift_rank = [&](const Operand& o) {
      Shape s(static_cast<size_t>(r - rank(o)), 1);
      s.insert(s.end(), o.aval.shape.begin(), o.aval.shape.end());
      return reshape(o, s);
    };
    if (ra < r) x = lift_rank(x);
    if (rb < r) y = lift_rank(y);
  }
  int64_t r = rank(x);
  Shape batch;
  for (int64_t d = 0; d < r - 2; ++d)
    batch.push_back(std::max(x.aval.shape[static_cast<size_t>(d)], y.aval.shape[static_cast<size_t>(d)]));
  Shape xs_shape = batch, ys_shape = batch;
  xs_shape.push_back(x.aval.shape[static_cast<size_t>(r - 2)]);
  xs_shape.push_back(x.aval.shape[static_cast<size_t>(r - 1)]);
  ys_shape.push_back(y.aval.shape[static_cast<size_t>(r - 2)]);
  ys_shape.push_back(y.aval.shape[static_cast<size_t>(r - 1)]);
  x = broadcast_to(x, xs_shape);
  y = broadcast_to(y, ys_shape);
  ir::Params p;
  for (int64_t d = 0; d < r - 2; ++d) {
    p.dot.lhs_batch.push_back(static_cast<int>(d));
    p.dot.rhs_batch.push_back(static_cast<int>(d));
  }
  p.dot.lhs_contract = {static_cast<int>(r - 1)};
  p.dot.rhs_contract = {static_cast<int>(r - 2)};
  p.flag = true;
  p.dtype = preferred ? *preferred : x.aval.dtype;
  p.n = precision;
  return ir::bind1(Prim::DotGeneral, {x, y}, p);
}

}  // namespace rungs::jax
