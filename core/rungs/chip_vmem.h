// The chip model's VMEM and SMEM budget (rung 3, SEMANTICS 5.3).
//
// The footprint is counted the way the real block pipeline allocates:
//   * each blocked VMEM operand x its buffer count: 2 by default
//     (double buffering), pl.Buffered(n) -> n, and 1 when the window is
//     trivial (Mosaic forces pl.Buffered(1) there) or there is no grid;
//   * ANY/HBM operands stay in HBM (0 bytes), semaphores take none;
//   * SMEM operands, scalar prefetch and SMEM scratch go to the SMEM budget;
//   * scratch once; pl.run_scoped allocations at their deepest nesting
//     (sibling scopes reuse the same space, nested ones add up).
// A VMEM buffer is padded to whole (sublane, lane) tiles of its last two
// dims, the sublane count depending on dtype and generation
// (sublane_tiling()); bool buffers are int32 in memory. A rank-1 buffer is
// padded to whole 128 x (32 / bits)-element tiles; SMEM holds 32-bit words
// without tile padding. The limit is CompilerParams(vmem_limit_bytes=...)
// when given (clamped to the physical VMEM), else the generation's default
// scoped limit, which is an assumption (chip_generations.h). Mosaic's
// internal scratch and anything the compiler spills are not counted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/pallas/pallas_call.h"
#include "core/rungs/chip_generations.h"

namespace rungs::exec {

struct FootprintLine {
  std::string what;      // "args[0] (x_ref)", "scratch[0]", "run_scoped (peak)"
  std::string space;     // "vmem" | "smem" | "hbm"
  array::Shape shape;    // one buffer as allocated (squeezed dims count as 1)
  array::Shape padded;   // after tile padding
  std::string dtype;
  int64_t bytes = 0;     // one buffer, padded
  int buffers = 1;       // how many copies the pipeline keeps
  int64_t total = 0;     // bytes * buffers
  std::string why;       // "double-buffered (default)", "pl.Buffered(1)", "ANY: stays in HBM", ...
};

struct Footprint {
  std::vector<FootprintLine> lines;
  int64_t vmem = 0;  // bytes
  int64_t smem = 0;  // bytes
};

// Bytes of one buffer of `shape` in VMEM after tile padding (padded shape
// returned through `padded`).
int64_t vmem_buffer_bytes(const array::Shape& shape, array::DType dtype, const ChipGeneration& gen,
                          array::Shape* padded = nullptr);
int64_t smem_buffer_bytes(const array::Shape& shape);

Footprint compute_footprint(const pallas::PallasCall& call, const ChipGeneration& gen);

// The scoped VMEM limit for this call and a sentence saying where it came from.
int64_t vmem_limit(const pallas::PallasCall& call, const ChipGeneration& gen, std::string* why);

// The breakdown printed under the RESOURCE_EXHAUSTED line (and kept in the
// call's notes when the kernel fits).
std::string footprint_text(const Footprint& f, const std::string& space, int64_t limit, const std::string& limit_why);

// Raises chip_vmem_exhausted / chip_smem_exhausted when over budget.
void check_memory_budget(const pallas::PallasCall& call, const ChipGeneration& gen, const Footprint& f);

}  // namespace rungs::exec
