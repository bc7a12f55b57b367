// DMAs whose views have a traced pl.ds size: rung 1's refusal (JAX's
// discharge, core.canonicalize_shape's text), the chip's Mosaic check of
// tiled dims (which sizes it can prove aligned), and the IR printer.
#include <gtest/gtest.h>

#include "core/ir/printer.h"
#include "core/rungs/chip_checks.h"
#include "core/rungs/interpret_rung.h"
#include "tests/core/rungs/chip_test_util.h"

namespace rungs::exec {
namespace {

using array::DType;
using namespace testing;

ir::AVal ref(DType d, array::Shape s, ir::MemorySpace space = ir::MemorySpace::Any) {
  ir::AVal a = ir::AVal::array(d, std::move(s));
  a.kind = ir::AVal::Kind::Ref;
  a.space = space;
  return a;
}

ir::AVal dma_sem() {
  ir::AVal a = ref(DType::Int32, {}, ir::MemorySpace::TpuSemaphore);
  a.semaphore = ir::SemaphoreKind::Dma;
  return a;
}

// One view level: a slice on dim `dim` of size input `size_input` (or a
// static size when < 0), the other dims whole.
ir::Indexer level(const array::Shape& shape, size_t dim, int size_input) {
  ir::Indexer ix;
  for (size_t d = 0; d < shape.size(); ++d) {
    ir::DimIndex di;
    di.size = shape[d];
    if (d == dim && size_input >= 0) di.size_input = size_input;
    ix.dims.push_back(di);
  }
  return ix;
}

// dma_start(src.at[..n..], dst.at[..n..], sem): inputs src, dst, sem, n;
// `n` is produced by `producer` (null: a kernel argument).
struct DmaKernel {
  ir::Jaxpr j;
  int n = -1;
  DmaKernel(DType dtype, const array::Shape& shape, size_t dim, const ir::Eqn* producer = nullptr) {
    int src = j.new_var(ref(dtype, shape)), dst = j.new_var(ref(dtype, shape)), sem = j.new_var(dma_sem());
    int count = j.new_var(ir::AVal::array(DType::Int32, {}));
    j.invars = {src, dst, sem, count};
    n = count;
    if (producer) {
      ir::Eqn p = *producer;
      p.inputs = {ir::Atom::of_var(count)};
      n = j.new_var(ir::AVal::array(DType::Int32, {}));
      p.outputs = {n};
      j.eqns.push_back(p);
    }
    ir::Eqn e;
    e.prim = ir::Prim::DmaStart;
    e.inputs = {ir::Atom::of_var(src), ir::Atom::of_var(dst), ir::Atom::of_var(sem), ir::Atom::of_var(n)};
    e.params.indexers = {level(shape, dim, 3), level(shape, dim, 3), ir::Indexer{}};
    e.params.counts = {1, 1, 1, 0, 0, 0};
    e.source = SourceRange{7, 5, 7, 40};
    j.eqns.push_back(e);
  }
};

TEST(DmaDynamicSizeTest, InterpretRefusesWithTheDischargeText) {
  DmaKernel k(DType::Float32, {8, 8, 128}, 0);
  EngineError e = expect_error([&] { check_generic_dma_sizes(k.j); });
  EXPECT_EQ(e.id, ErrorId::generic_dynamic_dma_size);
  EXPECT_EQ(e.type, "TypeError");
  EXPECT_EQ(e.message,
            "Shapes must be 1D sequences of concrete values of integer type, got "
            "(Traced<int32[]>with<DynamicJaxprTrace>, 8, 128).\nIf using `jit`, try using `static_argnums` or "
            "applying `jit` to smaller subfunctions.");
  EXPECT_EQ(e.where.line, 7);
}

TEST(DmaDynamicSizeTest, InterpretChecksBranchesAndAcceptsStaticSizes) {
  DmaKernel k(DType::Float32, {8, 128}, 0);
  auto branch = std::make_shared<ir::Jaxpr>(k.j);
  ir::Jaxpr outer;
  ir::Eqn cond;
  cond.prim = ir::Prim::Cond;
  cond.params.jaxprs = {branch};
  outer.eqns.push_back(cond);
  EngineError e = expect_error([&] { check_generic_dma_sizes(outer); });
  EXPECT_EQ(e.id, ErrorId::generic_dynamic_dma_size);
  // The same copy with a static size passes.
  for (auto& ix : branch->eqns.back().params.indexers)
    for (auto& d : ix.dims) d.size_input = -1;
  EXPECT_NO_THROW(check_generic_dma_sizes(outer));
}

TEST(DmaDynamicSizeTest, ChipAcceptsTracedSizesOnUntiledDims) {
  DmaKernel k(DType::Float32, {8, 8, 128}, 0);
  EXPECT_NO_THROW(check_dma_dynamic_sizes(k.j, chip_generation("v5e")));
}

TEST(DmaDynamicSizeTest, ChipRefusesTracedSizesOnTiledDims) {
  DmaKernel lanes(DType::Float32, {8, 1024}, 1);
  EngineError e = expect_error([&] { check_dma_dynamic_sizes(lanes.j, chip_generation("v5e")); });
  EXPECT_EQ(e.id, ErrorId::chip_dma_dynamic_size_tiled);
  EXPECT_EQ(e.message,
            "INTERNAL: Mosaic failed to compile TPU kernel: Slice sizes along tiled dimensions must be aligned to "
            "tiles. Failed to verify that the size at dimension 1 is divisible by the tile dimension 128. If it "
            "is, use tpu.assume_multiple to suppress this error.");
  // Second-minor: the sublane count, also for packed dtypes.
  DmaKernel rows(DType::BFloat16, {64, 128}, 0);
  e = expect_error([&] { check_dma_dynamic_sizes(rows.j, chip_generation("v5e")); });
  EXPECT_NE(e.message.find("size at dimension 0 is divisible by the tile dimension 8."), std::string::npos);
  // Rank 1: the 1-D tile, 128 x packing elements from v4 on.
  DmaKernel flat(DType::Int8, {4096}, 0);
  e = expect_error([&] { check_dma_dynamic_sizes(flat.j, chip_generation("v5e")); });
  EXPECT_NE(e.message.find("tile dimension 512."), std::string::npos);
}

TEST(DmaDynamicSizeTest, ChipProvesMultipleOfAligned) {
  ir::Eqn multiple;
  multiple.prim = ir::Prim::MultipleOf;
  multiple.params.n = 256;
  DmaKernel ok(DType::Float32, {8, 1024}, 1, &multiple);
  EXPECT_NO_THROW(check_dma_dynamic_sizes(ok.j, chip_generation("v5e")));
  multiple.params.n = 64;
  DmaKernel weak(DType::Float32, {8, 1024}, 1, &multiple);
  EXPECT_THROW(check_dma_dynamic_sizes(weak.j, chip_generation("v5e")), EngineError);
}

TEST(DmaDynamicSizeTest, PrinterShowsTheSizeVariable) {
  ir::Jaxpr j;
  int x = j.new_var(ref(DType::Float32, {16, 128}, ir::MemorySpace::TpuVmem));
  int n = j.new_var(ir::AVal::array(DType::Int32, {}));
  j.invars = {x, n};
  ir::Eqn get;
  get.prim = ir::Prim::Get;
  get.inputs = {ir::Atom::of_var(x), ir::Atom::of_var(n)};
  ir::Indexer ix = level({16, 128}, 0, 1);
  ix.dims[0].start = 4;
  get.params.indexers = {ix};
  get.outputs = {j.new_var(ir::AVal::array(DType::Float32, {16, 128}))};
  j.eqns.push_back(get);
  std::string text = ir::print_jaxpr(j);
  EXPECT_NE(text.find("a[4:4+b,:]"), std::string::npos) << text;
}

}  // namespace
}  // namespace rungs::exec

namespace rungs::exec {
namespace {

// Mosaic's regions see the enclosing code's values: a size made a multiple
// of the tile outside a pl.when branch is proved aligned inside it.
TEST(DmaDynamicSizeTest, ChipProvesSizesComputedOutsideABranch) {
  using namespace testing;
  DmaKernel inner(DType::Float32, {64, 128}, 0);  // invars: src, dst, sem, n
  auto branch = std::make_shared<ir::Jaxpr>(inner.j);
  ir::Jaxpr outer;
  int src = outer.new_var(ref(DType::Float32, {64, 128})), dst = outer.new_var(ref(DType::Float32, {64, 128}));
  int sem = outer.new_var(dma_sem()), k = outer.new_var(ir::AVal::array(DType::Int32, {}));
  int n = outer.new_var(ir::AVal::array(DType::Int32, {})), which = outer.new_var(ir::AVal::array(DType::Int32, {}));
  outer.invars = {src, dst, sem, k, which};
  ir::Eqn mult;
  mult.prim = ir::Prim::MultipleOf;
  mult.params.n = 8;
  mult.inputs = {ir::Atom::of_var(k)};
  mult.outputs = {n};
  outer.eqns.push_back(mult);
  ir::Eqn cond;
  cond.prim = ir::Prim::Cond;
  cond.inputs = {ir::Atom::of_var(which), ir::Atom::of_var(src), ir::Atom::of_var(dst), ir::Atom::of_var(sem),
                 ir::Atom::of_var(n)};
  cond.params.jaxprs = {branch};
  outer.eqns.push_back(cond);
  EXPECT_NO_THROW(check_dma_dynamic_sizes(outer, chip_generation("v5e")));
  outer.eqns[0].params.n = 4;  // a multiple of 4 only: not provably a whole tile
  EngineError e = expect_error([&] { check_dma_dynamic_sizes(outer, chip_generation("v5e")); });
  EXPECT_EQ(e.id, ErrorId::chip_dma_dynamic_size_tiled);
}

}  // namespace
}  // namespace rungs::exec
