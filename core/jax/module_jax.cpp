// The top-level `jax` module: ShapeDtypeStruct, jax.Array, jax.debug,
// (jit and custom_vjp/custom_jvp live in module_jax_transforms.cpp)
// jax.errors, devices and config no-ops. Submodules (numpy, lax, random,
// experimental.pallas) are their own registered modules.
#include "core/python/args.h"
#include "core/jax/array_value.h"
#include "core/python/exceptions.h"
#include "core/ir/host_precision.h"
#include "core/ir/trace.h"
#include "core/jax/jit_lowering.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"
#include "core/python/str_format.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

const RecordType& shape_dtype_struct_type() {
  static const RecordType type = [] {
    RecordType t;
    t.name = "ShapeDtypeStruct";
    t.repr = [](const RecordObj& r, Interpreter& ip) {
      return "ShapeDtypeStruct(shape=" + ip.repr(r.get("shape")) + ", dtype=" + ip.str(r.get("dtype")) + ")";
    };
    return t;
  }();
  return type;
}

Value debug_print(Interpreter& ip, CallArgs& call) {
  if (call.positional.empty() || !call.positional[0].is(ObjKind::Str))
    raise(ErrorId::builtin_arg_type, call.where, "jax.debug.print", 1, "str",
          call.positional.empty() ? "nothing" : type_name(call.positional[0]));
  // Traced for lowering, it is a host callback of the module: it prints
  // when the compiled function runs, never while lowering.
  if (lowering_active(ip) && ir::current_trace() && ir::current_trace()->purpose != "kernel") {
    lowering_session(ip).host_callbacks = true;
    return Value::none();
  }
  CallArgs fmt_args;
  fmt_args.positional.assign(call.positional.begin() + 1, call.positional.end());
  for (const auto& kw : call.keywords)
    if (kw.first != "ordered") fmt_args.keywords.push_back(kw);
  fmt_args.where = call.where;
  ip.write_stdout(str_format(ip, call.positional[0].as<StrObj>().s, fmt_args) + "\n");
  return Value::none();
}

}  // namespace

Value make_shape_dtype_struct(const Value& shape, const Value& dtype) {
  auto r = std::make_shared<RecordObj>(&shape_dtype_struct_type());
  r->set("shape", shape);
  r->set("dtype", dtype);
  int64_t size = 1;
  for (const Value& d : shape.as<TupleObj>().items) size *= d.as_int();
  r->set("ndim", Value::integer(static_cast<int64_t>(shape.as<TupleObj>().items.size())));
  r->set("size", Value::integer(size));
  return Value::object(r);
}

bool is_shape_dtype_struct(const Value& v) {
  return v.is(ObjKind::Record) && v.as<RecordObj>().type == &shape_dtype_struct_type();
}

void register_module_jax() {
  Interpreter::register_module("jax", [](Interpreter& ip) {
    auto m = new_module("jax");
    add_jax_transforms(*m);
    add_jax_vmap(*m);
    add_jax_grad(*m);
    auto sds = std::make_shared<BuiltinObj>("ShapeDtypeStruct", [](Interpreter& ip, CallArgs& call) {
      Args a(call, "ShapeDtypeStruct", {"shape", "dtype", "*", "sharding", "weak_type"}, 2);
      Values dims = ip.iterate(a[0]);
      bool none_dim = false;
      for (const Value& d : dims) none_dim = none_dim || d.is_none();
      if (none_dim || a[1].is_none()) {  // JAX's texts, from jax._api
        Value check = ip.getattr(ip.import_module("jax._api", call.where), "shape_dtype_struct_checks", call.where);
        ip.call(check, Values{make_tuple(dims), a[1]}, call.where);
      }
      // JAX canonicalises the shape to Python ints (np.int64 dims, an ndarray shape).
      for (Value& d : dims) d = Value::integer(to_index(d, call.where));
      auto dt = dtype_of_value(a[1]);
      // np.dtype's words: the name itself for a string (data type 'foo' not understood).
      if (!dt) raise(ErrorId::dtype_unknown, call.where, a[1].is(ObjKind::Str) ? a[1].as<StrObj>().s : ip.repr(a[1]));
      return make_shape_dtype_struct(make_tuple(dims), dtype_value(*dt));
    }, "ShapeDtypeStruct");
    // ShapeDtypeStruct.like(x): the shape and dtype of an array, a struct or a scalar.
    sds->attrs["like"] = make_builtin("ShapeDtypeStruct.like", [](Interpreter& ip, CallArgs& call) {
      Args a(call, "like", {"x"}, 1);
      if (is_shape_dtype_struct(a[0])) return make_shape_dtype_struct(a[0].as<RecordObj>().get("shape"), a[0].as<RecordObj>().get("dtype"));
      ir::AVal aval = to_operand(ip, a[0], call.where, "ShapeDtypeStruct.like").aval;
      Values dims;
      for (int64_t d : aval.shape) dims.push_back(Value::integer(d));
      return make_shape_dtype_struct(make_tuple(dims), dtype_value(aval.dtype));
    });
    m->attrs["ShapeDtypeStruct"] = Value::object(sds);
    m->attrs["Array"] = Value::object(std::make_shared<BuiltinObj>(
        "jax.Array", [](Interpreter&, CallArgs& c) -> Value { raise(ErrorId::not_callable, c.where, "type"); },
        "jax.Array"));
    def(*m, "block_until_ready", [](Interpreter&, CallArgs& call) {
      return call.positional.empty() ? Value::none() : call.positional[0];
    });
    // device_put(x, sharding): the array, remembering a NamedSharding (what
    // shard_map's in_specs=Infer and x.sharding read).
    def(*m, "device_put", [](Interpreter& ip, CallArgs& call) {
      if (call.positional.empty()) return Value::none();
      Value x = call.positional[0];
      Value target = call.positional.size() > 1 ? call.positional[1] : Value::none();
      if (const Value* kw = call.keyword("device")) target = *kw;
      bool numpy = x.is(ObjKind::Array) && x.as<ArrayObj>().numpy;
      if (numpy || x.is_int() || x.is_float() || x.is_bool() || x.is(ObjKind::List)) x = asarray(ip, x, std::nullopt, call.where);
      if (!is_named_sharding(target) || !x.is(ObjKind::Array)) return x;
      auto copy = std::make_shared<ArrayObj>(x.as<ArrayObj>().op);
      copy->sharding = target;
      return Value::object(copy);
    });
    // The version a source build of the modelled commit reports
    // (jax/version.py: base "0.11.1", .devDATE+HASH from the git tree).
    m->attrs["__version__"] = make_str("0.11.1.dev20260808+cec06d1");
    m->attrs["__version_info__"] = make_tuple({Value::integer(0), Value::integer(11), Value::integer(1)});
    add_jax_devices(*m);
    add_jax_api_forwards(*m);
    add_jax_checkpoint(ip, *m);
    // jax.P is jax.sharding.PartitionSpec (jax.sharding imports nothing back).
    m->attrs["P"] = ip.getattr(ip.import_module("jax.sharding", {}), "PartitionSpec", {});
    // jax.shard_map lives in a Python module that imports jax.numpy; it is
    // looked up on first use.
    def(*m, "shard_map", [](Interpreter& ip, CallArgs& call) {
      return ip.call(ip.getattr(ip.import_module("jax._shard_map", call.where), "shard_map", call.where), call);
    });

    // jax.ds is pl.ds (both are jax._src.indexing.ds), looked up on use.
    def(*m, "ds", [](Interpreter& ip, CallArgs& call) {
      return ip.call(ip.getattr(ip.import_module("jax.experimental.pallas", call.where), "ds", call.where), call);
    });

    auto debug = new_module("jax.debug");
    def(*debug, "print", debug_print);
    def(*debug, "callback", [](Interpreter& ip, CallArgs& call) {
      return ip.call(ip.getattr(ip.import_module("jax._api", call.where), "debug_callback", call.where), call);
    });
    m->attrs["debug"] = Value::object(debug);

    auto errors = new_module("jax.errors");
    for (const char* e : {"JaxRuntimeError", "ConcretizationTypeError", "TracerBoolConversionError",
                          "TracerIntegerConversionError", "TracerArrayConversionError", "UnexpectedTracerError"})
      errors->attrs[e] = exception_class(e);
    m->attrs["errors"] = Value::object(errors);

    auto config = new_module("jax.config");
    // jax.config.update: jax_default_matmul_precision matters here (host
    // matmuls on a TPU host), jax_num_cpu_devices sets the CPU host's device
    // count; jax_threefry_partitionable=False (the old threefry layout) is
    // refused; other options are accepted and change nothing.
    def(*config, "update", [](Interpreter& ip, CallArgs& call) {
      if (call.positional.size() == 2 && call.positional[0].is(ObjKind::Str) &&
          call.positional[0].as<StrObj>().s == "jax_num_cpu_devices")
        set_num_cpu_devices(ip, call.positional[1], call.where);
      if (call.positional.size() == 2 && call.positional[0].is(ObjKind::Str) &&
          call.positional[0].as<StrObj>().s == "jax_threefry_partitionable" && !ip.truthy(call.positional[1]))
        raise(ErrorId::unsupported_feature, call.where, "jax_threefry_partitionable=False");
      if (call.positional.size() == 2 && call.positional[0].is(ObjKind::Str) &&
          call.positional[0].as<StrObj>().s == "jax_default_matmul_precision") {
        const Value& v = call.positional[1];
        ir::set_default_matmul_precision(v.is(ObjKind::Str) ? ir::parse_matmul_precision(v.as<StrObj>().s) : std::nullopt);
      }
      // Checked pl.debug_check (a runtime assert compiled into TPU kernels) is
      // not modelled: turning it on is refused rather than ignored.
      if (call.positional.size() == 2 && call.positional[0].is(ObjKind::Str) &&
          call.positional[0].as<StrObj>().s == "jax_pallas_enable_debug_checks" && ip.truthy(call.positional[1]))
        raise(ErrorId::unsupported_feature, call.where, "jax_pallas_enable_debug_checks=True");
      // The value is kept, so jax.config.<name> (and jax._src.config's
      // states) read it back.
      // (jax_enable_x64 is not: 64-bit mode is not modelled, so it reads
      // back False, what the run computes with.)
      if (call.positional.size() == 2 && call.positional[0].is(ObjKind::Str) &&
          call.positional[0].as<StrObj>().s.rfind("jax_", 0) == 0 &&
          call.positional[0].as<StrObj>().s != "jax_enable_x64")
        ip.getattr(ip.import_module("jax", call.where), "config", call.where).as<ModuleObj>().attrs[call.positional[0].as<StrObj>().s] =
            call.positional[1];
      return Value::none();
    });
    // Options programs read as attributes, at JAX's defaults.
    for (const auto& [name, value] : std::vector<std::pair<const char*, Value>>{
             {"jax_enable_x64", Value::boolean(false)},
             {"x64_enabled", Value::boolean(false)},
             {"jax_use_emit_pipeline_primitive", Value::boolean(false)},
             {"jax_pallas_verbose_errors", Value::boolean(false)},
             {"jax_pallas_use_mosaic_gpu", Value::boolean(false)},
             {"jax_use_simplified_jaxpr_constants", Value::boolean(false)},
             {"jax_disable_jit", Value::boolean(false)},
             {"jax_enable_checks", Value::boolean(false)},
             {"jax_pallas_enable_debug_checks", Value::boolean(false)},
             {"jax_numpy_rank_promotion", make_str("allow")},
             {"jax_default_matmul_precision", Value::none()},
             {"jax_platforms", Value::none()}})
      config->attrs[name] = value;
    // JAX's test files call it before absltest.main(); a Rungs program has
    // no command line, so there are no flags to parse.
    def(*config, "parse_flags_with_absl", [](Interpreter&, CallArgs&) { return Value::none(); });
    def(*config, "config_with_absl", [](Interpreter&, CallArgs&) { return Value::none(); });
    def(*config, "read", [](Interpreter& ip, CallArgs& call) {
      Args a(call, "read", {"name"}, 1);
      return ip.getattr(ip.getattr(ip.import_module("jax", call.where), "config", call.where), ip.str(a[0]), call.where);
    });
    m->attrs["config"] = Value::object(config);
    return Value::object(m);
  });
  // `from jax import numpy as jnp` and friends find these as attributes via
  // the module fallback; `jax.experimental` is an empty namespace package.
  Interpreter::register_module("jax.experimental", [](Interpreter&) {
    return Value::object(new_module("jax.experimental"));
  });
}

}  // namespace rungs::jax
