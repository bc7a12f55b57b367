// Settings records a pallas_call carries, as plain C++: the TPU interpret
// mode's InterpretParams (rung 2), pltpu.CompilerParams, pl.CostEstimate,
// and the chip model's own settings (rung 3). Parsed once from the Python
// records with JAX's validation errors; executors read only these structs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/python/objects.h"

namespace rungs::pallas {

struct InterpretParams {
  std::string dma_execution_mode = "on_wait";  // "on_wait" | "eager"
  bool detect_races = false;
  std::string out_of_bounds_reads = "raise";   // anything else behaves as "uninitialized" (JAX quirk)
  bool skip_floating_point_ops = false;
  std::string uninitialized_memory = "nan";    // "nan" | "zero"
  int64_t num_cores_or_threads = 1;
  std::optional<int64_t> vector_clock_size;    // None -> 2 * devices * cores
  std::optional<int64_t> random_seed;          // None behaves as seed 0 (JAX quirk)
  python::Value grid_point_recorder;             // a Python callable, or None
  bool allow_hbm_allocation_in_run_scoped = false;
  std::string buffer_bounds = "logical";       // "logical" | "padded"
  std::string logging_mode;                    // "", "semaphore", "shared_memory" (flags joined by '|')
};

struct CompilerParams {
  std::vector<std::string> dimension_semantics;  // empty: all "arbitrary"
  std::optional<int64_t> vmem_limit_bytes;
  std::optional<int64_t> collective_id;
  bool has_side_effects = false;
  bool allow_input_fusion = false;
  bool disable_bounds_checks = false;
};

struct CostEstimate {
  int64_t flops = 0;
  int64_t transcendentals = 0;
  int64_t bytes_accessed = 0;
  int64_t remote_bytes_transferred = 0;
};

// The chip model (rung 3): which TPU generation to model and how.
struct ChipSettings {
  std::string generation = "v5e";  // v4, v5e, v5p, v6e, tpu7x, ...
  bool poison_buffers = false;     // pl.enable_poison_buffers / pltpu flag
  uint64_t garbage_seed = 0;       // deterministic "stale garbage" in fresh VMEM
  int64_t order_seed = -1;         // -1: natural order; else permute parallel dims
};

InterpretParams parse_interpret_params(const python::Value& record, python::Interpreter& interp, SourceRange where);
CompilerParams parse_compiler_params(const python::Value& record, python::Interpreter& interp, SourceRange where);
CostEstimate parse_cost_estimate(const python::Value& record, python::Interpreter& interp, SourceRange where);

}  // namespace rungs::pallas
