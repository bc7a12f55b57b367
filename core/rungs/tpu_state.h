// TPU interpret mode's process-wide state, kept on the host interpreter as
// a typed state slot (so a notebook session keeps it between cells), and
// dropped by pltpu.reset_tpu_interpret_mode_state() through the reset hook
// core/rungs installs (pallas/mode.h).
//
// As in JAX, the simulated memory lives only while a kernel runs: a kernel
// that finishes drops it (JAX's clean-up barrier). A kernel that raises
// leaves it in place so it can be inspected (the playground's memory view
// reads it), together with the failure and whether races were found.
//
// After a failure JAX's contract says: call reset_tpu_interpret_mode_state()
// before the next TPU-interpret kernel. Rungs' choice: the next launch
// AUTO-RESETS (drops the leftover state and starts clean) instead of
// refusing. That is what single-device JAX observably does — its clean-up
// barrier clears the memory even on the failure path — and it keeps a
// notebook usable after a caught error. The reset call remains the
// documented way and is still honoured
// (tests/conformance/tpu/reset_after_error.py shows both).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/python/interpreter.h"
#include "core/rungs/tpu_policy.h"
#include "core/rungs/tpu_shared.h"

namespace rungs::exec {

struct TpuState : python::StageState {
  std::unique_ptr<TpuPolicy> policy;   // the live (or failed) call's policy
  std::unique_ptr<TpuShared> shared;   // the live (or failed) call's memory
  bool failed = false;                 // the last kernel raised
  std::string failure;                 // "IndexError: Out-of-bounds ..." of that failure
  bool races_found = false;            // JAX's races.races_found, of the last kernel
  int64_t kernels = 0;                 // TPU-interpret kernels launched this session
  int64_t auto_resets = 0;             // launches that found a failed state and reset it
};

// The extension, created on first use.
TpuState& tpu_state(python::Interpreter& host);

}  // namespace rungs::exec
