// shortest_float32_decimal must equal the printf/strtof search bit for bit:
// the result document's digits may not depend on which path computed them.
#include "core/result/float_digits.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace rungs::result {
namespace {

float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

// The caller's contract: finite and not a whole number.
bool eligible(float f) { return std::isfinite(f) && f != std::floor(f); }

void expect_same(float f) {
  if (!eligible(f)) return;
  double fast = shortest_float32_decimal(f), ref = shortest_float32_decimal_reference(f);
  uint64_t a, b;
  std::memcpy(&a, &fast, 8);
  std::memcpy(&b, &ref, 8);
  EXPECT_EQ(a, b) << "f=" << static_cast<double>(f) << " fast=" << fast << " reference=" << ref;
}

TEST(FloatDigits, TypicalValues) {
  for (int k = 1; k < 4096; ++k) {
    expect_same(static_cast<float>(k) / 128.0f);  // the explainer's arange / 128
    expect_same(static_cast<float>(k) / 1000.0f);
    expect_same(static_cast<float>(k) * 0.1f);
    expect_same(std::sqrt(static_cast<float>(k)));
    expect_same(-std::sin(static_cast<float>(k)));
  }
  for (float v : {0.1f, 0.2f, 0.3f, 1.0f / 3, 2.0f / 3, 1.5f, 0.125f, 0.375f, 1e-5f, 3.14159265f, -2.5e-3f, 1e30f + 0.5f})
    expect_same(v);
}

TEST(FloatDigits, PowersOfTwoAndRangeEdges) {
  // Powers of two have a half-size gap below; the fast path's range ends
  // near 2^-17 and at the top of float32.
  for (int e = -149; e <= 127; ++e) {
    float p = std::ldexp(1.0f, e);
    expect_same(p);
    expect_same(std::nextafter(p, 0.0f));
    expect_same(std::nextafter(p, INFINITY));
  }
  expect_same(FLT_MIN);
  expect_same(FLT_TRUE_MIN);
  expect_same(-FLT_TRUE_MIN);
}

TEST(FloatDigits, RandomBitPatterns) {
  uint64_t s = 0x9E3779B97F4A7C15ull;  // fixed seed: the same patterns every run
  for (int i = 0; i < 300000; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t bits = static_cast<uint32_t>(s >> 32);
    expect_same(from_bits(bits));
    // Bias half of them toward |f| in [2^-20, 2^24), where kernels' values live.
    expect_same(from_bits((bits & 0x807FFFFFu) | ((107u + (bits >> 23) % 44u) << 23)));
  }
}

}  // namespace
}  // namespace rungs::result
