// The JAX library's side of the runtime's array hooks (core/python/
// array_protocol.h): each hook is a jnp_ops.h entry point, plus the three
// facts about an array the runtime asks for directly.
#include "core/python/array_protocol.h"

#include "core/array/dtype.h"
#include "core/ir/host_precision.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/jax/numpy_values.h"
#include "core/jax/numpy_views.h"

namespace rungs::jax {

namespace {

std::optional<int64_t> leading_dim(const Value& v) {
  const ir::AVal& aval = v.is(ObjKind::Ref) ? v.as<RefObj>().aval() : v.as<ArrayObj>().aval();
  if (aval.shape.empty()) return std::nullopt;
  return aval.shape[0];
}

const char* numpy_scalar_type_name(array::DType d) {
  switch (d) {
    case array::DType::Bool: return "numpy.bool";
    case array::DType::Int8: return "numpy.int8";
    case array::DType::Int16: return "numpy.int16";
    case array::DType::Int32: return "numpy.int32";
    case array::DType::Int64: return "numpy.int64";
    case array::DType::UInt8: return "numpy.uint8";
    case array::DType::UInt16: return "numpy.uint16";
    case array::DType::UInt32: return "numpy.uint32";
    case array::DType::UInt64: return "numpy.uint64";
    case array::DType::Float16: return "numpy.float16";
    case array::DType::BFloat16: return "ml_dtypes.bfloat16";
    case array::DType::Float32: return "numpy.float32";
    case array::DType::Float64: return "numpy.float64";
    case array::DType::Int4: return "ml_dtypes.int4";
    case array::DType::UInt4: return "ml_dtypes.uint4";
    case array::DType::Int2: return "ml_dtypes.int2";
    case array::DType::UInt2: return "ml_dtypes.uint2";
    case array::DType::Float8E4M3FN: return "ml_dtypes.float8_e4m3fn";
    case array::DType::Float8E5M2: return "ml_dtypes.float8_e5m2";
    case array::DType::Float8E4M3FNUZ: return "ml_dtypes.float8_e4m3fnuz";
    case array::DType::Float8E5M2FNUZ: return "ml_dtypes.float8_e5m2fnuz";
    case array::DType::Float8E4M3B11FNUZ: return "ml_dtypes.float8_e4m3b11fnuz";
    case array::DType::Float8E3M4: return "ml_dtypes.float8_e3m4";
    case array::DType::Float8E4M3: return "ml_dtypes.float8_e4m3";
    case array::DType::Float8E8M0FNU: return "ml_dtypes.float8_e8m0fnu";
    case array::DType::Float4E2M1FN: return "ml_dtypes.float4_e2m1fn";
  }
  return "numpy.ndarray";
}

const char* array_type_name(const Value& v) {
  if (v.is(ObjKind::Ref)) return "TransformedRef";
  if (v.is(ObjKind::Array) && v.as<ArrayObj>().numpy_scalar) return numpy_scalar_type_name(v.as<ArrayObj>().aval().dtype);
  if (v.is(ObjKind::Array) && v.as<ArrayObj>().numpy) return "numpy.ndarray";
  if (v.is(ObjKind::Array) && !v.as<ArrayObj>().traced()) return "ArrayImpl";
  return "DynamicJaxprTracer";
}

std::optional<Value> concrete_scalar(const Value& v) {
  if (!v.is(ObjKind::Array)) return std::nullopt;
  const ArrayObj& a = v.as<ArrayObj>();
  if (a.traced() || !a.aval().shape.empty()) return std::nullopt;
  const array::Array& x = a.op.value;
  if (array::is_float(x.dtype())) return Value::floating(x.get_double(0));
  if (array::is_bool(x.dtype())) return Value::boolean(x.get_bool(0));
  return Value::integer(x.get_int(0));
}

// NumPy arrays stay NumPy arrays: what their methods, attributes and
// operators (with other NumPy arrays or Python scalars) return is a NumPy
// array (a NumPy scalar when 0-d, as NumPy's ufuncs give), computed with
// NumPy's dtypes and promotion on the host CPU whatever JAX's platform is.
// With a JAX array on the other side the JAX array wins (its
// __array_priority__): the NumPy operand converts as jnp.asarray does.
bool is_numpy(const Value& v) { return v.is(ObjKind::Array) && v.as<ArrayObj>().numpy; }

Value numpy_aware_binary(Interpreter& ip, ArrayBinary op, const Value& a, const Value& b, SourceRange where) {
  bool numpy = (is_numpy(a) || a.is_number()) && (is_numpy(b) || b.is_number()) && (is_numpy(a) || is_numpy(b));
  if (!numpy) return array_binary(ip, op, a, b, where);
  array::NumpyMode numpy_rules;
  ir::CpuHostScope on_the_cpu;
  return numpy_result(array_binary(ip, op, a, b, where), true);
}

Value numpy_aware_unary(Interpreter& ip, lang::UnaryOpKind op, const Value& v, SourceRange where) {
  if (!is_numpy(v) || op == lang::UnaryOpKind::Not) return array_unary(ip, op, v, where);
  array::NumpyMode numpy_rules;
  ir::CpuHostScope on_the_cpu;
  return numpy_result(array_unary(ip, op, v, where), true);
}

Value numpy_aware_abs(Interpreter& ip, const Value& v, SourceRange where) {
  if (!is_numpy(v)) return array_abs(ip, v, where);
  array::NumpyMode numpy_rules;
  ir::CpuHostScope on_the_cpu;
  return numpy_result(array_abs(ip, v, where), true);
}

Value numpy_aware_round(Interpreter& ip, const Value& v, int64_t decimals, SourceRange where) {
  const bool no_digits = decimals == kRoundNoDigits;
  if (no_digits) decimals = 0;
  if (!is_numpy(v)) return array_round(ip, v, decimals, where);
  // round(np.float64(x)) is a Python int in NumPy 2 (with ndigits, a scalar
  // of x's type).
  if (no_digits && v.as<ArrayObj>().numpy_scalar) return numpy_scalar_round(ip, v, where);
  array::NumpyMode numpy_rules;
  ir::CpuHostScope on_the_cpu;
  return numpy_result(array_round(ip, v, decimals, where), true);
}

// Methods whose 0-d result is a 0-d array unless called on a scalar.
bool keeps_arrayness(const std::string& name) {
  for (const char* n : {"reshape", "copy", "astype", "squeeze", "transpose", "flatten", "ravel", "view", "swapaxes"})
    if (name == n) return true;
  return false;
}

Value numpy_aware_getattr(Interpreter& ip, const Value& v, const std::string& name, SourceRange where) {
  if (!is_numpy(v)) return array_getattr(ip, v, name, where);
  if (auto r = numpy_ndarray_getattr(ip, v, name, where)) return *r;
  Value attr = array_getattr(ip, v, name, where);
  if (attr.is(ObjKind::Array)) return numpy_result(attr, v.as<ArrayObj>().numpy_scalar);
  if (!attr.is(ObjKind::Builtin)) return attr;
  BuiltinFn inner = attr.as<BuiltinObj>().fn;
  const bool scalar_if_0d = keeps_arrayness(name) ? v.as<ArrayObj>().numpy_scalar : true;
  return make_builtin(attr.as<BuiltinObj>().name, [inner, scalar_if_0d](Interpreter& ip2, CallArgs& c) {
    array::NumpyMode numpy_rules;
    ir::CpuHostScope on_the_cpu;
    return numpy_result(inner(ip2, c), scalar_if_0d);
  });
}

Value numpy_aware_getitem(Interpreter& ip, const Value& v, const Value& index, SourceRange where) {
  if (!is_numpy(v)) return array_getitem(ip, v, index, where);
  array::NumpyMode numpy_rules;
  ir::CpuHostScope on_the_cpu;
  // x[i, j] of single elements is a NumPy scalar; x[...] stays an array.
  if (auto view = numpy_view_getitem(ip, v, index, where)) return *view;
  bool ellipsis = index.is(ObjKind::Ellipsis);
  return numpy_result(array_getitem(ip, v, index, where), !ellipsis);
}

// Reading or writing a NumPy array's values keeps them 64-bit (outside a
// NumpyMode, to_operand would convert them as JAX does).
Value numpy_aware_to_python_scalar(Interpreter& ip, const Value& v, const char* fn, SourceRange where) {
  array::NumpyMode numpy_rules(is_numpy(v) || array::NumpyMode::active());
  return array_to_python_scalar(ip, v, fn, where);
}

bool numpy_aware_truthy(Interpreter& ip, const Value& v, SourceRange where) {
  array::NumpyMode numpy_rules(is_numpy(v) || array::NumpyMode::active());
  return array_truthy(ip, v, where);
}

void numpy_aware_setitem(Interpreter& ip, const Value& v, const Value& key, const Value& value, SourceRange where) {
  array::NumpyMode numpy_rules(is_numpy(v) || array::NumpyMode::active());
  array_setitem(ip, v, key, value, where);
}

}  // namespace

void install_jax_array_protocol() {
  ArrayProtocol p;
  p.binary = numpy_aware_binary;
  p.unary = numpy_aware_unary;
  p.truthy = numpy_aware_truthy;
  p.getattr = numpy_aware_getattr;
  p.getitem = numpy_aware_getitem;
  p.setitem = numpy_aware_setitem;
  p.len = array_len;
  p.abs = numpy_aware_abs;
  p.round = numpy_aware_round;
  p.to_python_scalar = numpy_aware_to_python_scalar;
  p.repr = array_repr_text;
  p.str = array_str_text;
  p.leading_dim = leading_dim;
  p.type_name = array_type_name;
  p.concrete_scalar = concrete_scalar;
  p.inplace = numpy_inplace;
  p.type_object = numpy_type_object;
  p.isinstance = numpy_isinstance;
  install_array_protocol(p);
}

}  // namespace rungs::jax
