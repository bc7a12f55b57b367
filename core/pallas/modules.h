// Registers jax.experimental.pallas (pl) and jax.experimental.pallas.tpu
// (pltpu) with the evaluator, and extends jax.lax with the named-grid axis
// functions. Called once at engine start-up by core/result.
#pragma once

namespace rungs::pallas {

void register_pallas_modules();
// jax.experimental.pallas.tpu_sc (module_tpu_sc.cpp), called by the above.
void register_tpu_sc_module();
// jax._src.tpu_info (tpu_info.cpp), which pltpu re-exports.
void register_tpu_info_module();

}  // namespace rungs::pallas
