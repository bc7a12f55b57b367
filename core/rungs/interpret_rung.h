// Rung 1: `interpret=True`, JAX's generic interpreter (SEMANTICS section 3).
//
// Operands are padded to whole blocks with the generic uninitialised value,
// outputs start as NaN (or the aliased input), and the grid is walked
// sequentially in lexicographic order. At every step each operand's block
// is cut out of its padded array with XLA's clamping dynamic_slice, the
// kernel runs on those blocks, and every block (inputs too) is written
// back with the same clamping. There is no memory model: no VMEM, no DMA
// timing, no races, no compile checks.
#pragma once

#include <vector>

#include "core/pallas/device_mesh.h"
#include "core/pallas/pallas_call.h"
#include "core/rungs/call_record.h"
#include "core/rungs/machine.h"

namespace rungs::exec {

std::vector<Array> run_interpret_rung(const pallas::PallasCall& call, const std::vector<Array>& operands,
                                      python::Interpreter& host, CallRecord* record);
// Under jax.shard_map: the kernel once per device of `mesh` (operands[d]
// are device d's); lax.axis_index of a mesh axis reads the device's place.
std::vector<std::vector<Array>> run_interpret_rung(const pallas::PallasCall& call,
                                                   const std::vector<std::vector<Array>>& operands,
                                                   const pallas::DeviceMesh* mesh, python::Interpreter& host,
                                                   CallRecord* record);

// JAX's discharge of a DMA whose view has a traced pl.ds size fails before
// the kernel runs (generic_dma_sizes.cpp): raises that error, if any.
void check_generic_dma_sizes(const ir::Jaxpr& kernel);

}  // namespace rungs::exec
