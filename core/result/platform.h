// Which host platform a run models, one rule for the CLI, the pages and
// compare:
//   - the caller's choice (CLI --platform, the JS option `platform`) wins;
//   - a forced rung decides next: chip -> "tpu"; interpret, tpu -> "cpu"
//     (JAX's interpret modes run on the CPU host);
//   - under --rung auto, the program decides: it models a TPU host when it
//     calls pallas_call (or pl.kernel / pl.core_map) and never asks for
//     interpret mode -- no `interpret=` argument other than False, None or
//     a pass-through `interpret=interpret`, no InterpretParams,
//     force_tpu_interpret_mode or set_tpu_interpret_mode -- since such a
//     program was written to run on a TPU; otherwise a CPU host.
// The platform decides what jax.devices() reports, how host float32
// matmuls round (core/ir/host_precision.h) and what jax.jit(f).lower()
// lowers for.
#pragma once

#include <string>
#include <string_view>

#include "core/result/run_options.h"

namespace rungs::result {

std::string platform_for_run(const RunOptions& options, std::string_view source);
// The rule's last clause alone, for tests.
bool program_targets_tpu(std::string_view source);

}  // namespace rungs::result
