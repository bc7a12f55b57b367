#include "core/rungs/install.h"

#include "core/ir/printer.h"
#include "core/ir/tape.h"
#include "core/jax/modules.h"
#include "core/rungs/chip_generations.h"
#include "core/pallas/device_mesh.h"
#include "core/pallas/mode.h"
#include "core/pallas/run_params.h"
#include "core/rungs/call_record.h"
#include "core/rungs/chip_rung.h"
#include "core/rungs/interpret_rung.h"
#include "core/rungs/tpu_rung.h"
#include "core/rungs/tpu_state.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

CallLog& call_log(python::Interpreter& interp) {
  return interp.state<CallLog>();
}

namespace {

OperandInfo describe(const pallas::BlockMapping& m, const std::string& role, const std::string& name, bool tpu) {
  OperandInfo info;
  info.name = name;
  info.origin = m.origin;
  info.role = role;
  info.dtype = array::dtype_name(m.array.dtype);
  info.shape = m.array.shape;
  info.block_shape = m.block_shape;
  Padding p = block_padding(m, !tpu);
  info.padded_shape = p.padded;
  info.pad_lo = p.lo;
  info.pad_hi = p.hi;
  info.memory_space = ir::memory_space_name(m.space);
  return info;
}

// Every device of `mesh` (one device, no mesh, outside jax.shard_map) runs
// the call on its rung; one record for the call.
std::vector<std::vector<Array>> execute_on_devices(const pallas::PallasCall& call,
                                                   const std::vector<std::vector<Array>>& operands,
                                                   const pallas::DeviceMesh* mesh, python::Interpreter& host) {
  CallLog& log = call_log(host);
  CallRecord record;
  record.kernel = call.kernel_name;
  record.rung = pallas::rung_name(call.rung);
  record.fn_src = call.fn_src;
  record.where = call.where;
  record.grid = call.grid_sizes();
  record.jaxpr = ir::print_jaxpr(*call.kernel);
  record.autodiff = ir::ad_role_name(ir::current_ad_role());
  record.notes["pallas"] = pallas::print_pallas_call(call);
  if (mesh) {
    record.devices = static_cast<int64_t>(operands.size());
    record.mesh_axes = mesh->names;
    record.mesh_shape = mesh->sizes;
  }
  bool tpu = call.rung != pallas::Rung::Interpret;
  size_t p = call.prefetch.size();
  for (size_t j = 0; j < call.inputs.size(); ++j) {
    size_t param = p + j;
    record.operands.push_back(describe(call.inputs[j], "input", param < call.param_names.size() ? call.param_names[param] : "", tpu));
  }
  for (size_t j = 0; j < call.outputs.size(); ++j) {
    size_t param = p + call.inputs.size() + j;
    record.operands.push_back(describe(call.outputs[j], "output", param < call.param_names.size() ? call.param_names[param] : "", tpu));
  }
  log.calls.push_back(std::move(record));
  CallRecord* r = &log.calls.back();
  switch (call.rung) {
    case pallas::Rung::Interpret: return run_interpret_rung(call, operands, mesh, host, r);
    case pallas::Rung::Tpu: return run_tpu_rung(call, operands, mesh, host, r);
    case pallas::Rung::Chip: return run_chip_rung(call, operands, mesh, host, r);
  }
  return {};
}

std::vector<Array> execute(const pallas::PallasCall& call, const std::vector<Array>& operands, python::Interpreter& host) {
  return execute_on_devices(call, {operands}, nullptr, host)[0];
}

// jax.devices()[0].device_kind as JAX reports each generation (the "lite"
// chips are the e-variants); others use the table's display name.
std::string device_kind(const ChipGeneration& g) {
  std::string name = g.name;
  if (name == "v5e") return "TPU v5 lite";
  if (name == "v6e") return "TPU v6 lite";
  if (name == "v5p") return "TPU v5";
  if (name == "tpu7x") return "TPU7x";
  return g.display;
}

// Rung 3 models a TPU; the interpret rungs run on the CPU host, as JAX's do.
jax::DeviceDescription describe_device(python::Interpreter& ip) {
  const pallas::RunMode& mode = pallas::run_mode(ip);
  jax::DeviceDescription d;
  d.devices_option = mode.devices;
  if (mode.platform != "tpu") return d;
  // The run's overrides (--params '{"generation": ...}') choose the chip
  // every kernel of the run is modelled on; the host reports that chip too.
  pallas::ChipSettings chip = mode.chip;
  pallas::InterpretParams unused;
  pallas::apply_params(mode.params, unused, chip);
  const ChipGeneration& g = chip_generation(chip.generation);
  d.platform = "tpu";
  d.device_kind = device_kind(g);
  d.cores_per_chip = device_cores(g);
  d.chip_version = g.name;
  // Per TensorCore, as tpu_info reports them.
  int64_t cores = std::max(1, g.tensor_cores);
  d.tpu_figures = {{"generation", g.generation},
                   {"num_cores", device_cores(g)},
                   {"num_lanes", g.lanes},
                   {"num_sublanes", g.sublanes},
                   {"vmem_capacity_bytes", g.vmem_bytes},
                   {"smem_capacity_bytes", g.smem_bytes},
                   {"mem_bw_bytes_per_second", static_cast<int64_t>(g.hbm_bytes_per_s) / cores},
                   {"bf16_ops_per_second", static_cast<int64_t>(g.peak_bf16_flops) / cores}};
  return d;
}

}  // namespace

void install_executors() {
  register_interpret_modules();
  pallas::set_executor(execute);
  pallas::set_device_executor([](const pallas::PallasCall& call, const std::vector<std::vector<Array>>& operands,
                                 const pallas::DeviceMesh& mesh, python::Interpreter& host) {
    return execute_on_devices(call, operands, &mesh, host);
  });
  pallas::set_tpu_lowerer(lower_tpu_custom_call);
  jax::set_device_describer(describe_device);
  pallas::set_tpu_state_reset([](python::Interpreter& ip) { ip.reset_state<TpuState>(); });
}

}  // namespace rungs::exec
