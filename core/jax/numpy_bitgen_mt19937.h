// MT19937, the Mersenne Twister behind numpy.random's legacy functions
// (np.random.seed / rand / randn / randint) and np.random.RandomState.
//
// Seeding follows Matsumoto and Nishimura's reference code as NumPy uses it:
// an int seed goes through init_genrand, an array seed through
// init_by_array. The legacy API also caches the second value of each polar
// Box-Muller pair; that cache belongs to RandomState, not to the generator,
// and lives in LegacyState (numpy_distributions.h).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/jax/numpy_bitgen.h"

namespace rungs::jax::nprandom {

class Mt19937 : public BitGenerator {
 public:
  static constexpr int kWords = 624;  // state size in 32-bit words

  explicit Mt19937(uint32_t seed = 0) { seed_int(seed); }
  void seed_int(uint32_t seed);                          // init_genrand
  void seed_array(const std::vector<uint32_t>& key);     // init_by_array

  uint32_t next_uint32() override;
  // NumPy's MT19937 64-bit draw: the first 32-bit word is the high half.
  uint64_t next_uint64() override;
  // Two 32-bit words: 27 bits of the first and 26 of the second.
  double next_double() override;

  // The state as get_state/set_state expose it: 624 words and a position.
  const std::array<uint32_t, kWords>& key() const { return mt_; }
  int position() const { return pos_; }
  void set_state(const std::array<uint32_t, kWords>& key, int position);

 private:
  void regenerate();  // the twist: refills all 624 words
  std::array<uint32_t, kWords> mt_{};
  int pos_ = kWords;  // next word to temper; kWords means "twist first"
};

}  // namespace rungs::jax::nprandom
