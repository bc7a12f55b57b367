// Array attributes and methods (x.shape, x.dtype, x.T, x.astype(...),
// x.sum(...), x.at[...].set(...)), dtype objects, and dispatch of refs.
#include <cmath>

#include "core/jax/array_value.h"
#include "core/ir/host_precision.h"
#include "core/jax/numpy_values.h"
#include "core/python/interpreter.h"
#include "core/jax/jnp_core.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/ref_ops.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

using array::DType;
using array::Shape;

namespace {

const RecordType& dtype_type(bool scalar_type) {
  static const auto make = [](bool scalar) {
    RecordType t;
    t.name = scalar ? "type" : "dtype";
    t.repr = [scalar](const RecordObj& r, Interpreter&) {
      std::string n = r.get("name").as<StrObj>().s;
      if (scalar && r.field("numpy")) return "<class 'numpy." + n + "'>";
      if (scalar) return "<class 'jax.numpy." + n + "'>";
      // ml_dtypes' types are NumPy extension dtypes, whose repr has no quotes.
      bool extension = n == "bfloat16" || n == "float4_e2m1fn" || n.rfind("float8_", 0) == 0 ||
                       n == "int4" || n == "uint4" || n == "int2" || n == "uint2";
      return extension ? "dtype(" + n + ")" : "dtype('" + n + "')";
    };
    if (!scalar) t.str = [](const RecordObj& r, Interpreter&) { return r.get("name").as<StrObj>().s; };
    t.equals = [](const RecordObj& a, const RecordObj& b) {
      const Value* na = a.field("name");
      const Value* nb = b.field("name");
      return na && nb && na->is(ObjKind::Str) && nb->is(ObjKind::Str) &&
             na->as<StrObj>().s == nb->as<StrObj>().s;
    };
    if (scalar) {
      // jnp.float32(x) converts, like calling the scalar type in JAX.
      t.call = [](Interpreter& ip, const Value& self, CallArgs& a) {
        if (self.as<RecordObj>().field("numpy")) {
          // np.float64(x): a NumPy scalar (an array for an array argument).
          refuse_traced_numpy_args(a, a.where);
          array::NumpyMode numpy;
          ir::CpuHostScope on_the_cpu;
          DType d = *dtype_of_value(self);
          Value v = a.positional.empty() ? Value::integer(0) : a.positional[0];
          // np.float32("-inf"), np.int64("12"): parsed as float() / int() would.
          if (v.is(ObjKind::Str))
            v = ip.call(builtins_table().at(array::is_float(d) ? "float" : array::is_bool(d) ? "bool" : "int"),
                        Values{v}, a.where);
          return numpy_result(asarray(ip, v, d, a.where), true);
        }
        DType d = *dtype_of_value(self);
        Value v = a.positional.empty() ? Value::integer(0) : a.positional[0];
        return asarray(ip, v, d, a.where);
      };
    }
    return t;
  };
  static const RecordType dtype_t = make(false);
  static const RecordType scalar_t = make(true);
  return scalar_type ? scalar_t : dtype_t;
}

Value make_dtype_record(DType d, bool scalar) {
  auto r = std::make_shared<RecordObj>(&dtype_type(scalar));
  r->set("name", make_str(array::dtype_name(d)));
  r->set("itemsize", Value::integer(array::itemsize(d)));
  return Value::object(r);
}

// Optional axis argument: None, an int, or a tuple of ints.
std::optional<std::vector<int64_t>> axis_arg(const Value* v, SourceRange where) {
  if (!v || v->is_none()) return std::nullopt;
  if (v->is(ObjKind::Tuple) || v->is(ObjKind::List)) {
    std::vector<int64_t> out;
    const Values& items = v->is(ObjKind::Tuple) ? v->as<TupleObj>().items : v->as<ListObj>().items;
    for (const Value& i : items) out.push_back(to_index(i, where));
    return out;
  }
  return std::vector<int64_t>{to_index(*v, where)};
}

const Value* arg(const CallArgs& a, size_t pos, const char* name) {
  if (pos < a.positional.size()) return &a.positional[pos];
  return a.keyword(name);
}

bool flag_arg(Interpreter& ip, const CallArgs& a, size_t pos, const char* name) {
  const Value* v = arg(a, pos, name);
  return v && ip.truthy(*v);
}

Shape shape_args(Interpreter& ip, const CallArgs& a) {
  Values items = a.positional;
  if (items.size() == 1 && (items[0].is(ObjKind::Tuple) || items[0].is(ObjKind::List))) items = ip.iterate(items[0]);
  Shape s;
  for (const Value& v : items) s.push_back(to_index(v, a.where));
  return s;
}

Value method(const std::string& name, std::function<Value(Interpreter&, CallArgs&)> fn) {
  return make_builtin("jax.Array." + name, std::move(fn));
}

// x.at[idx] -> helper with set/add/multiply/min/max/get.
Value at_helper(const Value& array) {
  static const RecordType indexed = [] {
    RecordType t;
    t.name = "_IndexUpdateRef";
    auto update = [](array::UpdateMode mode) {
      return [mode](Interpreter& ip, const Value& self, CallArgs& a) {
        const RecordObj& r = self.as<RecordObj>();
        Value x = r.get("array"), idx = r.get("index");
        if (a.positional.empty()) raise(ErrorId::missing_positional, a.where, "set", 1, "", "'values'");
        return array_index_update(ip, x, idx, a.positional[0], mode, a.where);
      };
    };
    t.methods["set"] = update(array::UpdateMode::Set);
    t.methods["add"] = update(array::UpdateMode::Add);
    t.methods["multiply"] = update(array::UpdateMode::Mul);
    t.methods["mul"] = update(array::UpdateMode::Mul);
    t.methods["min"] = update(array::UpdateMode::Min);
    t.methods["max"] = update(array::UpdateMode::Max);
    t.methods["get"] = [](Interpreter& ip, const Value& self, CallArgs& a) {
      const RecordObj& r = self.as<RecordObj>();
      return ip.getitem(r.get("array"), r.get("index"), a.where);
    };
    return t;
  }();
  static const RecordType helper = [] {
    RecordType t;
    t.name = "_IndexUpdateHelper";
    t.methods["__getitem__"] = [](Interpreter&, const Value& self, CallArgs& a) {
      auto r = std::make_shared<RecordObj>(&indexed);
      r->set("array", self.as<RecordObj>().get("array"));
      r->set("index", a.positional[0]);
      return Value::object(r);
    };
    return t;
  }();
  auto r = std::make_shared<RecordObj>(&helper);
  r->set("array", array);
  return Value::object(r);
}

}  // namespace

namespace {
// A dtype named by a string in user code, as np.dtype(str) reads it: the
// jaxpr's short names ("f32", "bf16") are not NumPy spellings ("data type
// 'f32' not understood"), and NumPy's "i8"/"u8" are the 8-byte integers.
std::optional<DType> numpy_dtype_name(std::string s) {
  for (const char* jaxpr_only : {"i16", "i32", "i64", "u16", "u32", "u64", "f16", "bf16", "f32", "f64"})
    if (s == jaxpr_only) return std::nullopt;
  if (s == "i8") s = "int64";
  if (s == "u8") s = "uint64";
  return array::parse_dtype(s);
}
}  // namespace

std::optional<DType> dtype_of_value(const Value& v) {
  if (v.is(ObjKind::Str)) return numpy_dtype_name(v.as<StrObj>().s);
  if (v.is(ObjKind::Record)) {
    const auto& r = v.as<RecordObj>();
    if (r.type == &dtype_type(false) || r.type == &dtype_type(true))
      return array::parse_dtype(r.get("name").as<StrObj>().s);
    // As np.dtype(obj) reads obj.dtype: a ShapeDtypeStruct names its dtype
    // (lax.bitcast_convert_type(x, out_shape) in JAX's tests).
    Value inner = r.get("dtype");
    if (inner.is(ObjKind::Record) && inner.as<RecordObj>().type == &dtype_type(false)) return dtype_of_value(inner);
  }
  if (v.is(ObjKind::Builtin)) {
    const std::string& tag = v.as<BuiltinObj>().type_tag;
    if (tag == "float") return array::default_float();
    if (tag == "int") return array::default_int();
    if (tag == "bool") return DType::Bool;
  }
  return std::nullopt;
}

Value dtype_value(DType d) { return make_dtype_record(d, false); }
// jnp.float32 & co: JAX's _ScalarMeta, whose .dtype is the dtype
// (kernel files write `acc_dtype = jnp.float32.dtype`).
Value scalar_type_value(DType d) {
  Value v = make_dtype_record(d, true);
  v.as<RecordObj>().set("dtype", make_dtype_record(d, false));
  v.as<RecordObj>().set("__name__", make_str(array::dtype_name(d)));  // jnp.int32.__name__ (test names)
  return v;
}

Value numpy_scalar_type_value(DType d) {
  Value v = make_dtype_record(d, true);
  v.as<RecordObj>().set("numpy", Value::boolean(true));
  v.as<RecordObj>().set("__name__", make_str(array::dtype_name(d)));  // type(np.int64(1)).__name__
  return v;
}

Value array_getattr(Interpreter& interp, const Value& v, const std::string& name, SourceRange where) {
  if (v.is(ObjKind::Ref)) return ref_getattr(interp, v, name, where);
  const ir::Operand x = v.as<ArrayObj>().op;
  const ir::AVal& a = x.aval;
  ir::set_current_source(where);
  if (name == "shape") {
    Values dims;
    for (int64_t d : a.shape) dims.push_back(Value::integer(d));
    return make_tuple(dims);
  }
  if (name == "dtype") return dtype_value(a.dtype);
  if (name == "ndim") return Value::integer(static_cast<int64_t>(a.shape.size()));
  if (name == "size") return Value::integer(array::num_elements(a.shape));
  if (name == "itemsize") return Value::integer(array::itemsize(a.dtype));
  if (name == "nbytes") return Value::integer(array::num_elements(a.shape) * array::itemsize(a.dtype));
  if (name == "weak_type") return Value::boolean(a.weak_type);
  // devices() / device read the sharding, as ArrayImpl does: its device_set,
  // and the one device when there is one (else the sharding itself).
  if (name == "devices" || name == "device") {
    Value sharding = interp.getattr(v, "sharding", where);
    Value set = interp.getattr(sharding, "device_set", where);
    if (name == "devices") return method(name, [set](Interpreter&, CallArgs&) { return set; });
    Values devices = interp.iterate(set);
    return devices.size() == 1 ? devices[0] : sharding;
  }
  if (name == "is_fully_addressable") return Value::boolean(true);
  if (name == "is_fully_replicated")
    return interp.getattr(interp.getattr(v, "sharding", where), "is_fully_replicated", where);
  if (name == "sharding" || name == "addressable_shards") {
    Value stored = v.as<ArrayObj>().sharding;
    Value jax = interp.import_module("jax", where);
    if (name == "sharding" && !stored.is_none()) return stored;
    if (name == "sharding") {
      Value device = interp.getitem(interp.call(interp.getattr(jax, "devices", where), Values{}, where), Value::integer(0), where);
      Value single = interp.getattr(interp.import_module("jax.sharding", where), "SingleDeviceSharding", where);
      return interp.call(single, Values{device}, where);
    }
    Value fn = interp.getattr(interp.import_module("jax._shard_map", where), "addressable_shards", where);
    return interp.call(fn, Values{v, stored}, where);
  }
  if (name == "T" || name == "mT") {
    std::vector<int64_t> perm;
    int64_t r = static_cast<int64_t>(a.shape.size());
    for (int64_t i = r - 1; i >= 0; --i) perm.push_back(i);
    if (name == "mT") {
      perm.clear();
      for (int64_t i = 0; i < r; ++i) perm.push_back(i);
      if (r >= 2) std::swap(perm[static_cast<size_t>(r - 1)], perm[static_cast<size_t>(r - 2)]);
    }
    return make_array(jax::transpose(x, perm));
  }
  if (name == "real") return v;
  if (name == "at") return at_helper(v);
  if (name == "astype")
    return method(name, [x](Interpreter& ip, CallArgs& c) {
      const Value* d = arg(c, 0, "dtype");
      auto dt = d ? dtype_of_value(*d) : std::nullopt;
      if (!dt) raise(ErrorId::dtype_unknown, c.where, d ? (d->is(ObjKind::Str) ? d->as<StrObj>().s : ip.repr(*d)) : "None");
      return make_array(jax::convert(x, *dt, false));
    });
  if (name == "reshape")
    return method(name, [x](Interpreter& ip, CallArgs& c) { return make_array(jax::reshape(x, shape_args(ip, c))); });
  if (name == "transpose")
    return method(name, [x](Interpreter& ip, CallArgs& c) {
      std::vector<int64_t> perm;
      if (c.positional.empty()) {
        for (int64_t i = static_cast<int64_t>(x.aval.shape.size()) - 1; i >= 0; --i) perm.push_back(i);
      } else {
        Shape s = shape_args(ip, c);
        perm.assign(s.begin(), s.end());
      }
      return make_array(jax::transpose(x, perm));
    });
  if (name == "swapaxes")
    return method(name, [x](Interpreter&, CallArgs& c) {
      int64_t r = static_cast<int64_t>(x.aval.shape.size());
      std::vector<int64_t> perm;
      for (int64_t i = 0; i < r; ++i) perm.push_back(i);
      int64_t i = jax::normalize_axis(to_index(c.positional.at(0), c.where), r);
      int64_t j = jax::normalize_axis(to_index(c.positional.at(1), c.where), r);
      std::swap(perm[static_cast<size_t>(i)], perm[static_cast<size_t>(j)]);
      return make_array(jax::transpose(x, perm));
    });
  if (name == "flatten" || name == "ravel")
    return method(name, [x](Interpreter&, CallArgs&) {
      return make_array(jax::reshape(x, {array::num_elements(x.aval.shape)}));
    });
  if (name == "squeeze")
    return method(name, [x](Interpreter&, CallArgs& c) {
      auto axes = axis_arg(arg(c, 0, "axis"), c.where);
      return make_array(jax::squeeze(x, axes ? *axes : std::vector<int64_t>{}));
    });
  if (name == "sum" || name == "max" || name == "min" || name == "prod" || name == "mean" ||
      name == "all" || name == "any")
    return method(name, [x, name](Interpreter& ip, CallArgs& c) {
      auto axes = axis_arg(arg(c, 0, "axis"), c.where);
      bool keep = flag_arg(ip, c, 99, "keepdims");
      if (name == "sum") return make_array(jax::sum(x, axes, keep));
      if (name == "mean") return make_array(jax::mean(x, axes, keep));
      ir::Prim p = name == "max" ? ir::Prim::ReduceMax : name == "min" ? ir::Prim::ReduceMin
                   : name == "prod" ? ir::Prim::ReduceProd : name == "all" ? ir::Prim::ReduceAnd
                                                                           : ir::Prim::ReduceOr;
      return make_array(jax::reduce(p, x, axes, keep));
    });
  // These jax.Array methods are jnp's functions with the array first.
  if (name == "std" || name == "var" || name == "take" || name == "nonzero" || name == "searchsorted" ||
      name == "diagonal" || name == "trace")
    return method(name, [x, name](Interpreter& ip, CallArgs& c) {
      Value fn = ip.getattr(ip.import_module("jax.numpy", c.where), name, c.where);
      CallArgs args = c;
      args.positional.insert(args.positional.begin(), make_array(x));
      return ip.call(fn, std::move(args));
    });
  if (name == "argmax" || name == "argmin")
    return method(name, [x, name](Interpreter& ip, CallArgs& c) {
      const Value* ax = arg(c, 0, "axis");
      std::optional<int64_t> axis;
      if (ax && !ax->is_none()) axis = to_index(*ax, c.where);
      return make_array(jax::argminmax(name == "argmax" ? ir::Prim::ArgMax : ir::Prim::ArgMin, x, axis,
                                       flag_arg(ip, c, 99, "keepdims")));
    });
  if (name == "cumsum")
    return method(name, [x](Interpreter&, CallArgs& c) {
      const Value* ax = arg(c, 0, "axis");
      ir::Operand y = x;
      int64_t axis = 0;
      if (!ax || ax->is_none()) y = jax::reshape(x, {array::num_elements(x.aval.shape)});
      else axis = jax::normalize_axis(to_index(*ax, c.where), static_cast<int64_t>(x.aval.shape.size()));
      ir::Params p;
      p.n = axis;
      return make_array(ir::bind1(ir::Prim::CumSum, {y}, p));
    });
  if (name == "clip")
    return method(name, [x](Interpreter& ip, CallArgs& c) {
      ir::Operand y = x;
      const Value* lo = arg(c, 0, "min");
      const Value* hi = arg(c, 1, "max");
      if (lo && !lo->is_none()) y = jax::binary(ir::Prim::Max, y, to_operand(ip, *lo, c.where));
      if (hi && !hi->is_none()) y = jax::binary(ir::Prim::Min, y, to_operand(ip, *hi, c.where));
      return make_array(y);
    });
  if (name == "dot")
    return method(name, [x](Interpreter& ip, CallArgs& c) {
      return make_array(jax::dot(x, to_operand(ip, c.positional.at(0), c.where, "dot_general")));
    });
  if (name == "item")
    return method(name, [v](Interpreter& ip, CallArgs& c) { return array_to_python_scalar(ip, v, "item", c.where); });
  if (name == "tolist")
    return method(name, [x, v](Interpreter& ip, CallArgs& c) {
      if (x.traced()) array_to_python_scalar(ip, v, "tolist", c.where);
      std::function<Value(size_t, int64_t&)> build = [&](size_t dim, int64_t& flat) -> Value {
        if (dim == x.aval.shape.size()) {
          int64_t i = flat++;
          if (array::is_float(x.aval.dtype)) return Value::floating(x.value.get_double(i));
          if (array::is_bool(x.aval.dtype)) return Value::boolean(x.value.get_bool(i));
          return Value::integer(x.value.get_int(i));
        }
        Values items;
        for (int64_t k = 0; k < x.aval.shape[dim]; ++k) items.push_back(build(dim + 1, flat));
        return make_list(items);
      };
      int64_t flat = 0;
      return build(0, flat);
    });
  if (name == "copy" || name == "block_until_ready")
    return method(name, [v](Interpreter&, CallArgs&) { return v; });
  raise(ErrorId::array_no_attribute, where, "ArrayImpl", name);
}

}  // namespace rungs::jax
