#include "core/rungs/vector_clock.h"

#include <algorithm>

#include "core/errors/error.h"

namespace rungs::exec {

void VectorClock::inc(int64_t pos) {
  if (pos < 0 || pos >= static_cast<int64_t>(t_.size())) raise_here(ErrorId::internal_error, "position " + std::to_string(pos) + " is out of range for clock " + str());
  ++t_[static_cast<size_t>(pos)];
}

void VectorClock::update(const VectorClock& other) {
  for (size_t i = 0; i < t_.size() && i < other.t_.size(); ++i) t_[i] = std::max(t_[i], other.t_[i]);
}

bool VectorClock::lt(const VectorClock& other) const {
  bool strictly = false;
  for (size_t i = 0; i < t_.size() && i < other.t_.size(); ++i) {
    if (t_[i] > other.t_[i]) return false;
    strictly = strictly || t_[i] < other.t_[i];
  }
  return strictly;
}

std::string VectorClock::str() const {
  size_t width = 1;
  for (int64_t v : t_) width = std::max(width, std::to_string(v).size());
  std::string s = "[";
  for (size_t i = 0; i < t_.size(); ++i) {
    std::string v = std::to_string(t_[i]);
    if (i) s += " ";
    s += std::string(width - v.size(), ' ') + v;
  }
  return s + "]";
}

int64_t SlotGenerator::uniform(int64_t lo, int64_t hi) {
  // splitmix64: small, fast, identical on every platform (wasm included).
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  uint64_t span = static_cast<uint64_t>(hi - lo);
  return lo + static_cast<int64_t>(z % span);
}

}  // namespace rungs::exec
