// The chip model's compile checks: the tile rules against SEMANTICS T60's
// table, JAX's exact messages (with the "details" suffix), and the order in
// which the lowering meets them.
#include <gtest/gtest.h>

#include "core/rungs/chip_checks.h"
#include "tests/core/rungs/chip_test_util.h"

namespace rungs::exec {
namespace {

using array::DType;
using namespace testing;

const char* kDetailsTail = ".\nSee details at https://docs.jax.dev/en/latest/pallas/grid_blockspec.html#pallas-blockspec";

// SEMANTICS T60: (array shape, block shape, dtype bits, valid) with int32
// unless noted; rank 1 uses rank1_block_ok, rank >= 2 block_tile_ok.
struct Case {
  array::Shape array, block;
  int bits;
  bool valid;
};

TEST(ChipChecksTest, T60BlockShapeTable) {
  const Case cases[] = {
      {{2}, {2}, 32, true},           {{128}, {128}, 32, true},       {{1024}, {128}, 32, true},
      {{2048}, {256}, 32, true},      {{4096}, {2048}, 32, true},     {{256}, {256}, 16, true},
      {{1024}, {256}, 16, true},      {{2048}, {512}, 16, true},      {{512}, {512}, 8, true},
      {{1024}, {512}, 8, true},       {{2048}, {512}, 8, true},       {{2, 2}, {2, 2}, 32, true},
      {{3, 3}, {3, 3}, 32, true},     {{6, 2, 2}, {2, 2, 2}, 32, true}, {{6, 2, 2}, {3, 2, 2}, 32, true},
      {{16, 128}, {8, 128}, 32, true}, {{6, 16, 128}, {2, 8, 128}, 32, true}, {{6, 16, 128}, {3, 8, 128}, 32, true},
      {{16, 64}, {8, 64}, 32, true},  {{9, 128}, {9, 128}, 32, true}, {{8, 129}, {8, 129}, 32, true},
      {{9, 129}, {8, 129}, 32, true}, {{9, 129}, {9, 129}, 32, true}, {{5, 128}, {8, 128}, 32, true},
      {{128}, {64}, 32, false},       {{3072}, {384}, 32, false},     {{2304}, {1152}, 32, false},
      {{256}, {128}, 16, false},      {{3072}, {768}, 16, false},     {{2560}, {1280}, 16, false},
      {{512}, {256}, 8, false},       {{3072}, {1536}, 8, false},     {{4, 2}, {2, 2}, 32, false},
      {{16, 128}, {4, 128}, 32, false}, {{16, 128}, {2, 128}, 32, false}, {{16, 128}, {8, 64}, 32, false},
      {{9, 128}, {9, 64}, 32, false}, {{18, 128}, {9, 128}, 32, false}, {{1, 128}, {4, 128}, 32, false},
      {{2, 128}, {4, 128}, 32, false}, {{3, 128}, {4, 128}, 32, false},
  };
  const ChipGeneration& v5e = chip_generation("v5e");
  for (const Case& c : cases) {
    bool ok = c.block.size() == 1 ? rank1_block_ok(c.block[0], c.array[0], c.bits, v5e) : block_tile_ok(c.block, c.array);
    EXPECT_EQ(ok, c.valid) << array::shape_str(c.array) << " / " << array::shape_str(c.block) << " bits " << c.bits;
  }
}

TEST(ChipChecksTest, Rank1ChunkFollowsTheGeneration) {
  // 3072 is a multiple of 8 x 128 but not of TPU8t's 16 x 128, nor a power of two.
  EXPECT_TRUE(rank1_block_ok(3072, 6144, 32, chip_generation("v5e")));
  EXPECT_FALSE(rank1_block_ok(3072, 6144, 32, chip_generation("tpu8t")));
}

TEST(ChipChecksTest, TilingMessageHasJaxDetails) {
  pallas::PallasCall c = call({2});
  c.inputs.push_back(mapping("args[0]", {16, 128}, DType::Int32, {4, 128}, 1, {0, -1}));
  EngineError e = expect_error([&] { check_chip_compile(c, chip_generation("v5e")); });
  EXPECT_EQ(e.id, ErrorId::chip_block_tiling);
  EXPECT_EQ(e.type, "ValueError");
  EXPECT_EQ(e.message,
            std::string("The Pallas TPU lowering currently requires that the last two dimensions of your block shape "
                        "are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the "
                        "overall array. Block spec for args[0] in pallas_call kernel at kernel.py:3 has block shape "
                        "(Blocked(block_size=4), Blocked(block_size=128)), array shape (16, 128), and index_map "
                        "{ lambda ; a:i32[]. let  in (a, 0:i32[]) }, in memory space None") +
                kDetailsTail);
}

TEST(ChipChecksTest, Rank1MessageNamesChunkAndTiling) {
  pallas::PallasCall c = call({2});
  c.inputs.push_back(mapping("args[0]", {256}, DType::Int16, {128}, 1, {0}));
  EngineError e = expect_error([&] { check_chip_compile(c, chip_generation("v5e")); });
  EXPECT_EQ(e.id, ErrorId::chip_block_rank1);
  EXPECT_NE(e.message.find("is a multiple of 1024, or 3)"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("tiling size (256 = 128 * (32 // 16)) of the array shape. Block spec for args[0] "
                           "in pallas_call kernel at kernel.py:3 has block shape (Blocked(block_size=128),), array "
                           "shape (256,)"),
            std::string::npos)
      << e.message;
}

TEST(ChipChecksTest, RankZeroAndAnyWindows) {
  pallas::PallasCall c = call({1});
  c.inputs.push_back(mapping("args[0]", {}, DType::Float32, {}, 1));
  EngineError e = expect_error([&] { check_chip_compile(c, chip_generation("v5e")); });
  EXPECT_EQ(e.message, std::string("The Pallas TPU lowering currently supports only blocks of rank >= 1. Block spec "
                                   "for args[0] in pallas_call kernel at kernel.py:3 has block shape (), array shape "
                                   "(), and index_map { lambda ; a:i32[]. let  in () }, in memory space None") +
                           kDetailsTail);
  // The same scalar in SMEM with a trivial window is skipped.
  c.inputs[0].space = ir::MemorySpace::TpuSmem;
  EXPECT_NO_THROW(check_chip_compile(c, chip_generation("v5e")));

  pallas::PallasCall a = call({2});
  a.inputs.push_back(mapping("args[0]", {16, 128}, DType::Float32, {8, 128}, 1, {0, -1}, ir::MemorySpace::Any));
  e = expect_error([&] { check_chip_compile(a, chip_generation("v5e")); });
  EXPECT_EQ(e.id, ErrorId::chip_block_any_window);
  // No space between the sentence and the details: JAX concatenates them.
  EXPECT_NE(e.message.find("(returning all 0s).Block spec for args[0]"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("in memory space <MemorySpace.ANY: 'any'>.\n"), std::string::npos) << e.message;
}

TEST(ChipChecksTest, LoweringOrder) {
  // Block mappings are checked before the dimension semantics...
  pallas::PallasCall c = call({2});
  c.compiler.dimension_semantics = {"parallel", "arbitrary"};
  c.inputs.push_back(mapping("args[0]", {16, 128}, DType::Float32, {4, 128}, 1, {0, -1}));
  EXPECT_EQ(expect_error([&] { check_chip_compile(c, chip_generation("v5e")); }).id, ErrorId::chip_block_tiling);
  c.inputs[0] = mapping("args[0]", {16, 128}, DType::Float32, {8, 128}, 1, {0, -1});
  EngineError e = expect_error([&] { check_chip_compile(c, chip_generation("v5e")); });
  EXPECT_EQ(e.message, "Length of grid does not match length of dimension semantics. len(grid)=1, len(dimension_semantics)=2");
  // ...and pl.Buffered(n) only after everything else.
  c.compiler.dimension_semantics = {"parallel"};
  c.inputs[0].buffer_count = 3;
  e = expect_error([&] { check_chip_compile(c, chip_generation("v5e")); });
  EXPECT_EQ(e.type, "LoweringException");
  EXPECT_EQ(e.message, "Only single (1) and double (2) buffering are supported. Got 3.");
  // A trivial VMEM window is forced to one buffer, so Buffered(3) passes there.
  c.inputs[0] = mapping("args[0]", {16, 128}, DType::Float32, {16, 128}, 1);
  c.inputs[0].buffer_count = 3;
  EXPECT_NO_THROW(check_chip_compile(c, chip_generation("v5e")));
}

TEST(ChipChecksTest, GridFreeWindowsAndBlockDimTypes) {
  pallas::PallasCall c = call({});
  c.inputs.push_back(mapping("args[0]", {16, 128}, DType::Float32, {8, 128}, 0));
  EngineError e = expect_error([&] { check_chip_compile(c, chip_generation("v5e")); });
  EXPECT_EQ(e.type, "NotImplementedError");
  EXPECT_EQ(e.message, "Non-trivial windowing is not supported for grid-free pallas_call.");

  pallas::PallasCall b = call({2});
  b.inputs.push_back(mapping("args[0]", {16, 128}, DType::Float32, {8, 128}, 1, {0, -1}));
  b.inputs[0].dims[0].kind = pallas::BlockDimKind::BoundedSlice;
  e = expect_error([&] { check_chip_compile(b, chip_generation("v5e")); });
  EXPECT_EQ(e.message,
            "Unsupported block dimension type: <class 'jax._src.pallas.core.BoundedSlice'> for block shape: "
            "(BoundedSlice(8), Blocked(block_size=128))");
  b.inputs[0].dims[0].kind = pallas::BlockDimKind::Element;
  e = expect_error([&] { check_chip_compile(b, chip_generation("v5e")); });
  EXPECT_EQ(e.message, "All block dimensions must be Elements or none of them can be Elements.");
}

TEST(ChipChecksTest, RevisitAnyNeedsASingleBuffer) {
  // JAX lowers RevisitMode.ANY only with pl.Buffered(1); the buffer-count
  // check comes first, and a trivially windowed VMEM block skips both.
  pallas::PallasCall c = call({4});
  c.outputs.push_back(mapping("outputs[0]", {32, 128}, DType::Float32, {8, 128}, 1, {0, -1}));
  c.outputs[0].revisit_any = true;
  c.outputs[0].buffer_count = 1;
  check_chip_compile(c, chip_generation("v5e"));
  c.outputs[0].buffer_count = 2;
  EngineError e = expect_error([&] { check_chip_compile(c, chip_generation("v5e")); });
  EXPECT_EQ(e.id, ErrorId::chip_revisit_any_double_buffered);
  EXPECT_EQ(e.type, "LoweringException");
  EXPECT_EQ(e.message, "RevisitMode.ANY is not supported with double buffering.");
  c.outputs[0].buffer_count = 3;
  EXPECT_EQ(expect_error([&] { check_chip_compile(c, chip_generation("v5e")); }).id, ErrorId::chip_buffer_count);
}

TEST(ChipChecksTest, EveryPrimitiveHasADecision) {
  int lowered = 0;
  for (int p = 0; p < ir::prim_count(); ++p) lowered += chip_lowers(static_cast<ir::Prim>(p)) ? 1 : 0;
  EXPECT_GT(lowered, 0);
  EXPECT_FALSE(chip_lowers(ir::Prim::CumSum));
  EXPECT_FALSE(chip_lowers(ir::Prim::Sort));
  EXPECT_TRUE(chip_lowers(ir::Prim::DotGeneral));
}

}  // namespace
}  // namespace rungs::exec
