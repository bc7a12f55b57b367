// What CPython's memory manager does that reference counting alone does
// not, so that hostile programs end cleanly:
//
// The trashcan. Destroying a structure nested 100,000 deep (`a = [a]` in
// a loop, a chain of closures) recurses once per level through the
// destructors and overflows the native stack (wasm has 1 MB). Objects that
// hold values release them through release_members(): they are destroyed
// at once, unless destruction is already kMaxDestroyDepth levels deep, in
// which case they wait in a per-thread queue that the outermost release
// empties in a loop (CPython's Py_TRASHCAN_BEGIN/END).
#pragma once

#include <memory>
#include <tuple>
#include <utility>

namespace rungs::eval {

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

}  // namespace rungs::eval
