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

#include "core/pallas/pallas_call.h"
#include "core/rungs/call_record.h"
#include "core/rungs/machine.h"

namespace rungs::exec {

std::vector<Array> run_interpret_rung(const pallas::PallasCall& call, const std::vector<Array>& operands,
                                      python::Interpreter& host, CallRecord* record);

// Evaluate an index map jaxpr at a grid point (fast path for maps that
// only forward grid indices and literals). `rules` serves prefetch reads.
std::vector<int64_t> eval_index_map(const pallas::BlockMapping& m, const std::vector<int64_t>& point,
                                    const std::vector<int>& prefetch_buffers, Rules& rules,
                                    python::Interpreter& host);

// The shared debug_print text rule (SEMANTICS 3.10).
std::string debug_print_line(python::Interpreter& host, const std::string& fmt, const std::vector<Array>& args);

}  // namespace rungs::exec
