// The chip model's VMEM/SMEM footprint arithmetic: tile padding per dtype
// and generation, buffer counts, ANY operands, scratch, run_scoped peaks,
// the limit's source and the RESOURCE_EXHAUSTED refusal at the boundary.
#include <gtest/gtest.h>

#include "core/rungs/chip_vmem.h"
#include "tests/core/rungs/chip_test_util.h"

namespace rungs::exec {
namespace {

using array::DType;
using namespace testing;

constexpr int64_t MiB = 1024 * 1024;

TEST(ChipVmemTest, TilePadding) {
  const ChipGeneration& v5e = chip_generation("v5e");
  const ChipGeneration& v7 = chip_generation("tpu7x");
  array::Shape padded;
  EXPECT_EQ(vmem_buffer_bytes({8, 128}, DType::Float32, v5e, &padded), 4096);
  EXPECT_EQ(padded, (array::Shape{8, 128}));
  EXPECT_EQ(vmem_buffer_bytes({20, 100}, DType::BFloat16, v5e, &padded), 24 * 128 * 2);  // 8-row tiles before gen 7
  EXPECT_EQ(padded, (array::Shape{24, 128}));
  EXPECT_EQ(vmem_buffer_bytes({20, 100}, DType::BFloat16, v7, &padded), 32 * 128 * 2);   // 16-row tiles on TPU7x
  EXPECT_EQ(vmem_buffer_bytes({8, 128}, DType::Int8, v5e, &padded), 32 * 128);           // 32-row tiles for int8
  EXPECT_EQ(vmem_buffer_bytes({8, 128}, DType::Bool, v5e), 8 * 128 * 4);                 // bool is int32 in memory
  // Sub-byte types pack 8 per 32-bit word: 64-row tiles, half a byte each.
  EXPECT_EQ(vmem_buffer_bytes({8, 128}, DType::Int4, v5e, &padded), 64 * 128 / 2);
  EXPECT_EQ(padded, (array::Shape{64, 128}));
  EXPECT_EQ(vmem_buffer_bytes({100, 128}, DType::UInt4, v7), 128 * 128 / 2);
  EXPECT_EQ(vmem_buffer_bytes({8, 128}, DType::Float8E4M3FN, v5e), 32 * 128);  // float8 tiles as int8
  EXPECT_EQ(vmem_buffer_bytes({2, 3, 5}, DType::Float32, v5e, &padded), 2 * 8 * 128 * 4);
  EXPECT_EQ(vmem_buffer_bytes({100}, DType::Float32, v5e), 128 * 4);                     // rank 1: 128-element tiles
  EXPECT_EQ(vmem_buffer_bytes({100}, DType::BFloat16, v5e), 256 * 2);                    // packed: 256 elements
  EXPECT_EQ(smem_buffer_bytes({3, 5}), 60);                                              // 32-bit words, no tiles
}

TEST(ChipVmemTest, BufferCountsAndSpaces) {
  const ChipGeneration& v5e = chip_generation("v5e");
  pallas::PallasCall c = call({4});
  c.inputs.push_back(mapping("args[0]", {512, 1024}, DType::Float32, {128, 1024}, 1, {0, -1}));
  c.inputs.push_back(mapping("args[1]", {512, 1024}, DType::Float32, {128, 1024}, 1, {0, -1}));
  c.inputs[1].buffer_count = 1;
  c.inputs.push_back(mapping("args[2]", {8, 128}, DType::Float32, {8, 128}, 1));  // trivial window
  c.inputs.push_back(mapping("args[3]", {4096, 1024}, DType::Float32, {4096, 1024}, 1, {}, ir::MemorySpace::Any));
  c.inputs.push_back(mapping("args[4]", {16}, DType::Int32, {16}, 1, {}, ir::MemorySpace::TpuSmem));
  c.outputs.push_back(mapping("outputs[0]", {512, 1024}, DType::Float32, {128, 1024}, 1, {0, -1}));
  ir::AVal scratch = ir::AVal::array(DType::Float32, {128, 128});
  scratch.kind = ir::AVal::Kind::Ref;
  scratch.space = ir::MemorySpace::TpuVmem;
  c.scratch.push_back(scratch);
  Footprint f = compute_footprint(c, v5e);
  const int64_t block = 128 * 1024 * 4;
  ASSERT_EQ(f.lines.size(), 7u);
  EXPECT_EQ(f.lines[0].buffers, 2);
  EXPECT_EQ(f.lines[0].why, "double-buffered (default)");
  EXPECT_EQ(f.lines[1].buffers, 1);
  EXPECT_EQ(f.lines[1].why, "pl.Buffered(1)");
  EXPECT_EQ(f.lines[2].buffers, 1);
  EXPECT_EQ(f.lines[3].space, "hbm");
  EXPECT_EQ(f.lines[3].total, 0);
  EXPECT_EQ(f.lines[4].space, "smem");
  EXPECT_EQ(f.vmem, 2 * block + block + 4096 + 2 * block + 128 * 128 * 4);
  EXPECT_EQ(f.smem, 64);
}

// run_scoped allocations: nested scopes add up, sibling scopes reuse space.
TEST(ChipVmemTest, RunScopedPeak) {
  auto scoped = [](std::vector<ir::AVal> allocs, ir::JaxprPtr body) {
    ir::Eqn e;
    e.prim = ir::Prim::RunScoped;
    e.params.allocs = std::move(allocs);
    e.params.jaxprs.push_back(body ? body : std::make_shared<ir::Jaxpr>());
    return e;
  };
  auto vmem = [](array::Shape s) {
    ir::AVal a = ir::AVal::array(DType::Float32, std::move(s));
    a.kind = ir::AVal::Kind::Ref;
    a.space = ir::MemorySpace::TpuVmem;
    return a;
  };
  pallas::PallasCall c = call({1});
  auto inner = std::make_shared<ir::Jaxpr>();
  inner->eqns.push_back(scoped({vmem({16, 128})}, nullptr));                     // 8 KiB inside 4 KiB
  c.kernel->eqns.push_back(scoped({vmem({8, 128})}, inner));
  c.kernel->eqns.push_back(scoped({vmem({16, 128})}, nullptr));                  // sibling: 8 KiB
  Footprint f = compute_footprint(c, chip_generation("v5e"));
  EXPECT_EQ(f.vmem, 4096 + 8192);
  c.kernel->eqns.push_back(scoped({vmem({64, 128})}, nullptr));                  // sibling: 32 KiB wins
  EXPECT_EQ(compute_footprint(c, chip_generation("v5e")).vmem, 32768);
}

TEST(ChipVmemTest, LimitSources) {
  pallas::PallasCall c = call({1});
  std::string why;
  EXPECT_EQ(vmem_limit(c, chip_generation("v5e"), &why), 16 * MiB);
  EXPECT_NE(why.find("assumes"), std::string::npos);
  EXPECT_EQ(vmem_limit(c, chip_generation("v6e"), &why), 32 * MiB);
  c.compiler.vmem_limit_bytes = 40 * MiB;
  EXPECT_EQ(vmem_limit(c, chip_generation("v5e"), &why), 40 * MiB);
  EXPECT_EQ(vmem_limit(c, chip_generation("v4"), &why), 16 * MiB);  // clamped to the physical VMEM
  EXPECT_NE(why.find("clamped"), std::string::npos);
}

TEST(ChipVmemTest, RefusalAtTheBoundary) {
  const ChipGeneration& v5e = chip_generation("v5e");
  pallas::PallasCall c = call({2});
  // Two double-buffered (1024, 1024) f32 blocks: 4 x 4 MiB = exactly 16 MiB.
  c.inputs.push_back(mapping("args[0]", {2048, 1024}, DType::Float32, {1024, 1024}, 1, {0, -1}));
  c.outputs.push_back(mapping("outputs[0]", {2048, 1024}, DType::Float32, {1024, 1024}, 1, {0, -1}));
  EXPECT_NO_THROW(check_memory_budget(c, v5e, compute_footprint(c, v5e)));
  c.compiler.vmem_limit_bytes = 16 * MiB - 1;
  EngineError e = expect_error([&] { check_memory_budget(c, v5e, compute_footprint(c, v5e)); });
  EXPECT_EQ(e.id, ErrorId::chip_vmem_exhausted);
  EXPECT_EQ(e.type, "JaxRuntimeError");
  EXPECT_EQ(e.message.substr(0, e.message.find('\n')),
            "RESOURCE_EXHAUSTED: Ran out of memory in memory space vmem. Used 16.00M of 16.00M vmem.");
  EXPECT_NE(e.message.find("  args[0]: block (1024, 1024) float32 = 4194304 bytes x 2 = 8388608 (double-buffered (default))"),
            std::string::npos)
      << e.message;
  EXPECT_NE(e.message.find("total 16777216 bytes (16.00M) against a limit of 16777215 bytes"), std::string::npos)
      << e.message;
}

}  // namespace
}  // namespace rungs::exec
