// jax.numpy array creation: array/asarray, zeros/ones/full/empty and their
// *_like forms, arange, linspace, eye/identity.
//
// Each mirrors the lax calls JAX makes, so a kernel trace records the same
// equations: jnp.zeros is a broadcast_in_dim of a literal, jnp.arange(n)
// is an iota, jnp.eye compares two iotas. Where JAX computes with NumPy on
// the host (jnp.arange with a start, jnp.linspace bounds) we compute a
// concrete array the same way, which becomes a constant inside a trace.
#include <cmath>

#include "core/jax/module_jnp_parts.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

// lax.full: convert the fill value, then broadcast (no equation for shape ()).
Operand fill(const Shape& shape, const Operand& value, DType dtype, bool weak) {
  array::check_shape(shape);
  Operand v = jax::convert(value, dtype, weak);
  if (rank(v) > 0) return jax::broadcast_to(v, shape);
  if (shape.empty()) return v;
  ir::Params p;
  p.shape = shape;
  return ir::bind1(Prim::BroadcastInDim, {v}, p);
}

// The shape/dtype a *_like function copies: an array, a Ref, anything with
// .shape and .dtype (jax.ShapeDtypeStruct), or a Python value.
struct Like {
  Shape shape;
  DType dtype;
  bool weak;
};

Like like_of(Interpreter& ip, const Value& v, SourceRange where) {
  if (v.is(ObjKind::Array)) return {v.as<ArrayObj>().aval().shape, v.as<ArrayObj>().aval().dtype,
                                    v.as<ArrayObj>().aval().weak_type};
  if (v.is(ObjKind::Ref)) {
    ir::AVal a = v.as<RefObj>().aval();
    return {a.shape, a.dtype, false};
  }
  if (v.is(ObjKind::Record)) {
    Shape s = shape_value(ip, ip.getattr(v, "shape", where), where);
    return {s, dtype_value_or_raise(ip, ip.getattr(v, "dtype", where), where), false};
  }
  NumpyScope lenient;
  Operand op = to_operand(ip, v, where);
  return {op.aval.shape, op.aval.dtype, op.aval.weak_type};
}

// zeros_like / ones_like / empty_like / full_like(a, [fill,] dtype, shape).
Value full_like(Interpreter& ip, const Args& a, size_t dtype_at_i, const Operand& fill_value) {
  Like like = like_of(ip, a[0], a.where());
  std::optional<DType> dt = dtype_at(ip, a, dtype_at_i);
  Shape shape = a.has(dtype_at_i + 1) && !a[dtype_at_i + 1].is_none()
                    ? shape_value(ip, a[dtype_at_i + 1], a.where())
                    : like.shape;
  return wrap(fill(shape, fill_value, dt ? *dt : like.dtype, !dt && like.weak));
}

// A concrete scalar argument of arange (traced -> ConcretizationTypeError).
struct Num {
  double value;
  bool is_float;
};
Num num_arg(Interpreter& ip, const Value& v, SourceRange where) {
  if (v.is_number()) return {v.as_float(), v.is_float()};
  if (v.is(ObjKind::Array)) {
    Value s = array_to_python_scalar(ip, v, "float", where);
    return {s.as_float(), array::is_float(v.as<ArrayObj>().aval().dtype)};
  }
  raise(ErrorId::builtin_arg_type, where, "arange", 1, "a number", type_name(v));
}

Value arange(Interpreter& ip, const Args& a) {
  std::optional<DType> dt = dtype_at(ip, a, 3);
  bool has_stop = a.has(1) && !a[1].is_none(), has_step = a.has(2) && !a[2].is_none();
  Num start = num_arg(ip, a[0], a.where());
  if (!has_stop && !has_step) {
    // lax.iota(dtype, ceil(start)).
    int64_t n = static_cast<int64_t>(std::ceil(start.value));
    DType t = dt ? *dt : start.is_float ? array::default_float() : array::default_int();
    return wrap(jax::iota(t, {std::max<int64_t>(0, n)}, 0));
  }
  Num stop = has_stop ? num_arg(ip, a[1], a.where()) : Num{0, false};
  Num step = has_step ? num_arg(ip, a[2], a.where()) : Num{1, false};
  bool any_float = start.is_float || stop.is_float || step.is_float;
  DType t = dt ? *dt : any_float ? array::default_float() : array::default_int();
  if (!has_step && start.value == 0) {
    int64_t n = static_cast<int64_t>(std::ceil(stop.value));
    return wrap(jax::iota(t, {std::max<int64_t>(0, n)}, 0));
  }
  // np.arange, then jnp.array: a concrete array.
  if (step.value == 0) raise(ErrorId::division_by_zero, a.where());
  double len = std::ceil((stop.value - start.value) / step.value);
  int64_t n = len > 0 ? static_cast<int64_t>(len) : 0;
  array::Array out = array::Array::zeros(t, {n});
  for (int64_t i = 0; i < n; ++i) {
    if (!any_float && !array::is_float(t))
      out.set_from_int(i, static_cast<int64_t>(start.value) + i * static_cast<int64_t>(step.value));
    else
      out.set_from_double(i, start.value + static_cast<double>(i) * step.value);
  }
  return make_array(out);
}

// jnp.linspace, following JAX's float32 formula start*(1-t) + stop*t so the
// endpoints and every sample round exactly as JAX's do.
Value linspace(Interpreter& ip, const Args& a) {
  int64_t num = a.int_at(2, 50);
  if (num < 0) raise(ErrorId::jnp_linspace_negative, a.where(), num);
  bool endpoint = truthy_at(ip, a, 3, true), retstep = truthy_at(ip, a, 4, false);
  Operand start = operand_at(ip, a, 0), stop = operand_at(ip, a, 1);
  std::optional<DType> given = dtype_at(ip, a, 5);
  DType dtype = given ? *given : jax::result_type({start, stop, jax::scalar(array::default_float(), 0, true)}).dtype;
  // promote_types(dtype, float_): float32 with x64 off, NumPy's float64.
  const DType ct = array::NumpyMode::active() ? DType::Float64 : DType::Float32;
  if (array::NumpyMode::active() && start.aval.shape.empty() && stop.aval.shape.empty() && !start.traced() &&
      !stop.traced() && num > 1) {
    // NumPy's own formula (function_base.py): i * step + start, the last
    // sample set to stop, so float64 samples match NumPy's bit for bit.
    const double lo = start.value.get_double(0), hi = stop.value.get_double(0);
    const double div = static_cast<double>(endpoint ? num - 1 : num), step = (hi - lo) / div;
    std::vector<double> ys(static_cast<size_t>(num));
    for (int64_t i = 0; i < num; ++i)
      ys[static_cast<size_t>(i)] = step == 0 ? static_cast<double>(i) / div * (hi - lo) + lo : static_cast<double>(i) * step + lo;
    if (endpoint) ys.back() = hi;
    Operand out = Operand::concrete(array::Array::from_doubles(ct, {num}, ys));
    if (array::is_integer(dtype)) out = jax::unary(Prim::Floor, out);
    Value result = wrap(jax::convert(out, dtype, false));
    if (retstep) return make_tuple({result, wrap(jax::scalar(ct, step))});
    return result;
  }
  start = jax::convert(start, ct, false);
  stop = jax::convert(stop, ct, false);
  Shape bs = array::broadcast_shapes({start.aval.shape, stop.aval.shape});
  Operand bstart = jax::broadcast_to(start, bs), bstop = jax::broadcast_to(stop, bs);
  int64_t axis = a.int_at(6, 0);
  int64_t ax = axis < 0 ? static_cast<int64_t>(bs.size()) + axis + 1 : axis;
  Shape bounds = bs;
  bounds.insert(bounds.begin() + ax, 1);
  int64_t div = endpoint ? num - 1 : num;
  Operand out, delta;
  if (num > 1) {
    Operand fdiv = jax::scalar(ct, static_cast<double>(div));
    delta = jax::true_divide(jax::binary(Prim::Sub, bstop, bstart), fdiv);
    Shape iota_shape(bounds.size(), 1);
    iota_shape[static_cast<size_t>(ax)] = div;
    Operand step = jax::true_divide(jax::reshape(jax::iota(ct, {div}, 0), iota_shape), fdiv);
    Operand one_minus = jax::binary(Prim::Sub, jax::scalar_int(DType::Int32, 1, true), step);
    out = jax::binary(Prim::Add, jax::binary(Prim::Mul, jax::reshape(bstart, bounds), one_minus),
                      jax::binary(Prim::Mul, jax::reshape(bstop, bounds), step));
    if (endpoint) out = jax::concatenate({out, jax::expand_dims(bstop, {ax})}, ax);
  } else if (num == 1) {
    delta = endpoint ? jax::scalar(ct, NAN) : jax::binary(Prim::Sub, bstop, bstart);
    out = jax::reshape(bstart, bounds);
  } else {
    Shape empty = bs;
    empty.insert(empty.begin() + ax, 0);
    delta = jax::scalar(ct, NAN);
    out = Operand::concrete(array::Array::zeros(dtype, empty));
  }
  if (array::is_integer(dtype) && array::is_float(out.aval.dtype)) out = jax::unary(Prim::Floor, out);
  Value result = wrap(jax::convert(out, dtype, false));
  if (retstep) return make_tuple({result, wrap(delta)});
  return result;
}

// lax._eye: (iota0 + k) == iota1, converted to dtype.
Operand eye(int64_t n, int64_t m, int64_t k, DType dtype) {
  Shape shape{n, m};
  array::check_shape(shape);
  Operand rows = jax::iota(DType::Int32, shape, 0), cols = jax::iota(DType::Int32, shape, 1);
  Operand sum = ir::bind1(Prim::Add, {rows, jax::scalar_int(DType::Int32, k)}, {});
  Operand eq = ir::bind1(Prim::Eq, {sum, cols}, {});
  ir::Params p;
  p.dtype = dtype;
  return ir::bind1(Prim::ConvertElementType, {eq}, p);
}

Value array_fn(Interpreter& ip, const Args& a, bool is_asarray) {
  std::optional<DType> dt = dtype_at(ip, a, 1);
  Value out = asarray(ip, a[0], dt, a.where());
  int64_t ndmin = is_asarray ? 0 : a.int_at(4, 0);
  const Operand& x = out.as<ArrayObj>().op;
  if (ndmin > rank(x)) {
    Shape s(static_cast<size_t>(ndmin - rank(x)), 1);
    s.insert(s.end(), x.aval.shape.begin(), x.aval.shape.end());
    return wrap(jax::reshape(x, s));
  }
  return out;
}

}  // namespace

void add_jnp_creation(ModuleObj& m) {
  defn(m, "array", {"object", "dtype", "copy", "order", "ndmin", "*", "device"}, 1,
       [](Interpreter& ip, const Args& a) { return array_fn(ip, a, false); });
  defn(m, "asarray", {"a", "dtype", "order", "*", "copy", "device"}, 1,
       [](Interpreter& ip, const Args& a) { return array_fn(ip, a, true); });
  for (const char* name : {"zeros", "ones", "empty"}) {
    double v = std::string(name) == "ones" ? 1 : 0;
    defn(m, name, {"shape", "dtype", "*", "device"}, 1, [v](Interpreter& ip, const Args& a) {
      std::optional<DType> dt = dtype_at(ip, a, 1);
      return wrap(fill(shape_value(ip, a[0], a.where()), jax::scalar_int(DType::Int32, static_cast<int64_t>(v), true),
                       dt ? *dt : array::default_float(), false));
    });
    std::string like = std::string(name) + "_like";
    defn(m, like, {"a", "dtype", "shape", "*", "device"}, 1, [v](Interpreter& ip, const Args& a) {
      return full_like(ip, a, 1, jax::scalar_int(DType::Int32, static_cast<int64_t>(v), true));
    });
  }
  defn(m, "full", {"shape", "fill_value", "dtype", "*", "device"}, 2, [](Interpreter& ip, const Args& a) {
    Operand value = operand_at(ip, a, 1);
    std::optional<DType> dt = dtype_at(ip, a, 2);
    Shape shape = shape_value(ip, a[0], a.where());
    // lax.full keeps a Python scalar's weak type when no dtype is given.
    return wrap(fill(shape, value, dt ? *dt : value.aval.dtype, !dt && value.aval.weak_type));
  });
  defn(m, "full_like", {"a", "fill_value", "dtype", "shape", "*", "device"}, 2,
       [](Interpreter& ip, const Args& a) { return full_like(ip, a, 2, operand_at(ip, a, 1)); });
  defn(m, "arange", {"start", "stop", "step", "dtype", "*", "device"}, 1, arange);
  defn(m, "linspace", {"start", "stop", "num", "endpoint", "retstep", "dtype", "axis", "*", "device"}, 2, linspace);
  defn(m, "eye", {"N", "M", "k", "dtype", "*", "device"}, 1, [](Interpreter& ip, const Args& a) {
    int64_t n = a.int_at(0, 0);
    std::optional<DType> dt = dtype_at(ip, a, 3);
    return wrap(eye(n, a.int_at(1, n), a.int_at(2, 0), dt ? *dt : array::default_float()));
  });
  defn(m, "identity", {"n", "dtype"}, 1, [](Interpreter& ip, const Args& a) {
    int64_t n = a.int_at(0, 0);
    std::optional<DType> dt = dtype_at(ip, a, 1);
    return wrap(eye(n, n, 0, dt ? *dt : array::default_float()));
  });
}

}  // namespace rungs::jax
