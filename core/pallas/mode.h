// Which rung a pallas_call runs on, and the process-wide state that JAX
// keeps for TPU interpret mode (force_tpu_interpret_mode /
// set_tpu_interpret_mode / reset_tpu_interpret_mode_state).
//
// Order of precedence, highest first: the host's choice for the whole run
// (CLI --rung, the playground's rung selector), then JAX's config override
// (force/set_tpu_interpret_mode), then the call's own `interpret=` argument.
// With no interpret argument the call targets the real chip, which Rungs
// models (rung 3).
#pragma once

#include <optional>
#include <string>

#include "core/python/interpreter.h"
#include "core/pallas/run_params.h"
#include "core/pallas/pallas_call.h"

namespace rungs::pallas {

// Set by the runner for one run; read by every pallas_call.
struct RunMode : python::StageState {
  std::optional<Rung> forced_rung;  // nullopt: the program's own interpret= decides
  // The host platform the run models: "cpu" (JAX's interpret modes run
  // there) or "tpu" (the chip model's host). Chosen by the runner
  // (core/result/platform.h); read by jax.devices() and by lowering.
  std::string platform = "cpu";
  // jax.default_matmul_precision's global value (jax.config.update), kept
  // with the interpreter so a notebook's next cell sees it.
  std::optional<int> default_matmul_precision;
  int64_t host_bf16_dots = 0;  // host float32 dots rounded to bf16 passes (a TPU host)
  // Playground / CLI overrides of InterpretParams and chip settings, applied
  // on top of what the program says (run_params.h).
  ParamSettings params;
  ChipSettings chip;
  bool trace = false;  // record per-step events for the views
  int64_t devices = 0;  // simulated devices (--devices, JS `devices`); 0: not given
  // JAX's config value set by force/set_tpu_interpret_mode (None when absent).
  std::optional<InterpretParams> tpu_mode;
};
RunMode& run_mode(python::Interpreter& interp);
inline bool run_mode_traces(python::Interpreter& interp) { return run_mode(interp).trace; }

void choose_rung(PallasCall& call, const python::Value& interpret, python::Interpreter& interp, SourceRange where);

// Module functions of pltpu.
python::Value force_tpu_interpret_mode(python::Interpreter& interp, python::CallArgs& call);
python::Value set_tpu_interpret_mode(python::Interpreter& interp, python::CallArgs& call);
python::Value reset_tpu_interpret_mode_state(python::Interpreter& interp, python::CallArgs& call);
// The simulated TPU memory belongs to core/rungs, which installs how to drop
// it (pallas does not depend on rungs).
void set_tpu_state_reset(void (*reset)(python::Interpreter& interp));

}  // namespace rungs::pallas
