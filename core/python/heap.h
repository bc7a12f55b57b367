// Two things CPython's memory manager does that reference counting alone
// does not, both needed so that hostile programs end cleanly and a long-lived
// engine (the browser worker, a notebook session) does not grow:
//
// 1. The trashcan. Destroying a structure nested 100,000 deep (`a = [a]` in
//    a loop, a chain of closures) recurses once per level through the
//    destructors and overflows the native stack (wasm has 1 MB). Objects that
//    hold values release them through release_members(): they are destroyed
//    at once, unless destruction is already kMaxDestroyDepth levels deep, in
//    which case they wait in a per-thread queue that the outermost release
//    empties in a loop (CPython's Py_TRASHCAN_BEGIN/END).
//
// 2. Cycle collection at the end of a run. Reference counting never frees a
//    cycle (a nested function whose closure holds the frame that holds it, a
//    list appended to itself). Every object through which user code can close
//    a cycle (an Env, a list, a dict) is a Collectable: while an Interpreter
//    runs, its Heap is the thread's current one and each new Collectable
//    links itself into it; when the Interpreter is destroyed the Heap empties
//    every Collectable still alive, which breaks every cycle.
#pragma once

#include <memory>
#include <tuple>
#include <utility>

namespace rungs::python {

inline constexpr int kMaxDestroyDepth = 64;

// Counts nested releases on this thread; the outermost one drains the queue.
class TrashScope {
 public:
  TrashScope();
  ~TrashScope();
  TrashScope(const TrashScope&) = delete;
  TrashScope& operator=(const TrashScope&) = delete;
  bool deep() const;
};

// Keeps `holder` alive until the outermost TrashScope on this thread ends.
void defer_destruction(std::shared_ptr<void> holder);

// Destroys the given members now (inside a TrashScope), or defers them when
// destruction is already deep. Call from a destructor body, or to empty an
// object early; the members are left empty.
template <typename... Members>
void release_members(Members&... members) {
  TrashScope scope;
  if (scope.deep()) {
    (defer_destruction(std::make_shared<Members>(std::move(members))), ...);
  } else {
    [[maybe_unused]] auto doomed = std::make_tuple(std::move(members)...);
  }
}

class Heap;

// An object through which a reference cycle can close. Links itself into the
// thread's current Heap on construction (if there is one), unlinks on
// destruction. Host objects live on one thread only (core/ starts none).
class Collectable {
 public:
  Collectable();
  virtual ~Collectable();
  Collectable(const Collectable&) = delete;
  Collectable& operator=(const Collectable&) = delete;
  // Empties the object's references (through release_members). The object
  // may be destroyed by the call, so it must be the last thing done to it.
  virtual void drop_references() = 0;

 private:
  friend class Heap;
  Heap* heap_ = nullptr;
  Collectable* prev_ = nullptr;
  Collectable* next_ = nullptr;
};

// The Collectables created while one Interpreter ran.
class Heap {
 public:
  Heap() = default;
  ~Heap() { collect(); }
  Heap(const Heap&) = delete;
  Heap& operator=(const Heap&) = delete;
  // Drops the references of every object still alive, which frees every
  // cycle among them. Only for the end of a run: live data is emptied too.
  void collect();

 private:
  friend class Collectable;
  void link(Collectable* c);
  void unlink(Collectable* c);
  Collectable* head_ = nullptr;
};

// Makes `heap` the thread's current heap for its lifetime (nests).
class HeapScope {
 public:
  explicit HeapScope(Heap& heap);
  ~HeapScope();
  HeapScope(const HeapScope&) = delete;
  HeapScope& operator=(const HeapScope&) = delete;

 private:
  Heap* saved_;
};

}  // namespace rungs::python
