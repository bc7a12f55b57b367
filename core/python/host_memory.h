// Python objects count against the run's memory budget too, not only arrays
// (core/array/memory_budget.h). Without this, `s = s + s` thirty times or
// `list(range(10**9))` grows the process by gigabytes before any limit
// notices (the browser tab dies, the native CLI swaps). Strings, lists,
// tuples, dicts and sets hold a HostCharge for the bytes of their contents;
// it raises the same MemoryError as an array allocation when the budget is
// exhausted, and refunds on destruction (only to the run that was charged).
// Sizes are estimates: what a program could grow, not exact heap usage.
#pragma once

#include <cstdint>

namespace rungs::python {

// Estimated bytes per element, used by the containers' charges. Fixed
// numbers rather than sizeof, so a MemoryError's text is the same natively
// and in wasm32.
inline constexpr int64_t kValueBytes = 32;
inline constexpr int64_t kDictEntryBytes = 2 * kValueBytes + 64;  // key, value, index node
inline constexpr int64_t kSetItemBytes = kValueBytes + 64;

class HostCharge {
 public:
  HostCharge() = default;
  explicit HostCharge(int64_t bytes) { grow_to(bytes); }
  ~HostCharge();
  HostCharge(const HostCharge&) = delete;
  HostCharge& operator=(const HostCharge&) = delete;
  // Charges up to `bytes` in all (growing only); raises MemoryError
  // (memory_limit) without charging when the budget cannot take it.
  void grow_to(int64_t bytes);

 private:
  int64_t bytes_ = 0;
  uint64_t scope_ = 0;
};

// Raises MemoryError if `bytes` more would not fit in the budget right now;
// charges nothing. For operations that know their result size up front
// (concatenation, repetition, join), so the result is never built.
void check_host_alloc(int64_t bytes);

}  // namespace rungs::python
