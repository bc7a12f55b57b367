// pallas_call under forward-mode differentiation: JAX's JVP rule
// (pallas_call.py's _pallas_call_jvp_rule). The kernel is differentiated
// into a JVP kernel (core/ir/jvp_jaxpr.h) whose refs are the inputs, their
// tangents, the outputs and theirs (each tangent with its primal's
// BlockSpec), and that one call runs on the rung in place of the primal call.
#pragma once

#include <vector>

#include "core/ir/tape.h"
#include "core/pallas/pallas_call.h"

namespace rungs::pallas {

// Runs `call` on operands recorded on `tape`: the JVP call when the tape
// knows its leaves' tangents (jax.jvp, jax.jacfwd); JAX's refusals
// otherwise (reverse mode: "Linearization failed ...") and for what its rule
// does not support (scalar prefetch, aliasing, a mesh, dynamic grids).
std::vector<ir::Operand> jvp_pallas_call(const PallasCall& call, const std::vector<ir::Operand>& operands,
                                         const ir::Tape& tape, python::Interpreter& ip);

}  // namespace rungs::pallas
