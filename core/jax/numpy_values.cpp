// NumPy ndarrays, scalars and functions over the engine's arrays (see
// numpy_values.h).
#include "core/jax/numpy_values.h"

#include <unordered_set>

#include "core/ir/host_precision.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/module_jnp_parts.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

// numpy functions whose 0-d results stay 0-d arrays (creation and shape
// functions); every other function returns NumPy scalars for 0-d results,
// as NumPy's ufuncs and reductions do.
const std::unordered_set<std::string>& array_returning() {
  static const std::unordered_set<std::string> names = {
      "array", "asarray", "asanyarray", "ascontiguousarray", "copy", "zeros", "ones", "empty", "full",
      "zeros_like", "ones_like", "empty_like", "full_like", "reshape", "squeeze", "expand_dims",
      "broadcast_to", "transpose", "moveaxis", "swapaxes", "atleast_1d", "atleast_2d", "atleast_3d"};
  return names;
}

// Functions that read only an argument's shape or dtype: NumPy does not
// convert with __array__ for them (np.shape(tracer) works in JAX).
const std::unordered_set<std::string>& shape_queries() {
  static const std::unordered_set<std::string> names = {"shape", "ndim", "size", "result_type", "dtype",
                                                         "iinfo", "finfo", "issubdtype", "promote_types",
                                                         "isscalar", "iterable"};
  return names;
}

[[noreturn]] void raise_traced(const ir::AVal& aval, SourceRange where) {
  const std::string& fn = tracing_function_name();
  std::string origin =
      fn.empty() || fn == "<unknown>" ? "" : "\nThe error occurred while tracing the function " + fn + ".";
  raise(ErrorId::tracer_array_conversion, where, ir::aval_long_str(aval), origin);
}

void refuse_traced(const Value& v, SourceRange where, int depth) {
  if (v.is(ObjKind::Array) && v.as<ArrayObj>().traced()) raise_traced(v.as<ArrayObj>().aval(), where);
  if (v.is(ObjKind::Ref)) raise_traced(v.as<RefObj>().aval(), where);
  if (depth > 0 && (v.is(ObjKind::List) || v.is(ObjKind::Tuple))) {
    const Values& items = v.is(ObjKind::List) ? v.as<ListObj>().items : v.as<TupleObj>().items;
    for (const Value& i : items) refuse_traced(i, where, depth - 1);
  }
}

const Value* arg_of(const CallArgs& c, size_t pos, const char* name) {
  if (pos < c.positional.size()) return &c.positional[pos];
  return c.keyword(name);
}

// ---- object arrays: np.array(jax.devices()), as Mesh(...) is built from.
// Only what mesh construction uses: shape, ndim, size, reshape (with -1),
// tolist/flatten/ravel, len, iteration and indexing by rows.

bool has_object_leaf(const Value& v, int depth) {
  if (v.is(ObjKind::List) || v.is(ObjKind::Tuple)) {
    if (depth > 32) return false;
    const Values& items = v.is(ObjKind::List) ? v.as<ListObj>().items : v.as<TupleObj>().items;
    for (const Value& i : items)
      if (has_object_leaf(i, depth + 1)) return true;
    return false;
  }
  return !(v.is_number() || v.is(ObjKind::Array) || v.is(ObjKind::Ref));
}

void flatten_objects(Interpreter& ip, const Value& v, size_t depth, Shape& shape, Values& flat, SourceRange where) {
  if (!(v.is(ObjKind::List) || v.is(ObjKind::Tuple))) {
    flat.push_back(v);
    return;
  }
  Values items = ip.iterate(v);
  if (depth == shape.size()) shape.push_back(static_cast<int64_t>(items.size()));
  else if (shape[depth] != static_cast<int64_t>(items.size())) raise(ErrorId::ragged_array, where, depth);
  for (const Value& i : items) flatten_objects(ip, i, depth + 1, shape, flat, where);
}

Value nest(const Values& flat, const Shape& shape, size_t depth, size_t& pos) {
  if (depth == shape.size()) return flat[pos++];
  Values row;
  for (int64_t i = 0; i < shape[depth]; ++i) row.push_back(nest(flat, shape, depth + 1, pos));
  return make_list(row);
}

Value object_array(const Values& flat, const Shape& shape);

const RecordType& object_array_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "ndarray";
    r.repr = [](const RecordObj& o, Interpreter& ip) {
      return "array(" + ip.repr(o.get("_nested")) + ", dtype=object)";
    };
    auto flat_of = [](const Value& self) { return self.as<RecordObj>().get("_flat").as<ListObj>().items; };
    r.methods["tolist"] = [](Interpreter&, const Value& self, CallArgs&) { return self.as<RecordObj>().get("_nested"); };
    r.methods["flatten"] = r.methods["ravel"] = [flat_of](Interpreter&, const Value& self, CallArgs&) {
      Values flat = flat_of(self);
      return object_array(flat, {static_cast<int64_t>(flat.size())});
    };
    r.methods["reshape"] = [flat_of](Interpreter& ip, const Value& self, CallArgs& c) {
      Values flat = flat_of(self);
      Values dims = c.positional.size() == 1 && !is_int_like(c.positional[0]) ? ip.iterate(c.positional[0]) : c.positional;
      Shape shape;
      int64_t known = 1, infer = -1;
      for (const Value& d : dims) {
        shape.push_back(to_index(d, c.where));
        if (shape.back() == -1) infer = static_cast<int64_t>(shape.size()) - 1;
        else known *= shape.back();
      }
      if (infer >= 0 && known > 0) shape[static_cast<size_t>(infer)] = static_cast<int64_t>(flat.size()) / known;
      if (array::num_elements(shape) != static_cast<int64_t>(flat.size()))
        raise(ErrorId::reshape_size, c.where, ip.repr(self.as<RecordObj>().get("shape")), flat.size(),
              array::shape_str(shape), array::num_elements(shape));
      return object_array(flat, shape);
    };
    r.methods["__len__"] = [](Interpreter& ip, const Value& self, CallArgs&) {
      return Value::integer(static_cast<int64_t>(ip.iterate(self.as<RecordObj>().get("_nested")).size()));
    };
    r.methods["__iter__"] = [](Interpreter& ip, const Value& self, CallArgs& c) {
      return ip.call(ip.getattr(self.as<RecordObj>().get("_nested"), "__iter__", c.where), Values{}, c.where);
    };
    r.methods["__getitem__"] = [](Interpreter& ip, const Value& self, CallArgs& c) {
      return ip.getitem(self.as<RecordObj>().get("_nested"), c.positional.at(0), c.where);
    };
    return r;
  }();
  return t;
}

Value object_array(const Values& flat, const Shape& shape) {
  auto r = std::make_shared<RecordObj>(&object_array_type());
  size_t pos = 0;
  Values dims;
  for (int64_t d : shape) dims.push_back(Value::integer(d));
  r->set("shape", make_tuple(dims));
  r->set("ndim", Value::integer(static_cast<int64_t>(shape.size())));
  r->set("size", Value::integer(static_cast<int64_t>(flat.size())));
  r->set("_flat", make_list(flat));
  r->set("_nested", shape.empty() ? flat[0] : nest(flat, shape, 0, pos));
  return Value::object(r);
}

}  // namespace

Value numpy_result(Value v, bool scalar_if_0d) {
  if (v.is(ObjKind::Tuple) || v.is(ObjKind::List)) {
    Values items = v.is(ObjKind::Tuple) ? v.as<TupleObj>().items : v.as<ListObj>().items;
    for (Value& i : items) i = numpy_result(i, scalar_if_0d);
    return v.is(ObjKind::Tuple) ? make_tuple(items) : make_list(items);
  }
  if (!v.is(ObjKind::Array) || v.as<ArrayObj>().traced()) return v;
  const ArrayObj& a = v.as<ArrayObj>();
  const bool scalar = scalar_if_0d && a.aval().shape.empty();
  const bool weak = a.aval().weak_type;
  if (a.numpy && a.numpy_scalar == scalar && !a.read_only && !weak) return v;
  // NumPy arrays are never weak (np.full(2, 1.5) is as strong as any array).
  Value fresh = make_array(weak ? ir::Operand::concrete(a.op.value.with_weak_type(false)) : a.op);
  fresh.as<ArrayObj>().numpy = true;
  fresh.as<ArrayObj>().numpy_scalar = scalar;
  return fresh;
}

void refuse_traced_numpy_args(const CallArgs& call, SourceRange where) {
  for (const Value& v : call.positional) refuse_traced(v, where, 2);
  for (const auto& kv : call.keywords) refuse_traced(kv.second, where, 2);
}

Value numpy_function(const Value& jnp_fn, const std::string& name) {
  const bool keeps_arrays = array_returning().count(name) > 0;
  const bool shape_query = shape_queries().count(name) > 0;
  return make_builtin("numpy." + name, [jnp_fn, keeps_arrays, shape_query](Interpreter& ip, CallArgs& c) {
    if (!shape_query) refuse_traced_numpy_args(c, c.where);
    NumpyScope lenient;
    array::NumpyMode numpy;
    ir::CpuHostScope on_the_cpu;
    Value r = jnp_fn.is(ObjKind::Builtin) ? jnp_fn.as<BuiltinObj>().fn(ip, c) : ip.call(jnp_fn, std::move(c));
    return numpy_result(r, !keeps_arrays);
  });
}

Value numpy_asarray(Interpreter& ip, CallArgs& call, bool copy) {
  refuse_traced_numpy_args(call, call.where);
  const Value* a = arg_of(call, 0, copy ? "object" : "a");
  const Value* dt = arg_of(call, 1, "dtype");
  bool no_dtype = !dt || dt->is_none();
  // np.asarray(a, dtype=a.dtype) is `a` itself, as without a dtype (read
  // with NumPy's names: np.float64 is float64 there).
  if (!no_dtype && !copy && a && a->is(ObjKind::Array) && a->as<ArrayObj>().numpy) {
    array::NumpyMode numpy;
    no_dtype = dtype_of_value(*dt) == a->as<ArrayObj>().aval().dtype;
  }
  if (a && a->is(ObjKind::Array) && no_dtype) {
    const ArrayObj& x = a->as<ArrayObj>();
    if (x.numpy && !x.numpy_scalar && !copy) return *a;  // np.asarray(ndarray) is the array itself
    const bool weak = x.op.aval.weak_type;  // NumPy arrays are never weak
    Value fresh = make_array(weak ? ir::Operand::concrete(x.op.value.with_weak_type(false)) : x.op);
    fresh.as<ArrayObj>().numpy = true;
    // np.asarray of a JAX array sees JAX's (immutable) buffer: read-only.
    fresh.as<ArrayObj>().read_only = !copy && (!x.numpy || x.read_only);
    fresh.as<ArrayObj>().jax_buffer = !copy && (!x.numpy || x.jax_buffer);
    return fresh;
  }
  if (a && (a->is(ObjKind::List) || a->is(ObjKind::Tuple)) && has_object_leaf(*a, 0)) {
    Shape shape;
    Values flat;
    flatten_objects(ip, *a, 0, shape, flat, call.where);
    return object_array(flat, shape);
  }
  Value jnp = ip.import_module("jax.numpy", call.where);
  Value fn = ip.getattr(jnp, copy ? "array" : "asarray", call.where);
  NumpyScope lenient;
  array::NumpyMode numpy;
  ir::CpuHostScope on_the_cpu;
  return numpy_result(fn.as<BuiltinObj>().fn(ip, call), false);
}

}  // namespace rungs::jax
