// A kernel lowered for the tpu platform without running it (jax.jit(f).lower
// on the chip rung's TPU host, jax.export(..., platforms=["tpu"]) anywhere):
// what pallas_call_tpu_lowering_rule builds, as the chip model knows it.
// The lowering checks fire now, with debug=True's output; the VMEM budget
// is libtpu's compile step, so it waits for Lowered.compile().
#include "core/pallas/mode.h"
#include "core/rungs/chip_rung.h"
#include "core/rungs/chip_lowering_text.h"

namespace rungs::exec {

namespace {

// tpu_custom_call.py's backend_config: the serialized Mosaic module (bytes
// in real JAX; named here) and the flags Pallas passes.
std::string backend_config(const pallas::PallasCall& call) {
  std::string c = "{\"custom_call_config\": {\"body\": \"<Mosaic bytecode of the module below>\"";
  // _compact_json_object: json.dumps(sort_keys=True, indent=0, separators=(",", ":")).
  if (call.has_cost_estimate)
    c += ", \"cost_estimate\": {\n\"bytes_accessed\":" + std::to_string(call.cost.bytes_accessed) +
         ",\n\"flops\":" + std::to_string(call.cost.flops) + ",\n\"transcendentals\":" +
         std::to_string(call.cost.transcendentals) + "\n}";
  c += ", \"serialization_format\": 1, \"needs_layout_passes\": true}}";
  return c;
}

}  // namespace

jax::LoweredCall lower_tpu_custom_call(const pallas::PallasCall& call, python::Interpreter& host) {
  ChipRunSettings settings = chip_settings(call, host);
  const ChipGeneration& gen = chip_generation(settings.generation);
  // Cross-lowering from the CPU host: what asks get_tpu_info() fails there.
  std::string cpu_host_kind = pallas::run_mode(host).platform == "tpu" ? "" : "cpu";
  Footprint footprint = lower_for_chip(call, gen, host, cpu_host_kind);
  jax::LoweredCall lc;
  lc.name = call.kernel_name;
  lc.custom_call = true;
  lc.model_text = mosaic_module_text(call, gen, footprint);
  lc.backend_config = backend_config(call);
  lc.scoped_vmem_bytes = footprint.vmem;
  auto kept = std::make_shared<pallas::PallasCall>(call);
  lc.compile = [kept, footprint, name = gen.name] { check_memory_budget(*kept, chip_generation(name), footprint); };
  // XLA knows a custom call's cost only from the estimate Pallas attaches.
  lc.has_cost = call.has_cost_estimate;
  lc.flops = static_cast<double>(call.cost.flops);
  lc.transcendentals = static_cast<double>(call.cost.transcendentals);
  lc.bytes_accessed = static_cast<double>(call.cost.bytes_accessed);
  return lc;
}

}  // namespace rungs::exec
