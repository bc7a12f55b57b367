// The chip model's lowering checks for ref.reshape / ref.bitcast views:
// pallas/mosaic/lowering.py's _reshape_memref, then Mosaic's
// MemRefReshapeOp verifier (jaxlib/mosaic/dialect/tpu/tpu_ops.cc), which a
// VMEM ref meets with the tiled layout Mosaic gives its allocation.
//
// The tiling is Mosaic's default for TPU v4 and later (getTilingFactor with
// no large-tiling flags): 8 rows when the allocation's second-minor
// dimension has at least 8, else the smallest power of two from the
// packing (32 / bitwidth) that reaches it; 128 lanes. A bitcast keeps the
// tile's bits (rows x bitwidth). Deliberate gaps: squeezed block dims (the
// "squeezed dimension" refusals) and the contiguity check of sliced views
// are not modelled, nor are HBM/SMEM layouts (their reshapes are allowed).
#include <algorithm>

#include "core/errors/error.h"
#include "core/rungs/chip_checks.h"

namespace rungs::exec {

namespace {

int64_t tiling_rows(int64_t rows, int bitwidth) {
  int64_t packing = bitwidth >= 32 ? 1 : 32 / bitwidth;
  if (rows >= 8) return 8;
  int64_t t = packing;
  while (t < std::min<int64_t>(rows, 8)) t *= 2;
  return t;
}

bool is_vmem(const ir::AVal& ref) {
  return ref.semaphore == ir::SemaphoreKind::None &&
         (ref.space == ir::MemorySpace::Default || ref.space == ir::MemorySpace::TpuVmem);
}

// MemRefReshapeOp::verify + verifyTiling, for a tile of (`tile`, 128).
void verify_reshape(const array::Shape& src, const array::Shape& tgt, int64_t tile, SourceRange at) {
  if (tgt.size() < 2) raise(ErrorId::chip_memref_reshape, at, "Not implemented: 1d memref reshape.");
  int64_t s2 = src[src.size() - 2], s1 = src.back(), t2 = tgt[tgt.size() - 2], t1 = tgt.back();
  if (tile == 1 && s1 % 128 == 0 && t1 % 128 == 0) return;  // (1, 128) tiles reshape freely
  if (t1 != s1) raise(ErrorId::chip_memref_reshape, at, "'tpu.memref_reshape' op Expected the minormost dimension to be unchanged");
  if (t2 != s2 && (s2 % tile != 0 || t2 % tile != 0))
    raise(ErrorId::chip_memref_reshape, at, "'tpu.memref_reshape' op Expected the 2nd minor dimension is aligned to the tile");
}

}  // namespace

void check_chip_ref_transforms(const ir::Eqn& e, size_t first, size_t count, const ir::AVal& ref, SourceRange at) {
  const auto& levels = e.params.indexers;
  array::Shape shape = ref.shape;
  array::DType dtype = ref.dtype;
  int64_t tile = shape.size() >= 2 ? tiling_rows(shape[shape.size() - 2], array::bit_width(dtype)) : 1;
  for (size_t k = first; k < std::min(first + count, levels.size()); ++k) {
    const ir::Indexer& level = levels[k];
    switch (level.kind) {
      case ir::Indexer::Kind::Index: {
        array::Shape next;
        size_t d = 0;
        for (const ir::DimIndex& di : level.dims) {
          if (di.kind == ir::DimIndex::Kind::NewAxis) {
            next.push_back(1);
            continue;
          }
          if (di.kind == ir::DimIndex::Kind::Slice) next.push_back(di.size);
          ++d;
        }
        for (; d < shape.size(); ++d) next.push_back(shape[d]);
        shape = std::move(next);
        continue;
      }
      case ir::Indexer::Kind::Reshape:
        if (shape.size() < 2) raise(ErrorId::chip_reshape_1d, at);
        if (is_vmem(ref)) verify_reshape(shape, level.shape, tile, at);
        break;
      case ir::Indexer::Kind::Bitcast:
        tile = std::max<int64_t>(1, tile * array::bit_width(dtype) / array::bit_width(level.dtype));
        break;
    }
    shape = level.shape;
    dtype = level.dtype;
  }
}

}  // namespace rungs::exec
