#include "core/python/host_memory.h"

#include "core/array/memory_budget.h"

namespace rungs::python {

HostCharge::~HostCharge() {
  if (bytes_) array::release_memory(bytes_, scope_);
}

void HostCharge::grow_to(int64_t bytes) {
  if (bytes <= bytes_) return;
  // Charged by an earlier run (a notebook cell before this one): that run's
  // refund is moot, so charge the whole size to the current run.
  if (bytes_ && scope_ != array::memory_budget().scope_id) bytes_ = 0;
  scope_ = array::charge_memory(bytes - bytes_, 0, "");
  bytes_ = bytes;
}

void check_host_alloc(int64_t bytes) { HostCharge probe(bytes); }

}  // namespace rungs::python
