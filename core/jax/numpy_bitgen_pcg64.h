// PCG64 and SeedSequence: the bit generator behind np.random.default_rng.
//
// PCG64 is O'Neill's permuted congruential generator with a 128-bit LCG
// state and the XSL-RR output (128 -> 64 bits). NumPy never seeds it from
// the user's seed directly: SeedSequence hashes the entropy into a pool of
// four 32-bit words (O'Neill's seed_seq_fe design, with NumPy's constants)
// and draws the 128-bit state and increment from that pool. Both steps are
// reproduced here so default_rng(seed) gives NumPy's stream exactly.
#pragma once

#include <cstdint>
#include <vector>

#include "core/jax/numpy_bitgen.h"

namespace rungs::jax::nprandom {

class SeedSequence {
 public:
  static constexpr int kPoolSize = 4;  // 32-bit words, NumPy's default

  // entropy: the seed as little-endian 32-bit words (an int seed n becomes
  // n's base-2^32 digits, 0 becomes [0]); spawn_key is empty for a root.
  explicit SeedSequence(std::vector<uint32_t> entropy, std::vector<uint32_t> spawn_key = {});
  // n_words 32-bit words of state drawn from the pool (generate_state).
  std::vector<uint32_t> generate_state32(int n_words) const;
  // n_words 64-bit words: pairs of 32-bit words, low word first.
  std::vector<uint64_t> generate_state64(int n_words) const;
  const std::vector<uint32_t>& pool() const { return pool_; }
  const std::vector<uint32_t>& entropy() const { return entropy_; }

  // The base-2^32 digits of a non-negative integer given as 64 bits.
  static std::vector<uint32_t> words_of(uint64_t n);

 private:
  std::vector<uint32_t> entropy_;
  std::vector<uint32_t> pool_;
};

class Pcg64 : public BitGenerator {
 public:
  explicit Pcg64(const SeedSequence& seed);
  uint64_t next_uint64() override;
  // Half of a 64-bit draw: the low half now, the high half next time.
  uint32_t next_uint32() override;
  double next_double() override;  // the top 53 bits of a 64-bit draw

 private:
  void step();
  unsigned __int128 state_ = 0;
  unsigned __int128 inc_ = 0;  // always odd
  bool has_uint32_ = false;    // a buffered high half is waiting
  uint32_t uinteger_ = 0;
};

}  // namespace rungs::jax::nprandom
