// Wires the rung executors into pallas_call (pallas does not depend on
// rungs): one entry point that records the call for the result document
// and dispatches on the call's rung.
#pragma once

namespace rungs::exec {

void install_executors();
// jax._src.pallas.mosaic.interpret's modules (interpret_module.cpp), called
// by install_executors.
void register_interpret_modules();

}  // namespace rungs::exec
