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

}  // namespace rungs::exec
