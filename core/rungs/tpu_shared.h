// The shared state of one device while a TPU-interpret kernel runs: what
// JAX keeps in its process-global SharedMemory (SEMANTICS 4.2-4.8, 4.11).
//
// It owns the buffers, semaphores, DMAs, the cores' vector clocks and the
// race detector, and implements the memory operations exactly as JAX's
// host callbacks do — get/store/swap with their bounds semantics and error
// texts, semaphore signal/wait, DMA start and its read/write steps — for
// one accessor at a time. Cores never touch buffers directly; the rule
// table (tpu_rules.h) and the kernel-call algorithm (tpu_rung.cpp) call
// these methods with "who is asking" (an Accessor). Single-threaded: the
// cooperative scheduler runs one core at a time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/python/interpreter.h"
#include "core/rungs/call_record.h"
#include "core/rungs/machine.h"
#include "core/rungs/race_detector.h"
#include "core/rungs/tpu_dma.h"
#include "core/rungs/tpu_memory.h"
#include "core/rungs/tpu_policy.h"
#include "core/rungs/tpu_semaphores.h"
#include "core/rungs/vector_clock.h"

namespace rungs::exec {

// Who performs an access: the core whose id appears in error messages and
// whose clock ticks, the race-detection thread, and (for DMAs) the clock
// the race check uses instead of the core's.
struct Accessor {
  int core = 0;
  ThreadKey thread{0, 0};
  const VectorClock* clock = nullptr;  // DMA clock; nullptr: the core's own, after its tick
  AccessSite site;
};

// The extra context of a block copy, for its own error texts.
struct BlockCopy {
  std::vector<int64_t> block_indices;  // what the index map returned
  std::string name;                    // kernel parameter name, or "unknown"
  std::vector<int64_t> point;          // grid point (permuted)
};

// Appends to the call record, re-found by index every time (a Python
// callback such as grid_point_recorder may run another pallas_call).
class RecordSink {
 public:
  RecordSink(python::Interpreter& host, CallRecord* record);
  CallRecord* get() const;
  bool tracing() const { return tracing_; }
  size_t max_steps() const { return max_steps_; }
  void event(Event e);  // bounded; sets truncated past the budget
  void step(StepEvent s);
  void race(Race r);

 private:
  python::Interpreter& host_;
  std::optional<size_t> index_;
  bool tracing_ = false;
  size_t max_steps_ = 0;
};

class TpuShared {
 public:
  TpuShared(const TpuPolicy& policy, int num_devices, int cores_per_device, int64_t clock_size,
            python::Interpreter& host, CallRecord* record);

  const TpuPolicy& policy;
  // Cores are numbered globally, device by device (JAX's global core id):
  // core g is local core g % cores_per_device of device g / cores_per_device.
  const int num_devices;
  const int cores_per_device;
  const int num_cores;  // num_devices * cores_per_device
  int device_of(int core) const { return core / cores_per_device; }
  int local_core(int core) const { return core % cores_per_device; }
  int global_core(int device, int local) const { return device * cores_per_device + local; }
  const int64_t clock_size;
  python::Interpreter& host;
  RecordSink sink;
  TpuMemory memory;
  SemaphoreTable semaphores;
  std::vector<VectorClock> clocks;  // per global core
  RaceDetector races;
  std::vector<Dma> dmas;
  int64_t next_dma_id = 100;
  SlotGenerator slots;
  // Grows on every access, signal, successful wait and DMA step: the
  // scheduler's "did anything change" test for deadlock detection.
  uint64_t activity = 0;
  // Remote DMAs between devices and the bytes they moved (the chip model's ICI estimate).
  int64_t remote_dmas = 0, remote_bytes = 0;

  // ---- fresh contents ----
  array::Scalar fill(array::DType dtype) const;
  array::Array fresh(array::DType dtype, const array::Shape& shape, const FreshInfo& info) const;

  // ---- buffers ----
  // Allocate on one (global) core, or on every core of every device
  // (core < 0) with the same id; HBM buffers exist once per device (local
  // core 0) with one reference per core. `value` is the logical content;
  // padded mode pads it to the v6e tiling.
  BufferKey allocate(Space space, int core, const array::Array& value, const std::string& role);
  // On every core of one device (per-device operands), same ids as above.
  BufferKey allocate_on_device(Space space, int device, const array::Array& value, const std::string& role);
  BufferKey key_for(Space space, int64_t id, int core) const;
  // The same buffer id on another device (operands allocated per device).
  BufferKey on_device(BufferKey key, int device) const {
    key.device = device;
    return key;
  }
  Buffer& buffer(const BufferKey& key, const char* what);

  // get / store / swap with JAX's bounds semantics, messages, clock ticks
  // and race checks. `block` switches to the block-copy messages.
  array::Array get(const BufferKey& key, const Range& r, const Accessor& who, const BlockCopy* block = nullptr);
  void store(const BufferKey& key, const Range& r, const array::Array& value, const Accessor& who,
             const BlockCopy* block = nullptr);
  array::Array swap(const BufferKey& key, const Range& r, const array::Array& value, const array::Array* mask,
                    const Accessor& who);

  // ---- clocks ----
  // Tick `core`'s own slot and return a snapshot (only with race detection).
  VectorClock tick(int core);
  void sync_clocks();  // device barrier: every core joins every other

  // ---- semaphores (tpu_dma.cpp) ----
  void signal(int core, int64_t sem_id, int64_t inc, int target_core, const AccessSite& site);
  // One attempt at a wait; runs queued DMA tasks while the count is short.
  // `first` ticks the clock (a retried wait does not tick again).
  Status wait(int core, int64_t sem_id, int64_t value, bool first, const AccessSite& site);

  // ---- DMAs (tpu_dma.cpp) ----
  void dma_start(int core, const DmaRequest& req, const AccessSite& site);
  void dma_read(Dma& d);
  void dma_write(Dma& d);

 private:
  void report(const std::optional<RaceDetector::Report>& r);
  BufferKey allocate_cores(Space space, int device, int first, int last, const array::Array& value,
                           const std::string& role);
  void sem_event(const char* kind, int core, const Semaphore& s, int target, const AccessSite& site);
};

}  // namespace rungs::exec
