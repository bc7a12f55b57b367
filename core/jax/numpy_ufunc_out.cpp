// Where NumPy writes a result into an existing array (`a += b`, a ufunc's
// out=) and what NumPy's scalar types answer to the builtins (type(x),
// isinstance(x, np.floating), round(x)): NumPy 2's rules.
#include <cmath>

#include "core/ir/host_precision.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/numpy_values.h"
#include "core/jax/numpy_views.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

using array::DType;

namespace {

std::string np_shape(const array::Shape& s) { return numpy_shape_text(s); }

// 'same_kind' casting: a safe cast, or one within the kind order
// bool < unsigned < signed < float (float64 -> float32 is allowed,
// int64 -> uint8 is not).
int kind_rank(DType d) {
  if (d == DType::Bool) return 0;
  if (array::is_unsigned_int(d)) return 1;
  if (array::is_integer(d)) return 2;
  return 3;
}

bool same_kind(DType from, DType to) { return kind_rank(from) <= kind_rank(to); }

const char* ufunc_name(ArrayBinary op) {
  switch (op) {
    case ArrayBinary::Add: return "add";
    case ArrayBinary::Sub: return "subtract";
    case ArrayBinary::Mul: return "multiply";
    case ArrayBinary::MatMul: return "matmul";
    case ArrayBinary::TrueDiv: return "divide";
    case ArrayBinary::FloorDiv: return "floor_divide";
    case ArrayBinary::Mod: return "remainder";
    case ArrayBinary::Pow: return "power";
    case ArrayBinary::LShift: return "left_shift";
    case ArrayBinary::RShift: return "right_shift";
    case ArrayBinary::And: return "bitwise_and";
    case ArrayBinary::Or: return "bitwise_or";
    case ArrayBinary::Xor: return "bitwise_xor";
    default: return "equal";
  }
}

const RecordObj* scalar_type_record(const Value& t) {
  if (!t.is(ObjKind::Record)) return nullptr;
  const RecordObj& r = t.as<RecordObj>();
  return r.type->name == "type" && r.field("name") ? &r : nullptr;
}

}  // namespace

void numpy_write_output(Interpreter& ip, const Value& out, const Value& result, const std::string& ufunc,
                        SourceRange where) {
  ArrayObj& o = out.as<ArrayObj>();
  if (o.read_only) raise(ErrorId::np_output_read_only, where);
  const ir::AVal& r = result.is(ObjKind::Array) ? result.as<ArrayObj>().aval() : o.aval();
  if (result.is(ObjKind::Array)) {
    array::Shape b = array::broadcast_shapes(r.shape, o.op.aval.shape);
    if (b != o.op.aval.shape) raise(ErrorId::np_output_broadcast, where, np_shape(o.op.aval.shape), np_shape(b));
    if (!same_kind(r.dtype, o.op.aval.dtype))
      raise(ErrorId::np_ufunc_output_casting, where, ufunc, array::dtype_name(r.dtype), array::dtype_name(o.op.aval.dtype));
  }
  array::NumpyMode numpy;
  ir::CpuHostScope on_the_cpu;
  array_setitem(ip, out, ellipsis_value(), result, where);
}

bool numpy_inplace(Interpreter& ip, ArrayBinary op, const Value& a, const Value& b, SourceRange where, Value& out) {
  if (!a.is(ObjKind::Array)) return false;
  const ArrayObj& x = a.as<ArrayObj>();
  if (!x.numpy || x.numpy_scalar || x.traced()) return false;
  if (x.read_only) raise(ErrorId::np_output_read_only, where);
  Value r = array_protocol().binary(ip, op, a, b, where);
  numpy_write_output(ip, a, r, ufunc_name(op), where);
  out = a;
  return true;
}

std::optional<Value> numpy_type_object(Interpreter& ip, const Value& v) {
  const ArrayObj& a = v.as<ArrayObj>();
  if (!a.numpy || a.traced()) return std::nullopt;
  const auto& attrs = ip.import_module("numpy", {}).as<ModuleObj>().attrs;
  auto it = attrs.find(a.numpy_scalar ? array::dtype_name(a.aval().dtype) : "ndarray");
  if (it == attrs.end() || (a.numpy_scalar && a.aval().dtype == DType::BFloat16)) return std::nullopt;
  return it->second;
}

std::optional<bool> numpy_isinstance(Interpreter&, const Value& v, const Value& t) {
  const RecordObj* r = scalar_type_record(t);
  if (!r) return std::nullopt;
  const bool scalar = v.is(ObjKind::Array) && v.as<ArrayObj>().numpy_scalar;
  if (!scalar) return false;
  DType d = v.as<ArrayObj>().aval().dtype;
  const std::string& name = r->get("name").as<StrObj>().s;
  if (!r->field("itemsize")) return in_dtype_category(d, name);  // np.floating, np.integer, ...
  return name == array::dtype_name(d);
}

Value numpy_scalar_round(Interpreter&, const Value& v, SourceRange where) {
  const array::Array& x = v.as<ArrayObj>().op.value;
  if (!array::is_float(x.dtype())) return Value::integer(x.get_int(0));
  double d = x.get_double(0);
  if (std::isnan(d)) raise(ErrorId::float_nan_to_int, where);
  if (std::isinf(d)) raise(ErrorId::float_to_int_overflow, where);
  return Value::integer(static_cast<int64_t>(std::nearbyint(d)));
}

}  // namespace rungs::jax
