#include "core/array/memory_budget.h"

#include <atomic>
#include <limits>
#include <string>

#include "core/errors/error.h"

namespace rungs::array {

namespace {

std::atomic<uint64_t> g_next_scope{1};

MemoryBudget default_budget() {
  return MemoryBudget{kDefaultMemoryLimitBytes, 0, 0, kDefaultMaxElements,
                      g_next_scope.fetch_add(1, std::memory_order_relaxed)};
}

}  // namespace

MemoryBudget& memory_budget() {
  thread_local MemoryBudget budget = default_budget();
  return budget;
}

ScopedMemoryBudget::ScopedMemoryBudget(int64_t limit_bytes, int64_t max_elements)
    : saved_(memory_budget()) {
  memory_budget() = MemoryBudget{limit_bytes, 0, 0, max_elements,
                                 g_next_scope.fetch_add(1, std::memory_order_relaxed)};
}

ScopedMemoryBudget::~ScopedMemoryBudget() {
  // Arrays charged to this scope that are still alive will not be refunded
  // (their scope id no longer matches); the outer budget resumes as it was.
  memory_budget() = saved_;
}

uint64_t charge_memory(int64_t bytes, int64_t elements, const char* shape_text) {
  MemoryBudget& b = memory_budget();
  if (elements > b.max_elements) {
    // num_elements saturates at INT64_MAX for absurd shapes; say so exactly
    // rather than printing a wrong count.
    std::string count = elements == std::numeric_limits<int64_t>::max()
                            ? std::string("more than 9223372036854775807")
                            : std::to_string(elements);
    raise_here(ErrorId::array_too_large, shape_text, count, b.max_elements);
  }
  if (bytes > b.limit_bytes - b.live_bytes) {
    raise_here(ErrorId::memory_limit, bytes, b.live_bytes + bytes, b.limit_bytes);
  }
  b.live_bytes += bytes;
  if (b.live_bytes > b.peak_bytes) b.peak_bytes = b.live_bytes;
  return b.scope_id;
}

void release_memory(int64_t bytes, uint64_t scope_id) {
  MemoryBudget& b = memory_budget();
  if (b.scope_id == scope_id) b.live_bytes -= bytes;
}

}  // namespace rungs::array
