// ref.reshape / ref.bitcast views: the array rules every rung applies after
// reading the view before them (state/utils.py's bitcast packing along the
// second-minor dim, writes undone level by level), rung 1's discharge-time
// refusal of writes through them, the chip's Mosaic reshape checks, and the
// jaxpr printout.
#include <gtest/gtest.h>

#include "core/array/ops.h"
#include "core/ir/printer.h"
#include "core/rungs/chip_checks.h"
#include "core/rungs/interpret_rung.h"
#include "core/rungs/ref_transforms.h"
#include "tests/core/rungs/chip_test_util.h"

namespace rungs::exec {
namespace {

using array::Array;
using array::DType;
using namespace testing;

Array iota(DType dtype, const array::Shape& shape) {
  Array a = Array::zeros(dtype, shape);
  for (int64_t i = 0; i < a.size(); ++i) a.set_from_int(i, i);
  return a;
}

ir::Indexer reshape_level(array::Shape shape, DType dtype) {
  ir::Indexer ix;
  ix.kind = ir::Indexer::Kind::Reshape;
  ix.shape = std::move(shape);
  ix.dtype = dtype;
  return ix;
}

ir::Indexer bitcast_level(array::Shape shape, DType dtype) {
  ir::Indexer ix = reshape_level(std::move(shape), dtype);
  ix.kind = ir::Indexer::Kind::Bitcast;
  return ix;
}

// An index level taking row `row` of a rank-2 view, and its evaluated window.
ir::Indexer row_level(int64_t row, int64_t cols) {
  ir::Indexer ix;
  ir::DimIndex r;
  r.kind = ir::DimIndex::Kind::Index;
  r.start = row;
  ir::DimIndex c;
  c.size = cols;
  ix.dims = {r, c};
  return ix;
}
Window row_window(int64_t row, int64_t cols) {
  WindowDim r;
  r.kind = ir::DimIndex::Kind::Index;
  r.start = row;
  WindowDim c;
  c.size = cols;
  return {r, c};
}

TEST(RefTransformsTest, BitcastPacksRowPairsLowHalfFirst) {
  // bf16 rows 2r and 2r + 1 of a column become the low and high halves of
  // int32 word (r, c): state/utils.py's reshape-swapaxes-convert.
  Array x = iota(DType::Int16, {4, 2});
  Array packed = bitcast_view(x, DType::Int32);
  ASSERT_EQ(packed.shape(), (array::Shape{2, 2}));
  EXPECT_EQ(packed.get_int(0), 0 | (2 << 16));  // rows 0 and 1 of column 0
  EXPECT_EQ(packed.get_int(1), 1 | (3 << 16));
  EXPECT_EQ(packed.get_int(2), 4 | (6 << 16));
  // Back to 16 bits: the exact inverse.
  Array back = bitcast_view(packed, DType::Int16);
  ASSERT_EQ(back.shape(), x.shape());
  for (int64_t i = 0; i < x.size(); ++i) EXPECT_EQ(back.get_int(i), x.get_int(i));
}

TEST(RefTransformsTest, SameWidthBitcastKeepsTheShape) {
  Array x = Array::full(DType::Float32, {2, 3}, array::Scalar::from_float(1.0));
  Array y = bitcast_view(x, DType::Int32);
  EXPECT_EQ(y.shape(), x.shape());
  EXPECT_EQ(y.get_int(0), 0x3f800000);
}

TEST(RefTransformsTest, TailReadsAndWritesThroughReshapeAndIndex) {
  // view = base.reshape(4, 6)[2]; writing it changes only those six elements.
  Array base = iota(DType::Int32, {2, 12});
  TransformTail tail;
  tail.levels = {reshape_level({4, 6}, DType::Int32), row_level(2, 6)};
  tail.windows = {Window{}, row_window(2, 6)};
  Array view = apply_tail(base, tail);
  ASSERT_EQ(view.shape(), (array::Shape{6}));
  EXPECT_EQ(view.get_int(0), 12);
  Array updated = store_through_tail(base, tail, Array::full(DType::Int32, {6}, array::Scalar::from_int(-1)));
  ASSERT_EQ(updated.shape(), base.shape());
  for (int64_t i = 0; i < 24; ++i) EXPECT_EQ(updated.get_int(i), i >= 12 && i < 18 ? -1 : i) << i;
  EXPECT_EQ(base.get_int(12), 12);  // the base value is not modified in place
}

TEST(RefTransformsTest, TailTypeFollowsEveryLevel) {
  TransformTail tail;
  tail.levels = {bitcast_level({4, 128}, DType::Int32), reshape_level({2, 2, 128}, DType::Int32)};
  tail.windows = {Window{}, Window{}};
  array::Shape shape{8, 128};
  DType dtype = DType::BFloat16;
  tail_type(tail, shape, dtype);
  EXPECT_EQ(shape, (array::Shape{2, 2, 128}));
  EXPECT_EQ(dtype, DType::Int32);
}

TEST(RefTransformsTest, ReprsAreJaxDataclassReprs) {
  EXPECT_EQ(transform_repr(reshape_level({2, 8, 128}, DType::Float32)), "ReshapeTransform(shape=(2, 8, 128))");
  EXPECT_EQ(transform_repr(reshape_level({8}, DType::Float32)), "ReshapeTransform(shape=(8,))");
  EXPECT_EQ(transform_repr(bitcast_level({4, 128}, DType::Int32)), "BitcastTransform(dtype=dtype('int32'))");
  EXPECT_EQ(transform_repr(bitcast_level({4, 128}, DType::BFloat16)), "BitcastTransform(dtype=dtype(bfloat16))");
}

ir::AVal vmem_ref(DType d, array::Shape s) {
  ir::AVal a = ir::AVal::array(d, std::move(s));
  a.kind = ir::AVal::Kind::Ref;
  a.space = ir::MemorySpace::TpuVmem;
  return a;
}

// swap x{levels} <- v, and get y <- x{levels}.
ir::Jaxpr access(const ir::AVal& ref, std::vector<ir::Indexer> levels, const array::Shape& value, DType dtype,
                 bool write) {
  ir::Jaxpr j;
  int x = j.new_var(ref), v = j.new_var(ir::AVal::array(dtype, value));
  j.invars = {x, v};
  ir::Eqn e;
  e.prim = write ? ir::Prim::Swap : ir::Prim::Get;
  e.inputs = write ? std::vector<ir::Atom>{ir::Atom::of_var(x), ir::Atom::of_var(v)}
                   : std::vector<ir::Atom>{ir::Atom::of_var(x)};
  e.outputs = {j.new_var(ir::AVal::array(dtype, value))};
  e.params.indexers = std::move(levels);
  e.source = SourceRange{9, 5, 9, 30};
  j.eqns.push_back(e);
  return j;
}

TEST(RefTransformsTest, InterpretRefusesWritesButNotReads) {
  ir::Jaxpr read = access(vmem_ref(DType::Float32, {8, 128}), {reshape_level({2, 4, 128}, DType::Float32)},
                          {2, 4, 128}, DType::Float32, false);
  EXPECT_NO_THROW(check_generic_dma_sizes(read));
  ir::Jaxpr write = access(vmem_ref(DType::Float32, {8, 128}),
                           {reshape_level({2, 4, 128}, DType::Float32), bitcast_level({2, 4, 128}, DType::Int32)},
                           {2, 4, 128}, DType::Int32, true);
  EngineError e = expect_error([&] { check_generic_dma_sizes(write); });
  EXPECT_EQ(e.id, ErrorId::generic_unsupported_transform);
  EXPECT_EQ(e.type, "NotImplementedError");
  // The write phase meets the last transform first.
  EXPECT_EQ(e.message, "Unsupported transform: BitcastTransform(dtype=dtype('int32'))");
  EXPECT_EQ(e.where.line, 9);
}

TEST(RefTransformsTest, ChipKeepsTheMinorDimAndTileAlignment) {
  ir::AVal ref = vmem_ref(DType::Float32, {16, 128});
  ir::Eqn e = access(ref, {reshape_level({2, 8, 128}, DType::Float32)}, {2, 8, 128}, DType::Float32, false).eqns[0];
  EXPECT_NO_THROW(check_chip_ref_transforms(e, 0, 1, ref, e.source));
  e.params.indexers = {reshape_level({8, 256}, DType::Float32)};
  EngineError err = expect_error([&] { check_chip_ref_transforms(e, 0, 1, ref, e.source); });
  EXPECT_EQ(err.id, ErrorId::chip_memref_reshape);
  EXPECT_EQ(err.message,
            "INTERNAL: Mosaic failed to compile TPU kernel: 'tpu.memref_reshape' op Expected the minormost "
            "dimension to be unchanged");
  e.params.indexers = {reshape_level({4, 4, 128}, DType::Float32)};  // 4 rows: not a multiple of 8
  err = expect_error([&] { check_chip_ref_transforms(e, 0, 1, ref, e.source); });
  EXPECT_NE(err.message.find("2nd minor dimension is aligned to the tile"), std::string::npos);
  e.params.indexers = {reshape_level({2048}, DType::Float32)};
  err = expect_error([&] { check_chip_ref_transforms(e, 0, 1, ref, e.source); });
  EXPECT_EQ(err.message, "INTERNAL: Mosaic failed to compile TPU kernel: Not implemented: 1d memref reshape.");
}

TEST(RefTransformsTest, ChipTileFollowsBitcastsAndSmallAllocations) {
  // bf16 [16, 128] seen as int32 [8, 128]: the 8-row tile holds 4 int32 rows,
  // so splitting 8 rows into 2 x 4 stays aligned.
  ir::AVal ref = vmem_ref(DType::BFloat16, {16, 128});
  ir::Eqn e = access(ref, {bitcast_level({8, 128}, DType::Int32), reshape_level({2, 4, 128}, DType::Int32)},
                     {2, 4, 128}, DType::Int32, false).eqns[0];
  EXPECT_NO_THROW(check_chip_ref_transforms(e, 0, 2, ref, e.source));
  // A [2, 8, 2, 128] f32 block: two rows per tile, so (32, 128) is aligned.
  ir::AVal pages = vmem_ref(DType::Float32, {2, 8, 2, 128});
  e.params.indexers = {reshape_level({32, 128}, DType::Float32)};
  EXPECT_NO_THROW(check_chip_ref_transforms(e, 0, 1, pages, e.source));
  // 1-D refs: Pallas's own refusal, before Mosaic.
  ir::AVal flat = vmem_ref(DType::Float32, {1024});
  e.params.indexers = {reshape_level({8, 128}, DType::Float32)};
  EngineError err = expect_error([&] { check_chip_ref_transforms(e, 0, 1, flat, e.source); });
  EXPECT_EQ(err.id, ErrorId::chip_reshape_1d);
  EXPECT_EQ(err.message, "Reshape 1D ref is not supported.");
}

TEST(RefTransformsTest, PrinterShowsTransformsAsJaxDoes) {
  ir::Jaxpr j = access(vmem_ref(DType::BFloat16, {16, 128}),
                       {bitcast_level({8, 128}, DType::Int32), reshape_level({2, 4, 128}, DType::Int32)},
                       {2, 4, 128}, DType::Int32, false);
  std::string text = ir::print_jaxpr(j);
  EXPECT_NE(text.find("a{bitcast(int32)}{reshape([2, 4, 128])}"), std::string::npos) << text;
}

TEST(RefTransformsTest, FirstTransformIsFound) {
  std::vector<ir::Indexer> levels = {row_level(0, 8), reshape_level({2, 4}, DType::Float32), row_level(1, 4)};
  EXPECT_TRUE(ir::has_ref_transforms(levels));
  EXPECT_EQ(ir::first_ref_transform(levels), 1u);
  EXPECT_FALSE(ir::has_ref_transforms(levels, 0, 1));
  EXPECT_EQ(ir::first_ref_transform(levels, 2, 1), 3u);  // none in [2, 3)
}

}  // namespace
}  // namespace rungs::exec
