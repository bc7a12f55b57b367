// Where each grid step's blocks come from: an index map evaluated at a grid
// point. Every rung walks the grid through this (and rung 3's cost model
// too), so it lives beside the Machine rather than in one rung.
#pragma once

#include <cstdint>
#include <vector>

#include "core/pallas/pallas_call.h"
#include "core/rungs/machine.h"

namespace rungs::exec {

// Evaluate an index map jaxpr at a grid point (fast path for maps that
// only forward grid indices and literals). `rules` serves prefetch reads.
std::vector<int64_t> eval_index_map(const pallas::BlockMapping& m, const std::vector<int64_t>& point,
                                    const std::vector<int>& prefetch_buffers, Rules& rules,
                                    python::Interpreter& host);
// The same into `out`, running a map that computes through `machine` (one
// kept per mapping across grid steps, so its plan is made once): the grid
// loop's form, which allocates nothing per step.
void eval_index_map(const pallas::BlockMapping& m, const std::vector<int64_t>& point,
                    const std::vector<int>& prefetch_buffers, Machine& machine, std::vector<int64_t>& out);

}  // namespace rungs::exec
