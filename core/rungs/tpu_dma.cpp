// Semaphore signal/wait and the DMA state machine (SEMANTICS 4.7, 4.8):
// the TpuShared methods that move data between buffers and counts.
#include "core/array/dtype.h"
#include "core/errors/error.h"
#include "core/rungs/tpu_shared.h"

namespace rungs::exec {

void TpuShared::sem_event(const char* kind, int core, const Semaphore& s, int target, const AccessSite& site) {
  if (!sink.tracing()) return;
  Event e;
  e.kind = kind;
  e.core = core;
  e.step = site.step;
  e.source = site.source;
  e.fields["semaphore"] = s.id;
  e.fields["target_core"] = static_cast<int64_t>(target);
  e.fields["value"] = s.count[static_cast<size_t>(target)];
  sink.event(std::move(e));
}

void TpuShared::signal(int core, int64_t sem_id, int64_t inc, int target_core, const AccessSite& site) {
  VectorClock clock;
  if (policy.detect_races) clock = tick(core);
  Semaphore& s = semaphores.get(sem_id);
  if (target_core < 0 || target_core >= num_cores) {
    if (!policy.interpreter_quirks) raise(ErrorId::chip_core_index, site.source, target_core, num_cores);
    raise(ErrorId::tpu_core_index, site.source, target_core, num_cores);
  }
  semaphores.signal(s, target_core, inc, policy.detect_races ? &clock : nullptr);
  ++activity;
  sem_event("sem_signal", core, s, target_core, site);
}

Status TpuShared::wait(int core, int64_t sem_id, int64_t value, bool first, const AccessSite& site) {
  if (first && policy.detect_races) tick(core);
  size_t c = static_cast<size_t>(core);
  while (true) {
    Semaphore& s = semaphores.get(sem_id);
    if (s.count[c] >= value) {
      s.count[c] -= value;
      if (policy.detect_races && s.clocks[c]) clocks[c].update(*s.clocks[c]);
      ++activity;
      sem_event("sem_wait", core, s, core, site);
      return Status::Done;
    }
    if (s.tasks[c].empty()) return Status::Blocked;
    // Run the most recently queued DMA that will signal this count.
    SemaphoreTask task = s.tasks[c].back();
    s.tasks[c].pop_back();
    Dma& d = dmas[static_cast<size_t>(task.dma)];
    dma_read(d);
    if (task.write) dma_write(dmas[static_cast<size_t>(task.dma)]);
  }
}

namespace {
Event dma_event(const char* kind, const Dma& d, int core, int cores_per_device) {
  Event e;
  e.kind = kind;
  e.core = core;
  e.step = d.site.step;
  e.source = d.site.source;
  e.fields["dma"] = d.id;
  e.fields["src"] = d.src.str();
  e.fields["src_window"] = range_str(d.src_range);
  e.fields["src_buffer"] = d.src.ref();
  e.fields["src_box"] = window_box(d.src_range);
  e.fields["dst"] = d.dst.str();
  e.fields["dst_window"] = range_str(d.dst_range);
  e.fields["dst_buffer"] = d.dst.ref();
  e.fields["dst_box"] = window_box(d.dst_range);
  e.fields["semaphore"] = d.dst_sem;
  if (d.bytes) e.fields["bytes"] = d.bytes;
  if (d.src_sem) {  // a remote copy: which devices it connects
    e.fields["src_device"] = static_cast<int64_t>(d.src_core / cores_per_device);
    e.fields["dst_device"] = static_cast<int64_t>(d.dst_core / cores_per_device);
  }
  return e;
}
}  // namespace

void TpuShared::dma_start(int core, const DmaRequest& req, const AccessSite& site) {
  VectorClock clock;
  if (policy.detect_races) clock = tick(core);
  // Looking the semaphores up first reproduces JAX's fixed-id collision check.
  if (req.src_sem) semaphores.get(*req.src_sem);
  semaphores.get(req.dst_sem);
  Dma d;
  d.id = next_dma_id++;
  d.src = req.src;
  d.dst = req.dst;
  d.src_range = req.src_range;
  d.dst_range = req.dst_range;
  d.src_tail = req.src_tail;
  d.dst_tail = req.dst_tail;
  d.src_core = core;
  d.dst_core = req.dst_core >= 0 ? req.dst_core : core;  // same local core on the destination device
  d.src_sem = req.src_sem;
  d.dst_sem = req.dst_sem;
  d.clock = clock;
  d.virtual_slot = policy.detect_races ? slots.uniform(num_cores, clock_size) : 0;
  d.site = site;
  ++activity;
  int64_t index = static_cast<int64_t>(dmas.size());
  dmas.push_back(std::move(d));
  sink.event(dma_event("dma_start", dmas.back(), core, cores_per_device));
  if (policy.dma_mode == TpuPolicy::DmaMode::Eager) {
    dma_read(dmas.back());
    dma_write(dmas.back());
    return;
  }
  const Dma& q = dmas.back();
  if (!q.src_sem) {
    semaphores.get(q.dst_sem).tasks[static_cast<size_t>(q.dst_core)].push_back({index, true});
  } else {
    semaphores.get(*q.src_sem).tasks[static_cast<size_t>(q.src_core)].push_back({index, false});
    // The receive side may run before the send side: it reads too if needed.
    semaphores.get(q.dst_sem).tasks[static_cast<size_t>(q.dst_core)].push_back({index, true});
  }
}

void TpuShared::dma_read(Dma& d) {
  if (d.state != Dma::State::Started) return;
  if (!memory.find(d.src)) raise(ErrorId::tpu_buffer_freed, d.site.source, d.id, d.src.str());
  if (policy.detect_races) d.clock.inc(d.virtual_slot);
  VectorClock snapshot = d.clock;
  Accessor who{d.src_core, ThreadKey{d.id, 0}, policy.detect_races ? &snapshot : nullptr, d.site};
  d.data = get(d.src, d.src_range, who);
  if (!d.src_tail.empty()) d.data = apply_tail(d.data, d.src_tail);  // through ref.reshape / ref.bitcast
  if (policy.detect_races) d.clock.inc(d.virtual_slot);
  d.bytes = d.data.size() * array::itemsize(d.data.dtype());
  if (d.src_sem) {
    Semaphore& s = semaphores.get(*d.src_sem);
    semaphores.signal(s, d.src_core, d.bytes, policy.detect_races ? &d.clock : nullptr);
  }
  d.state = Dma::State::Read;
  if (device_of(d.src_core) != device_of(d.dst_core)) {
    ++remote_dmas;
    remote_bytes += d.bytes;
  }
  sink.event(dma_event("dma_read", d, d.src_core, cores_per_device));
}

void TpuShared::dma_write(Dma& d) {
  if (d.state != Dma::State::Read) return;
  if (!memory.find(d.dst)) raise(ErrorId::tpu_buffer_freed, d.site.source, d.id, d.dst.str());
  if (policy.detect_races) d.clock.inc(d.virtual_slot);
  VectorClock snapshot = d.clock;
  Accessor who{d.dst_core, ThreadKey{d.id, 0}, policy.detect_races ? &snapshot : nullptr, d.site};
  if (d.dst_tail.empty()) {
    store(d.dst, d.dst_range, d.data, who);
  } else {  // a destination view through ref.reshape / ref.bitcast: update the view before them
    array::Array base = get(d.dst, d.dst_range, who);
    store(d.dst, d.dst_range, store_through_tail(base, d.dst_tail, d.data), who);
  }
  if (policy.detect_races) d.clock.inc(d.virtual_slot);
  semaphores.signal(semaphores.get(d.dst_sem), d.dst_core, d.bytes, policy.detect_races ? &d.clock : nullptr);
  d.data = array::Array();
  d.state = Dma::State::Completed;
  sink.event(dma_event("dma_write", d, d.dst_core, cores_per_device));
  sink.event(dma_event("dma_complete", d, d.dst_core, cores_per_device));
}

}  // namespace rungs::exec
