#include "core/python/heap.h"

#include <vector>

namespace rungs::python {

namespace {

struct Trashcan {
  int depth = 0;
  std::vector<std::shared_ptr<void>> pending;
};

Trashcan& trashcan() {
  thread_local Trashcan t;
  return t;
}

thread_local Heap* g_current_heap = nullptr;

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

Collectable::Collectable() {
  if (g_current_heap) g_current_heap->link(this);
}

Collectable::~Collectable() {
  if (heap_) heap_->unlink(this);
}

void Heap::link(Collectable* c) {
  c->heap_ = this;
  c->prev_ = nullptr;
  c->next_ = head_;
  if (head_) head_->prev_ = c;
  head_ = c;
}

void Heap::unlink(Collectable* c) {
  if (c->prev_) c->prev_->next_ = c->next_;
  else head_ = c->next_;
  if (c->next_) c->next_->prev_ = c->prev_;
  c->heap_ = nullptr;
  c->prev_ = c->next_ = nullptr;
}

void Heap::collect() {
  // One TrashScope around the whole sweep, so chains freed here are
  // flattened too. Unlink before dropping: dropping may destroy the object
  // (and others, which unlink themselves from the list as it changes).
  TrashScope scope;
  while (head_) {
    Collectable* c = head_;
    unlink(c);
    c->drop_references();
  }
}

HeapScope::HeapScope(Heap& heap) : saved_(g_current_heap) { g_current_heap = &heap; }
HeapScope::~HeapScope() { g_current_heap = saved_; }

}  // namespace rungs::python
