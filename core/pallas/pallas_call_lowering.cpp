// A pallas_call met while a jitted function is lowered (jax.jit(f).lower,
// jax.export): pallas_call.py's _pallas_call_lowering. Nothing runs; the
// call becomes one `pallas_call` equation of the host jaxpr, and the
// platform's rule decides what it lowers to:
//   - interpret=True: JAX lowers the interpreter itself to plain HLO (a loop
//     over the grid), so nothing about the chip is checked; TPU interpret
//     mode (InterpretParams) runs through host callbacks, which export
//     cannot serialize;
//   - no interpret, CPU platform: JAX's ValueError;
//   - no interpret, TPU platform: the chip model's Mosaic lowering
//     (installed by core/rungs: its lowering checks, debug=True's output,
//     the model's module), checks libtpu makes at compile time deferred.
#include "core/pallas/pallas_call_lowering.h"

#include "core/ir/cost.h"
#include "core/ir/trace.h"

namespace rungs::pallas {

namespace {

TpuLowerer& lowerer_slot() {
  static TpuLowerer l;
  return l;
}

// What JAX's interpreter lowering amounts to, for the module text.
jax::LoweredCall interpreter_lowering(const PallasCall& call) {
  jax::LoweredCall lc;
  lc.name = call.kernel_name;
  bool tpu_mode = call.requested_rung == Rung::Tpu;
  lc.model_text = std::string(tpu_mode ? "TPU interpret mode" : "interpret=True") +
                  ": the grid's " + std::to_string(call.num_iterations()) +
                  " step(s) lowered as plain HLO (a loop that slices each block, runs the kernel body and writes "
                  "the output blocks back)" +
                  (tpu_mode ? ", memory and DMAs through host callbacks" : "") +
                  "; no tpu_custom_call, no Mosaic checks";
  // The interpreter's loop costs what the body costs, once per step.
  ir::JaxprCost body = ir::jaxpr_cost(*call.kernel);
  lc.has_cost = true;
  lc.flops = static_cast<double>(body.flops) * static_cast<double>(call.num_iterations());
  lc.transcendentals = static_cast<double>(body.transcendentals) * static_cast<double>(call.num_iterations());
  for (const BlockMapping& m : call.inputs) lc.bytes_accessed += static_cast<double>(ir::aval_bytes(m.array));
  for (const BlockMapping& m : call.outputs) lc.bytes_accessed += static_cast<double>(ir::aval_bytes(m.array));
  return lc;
}

}  // namespace

void set_tpu_lowerer(TpuLowerer lowerer) { lowerer_slot() = std::move(lowerer); }
const TpuLowerer& tpu_lowerer() { return lowerer_slot(); }

std::vector<ir::Operand> lower_pallas_call(const PallasCall& call, const std::vector<ir::Operand>& operands,
                                           python::Interpreter& ip) {
  jax::LoweringSession& session = jax::lowering_session(ip);
  ir::TracePtr trace = ir::current_trace();
  if (trace && trace->purpose == "kernel") raise(ErrorId::pallas_nested_lowering, call.where);
  jax::LoweredCall lowered;
  if (call.requested_rung != Rung::Chip) {
    lowered = interpreter_lowering(call);
    if (call.requested_rung == Rung::Tpu) session.host_callbacks = true;
  } else if (session.platform == "cpu") {
    raise(ErrorId::pallas_cpu_lowering, call.where);
  } else {
    if (!tpu_lowerer()) raise(ErrorId::internal_error, call.where, "no TPU lowering installed");
    lowered = tpu_lowerer()(call, ip);
  }
  ir::Params p;
  p.text = call.kernel_name;
  p.jaxprs = {call.kernel};
  p.n = static_cast<int64_t>(session.calls.size());
  session.calls.push_back(std::move(lowered));
  std::vector<ir::AVal> outs;
  for (const BlockMapping& m : call.outputs) outs.push_back(m.array);
  ir::set_current_source(call.where);
  return ir::record(ir::Prim::PallasCall, operands, p, outs);
}

}  // namespace rungs::pallas
