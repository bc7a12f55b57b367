// jax.jit in all its spellings and the custom-derivative wrappers.
//
// jit runs eagerly (a jitted call returns what the traced computation
// would), but its calling convention is JAX's: arguments named by
// static_argnums/static_argnames pass through as Python values, and every
// other Python scalar leaf becomes a weakly-typed array, as a tracer would
// (so `x[i[None]]` works on a non-static int). The jitted object is JAX's
// PjitFunction: .lower / .trace / .eval_shape trace it abstractly
// (jit_lowering.h) without running it. jax.custom_vjp/custom_jvp
// call their function on the forward pass and keep the rules defvjp/defjvp
// register, for differentiation.
#include <algorithm>
#include <set>
#include <string>

#include "core/ir/host_precision.h"
#include "core/jax/jit_lowering.h"
#include "core/jax/module_lax_tree.h"
#include "core/jax/modules.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

struct JitOptions {
  std::set<int64_t> static_argnums;
  std::set<std::string> static_argnames;
};

// static_argnums=1, =(0, 2), static_argnames="n", =["a", "b"].
JitOptions read_jit_options(Interpreter& ip, const Args& a, size_t nums, size_t names) {
  JitOptions o;
  if (a.has(nums) && !a[nums].is_none()) {
    Values items = a[nums].is_int() ? Values{a[nums]} : ip.iterate(a[nums]);
    for (const Value& v : items) o.static_argnums.insert(to_index(v, a.where()));
  }
  if (a.has(names) && !a[names].is_none()) {
    Values items = a[names].is(ObjKind::Str) ? Values{a[names]} : ip.iterate(a[names]);
    for (const Value& v : items) o.static_argnames.insert(ip.str(v));
  }
  return o;
}

// A non-static argument as a tracer sees it: Python scalar leaves become arrays.
Value as_traced(Interpreter& ip, const Value& v, const Value& asarray, SourceRange where) {
  if (v.is_int() || v.is_float() || v.is_bool()) return ip.call(asarray, Values{v}, where);
  // A NumPy array becomes a JAX array (float64 -> float32 with x64 off).
  if (v.is(ObjKind::Array) && v.as<ArrayObj>().numpy) return ip.call(asarray, Values{v}, where);
  if (!(v.is(ObjKind::Tuple) || v.is(ObjKind::List) || v.is(ObjKind::Dict))) return v;
  Flat f = flatten(ip, v, where);
  Values leaves;
  for (const Value& leaf : f.leaves) leaves.push_back(as_traced(ip, leaf, asarray, where));
  return unflatten_values(f.tree, leaves);
}

// JAX's infer_argnums_and_argnames: a static parameter is static however it
// is passed, by position or by keyword.
JitOptions with_signature(const Value& fn, JitOptions opts) {
  if (!fn.is(ObjKind::Function)) return opts;
  const auto& params = fn.as<FunctionObj>().params();
  for (size_t i = 0; i < params.size(); ++i) {
    bool positional = params[i].kind == lang::ParamKind::Positional || params[i].kind == lang::ParamKind::PositionalOnly;
    if (positional && opts.static_argnums.count(static_cast<int64_t>(i))) opts.static_argnames.insert(params[i].name);
    if (positional && opts.static_argnames.count(params[i].name)) opts.static_argnums.insert(static_cast<int64_t>(i));
  }
  return opts;
}

// A jitted call: JAX's calling convention around an eager call of fn.
Value call_jitted(Interpreter& ip, const Value& fn, const JitOptions& opts, CallArgs& call) {
  Value asarray = ip.getattr(ip.import_module("jax.numpy", call.where), "asarray", call.where);
  for (size_t i = 0; i < call.positional.size(); ++i) {
    if (!opts.static_argnums.count(static_cast<int64_t>(i)))
      call.positional[i] = as_traced(ip, call.positional[i], asarray, call.where);
  }
  for (auto& [key, value] : call.keywords) {
    if (!opts.static_argnames.count(key)) value = as_traced(ip, value, asarray, call.where);
  }
  return ip.call(fn, std::move(call));
}

JitOptions options_of(const RecordObj& r) {
  JitOptions o;
  for (const Value& v : r.get("_static_argnums").as<TupleObj>().items) o.static_argnums.insert(v.as_int());
  for (const Value& v : r.get("_static_argnames").as<TupleObj>().items) o.static_argnames.insert(v.as<StrObj>().s);
  return o;
}

// jit(f).lower / .trace build jax.stages objects (Python, module_lowering.cpp)
// around a module traced for the host's platform.
Value stage_of(Interpreter& ip, const char* cls, const Value& self, CallArgs& call) {
  std::string platform = current_device(ip).platform;
  int64_t id = lower_jitted(ip, self, platform, call);
  Value stages = ip.import_module("jax.stages", call.where);
  return ip.call(ip.getattr(stages, cls, call.where), Values{Value::integer(id)}, call.where);
}

const RecordType& jitted_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "PjitFunction";
    r.repr = [](const RecordObj& rec, Interpreter& ip) { return "<PjitFunction of " + ip.repr(rec.get("__wrapped__")) + ">"; };
    r.call = [](Interpreter& ip, const Value& self, CallArgs& call) {
      const auto& rec = self.as<RecordObj>();
      return call_jitted(ip, rec.get("__wrapped__"), options_of(rec), call);
    };
    r.methods["lower"] = [](Interpreter& ip, const Value& self, CallArgs& call) { return stage_of(ip, "Lowered", self, call); };
    r.methods["trace"] = [](Interpreter& ip, const Value& self, CallArgs& call) { return stage_of(ip, "Traced", self, call); };
    r.methods["eval_shape"] = [](Interpreter& ip, const Value& self, CallArgs& call) {
      return ip.getattr(stage_of(ip, "Traced", self, call), "out_info", call.where);
    };
    return r;
  }();
  return t;
}

Value make_jitted(const Value& fn, const JitOptions& given) {
  JitOptions opts = with_signature(fn, given);
  auto r = std::make_shared<RecordObj>(&jitted_type());
  r->set("__wrapped__", fn);
  // jax.jit(jax.jit(f)) is still named f.
  r->set("__name__", is_jitted(fn) ? fn.as<RecordObj>().get("__name__") : make_str(callable_name(fn)));
  Values nums, names;
  for (int64_t n : opts.static_argnums) nums.push_back(Value::integer(n));
  for (const std::string& n : opts.static_argnames) names.push_back(make_str(n));
  r->set("_static_argnums", make_tuple(nums));
  r->set("_static_argnames", make_tuple(names));
  return Value::object(r);
}

// jax.jit(f, ...), @jax.jit, @jax.jit(static_argnames=...), partial(jax.jit, ...).
Value jit(Interpreter& ip, CallArgs& call) {
  Args a(call, "jit", {"fun", "*", "static_argnums", "static_argnames", "donate_argnums", "donate_argnames",
                       "in_shardings", "out_shardings", "keep_unused", "device", "backend", "inline",
                       "abstracted_axes", "compiler_options"});
  JitOptions opts = read_jit_options(ip, a, 1, 2);
  if (a.has(0)) return make_jitted(a[0], opts);
  return make_builtin("jit", [opts](Interpreter&, CallArgs& inner) {
    if (inner.positional.size() != 1) raise(ErrorId::builtin_expected_at_least, inner.where, "jit", 1, "", inner.positional.size());
    return make_jitted(inner.positional[0], opts);
  });
}

// jax.custom_vjp / jax.custom_jvp objects: callable, with the rule setters.
const RecordType& custom_type(bool vjp) {
  static const RecordType types[2] = {[] {
                                        RecordType t;
                                        t.name = "custom_jvp";
                                        return t;
                                      }(),
                                      [] {
                                        RecordType t;
                                        t.name = "custom_vjp";
                                        return t;
                                      }()};
  return types[vjp ? 1 : 0];
}

Value call_custom(Interpreter& ip, const Value& self, CallArgs& call) {
  bool handled = false;
  Value taped = call_custom_vjp_taped(ip, self.as<RecordObj>(), call, &handled);
  if (handled) return taped;
  taped = call_custom_jvp_taped(ip, self.as<RecordObj>(), call, &handled);
  if (handled) return taped;
  return ip.call(self.as<RecordObj>().get("fun"), std::move(call));
}

Value make_custom(bool vjp, Interpreter& ip, CallArgs& call) {
  const char* fn = vjp ? "custom_vjp" : "custom_jvp";
  Args a(call, fn, {"fun", "nondiff_argnums", "nondiff_argnames"}, 1);
  auto r = std::make_shared<RecordObj>(&custom_type(vjp));
  r->set("fun", a[0]);
  r->set("__name__", make_str(callable_name(a[0])));
  Values nums = a.has(1) ? ip.iterate(a[1]) : Values{};
  r->set("nondiff_argnums", make_tuple(nums));
  r->set("nondiff_argnames", make_tuple(a.has(2) ? ip.iterate(a[2]) : Values{}));
  return Value::object(r);
}

// jax.custom_jvp.defjvps, as JAX writes it (custom_derivatives.py).
const char* kDefjvpsSource = R"PY(
def defjvps_rule(f, jvps):
    if f.nondiff_argnums:
        raise TypeError("Can't use ``defjvps`` with ``nondiff_argnums``.")

    def jvp(primals, tangents):
        primal_out = f(*primals)
        total = None
        for t, rule in zip(tangents, jvps):
            if rule is None:
                continue
            term = rule(t, primal_out, *primals)
            total = term if total is None else _tree_util.tree_map(lambda a, b: a + b, total, term)
        if total is None:
            total = _tree_util.tree_map(jnp.zeros_like, primal_out)
        return primal_out, total

    return jvp
)PY";

void install_custom_rules() {
  auto& vjp = const_cast<RecordType&>(custom_type(true));
  vjp.call = call_custom;
  vjp.repr = [](const RecordObj& r, Interpreter&) { return "<jax.custom_vjp " + r.get("__name__").as<StrObj>().s + ">"; };
  vjp.methods["defvjp"] = [](Interpreter&, const Value& self, CallArgs& call) {
    Args a(call, "defvjp", {"fwd", "bwd", "symbolic_zeros", "optimize_remat"}, 2);
    self.as<RecordObj>().set("fwd", a[0]);
    self.as<RecordObj>().set("bwd", a[1]);
    return Value::none();
  };
  auto& jvp = const_cast<RecordType&>(custom_type(false));
  jvp.call = call_custom;
  jvp.repr = [](const RecordObj& r, Interpreter&) { return "<jax.custom_jvp " + r.get("__name__").as<StrObj>().s + ">"; };
  // defjvp is used as a decorator (@f.defjvp), so it returns the rule.
  jvp.methods["defjvp"] = [](Interpreter&, const Value& self, CallArgs& call) {
    Args a(call, "defjvp", {"jvp", "symbolic_zeros"}, 1);
    self.as<RecordObj>().set("jvp", a[0]);
    return a[0];
  };
  // defjvps(*rules): one rule per argument, (tangent, primal_out, *primals)
  // -> that argument's contribution; JAX builds the defjvp rule from them.
  jvp.methods["defjvps"] = [](Interpreter& ip, const Value& self, CallArgs& call) {
    Value defs = ip.define_generated_module("jax._custom_derivatives", kDefjvpsSource,
                                            {{"_tree_util", ip.import_module("jax.tree_util", {})},
                                             {"jnp", ip.import_module("jax.numpy", {})}});
    Value rule = ip.call(defs.as<ModuleObj>().attrs.at("defjvps_rule"), {self, make_tuple(call.positional)}, call.where);
    self.as<RecordObj>().set("jvp", rule);
    return Value::none();
  };
}

// jax.named_scope, jax.default_matmul_precision, jax.disable_jit, ...: usable
// as `with` blocks and as decorators. Only default_matmul_precision changes
// a value here: the precision of host float32 matmuls on a TPU host
// (core/ir/host_precision.h); the rest name things in profiles.
const RecordType& context_decorator_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "ContextDecorator";
    r.repr = [](const RecordObj& rec, Interpreter& ip) { return "<jax." + ip.str(rec.get("name")) + ">"; };
    r.call = [](Interpreter&, const Value&, CallArgs& call) {
      if (call.positional.size() != 1) raise(ErrorId::builtin_expected_at_least, call.where, "decorator", 1, "", call.positional.size());
      return call.positional[0];
    };
    r.methods["__enter__"] = [](Interpreter& ip, const Value& self, CallArgs&) {
      auto& rec = self.as<RecordObj>();
      if (ip.str(rec.get("name")) != "default_matmul_precision") return Value::none();
      std::optional<int> before = ir::default_matmul_precision();
      rec.set("_previous", before ? Value::integer(*before) : Value::none());
      Value v = rec.get("value");
      ir::set_default_matmul_precision(v.is(ObjKind::Str) ? ir::parse_matmul_precision(v.as<StrObj>().s) : std::nullopt);
      return Value::none();
    };
    r.methods["__exit__"] = [](Interpreter& ip, const Value& self, CallArgs&) {
      auto& rec = self.as<RecordObj>();
      if (ip.str(rec.get("name")) == "default_matmul_precision") {
        Value before = rec.get("_previous");
        ir::set_default_matmul_precision(before.is_int() ? std::optional<int>(static_cast<int>(before.as_int())) : std::nullopt);
      }
      return Value::boolean(false);
    };
    return r;
  }();
  return t;
}

void def_context_decorator(ModuleObj& m, const char* name) {
  std::string n = name;
  def(m, name, [n](Interpreter&, CallArgs& call) {
    auto r = std::make_shared<RecordObj>(&context_decorator_type());
    r->set("name", make_str(n));
    r->set("value", call.positional.empty() ? Value::none() : call.positional[0]);
    return Value::object(r);
  });
}

}  // namespace

bool is_jitted(const Value& v) { return v.is(ObjKind::Record) && v.as<RecordObj>().type == &jitted_type(); }
Value jitted_function(const Value& jitted) { return jitted.as<RecordObj>().get("__wrapped__"); }
std::set<int64_t> jitted_static_argnums(const Value& jitted) { return options_of(jitted.as<RecordObj>()).static_argnums; }
std::set<std::string> jitted_static_argnames(const Value& jitted) {
  return options_of(jitted.as<RecordObj>()).static_argnames;
}

void add_jax_transforms(ModuleObj& m) {
  for (const char* name : {"named_scope", "default_matmul_precision", "disable_jit", "ensure_compile_time_eval",
                           "numpy_dtype_promotion", "default_device", "transfer_guard", "log_compiles"})
    def_context_decorator(m, name);
  // jax.threefry_partitionable(True) is JAX's default since 0.5.0 and the
  // only threefry layout Rungs draws (core/array/random.h); False asks for
  // the old layout's different values, refused rather than ignored.
  def(m, "threefry_partitionable", [](Interpreter& ip, CallArgs& call) {
    if (!call.positional.empty() && !ip.truthy(call.positional[0]))
      raise(ErrorId::unsupported_feature, call.where, "jax.threefry_partitionable(False)");
    auto r = std::make_shared<RecordObj>(&context_decorator_type());
    r->set("name", make_str("threefry_partitionable"));
    r->set("value", Value::boolean(true));
    return Value::object(r);
  });
  // jax.legacy_prng_key('allow'): uint32 keys (jax.random.PRNGKey) are what
  // Rungs always accepts; 'warn' and 'error' would change that, refused
  // rather than ignored.
  def(m, "legacy_prng_key", [](Interpreter& ip, CallArgs& call) {
    std::string mode = call.positional.empty() ? "allow" : ip.str(call.positional[0]);
    if (mode != "allow") raise(ErrorId::unsupported_feature, call.where, "jax.legacy_prng_key('" + mode + "')");
    auto r = std::make_shared<RecordObj>(&context_decorator_type());
    r->set("name", make_str("legacy_prng_key"));
    r->set("value", make_str(mode));
    return Value::object(r);
  });
  // jax.named_call(f, name=...) returns f renamed; the name only shows in profiles.
  def(m, "named_call", [](Interpreter&, CallArgs& call) {
    if (call.positional.empty()) raise(ErrorId::builtin_expected_at_least, call.where, "named_call", 1, "", 0);
    return call.positional[0];
  });
  install_custom_rules();
  def(m, "jit", jit);
  def(m, "custom_vjp", [](Interpreter& ip, CallArgs& c) { return make_custom(true, ip, c); });
  def(m, "custom_jvp", [](Interpreter& ip, CallArgs& c) { return make_custom(false, ip, c); });
}

}  // namespace rungs::jax
