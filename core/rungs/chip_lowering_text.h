// What debug=True prints as "The Mosaic module" on the chip model (rung 3):
// an MLIR-like text of the model's own design, headed as the model's output
// so nobody mistakes it for libtpu's. It shows what the real module
// encodes: the kernel function's signature with each operand's memref type
// and memory space, the grid (iteration_bounds), dimension_semantics,
// window_params (window_bounds, pipeline mode, transform_indices), one
// transform function per blocked operand (its index map), the body as one
// line per jaxpr equation in a Mosaic-flavoured spelling (vector.load,
// tpu.vector_store, tpu.enqueue_dma, tpu.wait_dma2, tpu.sem_signal, ...),
// and comments with the pipeline's copies and the VMEM footprint.
// Deterministic by construction: values are numbered in order.
#pragma once

#include <string>
#include <vector>

#include "core/pallas/pallas_call.h"
#include "core/rungs/chip_generations.h"
#include "core/rungs/chip_vmem.h"

namespace rungs::exec {

std::string mosaic_module_text(const pallas::PallasCall& call, const ChipGeneration& gen, const Footprint& footprint);

// The same text with, per line, the Python line of the kernel equation that
// produced it (0 for the model's own lines: comments, signatures, yields).
struct MosaicText {
  std::string text;
  std::vector<int> source_lines;  // one per line of text
};
MosaicText mosaic_module_lines(const pallas::PallasCall& call, const ChipGeneration& gen, const Footprint& footprint);

// "memref<8x128xf32, #tpu.memory_space<vmem>>" for a ref aval.
std::string memref_type(const array::Shape& shape, array::DType dtype, ir::MemorySpace space, ir::SemaphoreKind sem);

}  // namespace rungs::exec
