// The decisions that make the TPU memory simulator "TPU interpret mode"
// (rung 2) rather than something else, gathered in one plain struct.
//
// The simulator (tpu_rung.h) executes JAX's kernel-call algorithm of
// SEMANTICS 4.4: HBM buffers per operand, per-core VMEM/SMEM, block copies
// on window change, DMAs, semaphores, several cooperative cores. What a
// fresh buffer holds, what an out-of-bounds window returns, when DMA data
// moves, whether races are tracked and how many cores share the grid are
// policy, not algorithm: rung 2 fills them from pltpu.InterpretParams
// (policy_from_params), and the chip model (rung 3) passes its own — stale
// garbage instead of NaN, garbage instead of IndexError, eager DMAs, the
// generation's TensorCore count, bf16 matmul inputs through pure_override.
//
// Using the simulator from another rung:
//   TpuPolicy p = policy_from_params(call.interpret, call.compiler);
//   p.rung = "chip"; p.fresh = my_garbage; p.oob_reads = OutOfBounds::Garbage;
//   std::vector<Array> outs = run_tpu_simulator(call, operands, host, record, p);
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/array/array.h"
#include "core/python/value.h"
#include "core/ir/jaxpr.h"
#include "core/pallas/params.h"

namespace rungs::exec {

// What a fresh allocation is for (lets a garbage generator vary by use).
struct FreshInfo {
  std::string space;  // "vmem", "smem", "hbm", ...
  std::string role;   // "output", "block", "scratch", "prefetch", "run_scoped", "padding", "oob"
  int core = 0;
  int64_t buffer_id = 0;
};

struct TpuPolicy {
  enum class OutOfBounds : uint8_t {
    Raise,          // IndexError (InterpretParams out_of_bounds_reads="raise")
    Uninitialized,  // the out-of-bounds part reads `fill` (any other string, a JAX quirk)
    Garbage,        // the out-of-bounds part reads `fresh(...)` (chip model)
  };
  enum class DmaMode : uint8_t { OnWait, Eager };

  std::string rung = "tpu";                      // label of calls in the result document
  std::string uninitialized_memory = "nan";      // "nan" | "zero": the default fill
  // Contents of a fresh buffer (outputs, kernel blocks, scratch, run_scoped).
  // Default: full(fill(dtype)). Padding of inputs and outputs uses `fill`.
  std::function<array::Array(array::DType, const array::Shape&, const FreshInfo&)> fresh;
  // The scalar of padding / uninitialised reads. Default: tpu_uninitialized.
  std::function<array::Scalar(array::DType)> fill;
  OutOfBounds oob_reads = OutOfBounds::Raise;    // kernel reads, DMA reads and block copy-ins
  bool oob_block_writes_raise = true;            // false: an out-of-range copy-out is dropped
  // false: a store, masked store or DMA write whose window runs past the
  // buffer writes its in-bounds part and drops the rest (chip model).
  bool oob_writes_raise = true;
  // JAX's TPU interpreter's own refusals and quirks, which the hardware does
  // not share (false for the chip model): aliasing a scalar-prefetch operand,
  // a traced "parallel" grid size, pl.semaphore_read, and a semaphore_signal
  // without core_index counting on core 0 instead of the signalling core.
  bool interpreter_quirks = true;
  // pl.debug_check under checkify records its failure (the interpreters);
  // false for the chip model: Mosaic lowers a debug check to nothing unless
  // debug checks are enabled (lowering.py's _check_lowering_rule).
  bool debug_checks_run = true;
  DmaMode dma_mode = DmaMode::OnWait;
  bool detect_races = false;
  bool skip_floating_point_ops = false;
  bool padded_bounds = false;                    // buffer_bounds="padded" (v6e tiling, SEMANTICS 5.1)
  int64_t num_cores = 1;                         // TensorCores sharing the parallel grid dims
  std::optional<int64_t> vector_clock_size;      // None: 2 * cores
  bool permute_parallel_dims = true;             // random_seed permutes "parallel" dims
  int64_t random_seed = 0;                       // None behaves as 0 (JAX quirk)
  bool check_revisits = true;                    // RuntimeError on re-entering an output block
  bool allow_hbm_in_run_scoped = false;
  bool hardware_prng = false;                    // pltpu.prng_*: seeded random bits (chip) or zeros (JAX's interpreter)
  bool exit_semaphore_check = true;              // print the non-zero semaphore warning
  bool tpu_log_format = false;                   // pl.debug_print in the TPU log's format (chip), SEMANTICS 6.2
  bool auto_reset_after_failure = true;          // see tpu_state.h
  python::Value grid_point_recorder;               // Python callable or None
  // Core interleaving: -1 runs the lowest-numbered runnable core until it
  // blocks (deterministic); any other value picks among runnable cores with
  // a generator seeded by it (still deterministic for a given seed).
  int64_t schedule_seed = -1;
  // A pure primitive override (chip: bf16 matmul inputs). Returning nullopt
  // falls back to core/ir's implementation.
  std::function<std::optional<std::vector<array::Array>>(const ir::Eqn&, const std::vector<array::Array>&)>
      pure_override;
};

// Rung 2's policy from the call's settings (InterpretParams + CompilerParams
// are read elsewhere too; this is everything the simulator needs from them).
TpuPolicy policy_from_params(const pallas::InterpretParams& params);

}  // namespace rungs::exec
