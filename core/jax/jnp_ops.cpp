// Python values <-> operands, array operators, truthiness and printing.
#include "core/jax/jnp_ops.h"
#include "core/jax/numpy_values.h"

#include <cmath>

#include "core/array/format.h"
#include "core/jax/array_value.h"
#include "core/python/int_value.h"
#include "core/python/interpreter.h"
#include "core/jax/jnp_core.h"
#include "core/python/nesting.h"
#include "core/jax/ref_ops.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

using array::DType;

namespace {
thread_local std::string g_tracing_function = "<unknown>";

// Nested lists -> (shape, flat leaves), checking the shape is rectangular.
void flatten_nested(Interpreter& interp, const Value& v, size_t depth, array::Shape& shape,
                    Values& leaves, SourceRange where) {
  bool seq = v.is(ObjKind::List) || v.is(ObjKind::Tuple);
  if (!seq) {
    if (depth != shape.size() && !shape.empty()) raise(ErrorId::ragged_array, where, depth);
    if (depth < shape.size()) raise(ErrorId::ragged_array, where, depth);
    leaves.push_back(v);
    return;
  }
  NestingGuard guard(ErrorId::max_recursion);  // a list inside itself has no shape
  const Values& items = v.is(ObjKind::List) ? v.as<ListObj>().items : v.as<TupleObj>().items;
  if (depth == shape.size()) {
    if (!leaves.empty()) raise(ErrorId::ragged_array, where, depth);
    shape.push_back(static_cast<int64_t>(items.size()));
  } else if (shape[depth] != static_cast<int64_t>(items.size())) {
    raise(ErrorId::ragged_array, where, depth);
  }
  for (const Value& item : items) {
    interp.tick();
    flatten_nested(interp, item, depth + 1, shape, leaves, where);
  }
}

const char* lax_name(ArrayBinary op) {
  switch (op) {
    case ArrayBinary::Add: return "add";
    case ArrayBinary::Sub: return "sub";
    case ArrayBinary::Mul: return "mul";
    case ArrayBinary::MatMul: return "dot_general";
    case ArrayBinary::TrueDiv:
    case ArrayBinary::FloorDiv: return "div";
    case ArrayBinary::Mod: return "rem";
    case ArrayBinary::Pow: return "pow";
    case ArrayBinary::LShift: return "shift_left";
    case ArrayBinary::RShift: return "shift_right_arithmetic";
    case ArrayBinary::And: return "and";
    case ArrayBinary::Or: return "or";
    case ArrayBinary::Xor: return "xor";
    case ArrayBinary::Eq: return "eq";
    case ArrayBinary::Ne: return "ne";
    case ArrayBinary::Lt: return "lt";
    case ArrayBinary::Le: return "le";
    case ArrayBinary::Gt: return "gt";
    case ArrayBinary::Ge: return "ge";
  }
  return "?";
}

std::string traced_text(const ir::AVal& aval) {
  return "Traced<" + ir::aval_long_str(aval) + ">with<DynamicJaxprTrace>";
}
}  // namespace

void set_tracing_function_name(const std::string& name) { g_tracing_function = name; }
const std::string& tracing_function_name() { return g_tracing_function; }

bool is_array_like(const Value& v) {
  if (v.is_number() || v.is(ObjKind::Array) || v.is(ObjKind::Ref)) return true;
  if (v.is(ObjKind::List) || v.is(ObjKind::Tuple)) {
    const Values& items = v.is(ObjKind::List) ? v.as<ListObj>().items : v.as<TupleObj>().items;
    for (const Value& i : items)
      if (!is_array_like(i)) return false;
    return true;
  }
  return false;
}

// A Python int beyond int64 entering an array: JAX's OverflowError for its
// default int32, NumPy's for an explicit or NumPy dtype (JAX hands those to
// np.asarray). Never truncated.
[[noreturn]] static void big_int_out_of_range(const Value& v, std::optional<DType> dtype, SourceRange where) {
  std::string digits = to_big(v).to_string();
  if (!dtype && !array::NumpyMode::active()) raise(ErrorId::python_int_too_large, where, digits, "int32");
  raise(ErrorId::numpy_int_out_of_bounds, where, digits, array::dtype_name(dtype.value_or(DType::Int64)));
}

ir::Operand to_operand(Interpreter& interp, const Value& v, SourceRange where, const char* prim) {
  switch (v.tag()) {
    case Value::Tag::Bool: return jax::scalar_bool(v.as_bool());
    case Value::Tag::Int: {
      int64_t i = v.as_int();
      // NumPy's Python ints are int64 (weak: NEP 50 lets the array decide).
      if (array::NumpyMode::active()) return jax::scalar_int(DType::Int64, i, true);
      if (i < INT32_MIN || i > INT32_MAX) raise(ErrorId::python_int_too_large, where, i, "int32");
      return jax::scalar_int(DType::Int32, i, true);
    }
    case Value::Tag::Float: return jax::scalar(array::default_float(), v.as_float(), true);
    case Value::Tag::None: raise(ErrorId::not_a_jax_type, where, "None", "NoneType");
    case Value::Tag::Obj: break;
  }
  switch (v.obj()->kind) {
    case ObjKind::Array: {
      // JAX with x64 off never sees a 64-bit array: a NumPy float64/int64
      // array entering JAX code converts as jnp.asarray converts it.
      const ir::Operand& op = v.as<ArrayObj>().op;
      if (!array::NumpyMode::active() && array::is_64bit(op.aval.dtype))
        return jax::convert(op, array::canonicalize_x64(op.aval.dtype), false);
      return op;
    }
    case ObjKind::Ref: raise(ErrorId::ref_to_primitive, where, ref_type_text(v.as<RefObj>()), prim);
    case ObjKind::BigInt: big_int_out_of_range(v, std::nullopt, where);
    case ObjKind::List:
    case ObjKind::Tuple: return asarray(interp, v, std::nullopt, where).as<ArrayObj>().op;
    default: raise(ErrorId::not_a_jax_type, where, interp.repr(v), type_name(v));
  }
}

namespace {
// jnp.array(n, dtype) with n outside the dtype: NumPy's OverflowError (JAX
// hands explicit dtypes to np.asarray; python_int_too_large is JAX's own
// text for a Python int that overflows the default int32).
ir::Operand int_as(DType t, int64_t i, SourceRange where) {
  if (i < array::int_min(t) || i > array::int_max(t))
    raise(ErrorId::numpy_int_out_of_bounds, where, i, array::dtype_name(t));
  return jax::scalar_int(t, i, false);
}

// What np.asarray(n).astype(t) gives: n modulo 2**bits, read back signed
// for a signed dtype. JAX converts a Python int operand this way, so
// uint32 constants above 2**31 work and out-of-range ones wrap.
int64_t wrap_to(DType t, int64_t i) {
  int bits = array::bit_width(t);
  if (bits >= 64) return i;
  uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t u = static_cast<uint64_t>(i) & mask;
  if (array::is_signed_int(t) && (u >> (bits - 1))) return static_cast<int64_t>(u) - (int64_t{1} << bits);
  return static_cast<int64_t>(u);
}
}  // namespace

ir::Operand to_operand_like(Interpreter& interp, const Value& v, const Value& other, SourceRange where,
                            const char* prim) {
  if (is_big(v) && other.is(ObjKind::Array)) {
    DType t = other.as<ArrayObj>().op.aval.dtype;
    if (array::is_float(t)) return jax::scalar(array::default_float(), int_to_double(v), true);
    if (array::is_integer(t)) {
      if (!array::NumpyMode::active()) raise(ErrorId::python_int_too_large, where, to_big(v).to_string(), array::dtype_name(t));
      big_int_out_of_range(v, t, where);
    }
  }
  if (v.is_int() && !v.is_bool() && other.is(ObjKind::Array)) {
    DType t = other.as<ArrayObj>().op.aval.dtype;
    if (array::is_integer(t)) {
      // NEP 50: a Python int adopts the array's dtype, and must fit it.
      if (array::NumpyMode::active() && (v.as_int() < array::int_min(t) || v.as_int() > array::int_max(t)))
        raise(ErrorId::numpy_int_out_of_bounds, where, v.as_int(), array::dtype_name(t));
      return jax::scalar_int(t, wrap_to(t, v.as_int()), true);
    }
    if (array::is_float(t)) return jax::scalar(array::default_float(), static_cast<double>(v.as_int()), true);
  }
  return to_operand(interp, v, where, prim);
}

Value asarray(Interpreter& interp, const Value& v, std::optional<DType> dtype, SourceRange where) {
  if (is_big(v)) {
    if (dtype && array::is_float(*dtype)) return make_array(jax::scalar(*dtype, int_to_double(v), false));
    big_int_out_of_range(v, dtype, where);
  }
  if (v.is_int() && !v.is_bool() && dtype && array::is_integer(*dtype))
    return make_array(int_as(*dtype, v.as_int(), where));
  if (v.is(ObjKind::Array)) {
    const ir::Operand& op = v.as<ArrayObj>().op;
    // A NumPy array becomes a jax array (immutable, computed by JAX, and
    // 32-bit: float64 -> float32, int64 -> int32).
    if (!array::NumpyMode::active() && array::is_64bit(op.aval.dtype)) {
      ir::Operand canon = jax::convert(op, array::canonicalize_x64(op.aval.dtype), false);
      return make_array(dtype ? jax::convert(canon, *dtype, false) : canon);
    }
    if (!dtype || *dtype == op.aval.dtype) return v.as<ArrayObj>().numpy ? make_array(op) : v;
    return make_array(jax::convert(op, *dtype, false));
  }
  if (v.is_number()) {
    ir::Operand op = to_operand(interp, v, where);
    return make_array(dtype ? jax::convert(op, *dtype, false) : op);
  }
  if (!(v.is(ObjKind::List) || v.is(ObjKind::Tuple))) {
    ir::Operand op = to_operand(interp, v, where);
    return make_array(dtype ? jax::convert(op, *dtype, false) : op);
  }
  array::Shape shape;
  Values leaves;
  flatten_nested(interp, v, 0, shape, leaves, where);
  // Leaves may themselves be arrays (jnp.array([x, y])): stack them.
  bool has_arrays = false;
  for (const Value& l : leaves) has_arrays = has_arrays || l.is(ObjKind::Array) || l.is(ObjKind::Ref);
  if (has_arrays) {
    std::vector<ir::Operand> ops;
    for (const Value& l : leaves) ops.push_back(to_operand(interp, l, where));
    ops = jax::promote(ops);
    std::vector<ir::Operand> expanded;
    for (const ir::Operand& o : ops) expanded.push_back(jax::expand_dims(o, {0}));
    ir::Operand stacked = jax::concatenate(expanded, 0);
    array::Shape full = shape;
    full.insert(full.end(), ops[0].aval.shape.begin(), ops[0].aval.shape.end());
    stacked = jax::reshape(stacked, full);
    return make_array(dtype ? jax::convert(stacked, *dtype, false) : stacked);
  }
  DType t = DType::Bool;
  for (const Value& l : leaves) {
    if (is_big(l) && !(dtype && array::is_float(*dtype))) big_int_out_of_range(l, dtype, where);
    if (is_big(l)) continue;  // into a float dtype: converted below
    if (!l.is_number()) raise(ErrorId::not_a_jax_type, where, interp.repr(l), type_name(l));
    if (l.is_float()) t = array::default_float();
    else if (l.is_int() && t == DType::Bool) t = array::default_int();
  }
  if (leaves.empty()) t = array::default_float();
  DType out = dtype ? *dtype : t;
  array::Array a = array::Array::zeros(out, shape);
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (leaves[i].is_float() || array::is_float(out)) {
      a.set_from_double(static_cast<int64_t>(i), int_to_double(leaves[i]));
      continue;
    }
    int64_t n = leaves[i].as_int();
    if (out != DType::Bool && (n < array::int_min(out) || n > array::int_max(out)))
      raise(ErrorId::numpy_int_out_of_bounds, where, n, array::dtype_name(out));
    a.set_from_int(static_cast<int64_t>(i), n);
  }
  return make_array(a);
}

Value array_binary(Interpreter& interp, ArrayBinary op, const Value& a, const Value& b, SourceRange where) {
  const char* prim = lax_name(op);
  ir::set_current_source(where);
  ir::Operand x = to_operand_like(interp, a, b, where, prim);
  if (op == ArrayBinary::Pow && is_int_like(b) && !b.is_bool())
    return make_array(jax::power(x, x, b.as_int()));
  ir::Operand y = to_operand_like(interp, b, a, where, prim);
  using ir::Prim;
  switch (op) {
    case ArrayBinary::Add: return make_array(jax::binary(Prim::Add, x, y));
    case ArrayBinary::Sub: return make_array(jax::binary(Prim::Sub, x, y));
    case ArrayBinary::Mul: return make_array(jax::binary(Prim::Mul, x, y));
    case ArrayBinary::MatMul: return make_array(jax::matmul(x, y));
    case ArrayBinary::TrueDiv: return make_array(jax::true_divide(x, y));
    case ArrayBinary::FloorDiv: return make_array(jax::floor_divide(x, y));
    case ArrayBinary::Mod: return make_array(jax::remainder(x, y));
    case ArrayBinary::Pow: return make_array(jax::power(x, y, std::nullopt));
    case ArrayBinary::LShift: return make_array(jax::binary(Prim::ShiftLeft, x, y));
    case ArrayBinary::RShift: {
      array::PromotedType t = jax::result_type({x, y});
      return make_array(jax::binary(array::is_unsigned_int(t.dtype) ? Prim::ShiftRightLogical
                                                                    : Prim::ShiftRightArithmetic, x, y));
    }
    case ArrayBinary::And: return make_array(jax::binary(Prim::And, x, y));
    case ArrayBinary::Or: return make_array(jax::binary(Prim::Or, x, y));
    case ArrayBinary::Xor: return make_array(jax::binary(Prim::Xor, x, y));
    case ArrayBinary::Eq: return make_array(jax::compare(Prim::Eq, x, y));
    case ArrayBinary::Ne: return make_array(jax::compare(Prim::Ne, x, y));
    case ArrayBinary::Lt: return make_array(jax::compare(Prim::Lt, x, y));
    case ArrayBinary::Le: return make_array(jax::compare(Prim::Le, x, y));
    case ArrayBinary::Gt: return make_array(jax::compare(Prim::Gt, x, y));
    case ArrayBinary::Ge: return make_array(jax::compare(Prim::Ge, x, y));
  }
  return Value();
}

Value array_unary(Interpreter& interp, lang::UnaryOpKind op, const Value& v, SourceRange where) {
  ir::set_current_source(where);
  const char* prim = op == lang::UnaryOpKind::USub ? "neg" : op == lang::UnaryOpKind::Invert ? "not" : "pos";
  ir::Operand x = to_operand(interp, v, where, prim);
  switch (op) {
    case lang::UnaryOpKind::USub: return make_array(jax::unary(ir::Prim::Neg, x));
    case lang::UnaryOpKind::Invert: return make_array(jax::unary(ir::Prim::Not, x));
    case lang::UnaryOpKind::UAdd: return make_array(x);
    case lang::UnaryOpKind::Not: return Value::boolean(!array_truthy(interp, v, where));
  }
  return v;
}

bool array_truthy(Interpreter& interp, const Value& v, SourceRange where) {
  ir::Operand x = to_operand(interp, v, where, "bool");
  if (x.traced())
    raise(ErrorId::tracer_bool_conversion, where, ir::aval_long_str(x.aval), tracing_function_name());
  if (x.value.size() != 1) raise(ErrorId::array_truth_ambiguous, where);
  return x.value.get_bool(0);
}

Value array_len(Interpreter& interp, const Value& v, SourceRange where) {
  ir::AVal aval = v.is(ObjKind::Ref) ? v.as<RefObj>().aval() : v.as<ArrayObj>().aval();
  (void)interp;
  if (aval.shape.empty()) raise(ErrorId::len_unsized_array, where);
  return Value::integer(aval.shape[0]);
}

Value array_abs(Interpreter& interp, const Value& v, SourceRange where) {
  ir::set_current_source(where);
  return make_array(jax::unary(ir::Prim::Abs, to_operand(interp, v, where, "abs")));
}

Value array_round(Interpreter& interp, const Value& v, int64_t decimals, SourceRange where) {
  ir::set_current_source(where);
  ir::Operand x = to_operand(interp, v, where, "round");
  if (!array::is_float(x.aval.dtype)) return make_array(x);
  if (decimals == 0) {
    ir::Params p;
    return make_array(ir::bind1(ir::Prim::Round, {x}, p));
  }
  ir::Operand factor = jax::scalar(x.aval.dtype, std::pow(10.0, static_cast<double>(decimals)), true);
  ir::Operand scaled = jax::binary(ir::Prim::Mul, x, factor);
  ir::Operand rounded = ir::bind1(ir::Prim::Round, {scaled}, {});
  return make_array(jax::true_divide(rounded, factor));
}

Value array_to_python_scalar(Interpreter& interp, const Value& v, const char* fn, SourceRange where) {
  ir::Operand x = to_operand(interp, v, where, fn);
  if (x.traced()) {
    if (std::string(fn) == "int" || std::string(fn) == "index")
      raise(ErrorId::tracer_integer_conversion, where, ir::aval_long_str(x.aval), tracing_function_name());
    raise(ErrorId::concretization, where, ir::aval_long_str(x.aval), std::string(fn) + "()",
          array::dtype_name(x.aval.dtype), array::dtype_name(x.aval.dtype), tracing_function_name());
  }
  if (x.value.size() != 1) raise(ErrorId::not_a_scalar, where);
  if (std::string(fn) == "int" && array::is_float(x.value.dtype())) {
    // int() of a float array converts its Python float, with CPython's errors.
    double d = x.value.get_double(0);
    if (std::isnan(d)) raise(ErrorId::float_nan_to_int, where);
    if (std::isinf(d)) raise(ErrorId::float_to_int_overflow, where);
  }
  if (std::string(fn) == "int") return Value::integer(x.value.get_int(0));
  if (std::string(fn) == "float") return Value::floating(x.value.get_double(0));
  if (array::is_float(x.value.dtype())) return Value::floating(x.value.get_double(0));
  if (array::is_bool(x.value.dtype())) return Value::boolean(x.value.get_bool(0));
  return Value::integer(x.value.get_int(0));
}

std::string array_repr_text(Interpreter& interp, const Value& v) {
  (void)interp;
  if (v.is(ObjKind::Ref)) return ref_type_text(v.as<RefObj>());
  const ir::Operand& x = v.as<ArrayObj>().op;
  if (x.traced()) return traced_text(x.aval);
  const ArrayObj& a = v.as<ArrayObj>();
  if (a.numpy_scalar) return array::numpy_scalar_repr(x.value.dtype(), x.value);
  if (a.numpy) return array::numpy_array_repr(x.value, numpy_print_options());
  return array::array_repr(x.value, numpy_print_options());
}

std::string array_str_text(Interpreter& interp, const Value& v) {
  (void)interp;
  if (v.is(ObjKind::Ref)) return ref_type_text(v.as<RefObj>());
  const ir::Operand& x = v.as<ArrayObj>().op;
  if (x.traced()) return traced_text(x.aval);
  return array::array_str(x.value, numpy_print_options());
}

}  // namespace rungs::jax
