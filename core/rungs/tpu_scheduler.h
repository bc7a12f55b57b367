// Cooperative scheduling of simulated TensorCores on one thread.
//
// JAX runs each core as an OS thread; the wasm build has no threads, and a
// teaching tool wants the same interleaving every time. So each core is a
// resumable state machine (its Machine stops at a semaphore wait that
// cannot be satisfied yet and later continues exactly there) and the
// scheduler runs one core until it blocks or finishes, then the next. With
// no seed the order is core 0, 1, 2, ... on every pass; with a seed each
// pass visits the runnable cores in a seeded random order (still the same
// run every time for that seed).
//
// A wait that can never be satisfied is a deadlock, not a hang: when a
// whole pass over the unfinished cores changes nothing (every core blocked
// again at once, no DMA ran, no count moved — the `activity` counter stood
// still), the scheduler calls `deadlock` and stops.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/rungs/machine.h"

namespace rungs::exec {

class SchedulableCore {
 public:
  virtual ~SchedulableCore() = default;
  virtual Status resume() = 0;       // run until finished (Done) or blocked
  virtual bool finished() const = 0;
};

struct ScheduleOptions {
  int64_t seed = -1;                           // -1: cores in id order every pass
  std::function<uint64_t()> activity;          // grows whenever shared state changes
  std::function<void()> deadlock;              // must throw (reports the blocked cores)
};

// Runs every core to completion; exceptions from a core propagate at once.
void run_cores(const std::vector<SchedulableCore*>& cores, const ScheduleOptions& options);

}  // namespace rungs::exec
