// Several devices in one TPU simulation, driven directly through TpuShared:
// cores are numbered device by device, each device has its own HBM (same
// buffer ids, own contents), a remote DMA writes into the destination
// device's buffer and signals the receive semaphore on the destination's
// core and the send semaphore on the source's, and the remote counters the
// chip model's ICI note reads count only DMAs that cross devices.
#include <gtest/gtest.h>

#include "core/python/interpreter.h"
#include "core/rungs/tpu_shared.h"

namespace rungs::exec {
namespace {

using array::Array;
using array::DType;

struct Devices {
  Devices(int devices, int cores, TpuPolicy::DmaMode mode = TpuPolicy::DmaMode::Eager) {
    policy.dma_mode = mode;
    shared = std::make_unique<TpuShared>(policy, devices, cores, 2 * devices * cores, host, nullptr);
  }
  python::Interpreter host;
  TpuPolicy policy;
  std::unique_ptr<TpuShared> shared;
};

Range row(int64_t n) { return {RangeDim::slice(0, n)}; }

TEST(TpuDevicesTest, CoresAreNumberedDeviceByDevice) {
  Devices d(3, 2);
  TpuShared& s = *d.shared;
  EXPECT_EQ(s.num_cores, 6);
  EXPECT_EQ(s.device_of(5), 2);
  EXPECT_EQ(s.local_core(5), 1);
  EXPECT_EQ(s.global_core(1, 1), 3);
  // VMEM is per core, HBM per device (local core 0).
  EXPECT_EQ(s.key_for(Space::Vmem, 101, 3).device, 1);
  EXPECT_EQ(s.key_for(Space::Vmem, 101, 3).core, 1);
  EXPECT_EQ(s.key_for(Space::Hbm, 100, 3).core, 0);
}

TEST(TpuDevicesTest, EveryDeviceGetsItsOwnOperandUnderOneId) {
  Devices d(2, 1);
  TpuShared& s = *d.shared;
  BufferKey a = s.allocate_on_device(Space::Hbm, 0, Array::full(DType::Int32, {4}, array::Scalar::from_int(7)), "input");
  BufferKey b = s.allocate_on_device(Space::Hbm, 1, Array::full(DType::Int32, {4}, array::Scalar::from_int(9)), "input");
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(s.memory.find(a)->content.get_int(0), 7);
  EXPECT_EQ(s.memory.find(s.on_device(a, 1))->content.get_int(0), 9);
  // allocate(core < 0): the same fresh buffer on every core of every device.
  BufferKey v = s.allocate(Space::Vmem, -1, Array::zeros(DType::Int32, {4}), "scratch");
  EXPECT_NE(s.memory.find(s.key_for(Space::Vmem, v.id, 1)), nullptr);
}

TEST(TpuDevicesTest, RemoteDmaLandsOnTheOtherDeviceAndSignalsBothSides) {
  Devices d(2, 1);
  TpuShared& s = *d.shared;
  BufferKey src = s.allocate_on_device(Space::Hbm, 0, Array::full(DType::Int32, {4}, array::Scalar::from_int(5)), "input");
  s.allocate_on_device(Space::Hbm, 1, Array::zeros(DType::Int32, {4}), "input");
  BufferKey out0 = s.allocate_on_device(Space::Hbm, 0, Array::zeros(DType::Int32, {4}), "output");
  s.allocate_on_device(Space::Hbm, 1, Array::zeros(DType::Int32, {4}), "output");
  int64_t send = s.semaphores.allocate_all_cores(1), recv = s.semaphores.allocate_all_cores(1);
  DmaRequest req{src, s.on_device(out0, 1), row(4), row(4), send, recv, /*dst_core=*/1};
  s.dma_start(0, req, AccessSite{});
  EXPECT_EQ(s.memory.find(s.on_device(out0, 1))->content.get_int(0), 5);
  EXPECT_EQ(s.memory.find(out0)->content.get_int(0), 0);  // device 0's own output untouched
  EXPECT_EQ(s.semaphores.get(send).count[0], 16);  // 4 x int32 left device 0
  EXPECT_EQ(s.semaphores.get(recv).count[1], 16);  // and landed on device 1
  EXPECT_EQ(s.semaphores.get(recv).count[0], 0);
  EXPECT_EQ(s.remote_dmas, 1);
  EXPECT_EQ(s.remote_bytes, 16);
  // A copy within one device is not an ICI transfer.
  s.dma_start(0, {src, out0, row(4), row(4), std::nullopt, recv}, AccessSite{});
  EXPECT_EQ(s.remote_dmas, 1);
}

TEST(TpuDevicesTest, OnWaitRemoteDmaRunsWhenTheReceiverWaits) {
  Devices d(2, 1, TpuPolicy::DmaMode::OnWait);
  TpuShared& s = *d.shared;
  BufferKey src = s.allocate_on_device(Space::Hbm, 0, Array::full(DType::Int32, {2}, array::Scalar::from_int(3)), "input");
  s.allocate_on_device(Space::Hbm, 1, Array::zeros(DType::Int32, {2}), "input");
  int64_t send = s.semaphores.allocate_all_cores(1), recv = s.semaphores.allocate_all_cores(1);
  s.dma_start(0, {src, s.on_device(src, 1), row(2), row(2), send, recv, 1}, AccessSite{});
  EXPECT_EQ(s.memory.find(s.on_device(src, 1))->content.get_int(0), 0);  // queued
  EXPECT_EQ(s.wait(0, recv, 8, true, AccessSite{}), Status::Blocked);  // nothing is coming to device 0
  EXPECT_EQ(s.wait(1, recv, 8, true, AccessSite{}), Status::Done);     // device 1's wait runs it
  EXPECT_EQ(s.memory.find(s.on_device(src, 1))->content.get_int(0), 3);
  EXPECT_EQ(s.wait(0, send, 8, true, AccessSite{}), Status::Done);     // the send side was signalled too
}

}  // namespace
}  // namespace rungs::exec
