// The JAX library's modules (jax, jax.numpy, jax.lax, jax.random, numpy)
// and the array behaviour it gives the Python runtime (array_protocol.h).
#pragma once

#include <functional>
#include <string>

#include "core/jax/python_runtime.h"

namespace rungs::jax {

// Registers the Python standard-library modules, every module core/jax
// provides, and installs the array protocol (idempotent).
void register_jax_modules();

// jax.ShapeDtypeStruct values (pallas_call's out_shape).
Value make_shape_dtype_struct(const Value& shape, const Value& dtype);
bool is_shape_dtype_struct(const Value& v);

// Per-module registration functions, one per file.
void register_module_jax();
void register_module_tree_util();  // jax.tree_util and jax.tree
void register_module_sharding();   // jax.sharding (module_jax_devices.cpp)
void register_module_nn();         // jax.nn (Python over jax.numpy)
void register_module_lowering();   // jax.stages, jax.export (module_lowering.cpp)
// jax.typing, jax.dtypes and jax._api: make_jaxpr, eval_shape, device_get,
// pure_callback, typeof, ... (module_jax_api.cpp), which `jax` forwards to.
void register_module_jax_api();
void add_jax_api_forwards(ModuleObj& jax_module);
// jax.checkpoint/remat/checkpoint_policies, jax.ad_checkpoint and
// jax._src.ad_checkpoint (ad_checkpoint_source.cpp).
void register_module_ad_checkpoint();
void add_jax_checkpoint(Interpreter& ip, ModuleObj& jax_module);
// jax.custom_batching: custom_vmap, sequential_vmap (custom_batching_source.cpp).
void register_module_custom_batching();
// Its helpers for other Python sources: "_batch_info" (None, or the
// innermost vmap frame's size and which leaves it batches), "_stacked" (a
// leaf's examples along axis 0), "_rebatch".
Value batching_builtin(const std::string& name);

// The device a run models (jax.devices()): the CPU host unless a later stage
// says otherwise (core/rungs installs the chip model's TPU for rung 3).
struct DeviceDescription {
  std::string platform = "cpu";
  std::string device_kind = "cpu";
  int64_t cores_per_chip = 1;
  // The modelled TPU's per-TensorCore figures under pltpu.get_tpu_info()'s
  // field names (empty on the CPU host).
  std::string chip_version;  // "v5e"
  std::vector<std::pair<std::string, int64_t>> tpu_figures;
  // Devices the run was given (CLI --devices, JS `devices`); 0: not given.
  int64_t devices_option = 0;
};
void set_device_describer(std::function<DeviceDescription(Interpreter&)> describer);
DeviceDescription current_device(Interpreter& ip);  // what the describer says for this run
void add_jax_devices(ModuleObj& jax_module);  // devices, device_count, make_mesh, ...
// How many devices jax.devices() lists: on the CPU host jax_num_cpu_devices,
// else XLA_FLAGS' --xla_force_host_platform_device_count, else the run's
// option; on the TPU host the run's option (the modelled slice). Asking
// initialises the backend (jax_num_cpu_devices is then fixed).
int64_t device_count(Interpreter& ip);
// Whether the program has already asked for the devices (jax.devices,
// device_count, a mesh): JAX's backend is up, too late for
// jax.distributed.initialize.
bool backend_initialized(Interpreter& ip);
// jax.config.update("jax_num_cpu_devices", n); refused once devices were listed.
void set_num_cpu_devices(Interpreter& ip, const Value& n, SourceRange where);
Value context_mesh(Interpreter& ip);  // the mesh of `with mesh:` / jax.set_mesh, or None
bool is_mesh(const Value& v);
bool is_partition_spec(const Value& v);
bool is_named_sharding(const Value& v);
// jax.shard_map / jax.experimental.shard_map and the host collectives
// (module_shard_map.cpp, module_lax_parallel.cpp).
void register_module_shard_map();
// jax._src.util/api/shard_map/random.*, jax.distributed (module_jax_private.cpp).
void register_module_jax_private();
void add_lax_parallel(ModuleObj& lax_module);
// jax.jit, jax.custom_vjp, jax.custom_jvp (module_jax_transforms.cpp).
void add_jax_transforms(ModuleObj& jax_module);
// jax.vjp, jax.grad, jax.value_and_grad, jax.jacrev (module_jax_grad.cpp),
// and a custom_vjp's call while they record (handled: whether it applied).
void add_jax_grad(ModuleObj& jax_module);
Value call_custom_vjp_taped(Interpreter& ip, const RecordObj& f, CallArgs& call, bool* handled);
Value call_custom_jvp_taped(Interpreter& ip, const RecordObj& f, CallArgs& call, bool* handled);
// jax.vmap (module_jax_vmap.cpp; the batching itself is core/ir/batching.cpp).
void add_jax_vmap(ModuleObj& jax_module);
void register_module_jnp();
void register_module_lax();
void register_module_random();
void register_module_numpy();
void register_module_numpy_random();  // module_numpy_random.cpp
// Fills the runtime's array hooks from jnp_ops.h (array_protocol.cpp).
void install_jax_array_protocol();

}  // namespace rungs::jax
