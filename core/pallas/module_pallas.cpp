// The `pl` and `pltpu` module tables: names as JAX spells them, each bound
// to a constructor in records.cpp or a kernel operation in kernel_api.cpp /
// tpu_api.cpp.
#include "core/jax/modules.h"
#include "core/python/modules.h"
#include "core/jax/ref_ops.h"
#include "core/pallas/checkify.h"
#include "core/pallas/core_map.h"
#include "core/pallas/emit_pipeline.h"
#include "core/pallas/kernel_api.h"
#include "core/pallas/kernel_trace.h"
#include "core/pallas/mesh_kernel.h"
#include "core/pallas/select_ref.h"
#include "core/pallas/tpu_python_ops.h"
#include "core/pallas/tpu_random.h"
#include "core/pallas/mode.h"
#include "core/pallas/modules.h"
#include "core/pallas/records.h"

namespace rungs::pallas {


namespace {

const char* const kLowerAsMlirSource = R"PY(
def lower_as_mlir(f, *args, dynamic_shapes=False, device=None, static_argnames=(), platforms=None, **kwargs):
    f = _jit(f, static_argnames=static_argnames)
    if platforms is None:
        platforms = ["tpu"]
    return _export(f, platforms=platforms)(*args, **kwargs).mlir_module()
)PY";

using python::def;
using python::def_value;

Value enum_namespace(const std::string& name, std::vector<std::pair<std::string, Value>> members) {
  auto m = python::new_module(name);
  for (auto& [k, v] : members) m->attrs[k] = v;
  return Value::object(m);
}

void add_shared(python::ModuleObj& m) {
  def(m, "program_id", program_id);
  def(m, "num_programs", num_programs);
  def(m, "when", when);
  def(m, "cdiv", cdiv);
  def(m, "multiple_of", multiple_of);
  def(m, "load", load);
  def(m, "store", store);
  def(m, "run_scoped", run_scoped);
  def(m, "debug_print", debug_print);
  def(m, "debug_check", debug_check);
  def(m, "semaphore_signal", semaphore_signal);
  def(m, "semaphore_wait", semaphore_wait);
  def(m, "semaphore_read", semaphore_read);
}

// pl.loop(lower, upper, *, init_carry=None, step=1, unroll=None): a decorator
// that runs its function as a lax.fori_loop over lower, lower+step, ...
// (jax/_src/pallas/helpers.py); written in Python so the loop is JAX's own.
const char* const kLoopSource =
    "def loop(lower, upper, *, init_carry=None, step=1, unroll=None):\n"
    "    def decorator(body):\n"
    "        if init_carry is None:\n"
    "            body_fn = lambda idx, _: body(lower + idx * step)\n"
    "        else:\n"
    "            body_fn = lambda idx, carry: body(lower + idx * step, carry)\n"
    "        return _fori_loop(0, _cdiv(upper - lower, step), body_fn, init_carry, unroll=unroll)\n"
    "    return decorator\n";

Value make_pallas_module(python::Interpreter& ip) {
  auto m = python::new_module("jax.experimental.pallas");
  Value lax = ip.import_module("jax.lax", {});
  m->attrs["loop"] = ip.define_generated_function(
      kLoopSource, "loop", "loop",
      {{"_fori_loop", ip.getattr(lax, "fori_loop", {})}, {"_cdiv", python::make_builtin("cdiv", cdiv)}});
  def(*m, "pallas_call", pallas_call_builtin);
  Value tree_util = ip.import_module("jax.tree_util", {});
  def(*m, "BlockSpec", block_spec);
  def(*m, "GridSpec", [](python::Interpreter& ip, python::CallArgs& c) { return grid_spec(ip, c, false); });
  def(*m, "Blocked", [](python::Interpreter& ip, python::CallArgs& c) { return block_dim("Blocked", ip, c); });
  def(*m, "Element", [](python::Interpreter& ip, python::CallArgs& c) { return block_dim("Element", ip, c); });
  def(*m, "Squeezed", [](python::Interpreter& ip, python::CallArgs& c) { return block_dim("Squeezed", ip, c); });
  def(*m, "BoundedSlice", [](python::Interpreter& ip, python::CallArgs& c) { return block_dim("BoundedSlice", ip, c); });
  auto squeezed = std::make_shared<python::RecordObj>(&block_dim_type());
  squeezed->set("kind", python::make_str("Squeezed"));
  def_value(*m, "squeezed", Value::object(squeezed));
  def(*m, "Buffered", buffered);
  def(*m, "CostEstimate", cost_estimate);
  def(*m, "estimate_cost", estimate_cost);
  // pl.lower_as_mlir: jit, export for the TPU (by default), the module text
  // (jax/_src/pallas/core.py); dynamic_shapes changes nothing here.
  m->attrs["lower_as_mlir"] = ip.define_generated_function(
      kLowerAsMlirSource, "lower_as_mlir", "lower_as_mlir",
      {{"_jit", ip.getattr(ip.import_module("jax", {}), "jit", {})},
       {"_export", ip.getattr(ip.import_module("jax.export", {}), "export", {})}});
  def_value(*m, "no_block_spec", no_block_spec());
  def(*m, "Slice", [](python::Interpreter&, python::CallArgs& c) {
    Value stride = c.positional.size() > 2 ? c.positional[2] : Value::integer(1);
    if (const Value* s = c.keyword("stride")) stride = *s;
    Value size = c.positional.size() > 1 ? c.positional[1] : (c.keyword("size") ? *c.keyword("size") : Value::none());
    Value start = c.positional.empty() ? (c.keyword("start") ? *c.keyword("start") : Value::integer(0)) : c.positional[0];
    return jax::make_ds(start, size, stride);
  });
  // dslice mirrors the builtin slice (jax/_src/indexing.py): ds(j) is :j,
  // ds(None) is :, ds(i, n) is i:i+n.
  def(*m, "ds", [](python::Interpreter&, python::CallArgs& c) {
    Value raw_stride = c.positional.size() > 2 ? c.positional[2] : Value::none();
    if (const Value* s = c.keyword("stride")) raw_stride = *s;
    Value stride = raw_stride.is_none() ? Value::integer(1) : raw_stride;
    const Value* size_kw = c.keyword("size");
    bool has_size = c.positional.size() > 1 || size_kw;
    Value size = c.positional.size() > 1 ? c.positional[1] : (size_kw ? *size_kw : Value::none());
    Value start = c.positional.empty() ? (c.keyword("start") ? *c.keyword("start") : Value::integer(0)) : c.positional[0];
    if (start.is_none()) {
      if (!has_size) return Value::object(std::make_shared<python::SliceObj>(Value::none(), Value::none(), raw_stride));
      start = Value::integer(0);
    }
    if (!has_size) return jax::make_ds(Value::integer(0), start, stride);
    return jax::make_ds(start, size, stride);
  });
  m->attrs["dslice"] = m->attrs["ds"];
  add_shared(*m);
  m->attrs["kernel"] = make_kernel_function(ip, m->attrs["BlockSpec"], ip.getattr(tree_util, "tree_map", {}));
  m->attrs["core_map"] = make_core_map(ip, m->attrs["BlockSpec"]);
  def_value(*m, "ANY", memory_space("any", "pallas", "ANY"));
  def_value(*m, "HOST", memory_space("host", "pallas", "HOST"));
  def_value(*m, "MemorySpace", enum_namespace("MemorySpace", {{"ANY", memory_space("any", "pallas", "ANY")},
                                                             {"DEFAULT", memory_space("default", "pallas", "DEFAULT")},
                                                             {"HOST", memory_space("host", "pallas", "HOST")}}));
  def_value(*m, "DeviceIdType", enum_namespace("DeviceIdType", {{"MESH", python::make_str("mesh")},
                                                               {"LOGICAL", python::make_str("logical")}}));
  add_pl_python_ops(ip, *m);
  add_pl_run_state(ip, *m, Value::object(m));
  add_select_ref(ip, *m);
  def(*m, "_kernel_ref", kernel_scoped_ref);
  return Value::object(m);
}

Value make_tpu_module(python::Interpreter& ip) {
  auto m = python::new_module("jax.experimental.pallas.tpu");
  def_value(*m, "VMEM", memory_space("vmem", "tpu", "VMEM"));
  def_value(*m, "SMEM", memory_space("smem", "tpu", "SMEM"));
  def_value(*m, "ANY", memory_space("any", "pallas", "ANY"));
  def_value(*m, "HBM", memory_space("hbm", "tpu", "HBM"));
  def_value(*m, "CMEM", memory_space("cmem", "tpu", "CMEM"));
  def_value(*m, "SEMAPHORE", memory_space("semaphore_mem", "tpu", "SEMAPHORE"));
  def_value(*m, "VMEM_SHARED", memory_space("vmem_shared", "tpu", "VMEM_SHARED"));
  def_value(*m, "MemorySpace", enum_namespace("MemorySpace", {{"VMEM", m->attrs["VMEM"]},
                                                             {"SMEM", m->attrs["SMEM"]},
                                                             {"ANY", m->attrs["ANY"]},
                                                             {"HBM", m->attrs["HBM"]},
                                                             {"CMEM", m->attrs["CMEM"]},
                                                             {"SEMAPHORE", m->attrs["SEMAPHORE"]},
                                                             {"VMEM_SHARED", m->attrs["VMEM_SHARED"]}}));
  def_value(*m, "SemaphoreType", enum_namespace("SemaphoreType", {{"REGULAR", semaphore_kind("regular")},
                                                                 {"DMA", semaphore_kind("dma")},
                                                                 {"BARRIER", semaphore_kind("barrier")}}));
  def(*m, "PrefetchScalarGridSpec", [](python::Interpreter& ip, python::CallArgs& c) { return grid_spec(ip, c, true); });
  def(*m, "CompilerParams", compiler_params);
  m->attrs["TPUCompilerParams"] = m->attrs["CompilerParams"];
  def(*m, "InterpretParams", interpret_params);
  m->attrs["CompilerParams"].as<python::BuiltinObj>().signature = compiler_params_signature();
  m->attrs["InterpretParams"].as<python::BuiltinObj>().signature = interpret_params_signature();
  def_value(*m, "PARALLEL", dimension_semantics("parallel"));
  def_value(*m, "ARBITRARY", dimension_semantics("arbitrary"));
  def_value(*m, "CORE_PARALLEL", dimension_semantics("core_parallel"));
  def_value(*m, "SUBCORE_PARALLEL", dimension_semantics("subcore_parallel"));
  def_value(*m, "GridDimensionSemantics", enum_namespace("GridDimensionSemantics",
                                                         {{"PARALLEL", m->attrs["PARALLEL"]},
                                                          {"ARBITRARY", m->attrs["ARBITRARY"]},
                                                          {"CORE_PARALLEL", m->attrs["CORE_PARALLEL"]},
                                                          {"SUBCORE_PARALLEL", m->attrs["SUBCORE_PARALLEL"]}}));
  def(*m, "force_tpu_interpret_mode", force_tpu_interpret_mode);
  def(*m, "set_tpu_interpret_mode", set_tpu_interpret_mode);
  def(*m, "reset_tpu_interpret_mode_state", reset_tpu_interpret_mode_state);
  def(*m, "make_async_copy", make_async_copy);
  def(*m, "async_copy", async_copy);
  def(*m, "sync_copy", sync_copy);
  def(*m, "make_async_remote_copy", make_async_remote_copy);
  def(*m, "get_barrier_semaphore", get_barrier_semaphore);
  def(*m, "delay", delay);
  def(*m, "prng_seed", prng_seed);
  def(*m, "prng_random_bits", prng_random_bits);
  add_stateful_samplers(ip, *m);
  // JAX's pltpu re-exports these from jax._src.tpu_info (tpu_info.cpp).
  const Value tpu_info = ip.import_module("jax._src.tpu_info", {});
  for (const char* name : {"ChipVersion", "get_tpu_info", "get_tpu_info_for_chip", "is_tpu_device", "Tiling", "TpuInfo"})
    m->attrs[name] = tpu_info.as<python::ModuleObj>().attrs.at(name);
  MeshNames mesh_names = make_mesh_names(ip, m->attrs["ANY"], m->attrs["PARALLEL"]);
  m->attrs["TensorCoreMesh"] = mesh_names.tensor_core_mesh;
  m->attrs["create_tensorcore_mesh"] = mesh_names.create_tensorcore_mesh;
  add_emit_pipeline(ip, *m);
  add_shared(*m);
  // pltpu's own load/store (mosaic/primitives.py): the whole ref, an optional
  // keyword-only mask; no index argument.
  def(*m, "load", tpu_load);
  def(*m, "store", tpu_store);
  add_tpu_python_ops(ip, *m);
  add_tpu_python_helpers(ip, *m, Value::object(m), ip.import_module("jax.experimental.pallas", {}));
  add_tpu_mxu_ops(ip, *m, Value::object(m));
  return Value::object(m);
}

}  // namespace

void register_pallas_modules() {
  static bool done = false;
  if (done) return;
  done = true;
  python::Interpreter::register_module("jax.experimental.pallas", [](python::Interpreter& ip) { return make_pallas_module(ip); });
  python::Interpreter::register_module("jax.experimental.pallas.tpu", [](python::Interpreter& ip) { return make_tpu_module(ip); });
  register_checkify_module();
  register_tpu_sc_module();
  register_tpu_info_module();
  // Named grids make lax.axis_index / lax.axis_size work inside kernels.
  auto lax_factory = python::Interpreter::module_factory("jax.lax");
  python::Interpreter::register_module("jax.lax", [lax_factory](python::Interpreter& ip) {
    Value lax = lax_factory ? lax_factory(ip) : Value::object(python::new_module("jax.lax"));
    auto& m = lax.as<python::ModuleObj>();
    // Inside a kernel trace the kernel's versions answer (named grid axes,
    // the mesh axes of an enclosing shard_map); on the host, the collectives'.
    for (const auto& entry : {std::pair{"axis_index", &axis_index}, std::pair{"axis_size", &axis_size}}) {
      const char* name = entry.first;
      auto in_kernel = entry.second;
      Value host = m.attrs.count(name) ? m.attrs.at(name) : Value::none();
      def(m, name, [host, in_kernel](python::Interpreter& ip, python::CallArgs& call) {
        if ((current_kernel_context() && ir::current_trace()) || host.is_none()) return in_kernel(ip, call);
        return ip.call(host, call);
      });
    }
    return lax;
  });
}

}  // namespace rungs::pallas
