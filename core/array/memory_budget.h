// The memory budget every array allocation is charged to. A user program can
// ask for jnp.zeros((100000, 100000)); the engine must answer MemoryError
// before touching the allocator (the browser tab has 512 MB at most), so each
// Storage allocation first checks a per-thread budget: a per-array element
// cap and a cap on the bytes live at once. The budget is thread_local so that
// simulated cores on other threads never contend on it; a run installs its
// limits with ScopedMemoryBudget, which restores the enclosing budget after.
// Storage remembers the scope it was charged to and only refunds that scope,
// so an array that outlives its run (or dies on another thread) never
// corrupts a budget it was not charged to.
#pragma once

#include <cstdint>

namespace rungs::array {

struct MemoryBudget {
  int64_t limit_bytes;   // max bytes live at once in this scope
  int64_t live_bytes;    // bytes currently allocated in this scope
  int64_t peak_bytes;    // high-water mark of live_bytes in this scope
  int64_t max_elements;  // max elements of any one array
  uint64_t scope_id;     // identifies the installing scope (refund matching)
};

// Defaults when no ScopedMemoryBudget is active on the thread.
inline constexpr int64_t kDefaultMemoryLimitBytes = int64_t{2} << 30;  // 2 GiB
inline constexpr int64_t kDefaultMaxElements = int64_t{1} << 28;       // 268M

MemoryBudget& memory_budget();

// Installs fresh limits (live and peak start at 0) for one run.
class ScopedMemoryBudget {
 public:
  ScopedMemoryBudget(int64_t limit_bytes, int64_t max_elements);
  ~ScopedMemoryBudget();
  ScopedMemoryBudget(const ScopedMemoryBudget&) = delete;
  ScopedMemoryBudget& operator=(const ScopedMemoryBudget&) = delete;

 private:
  MemoryBudget saved_;
};

// Checks an array of `elements` elements of `bytes` bytes against the budget
// and charges it; raises MemoryError (array_too_large / memory_limit) without
// charging if it does not fit. `shape_text` is only used in the message.
// Returns the scope id to pass to release_memory.
uint64_t charge_memory(int64_t bytes, int64_t elements, const char* shape_text);
// Refunds `bytes` if the charging scope is still the thread's current one.
void release_memory(int64_t bytes, uint64_t scope_id);

}  // namespace rungs::array
