// MT19937 from Matsumoto and Nishimura's 1998 paper and their 2002
// reference code (genrand_int32, init_genrand, init_by_array).
#include "core/jax/numpy_bitgen_mt19937.h"

#include <algorithm>

namespace rungs::jax::nprandom {

namespace {
constexpr int kN = Mt19937::kWords;
constexpr int kM = 397;
constexpr uint32_t kMatrixA = 0x9908b0dfU;
constexpr uint32_t kUpperMask = 0x80000000U;
constexpr uint32_t kLowerMask = 0x7fffffffU;
}  // namespace

void Mt19937::seed_int(uint32_t seed) {
  mt_[0] = seed;
  for (int i = 1; i < kN; ++i)
    mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
  pos_ = kN;
}

void Mt19937::seed_array(const std::vector<uint32_t>& key) {
  seed_int(19650218U);
  int i = 1;
  size_t j = 0;
  // First pass: fold every key word into the state (at least kN steps).
  for (size_t k = std::max<size_t>(kN, key.size()); k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
    ++i;
    ++j;
    if (i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
    if (j >= key.size()) j = 0;
  }
  // Second pass: diffuse once more so every word depends on every key word.
  for (int k = kN - 1; k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
    ++i;
    if (i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
  }
  mt_[0] = 0x80000000U;  // guarantees a non-zero state
  pos_ = kN;
}

void Mt19937::regenerate() {
  auto twist = [](uint32_t upper, uint32_t lower, uint32_t far) {
    uint32_t y = (upper & kUpperMask) | (lower & kLowerMask);
    return far ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
  };
  for (int k = 0; k < kN; ++k) mt_[k] = twist(mt_[k], mt_[(k + 1) % kN], mt_[(k + kM) % kN]);
  pos_ = 0;
}

uint32_t Mt19937::next_uint32() {
  if (pos_ >= kN) regenerate();
  uint32_t y = mt_[pos_++];
  // Tempering.
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

uint64_t Mt19937::next_uint64() {
  uint64_t hi = next_uint32();
  return (hi << 32) | next_uint32();
}

double Mt19937::next_double() {
  uint32_t a = next_uint32() >> 5, b = next_uint32() >> 6;
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

void Mt19937::set_state(const std::array<uint32_t, kWords>& key, int position) {
  mt_ = key;
  pos_ = position;
}

}  // namespace rungs::jax::nprandom
