// jax.stages (Lowered, Compiled, Traced) and jax.export (export, Exported,
// deserialize, DisabledSafetyCheck), written in Python as JAX writes them,
// over a private module of builtins that trace, print, compile-check and
// call a LoweredModule (jit_lowering.h). Real JAX compiles with XLA/libtpu;
// here `compile()` runs the checks libtpu makes (the chip model's VMEM
// budget) and a Compiled runs the jitted function as a jitted call does.
#include "core/ir/cost.h"
#include "core/ir/printer.h"
#include "core/jax/jit_lowering.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

Value make_treedef(const Tree& tree);  // module_tree_util.cpp

namespace {

const char* const kStagesSource = R"PY(
class ShapedArray:
    def __init__(self, shape, dtype, weak_type=False, _text=None):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.weak_type = weak_type
        if _text is None:
            import numpy as np
            _text = str(np.dtype(dtype)) + "[" + ",".join(str(d) for d in self.shape) + "]"
        self._text = _text

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def update(self, shape=None, dtype=None, weak_type=None, **kwargs):
        return ShapedArray(self.shape if shape is None else shape, self.dtype if dtype is None else dtype,
                           self.weak_type if weak_type is None else weak_type)

    @property
    def ndim(self):
        return len(self.shape)

    def str_short(self):
        return self._text

    def __repr__(self):
        return "ShapedArray(" + self._text + (", weak_type=True" if self.weak_type else "") + ")"

    def __str__(self):
        return ("~" if self.weak_type else "") + self._text

    def __eq__(self, other):
        return (isinstance(other, ShapedArray) and self.shape == other.shape
                and self._text == other._text and self.weak_type == other.weak_type)

    def __hash__(self):
        return hash((self.shape, self._text, self.weak_type))


def _avals(items):
    return tuple(ShapedArray(*item) for item in items)


class ClosedJaxpr:
    def __init__(self, text, in_avals, out_avals):
        self._text = text
        self.in_avals = in_avals
        self.out_avals = out_avals

    def __str__(self):
        return self._text

    __repr__ = __str__

    def pretty_print(self, **kwargs):
        return self._text


class _Stage:
    def __init__(self, module_id):
        self._id = module_id
        self._info = _lowering.info(module_id)

    @property
    def in_tree(self):
        return self._info["in_tree"]

    @property
    def out_tree(self):
        return self._info["out_tree"]

    @property
    def out_info(self):
        return self._info["out_info"]

    @property
    def in_avals(self):
        return _avals(self._info["in_avals"])

    @property
    def fun_name(self):
        return self._info["fun_name"]


class Traced(_Stage):
    @property
    def jaxpr(self):
        return ClosedJaxpr(self._info["jaxpr"], self.in_avals, _avals(self._info["out_avals"]))

    def lower(self, *, lowering_platforms=None):
        return Lowered(self._id)


class Lowered(_Stage):
    def as_text(self, dialect=None, *, debug_info=False):
        return _lowering.text(self._id)

    def compiler_ir(self, dialect=None):
        return self.as_text(dialect)

    def compile(self, compiler_options=None):
        _lowering.compile(self._id)
        return Compiled(self._id)

    def cost_analysis(self):
        return _lowering.cost(self._id)


class Compiled(_Stage):
    def __call__(self, *args, **kwargs):
        return _lowering.call(self._id, args, kwargs)

    def as_text(self):
        return _lowering.compiled_text(self._id)

    def cost_analysis(self):
        return _lowering.cost(self._id)

)PY";

const char* const kExportSource = R"PY(
minimum_supported_calling_convention_version = 9
maximum_supported_calling_convention_version = 10


class DisabledSafetyCheck:
    def __init__(self, _impl):
        self._impl = _impl

    @classmethod
    def platform(cls):
        return DisabledSafetyCheck("platform")

    @classmethod
    def custom_call(cls, target_name):
        return DisabledSafetyCheck(f"custom_call:{target_name}")

    def is_custom_call(self):
        return self._impl[len("custom_call:"):] if self._impl.startswith("custom_call:") else None

    def __str__(self):
        return self._impl

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, DisabledSafetyCheck) and self._impl == other._impl

    def __hash__(self):
        return hash(self._impl)


def default_export_platform():
    return _jax.default_backend()


class Exported:
    def __init__(self, module_id, platforms, disabled_checks):
        info = _lowering.info(module_id)
        self._id = module_id
        self.fun_name = info["fun_name"]
        self.in_tree = info["in_tree"]
        self.in_avals = tuple(_stages.ShapedArray(*item) for item in info["in_avals"])
        self.out_tree = info["out_tree"]
        self.out_avals = tuple(_stages.ShapedArray(*item) for item in info["out_avals"])
        self.in_shardings_hlo = (None,) * len(self.in_avals)
        self.out_shardings_hlo = (None,) * len(self.out_avals)
        self.nr_devices = 1
        self.platforms = tuple(platforms)
        self.ordered_effects = ()
        self.unordered_effects = ()
        self.disabled_safety_checks = tuple(disabled_checks)
        self.calling_convention_version = maximum_supported_calling_convention_version
        self.module_kept_var_idx = tuple(range(len(self.in_avals)))
        self.uses_global_constants = False

    def mlir_module(self, serialized=True):
        return _lowering.text(self._id)

    def __str__(self):
        return f"Exported(fun_name={self.fun_name}, ...)"

    __repr__ = __str__

    def has_vjp(self):
        return False

    def vjp(self):
        _raise_error("export_no_vjp")

    def serialize(self, vjp_order=0):
        return _lowering.serialize(self._id, self.platforms, self.disabled_safety_checks)

    def call(self, *args, **kwargs):
        current = _jax.default_backend()
        if current not in self.platforms and DisabledSafetyCheck.platform() not in self.disabled_safety_checks:
            _raise_error("export_wrong_platform", self.fun_name, self.platforms, (current,))
        return _lowering.call(self._id, args, kwargs)


def export(fun_jit, *, platforms=None, disabled_checks=()):
    if not _lowering.is_jitted(fun_jit):
        _raise_error("export_not_jitted", fun_jit)

    def do_export(*args_specs, **kwargs_specs):
        lowering_platforms = tuple(platforms) if platforms is not None else (default_export_platform(),)
        ids = [_lowering.lower(fun_jit, p, args_specs, kwargs_specs) for p in lowering_platforms]
        for module_id in ids:
            if _lowering.info(module_id)["host_callbacks"]:
                _raise_error("export_host_callbacks")
        return Exported(ids[0], lowering_platforms, disabled_checks)

    return do_export


def deserialize(blob):
    module_id, platforms, checks = _lowering.deserialize(blob)
    return Exported(module_id, platforms, checks)


def call(exported):
    return exported.call
)PY";

Values aval_items(const std::vector<ir::AVal>& avals) {
  Values out;
  for (const ir::AVal& a : avals) {
    Values dims;
    for (int64_t d : a.shape) dims.push_back(Value::integer(d));
    out.push_back(make_tuple({make_tuple(dims), dtype_value(a.dtype), Value::boolean(a.weak_type),
                              make_str(ir::aval_long_str(a))}));
  }
  return out;
}

Value shape_structs(const Tree& tree, const std::vector<ir::AVal>& avals) {
  Values leaves;
  for (const ir::AVal& a : avals) {
    Values dims;
    for (int64_t d : a.shape) dims.push_back(Value::integer(d));
    leaves.push_back(make_shape_dtype_struct(make_tuple(dims), dtype_value(a.dtype)));
  }
  return unflatten_values(tree, leaves);
}

int64_t module_id(const Args& a, size_t i) { return a[i].as_int(); }

Value info(Interpreter& ip, const Args& a) {
  const LoweredModule& m = lowered_module(ip, module_id(a, 0), a.where());
  auto d = std::make_shared<DictObj>();
  d->set(make_str("fun_name"), make_str(m.fun_name));
  d->set(make_str("platform"), make_str(m.platform));
  d->set(make_str("in_tree"), make_treedef(m.in_tree));
  d->set(make_str("out_tree"), make_treedef(m.out_tree));
  d->set(make_str("in_avals"), make_tuple(aval_items(m.in_avals)));
  d->set(make_str("out_avals"), make_tuple(aval_items(m.out_avals)));
  d->set(make_str("out_info"), shape_structs(m.out_tree, m.out_avals));
  d->set(make_str("host_callbacks"), Value::boolean(m.host_callbacks));
  d->set(make_str("jaxpr"), make_str(ir::print_jaxpr(*m.jaxpr)));
  return Value::object(d);
}

// XLA's cost analysis: the host equations under JAX's cost rules, and each
// kernel at its lowering's estimate (a custom call without pl.CostEstimate
// costs nothing to XLA).
Value cost(Interpreter& ip, const Args& a) {
  const LoweredModule& m = lowered_module(ip, module_id(a, 0), a.where());
  ir::JaxprCost host = ir::jaxpr_cost(*m.jaxpr);
  double flops = static_cast<double>(host.flops), transcendentals = static_cast<double>(host.transcendentals);
  double bytes = 0;
  for (const ir::AVal& v : m.in_avals) bytes += static_cast<double>(ir::aval_bytes(v));
  for (const ir::AVal& v : m.out_avals) bytes += static_cast<double>(ir::aval_bytes(v));
  for (const LoweredCall& c : m.calls) {
    if (!c.has_cost) continue;
    flops += c.flops;
    transcendentals += c.transcendentals;
    bytes += c.bytes_accessed;
  }
  auto d = std::make_shared<DictObj>();
  d->set(make_str("flops"), Value::floating(flops));
  d->set(make_str("transcendentals"), Value::floating(transcendentals));
  d->set(make_str("bytes accessed"), Value::floating(bytes));
  return Value::object(d);
}

Value call_module(Interpreter& ip, const Args& a) {
  const LoweredModule& m = lowered_module(ip, module_id(a, 0), a.where());
  CallArgs call;
  call.where = a.where();
  call.positional = ip.iterate(a[1]);
  for (const auto& [k, v] : a[2].as<DictObj>().entries) call.keywords.emplace_back(ip.str(k), v);
  return ip.call(m.fun, std::move(call));
}

const RecordType& blob_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "bytearray";
    r.repr = [](const RecordObj& rec, Interpreter& ip) {
      return "bytearray(b'<Rungs export " + ip.str(rec.get("_id")) + ": " + ip.repr(rec.get("_platforms")) + ">')";
    };
    return r;
  }();
  return t;
}

Value lower(Interpreter& ip, const Args& a) {
  std::string platform = ip.str(a[1]);
  if (platform != "cpu" && platform != "tpu") raise(ErrorId::lowering_platform_not_modelled, a.where(), platform);
  CallArgs call;
  call.where = a.where();
  call.positional = ip.iterate(a[2]);
  for (const auto& [k, v] : a[3].as<DictObj>().entries) call.keywords.emplace_back(ip.str(k), v);
  return Value::integer(lower_jitted(ip, a[0], platform, call));
}

void define(ModuleObj& m) {
  def_signature(m, "info", {"id"}, 1, info);
  def_signature(m, "cost", {"id"}, 1, cost);
  def_signature(m, "text", {"id"}, 1, [](Interpreter& ip, const Args& a) {
    return make_str(stablehlo_text(lowered_module(ip, module_id(a, 0), a.where())));
  });
  def_signature(m, "compiled_text", {"id"}, 1, [](Interpreter& ip, const Args& a) {
    return make_str(compiled_text(lowered_module(ip, module_id(a, 0), a.where())));
  });
  def_signature(m, "compile", {"id"}, 1, [](Interpreter& ip, const Args& a) {
    for (const LoweredCall& c : lowered_module(ip, module_id(a, 0), a.where()).calls)
      if (c.compile) c.compile();
    return Value::none();
  });
  def_signature(m, "call", {"id", "args", "kwargs"}, 3, call_module);
  def_signature(m, "lower", {"fun", "platform", "args", "kwargs"}, 4, lower);
  def_signature(m, "is_jitted", {"fun"}, 1, [](Interpreter&, const Args& a) { return Value::boolean(is_jitted(a[0])); });
  def_signature(m, "serialize", {"id", "platforms", "checks"}, 3, [](Interpreter&, const Args& a) {
    auto r = std::make_shared<RecordObj>(&blob_type());
    r->set("_id", a[0]);
    r->set("_platforms", a[1]);
    r->set("_checks", a[2]);
    return Value::object(r);
  });
  def_signature(m, "deserialize", {"blob"}, 1, [](Interpreter& ip, const Args& a) {
    if (!a[0].is(ObjKind::Record) || a[0].as<RecordObj>().type != &blob_type())
      raise(ErrorId::export_bad_blob, a.where(), ip.repr(a[0]));
    const auto& r = a[0].as<RecordObj>();
    return make_tuple({r.get("_id"), r.get("_platforms"), r.get("_checks")});
  });
}

}  // namespace

void register_module_lowering() {
  Interpreter::register_module("jax._lowering", [](Interpreter&) {
    auto m = new_module("jax._lowering");
    define(*m);
    return Value::object(m);
  });
  Interpreter::register_module("jax.stages", [](Interpreter& ip) {
    return ip.define_generated_module("jax.stages", kStagesSource, {{"_lowering", ip.import_module("jax._lowering", {})}});
  });
  Interpreter::register_module("jax.export", [](Interpreter& ip) {
    return ip.define_generated_module("jax.export", kExportSource,
                                      {{"_lowering", ip.import_module("jax._lowering", {})},
                                       {"_stages", ip.import_module("jax.stages", {})},
                                       {"_jax", ip.import_module("jax", {})},
                                       {"_raise_error", python::registered_error_raiser()}});
  });
}

}  // namespace rungs::jax
