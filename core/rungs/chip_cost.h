// The chip model's cost estimate: a roofline, labelled as such everywhere.
//
//   time = max(HBM bytes / HBM bandwidth, flops / peak)
//
// HBM bytes come from the block pipeline as the model runs it: the grid
// points each TensorCore visits (same split and order as the execution),
// each operand's window per point, one block copy-in when an input's window
// changes (or on a core's first step) and one copy-out when an output's is
// about to change (or on its last step). DMAs the kernel starts itself are
// counted statically from the jaxpr (fori loops multiply by their trip
// count, a while loop counts once, a cond counts its busiest branch).
// Flops are counted while the kernel runs (FlopCounter, fed by the
// simulator's pure-primitive hook): 2*M*N*K per matmul, one per element of
// every elementwise and reduction op, transcendentals apart. The peak is the
// generation's bf16 MXU peak, or its (assumed) f32 peak for matmuls at
// precision=HIGHEST; a megacore kernel whose grid has no parallel dimension
// uses one of its two cores. Vector-unit throughput, DMA latency, overlap
// of copies with compute and the MXU's shape efficiency are not modelled.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/pallas/pallas_call.h"
#include "core/rungs/call_record.h"
#include "core/rungs/chip_generations.h"

namespace rungs::exec {

// Which grid points each core visits, in order (SEMANTICS 4.4/4.9: the
// parallel prefix split into equal consecutive chunks, parallel dims
// permuted when `permute`). Computed on demand: grids can be huge.
struct ChipSchedule {
  std::vector<int64_t> grid;
  std::vector<std::vector<int64_t>> perms;  // per grid dim; empty: natural order
  int64_t total = 1, per_core = 1, cores = 1;
  int64_t first(int64_t core) const { return std::min(core * per_core, total); }
  int64_t bound(int64_t core) const { return std::min((core + 1) * per_core, total); }
  std::vector<int64_t> point(int64_t iteration) const;  // the grid point the kernel sees
};
ChipSchedule chip_schedule(const pallas::PallasCall& call, int64_t cores, bool permute, int64_t seed);

struct FlopCounter {
  int64_t flops = 0;            // all counted flops (matmuls included)
  int64_t mxu_flops = 0;        // matmul flops at DEFAULT precision
  int64_t mxu_flops_f32 = 0;    // matmul flops at precision=HIGHEST
  int64_t transcendentals = 0;  // exp, log, tanh, sqrt, ... one per element
  int64_t bf16_rounded_dots = 0;  // float32 dots whose inputs the MXU took as bf16 (executions)
  // The kernel's equations (index maps run through the same hook and are
  // not counted); empty counts everything.
  std::unordered_set<const ir::Eqn*> kernel_eqns;
  void only_kernel(const ir::Jaxpr& kernel);
  void count(const ir::Eqn& eqn, const std::vector<array::Array>& in);
};

struct ChipCost {
  int64_t copies_in = 0, copies_out = 0;      // block copies by the pipeline
  int64_t bytes_in = 0, bytes_out = 0;        // their HBM bytes
  int64_t prefetch_bytes = 0;                 // scalar prefetch to SMEM, once
  int64_t dmas = 0, dma_hbm_bytes = 0, dma_local_bytes = 0;  // kernel DMAs (static estimate)
  bool dma_in_while = false;                  // a DMA inside a while loop was counted once
  bool dma_dynamic_size = false;              // a traced pl.ds size, counted at its dim's extent
  int cores_used = 1;                         // TensorCores that got grid points
  bool replayed = true;                       // false: grid too large, copies bounded from above
  std::vector<std::string> out_of_bounds;     // windows outside their operand (first few)
  int64_t out_of_bounds_count = 0;
  FlopCounter ops;
};

// The pipeline replay and the static DMA count (flops are filled in by
// the execution through `ops`). `operands` are the call's operands (scalar
// prefetch first) for index maps that read SMEM. Past `max_points` grid
// points x operands the replay is skipped and every step counts a copy.
ChipCost estimate_traffic(const pallas::PallasCall& call, const std::vector<array::Array>& operands,
                          const ChipSchedule& schedule, python::Interpreter& host, int64_t max_points = 2'000'000);

// Notes ("cost.*") and one "cost" event on the record, compared with the
// user's pl.CostEstimate when there is one.
void record_cost(CallRecord& record, const pallas::PallasCall& call, const ChipCost& cost, const ChipGeneration& gen);

}  // namespace rungs::exec
