// Semaphores of TPU interpret mode (SEMANTICS 4.7).
//
// One object per semaphore id holds a separate count for every global
// core, so "the same semaphore" on two cores is two counters that can be
// signalled across cores. Ids come from a per-core counter starting at
// 2000 (scratch semaphores get the same ids on every core); barrier
// semaphores live in a separate table under the fixed collective_id.
// Each count has a list of pending tasks — queued DMAs that will signal it
// — which a waiting core runs most-recent-first when its count is too low
// (dma_execution_mode="on_wait"). With race detection, each count also
// carries the joined clock of its signallers, which a successful wait
// folds into the waiting core's clock (the happens-before edge).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "core/rungs/vector_clock.h"

namespace rungs::exec {

// A queued DMA step: read only (the send side of a remote copy) or read
// then write (a local copy, or the receive side).
struct SemaphoreTask {
  int64_t dma = 0;       // index into the DMA table
  bool write = true;
};

struct Semaphore {
  int64_t id = 0;
  std::vector<int64_t> count;                    // per global core
  std::vector<std::vector<SemaphoreTask>> tasks; // per global core, run LIFO
  std::vector<std::optional<VectorClock>> clocks;  // per global core (race detection)
};

class SemaphoreTable {
 public:
  explicit SemaphoreTable(int num_cores) : num_cores_(num_cores), next_(static_cast<size_t>(num_cores), 2000) {}

  // Allocate `n` ids on `core` (run_scoped) or on every core (cores = all);
  // returns the first id. Creates the objects that do not exist yet.
  int64_t allocate(int core, int64_t n);
  int64_t allocate_all_cores(int64_t n);
  // get_barrier_semaphore: the fixed-id semaphore, created on first use.
  void ensure_fixed(int64_t id);
  // JAX's lookup: a fixed id wins, and raises if the id is also internal.
  Semaphore& get(int64_t id);
  // Count += inc on `target` and join `clock` into that count's clock.
  void signal(Semaphore& s, int target, int64_t inc, const VectorClock* clock);
  // (id, global core, count) of every non-zero count, ids ascending.
  std::vector<std::pair<const Semaphore*, int>> nonzero() const;
  int num_cores() const { return num_cores_; }

 private:
  Semaphore& create(std::map<int64_t, Semaphore>& table, int64_t id);

  int num_cores_;
  std::vector<int64_t> next_;
  std::map<int64_t, Semaphore> sems_, fixed_;
};

}  // namespace rungs::exec
