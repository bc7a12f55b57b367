// The DMA state machine and semaphores, driven directly through TpuShared:
// on_wait DMAs move nothing until a wait needs them and then run most
// recent first; eager DMAs move at start; DMA semaphores count bytes;
// a wait with nothing queued blocks; remote-style copies signal both
// semaphores.
#include <gtest/gtest.h>

#include "core/python/interpreter.h"
#include "core/rungs/tpu_shared.h"

namespace rungs::exec {
namespace {

using array::Array;
using array::DType;

struct Fixture {
  explicit Fixture(TpuPolicy::DmaMode mode, int cores = 1) {
    policy.dma_mode = mode;
    shared = std::make_unique<TpuShared>(policy, 1, cores, 2 * cores, host, nullptr);
  }
  Array iota(array::Shape s) {
    std::vector<int64_t> v(static_cast<size_t>(array::num_elements(s)));
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<int64_t>(i);
    return Array::from_ints(DType::Int32, s, v);
  }
  Range whole(const array::Shape& s) {
    Range r;
    for (int64_t d : s) r.push_back(RangeDim::slice(0, d));
    return r;
  }
  python::Interpreter host;
  TpuPolicy policy;
  std::unique_ptr<TpuShared> shared;
};

TEST(TpuDmaTest, OnWaitMovesDataOnlyWhenWaitedFor) {
  Fixture f(TpuPolicy::DmaMode::OnWait);
  TpuShared& s = *f.shared;
  BufferKey src = s.allocate(Space::Hbm, -1, f.iota({4, 8}), "input");
  BufferKey dst = s.allocate(Space::Vmem, -1, Array::zeros(DType::Int32, {2, 8}), "scratch");
  int64_t sem = s.semaphores.allocate_all_cores(1);
  EXPECT_EQ(src.id, 100);
  EXPECT_EQ(dst.id, 101);
  EXPECT_EQ(sem, 2000);
  DmaRequest req{src, dst, {RangeDim::slice(2, 4), RangeDim::slice(0, 8)}, f.whole({2, 8}), std::nullopt, sem};
  s.dma_start(0, req, AccessSite{});
  ASSERT_EQ(s.dmas.size(), 1u);
  EXPECT_EQ(s.dmas[0].id, 100);
  EXPECT_EQ(s.dmas[0].state, Dma::State::Started);
  EXPECT_EQ(s.memory.find(dst)->content.get_int(0), 0);  // nothing moved yet
  EXPECT_EQ(s.semaphores.get(sem).tasks[0].size(), 1u);
  // 2 x 8 int32 = 64 bytes: waiting for them runs the queued DMA.
  EXPECT_EQ(s.wait(0, sem, 64, true, AccessSite{}), Status::Done);
  EXPECT_EQ(s.dmas[0].state, Dma::State::Completed);
  EXPECT_EQ(s.dmas[0].bytes, 64);
  EXPECT_EQ(s.memory.find(dst)->content.get_int(0), 16);
  EXPECT_EQ(s.semaphores.get(sem).count[0], 0);
  // Nothing queued and nothing signalled: the wait blocks.
  EXPECT_EQ(s.wait(0, sem, 1, true, AccessSite{}), Status::Blocked);
}

TEST(TpuDmaTest, QueuedDmasRunMostRecentFirst) {
  Fixture f(TpuPolicy::DmaMode::OnWait);
  TpuShared& s = *f.shared;
  BufferKey a = s.allocate(Space::Hbm, -1, f.iota({8}), "input");
  BufferKey b = s.allocate(Space::Vmem, -1, Array::zeros(DType::Int32, {8}), "scratch");
  int64_t sem = s.semaphores.allocate_all_cores(1);
  // Two DMAs into the same window: the later one runs first, the earlier
  // one last, so its data wins.
  s.dma_start(0, {a, b, {RangeDim::slice(0, 4)}, {RangeDim::slice(0, 4)}, std::nullopt, sem}, AccessSite{});
  s.dma_start(0, {a, b, {RangeDim::slice(4, 8)}, {RangeDim::slice(0, 4)}, std::nullopt, sem}, AccessSite{});
  EXPECT_EQ(s.wait(0, sem, 16, true, AccessSite{}), Status::Done);  // satisfied by the second DMA alone
  EXPECT_EQ(s.dmas[1].state, Dma::State::Completed);
  EXPECT_EQ(s.dmas[0].state, Dma::State::Started);
  EXPECT_EQ(s.memory.find(b)->content.get_int(0), 4);
  EXPECT_EQ(s.wait(0, sem, 16, true, AccessSite{}), Status::Done);
  EXPECT_EQ(s.memory.find(b)->content.get_int(0), 0);
}

TEST(TpuDmaTest, EagerMovesAtStartAndRemoteStyleSignalsBothSemaphores) {
  Fixture f(TpuPolicy::DmaMode::Eager);
  TpuShared& s = *f.shared;
  BufferKey a = s.allocate(Space::Hbm, -1, f.iota({8}), "input");
  BufferKey b = s.allocate(Space::Vmem, -1, Array::zeros(DType::Int32, {8}), "scratch");
  int64_t send = s.semaphores.allocate_all_cores(1), recv = s.semaphores.allocate_all_cores(1);
  s.dma_start(0, {a, b, f.whole({8}), f.whole({8}), send, recv}, AccessSite{});
  EXPECT_EQ(s.dmas[0].state, Dma::State::Completed);
  EXPECT_EQ(s.semaphores.get(send).count[0], 32);
  EXPECT_EQ(s.semaphores.get(recv).count[0], 32);
  EXPECT_EQ(s.memory.find(b)->content.get_int(7), 7);
}

TEST(TpuDmaTest, SignalTargetsAndErrors) {
  Fixture f(TpuPolicy::DmaMode::OnWait, 2);
  TpuShared& s = *f.shared;
  int64_t sem = s.semaphores.allocate_all_cores(1);
  s.signal(1, sem, 3, 0, AccessSite{});  // core 1 signals core 0's count
  EXPECT_EQ(s.semaphores.get(sem).count[0], 3);
  EXPECT_EQ(s.semaphores.get(sem).count[1], 0);
  EXPECT_EQ(s.wait(1, sem, 1, true, AccessSite{}), Status::Blocked);
  EXPECT_EQ(s.wait(0, sem, 2, true, AccessSite{}), Status::Done);
  EXPECT_THROW(s.signal(0, sem, 1, 2, AccessSite{}), EngineError);  // no core 2
  s.semaphores.ensure_fixed(sem);  // a barrier id colliding with an internal one
  try {
    s.semaphores.get(sem);
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.message, "Semaphore 2000 occurs as both fixed-id and internal.");
  }
}

}  // namespace
}  // namespace rungs::exec
