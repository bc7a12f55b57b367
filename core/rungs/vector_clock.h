// Vector clocks for the happens-before race detector (SEMANTICS 4.11).
//
// One clock per simulated core, with one slot per global core plus spare
// "virtual" slots that DMAs borrow (a DMA is its own thread but cannot have
// its own slot without clocks growing with the number of DMAs; sharing a
// slot can hide a race but never invents one). Clocks are tiny (2 x cores
// entries by default), so they are plain value vectors.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rungs::exec {

class VectorClock {
 public:
  VectorClock() = default;
  explicit VectorClock(size_t size) : t_(size, 0) {}

  size_t size() const { return t_.size(); }
  int64_t operator[](size_t i) const { return t_[i]; }
  const std::vector<int64_t>& values() const { return t_; }

  // Tick slot `pos` (ValueError "position {p} is out of range for clock {c}").
  void inc(int64_t pos);
  // Join: element-wise maximum (happens-before edge from `other`).
  void update(const VectorClock& other);
  // a < b: every entry <= and some entry strictly smaller.
  bool lt(const VectorClock& other) const;
  // Ordered iff a < b or b < a; unordered accesses may race.
  bool ordered(const VectorClock& other) const { return lt(other) || other.lt(*this); }

  // NumPy's text for an int32 array, e.g. "[3 0 1 0]" or "[10  2]". JAX
  // prints the clock object itself; Rungs prints its entries (deterministic).
  std::string str() const;

 private:
  std::vector<int64_t> t_;
};

// Deterministic generator for the DMAs' virtual clock slots (JAX uses
// numpy's global random state; Rungs seeds from InterpretParams.random_seed).
class SlotGenerator {
 public:
  explicit SlotGenerator(uint64_t seed) : state_(seed ^ 0x9E3779B97F4A7C15ull) {}
  // Uniform in [lo, hi); hi > lo.
  int64_t uniform(int64_t lo, int64_t hi);

 private:
  uint64_t state_;
};

}  // namespace rungs::exec
