// The normalised form of one pl.pallas_call: what every rung executes.
//
// pallas_call's Python arguments (grid, BlockSpecs, out_shape pytrees,
// scratch shapes, PrefetchScalarGridSpec, aliases, interpret=...) are
// validated once, with JAX's error texts, and turned into this plain struct:
// canonical block mappings whose index maps are traced jaxprs, the traced
// kernel jaxpr, and the rung to run on. Rungs never look at Python values.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/python/interpreter.h"
#include "core/ir/jaxpr.h"
#include "core/ir/trace.h"
#include "core/jax/jit_lowering.h"
#include "core/pallas/params.h"

namespace rungs::pallas {

using array::Array;
using array::Shape;

enum class BlockDimKind : uint8_t { Blocked, Squeezed, Element, BoundedSlice, Indirect };

struct BlockDim {
  BlockDimKind kind = BlockDimKind::Blocked;
  int64_t size = 1;    // elements in the block along this dim (Squeezed: 1)
  int64_t pad_lo = 0;  // Element only: virtual padding before the array
  int64_t pad_hi = 0;  // Element only: virtual padding after the array
};

// How one operand (input or output) is cut into blocks.
struct BlockMapping {
  std::string origin;          // "args[0]", "args[1]['one']", "outputs[0]"
  ir::AVal array;              // the whole operand (shape, dtype)
  std::vector<BlockDim> dims;  // one per array dim
  Shape block_shape;           // sizes per array dim (Squeezed counts as 1)
  Shape ref_shape;             // what the kernel's ref sees (Squeezed dims removed)
  ir::JaxprPtr index_map;      // (*grid indices, *scalar prefetch refs) -> block indices
  std::string index_map_src;   // "lambda at kernel.py:12"
  ir::MemorySpace space = ir::MemorySpace::Default;
  bool has_block_shape = false;  // BlockSpec gave a block_shape
  bool has_index_map = false;    // BlockSpec gave an index_map
  int buffer_count = 2;          // pl.Buffered(n), for the chip model's VMEM budget
  bool revisit_any = false;      // pl.Buffered(..., revisit=pl.RevisitMode.ANY)

  // True when the index map returns literal zeros and the block is the array.
  bool trivial_window() const;
};

struct GridDim {
  int64_t size = 1;
  bool dynamic = false;  // came from a traced/array value
  std::string name;      // named grids: ("i", 2)
  // A size vmapped over (jax.vmap of a function whose grid is computed from
  // a batched value): the batched scalar; `size` is its first example's.
  std::shared_ptr<const ir::Operand> batched_bound;
};

// The three rungs: one table, read by the CLI, the bindings, the schema and
// (through the schema) every page.
enum class Rung : uint8_t { Interpret, Tpu, Chip };
struct RungInfo {
  Rung rung;
  const char* name;         // "interpret", "tpu", "chip"
  const char* label;        // a short display name: "interpret=True", "TPU interpret mode", "chip model"
  const char* selected_by;  // what selects it in a program
  const char* models;       // one line: what it models
};
const std::vector<RungInfo>& rung_table();
const char* rung_name(Rung rung);
std::optional<Rung> parse_rung(std::string_view name);

struct PallasCall {
  std::string kernel_name;  // the `name=` argument or the kernel function's name
  std::string fn_src;       // "{name} at {file}:{line}", as JAX's debug info
  SourceRange where;        // the call expression
  std::vector<GridDim> grid;
  int num_scalar_prefetch = 0;       // flattened count
  std::vector<ir::AVal> prefetch;    // scalar prefetch operands (flattened)
  std::vector<BlockMapping> inputs;  // flattened, after scalar prefetch
  std::vector<BlockMapping> outputs;
  std::vector<ir::AVal> scratch;     // scratch refs (memory space inside)
  std::vector<std::string> scratch_names;  // keyword names when scratch_shapes is a dict
  std::vector<std::pair<int, int>> aliases;  // (flat input incl. prefetch, output)
  ir::JaxprPtr kernel;               // invars: prefetch, inputs, outputs, scratch refs
  std::vector<std::string> param_names;  // kernel parameter names, in invar order
  Rung rung = Rung::Interpret;
  // The rung the program itself asks for (its interpret= and JAX's
  // interpret-mode config), before the host forces one: what lowering obeys.
  Rung requested_rung = Rung::Interpret;
  InterpretParams interpret;   // rung 2 settings
  CompilerParams compiler;     // pltpu.CompilerParams
  ChipSettings chip;           // rung 3 model settings
  bool debug = false;
  bool has_cost_estimate = false;
  CostEstimate cost;
  bool from_core_map = false;  // pl.core_map / pl.kernel over a TensorCoreMesh
  // Leading grid dims added by vmap's batching rule (JAX's vmapped_dims, which
  // it always prepends): pl.program_id(i) in the kernel reads grid axis
  // i + num_vmapped_dims, and the chip model runs those dims "parallel".
  int num_vmapped_dims = 0;

  std::vector<int64_t> grid_sizes() const;
  int64_t num_iterations() const;
};

// Runs a normalised call on its rung; returns the outputs (flattened).
// Installed by core/rungs at start-up (pallas does not depend on rungs).
using Executor = std::function<std::vector<Array>(const PallasCall&, const std::vector<Array>& operands,
                                                  python::Interpreter& interp)>;
void set_executor(Executor executor);
const Executor& executor();

// Lowers a call for the chip (a tpu_custom_call): the chip model's lowering
// checks, debug=True's output, the model's Mosaic module. Installed by
// core/rungs, like the executor.
using TpuLowerer = std::function<jax::LoweredCall(const PallasCall&, python::Interpreter& interp)>;
void set_tpu_lowerer(TpuLowerer lowerer);
const TpuLowerer& tpu_lowerer();

// Text form for `--dump=pallas`: grid, block mappings with their index
// map jaxprs, scratch, aliases, rung.
std::string print_pallas_call(const PallasCall& call);

}  // namespace rungs::pallas
