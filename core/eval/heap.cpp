#include "core/eval/heap.h"

#include <vector>

namespace rungs::eval {

namespace {

struct Trashcan {
  int depth = 0;
  std::vector<std::shared_ptr<void>> pending;
};

Trashcan& trashcan() {
  thread_local Trashcan t;
  return t;
}

}  // namespace

TrashScope::TrashScope() { ++trashcan().depth; }

TrashScope::~TrashScope() {
  Trashcan& t = trashcan();
  if (t.depth == 1) {
    // Outermost release: destroy what deeper ones deferred, one at a time.
    // Each may defer more; depth stays at 1 meanwhile, so no nested drain.
    while (!t.pending.empty()) {
      std::shared_ptr<void> next = std::move(t.pending.back());
      t.pending.pop_back();
      next.reset();
    }
  }
  --t.depth;
}

bool TrashScope::deep() const { return trashcan().depth > kMaxDestroyDepth; }

void defer_destruction(std::shared_ptr<void> holder) { trashcan().pending.push_back(std::move(holder)); }

}  // namespace rungs::eval
