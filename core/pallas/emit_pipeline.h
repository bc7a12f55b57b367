// pltpu.emit_pipeline (emit_pipeline.cpp, emit_pipeline_blocks.cpp).
#pragma once

#include "core/python/interpreter.h"

namespace rungs::pallas {

using python::Value;

// While a pipeline step is traced, pl.program_id / pl.num_programs name the
// pipeline's grid rather than the kernel's (JAX's pallas_core.grid_env).
// Indices and sizes are Python ints or traced int32 scalars.
struct GridEnv {
  python::Values indices, sizes;
};
// The innermost pipeline's grid, or null outside every pipeline body (kept
// per interpreter, like every other piece of run state).
const GridEnv* current_grid_env(python::Interpreter& ip);

// pltpu.emit_pipeline, written in Python over run_scoped, make_async_copy,
// fori_loop and pl.when, with BufferedRef, BufferedRefBase, BufferType,
// PipelineStep and emit_pipeline_with_allocations, added to `pltpu`.
void add_emit_pipeline(python::Interpreter& ip, python::ModuleObj& pltpu);

// The Python sources of the block-level pieces (emit_pipeline_blocks.cpp):
// `_make_pipeline_plans()` returns (make_plan, block_indices, differ,
// alias_view, dma_slices); `_make_pipeline_copies(dma_slices)` returns
// copy_block.
extern const char* const kPipelinePlanSource;
extern const char* const kPipelineCopySource;
// BufferedRef & co as module source (buffered_ref.cpp), and the factory
// `_make_bref_pipeline(BufferedRefBase, BufferedRef, PipelineStep,
// next_index, prev_index, filter_indices)` returning (run, sync_copy): the
// schedule of a pipeline given BufferedRef allocations
// (pipeline_schedule.cpp).
extern const char* const kBufferedRefSource;
extern const char* const kPipelineAllocationsSource;  // the module's second half
extern const char* const kPipelineScheduleSource;

}  // namespace rungs::pallas
