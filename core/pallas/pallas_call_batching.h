// pallas_call under jax.vmap: JAX's batching rule (pallas_call.py's
// _pallas_call_batching_rule). The vmapped axis becomes a new leading grid
// dimension: each batched operand's BlockSpec gains a squeezed block dim at
// its batch axis whose index is the new grid index, outputs are batched
// along axis 0, and the kernel itself is unchanged (its program_id axes skip
// the new dim). Batched scalar-prefetch operands fall back to one call per
// example, as JAX's explicit loop does; a batch of size 1 is squeezed away.
#pragma once

#include <vector>

#include "core/ir/trace.h"
#include "core/pallas/pallas_call.h"

namespace rungs::pallas {

// Runs `call` on its operands (prefetch then inputs, flattened), any of which
// may be vmap-batched; returns the outputs, batched where the inputs were.
std::vector<ir::Operand> run_pallas_call(const PallasCall& call, std::vector<ir::Operand> operands,
                                         python::Interpreter& ip);

}  // namespace rungs::pallas
