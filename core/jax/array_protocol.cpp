// The JAX library's side of the runtime's array hooks (core/python/
// array_protocol.h): each hook is a jnp_ops.h entry point, plus the three
// facts about an array the runtime asks for directly.
#include "core/python/array_protocol.h"

#include "core/array/dtype.h"
#include "core/ir/host_precision.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"

namespace rungs::jax {

namespace {

std::optional<int64_t> leading_dim(const Value& v) {
  const ir::AVal& aval = v.is(ObjKind::Ref) ? v.as<RefObj>().aval() : v.as<ArrayObj>().aval();
  if (aval.shape.empty()) return std::nullopt;
  return aval.shape[0];
}

const char* array_type_name(const Value& v) {
  if (v.is(ObjKind::Ref)) return "TransformedRef";
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
// array too, computed on the host CPU whatever JAX's platform is.
bool is_numpy(const Value& v) { return v.is(ObjKind::Array) && v.as<ArrayObj>().numpy; }

Value numpy_result(Value v) {
  if (!v.is(ObjKind::Array) || v.as<ArrayObj>().traced() || v.as<ArrayObj>().numpy) return v;
  Value fresh = make_array(v.as<ArrayObj>().op);  // never flag an array someone else holds
  fresh.as<ArrayObj>().numpy = true;
  return fresh;
}

Value numpy_aware_binary(Interpreter& ip, ArrayBinary op, const Value& a, const Value& b, SourceRange where) {
  bool numpy = (is_numpy(a) || a.is_number()) && (is_numpy(b) || b.is_number()) && (is_numpy(a) || is_numpy(b));
  if (!numpy) return array_binary(ip, op, a, b, where);
  ir::CpuHostScope on_the_cpu;
  return numpy_result(array_binary(ip, op, a, b, where));
}

Value numpy_aware_getattr(Interpreter& ip, const Value& v, const std::string& name, SourceRange where) {
  if (!is_numpy(v)) return array_getattr(ip, v, name, where);
  Value attr = array_getattr(ip, v, name, where);
  if (attr.is(ObjKind::Array)) return numpy_result(attr);
  if (!attr.is(ObjKind::Builtin)) return attr;
  BuiltinFn inner = attr.as<BuiltinObj>().fn;
  return make_builtin(attr.as<BuiltinObj>().name, [inner](Interpreter& ip2, CallArgs& c) {
    ir::CpuHostScope on_the_cpu;
    return numpy_result(inner(ip2, c));
  });
}

Value numpy_aware_getitem(Interpreter& ip, const Value& v, const Value& index, SourceRange where) {
  if (!is_numpy(v)) return array_getitem(ip, v, index, where);
  ir::CpuHostScope on_the_cpu;
  return numpy_result(array_getitem(ip, v, index, where));
}

}  // namespace

void install_jax_array_protocol() {
  ArrayProtocol p;
  p.binary = numpy_aware_binary;
  p.unary = array_unary;
  p.truthy = array_truthy;
  p.getattr = numpy_aware_getattr;
  p.getitem = numpy_aware_getitem;
  p.setitem = array_setitem;
  p.len = array_len;
  p.abs = array_abs;
  p.round = array_round;
  p.to_python_scalar = array_to_python_scalar;
  p.repr = array_repr_text;
  p.str = array_str_text;
  p.leading_dim = leading_dim;
  p.type_name = array_type_name;
  p.concrete_scalar = concrete_scalar;
  install_array_protocol(p);
}

}  // namespace rungs::jax
