// SeedSequence (O'Neill, "Developing a seed_seq alternative", 2015, as
// adopted by NumPy's NEP 19 SeedSequence) and PCG64 (O'Neill, "PCG: A family
// of simple fast space-efficient statistically good algorithms", 2014).
#include "core/jax/numpy_bitgen_pcg64.h"

#include <cstddef>

namespace rungs::jax::nprandom {

namespace {

// The hash constants of NumPy's SeedSequence.
constexpr uint32_t kInitA = 0x43b0d7e5U;
constexpr uint32_t kMultA = 0x931e8875U;
constexpr uint32_t kInitB = 0x8b51f9ddU;
constexpr uint32_t kMultB = 0x58f38dedU;
constexpr uint32_t kMixMultL = 0xca01f9ddU;
constexpr uint32_t kMixMultR = 0x4973f715U;
constexpr int kXShift = 16;  // half the word size

// Hashes one word; the multiplier evolves with every call (hash_const).
uint32_t hashmix(uint32_t value, uint32_t& hash_const) {
  value ^= hash_const;
  hash_const *= kMultA;
  value *= hash_const;
  value ^= value >> kXShift;
  return value;
}

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t r = kMixMultL * x - kMixMultR * y;
  return r ^ (r >> kXShift);
}

}  // namespace

std::vector<uint32_t> SeedSequence::words_of(uint64_t n) {
  if (n == 0) return {0};
  std::vector<uint32_t> w;
  for (; n; n >>= 32) w.push_back(static_cast<uint32_t>(n));
  return w;
}

SeedSequence::SeedSequence(std::vector<uint32_t> entropy, std::vector<uint32_t> spawn_key)
    : entropy_(std::move(entropy)), pool_(kPoolSize, 0) {
  // A spawned sequence pads its own entropy to the pool size before the key.
  std::vector<uint32_t> words = entropy_;
  if (!spawn_key.empty() && words.size() < static_cast<size_t>(kPoolSize)) words.resize(kPoolSize, 0);
  words.insert(words.end(), spawn_key.begin(), spawn_key.end());
  uint32_t hash_const = kInitA;
  // Fill the pool from the first words (running the hash on zeros past them),
  for (size_t i = 0; i < pool_.size(); ++i) pool_[i] = hashmix(i < words.size() ? words[i] : 0U, hash_const);
  // then mix every pool word into every other, so late words reach early ones,
  for (size_t src = 0; src < pool_.size(); ++src)
    for (size_t dst = 0; dst < pool_.size(); ++dst)
      if (src != dst) pool_[dst] = mix(pool_[dst], hashmix(pool_[src], hash_const));
  // and fold in whatever entropy did not fit in the pool.
  for (size_t src = pool_.size(); src < words.size(); ++src)
    for (size_t dst = 0; dst < pool_.size(); ++dst) pool_[dst] = mix(pool_[dst], hashmix(words[src], hash_const));
}

std::vector<uint32_t> SeedSequence::generate_state32(int n_words) const {
  std::vector<uint32_t> out(static_cast<size_t>(n_words));
  uint32_t hash_const = kInitB;
  for (size_t i = 0; i < out.size(); ++i) {
    uint32_t v = pool_[i % pool_.size()];
    v ^= hash_const;
    hash_const *= kMultB;
    v *= hash_const;
    v ^= v >> kXShift;
    out[i] = v;
  }
  return out;
}

std::vector<uint64_t> SeedSequence::generate_state64(int n_words) const {
  std::vector<uint32_t> w = generate_state32(2 * n_words);
  std::vector<uint64_t> out;
  for (size_t i = 0; i + 1 < w.size(); i += 2) out.push_back(static_cast<uint64_t>(w[i + 1]) << 32 | w[i]);
  return out;
}

namespace {
// PCG's default 128-bit LCG multiplier.
constexpr unsigned __int128 kMultiplier =
    (static_cast<unsigned __int128>(2549297995355413924ULL) << 64) + 4865540595714422341ULL;
unsigned __int128 join(uint64_t hi, uint64_t lo) { return static_cast<unsigned __int128>(hi) << 64 | lo; }
}  // namespace

Pcg64::Pcg64(const SeedSequence& seed) {
  // NumPy draws four 64-bit words: the initial state, then the stream.
  std::vector<uint64_t> w = seed.generate_state64(4);
  unsigned __int128 init_state = join(w[0], w[1]), init_seq = join(w[2], w[3]);
  // pcg_setseq_128_srandom_r.
  state_ = 0;
  inc_ = (init_seq << 1) | 1;
  step();
  state_ += init_state;
  step();
}

void Pcg64::step() { state_ = state_ * kMultiplier + inc_; }

uint64_t Pcg64::next_uint64() {
  step();
  // XSL-RR: xor the halves, rotate right by the top 6 bits.
  uint64_t x = static_cast<uint64_t>(state_ >> 64) ^ static_cast<uint64_t>(state_);
  unsigned rot = static_cast<unsigned>(state_ >> 122);
  return (x >> rot) | (x << ((64 - rot) & 63));
}

uint32_t Pcg64::next_uint32() {
  if (has_uint32_) {
    has_uint32_ = false;
    return uinteger_;
  }
  uint64_t next = next_uint64();
  has_uint32_ = true;
  uinteger_ = static_cast<uint32_t>(next >> 32);
  return static_cast<uint32_t>(next);
}

double Pcg64::next_double() { return static_cast<double>(next_uint64() >> 11) * (1.0 / 9007199254740992.0); }

}  // namespace rungs::jax::nprandom
