#include "core/result/float_digits.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace rungs::result {

namespace {

using u128 = unsigned __int128;

// 10^0 .. 10^38 (the largest power of ten below 2^128) and 5^0 .. 5^40.
struct Powers {
  u128 ten[39];
  u128 five[41];
  Powers() {
    ten[0] = five[0] = 1;
    for (int i = 1; i < 39; ++i) ten[i] = ten[i - 1] * 10;
    for (int i = 1; i < 41; ++i) five[i] = five[i - 1] * 5;
  }
};
const Powers& powers() {
  static const Powers p;
  return p;
}

// Powers of ten a double holds exactly: one multiplication or division by
// them is correctly rounded, so q * 10^t is what strtod would return.
constexpr double kExact10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Fast-path range: |f| = m * 2^e with a 24-bit m and kMinExp <= e <= 104,
// so that m * 5^-e (or m * 2^e) fits in 128 bits.
constexpr int kMinExp = -40;

}  // namespace

double shortest_float32_decimal_reference(float f) {
  char buf[32];
  for (int p = 1; p <= 9; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, static_cast<double>(f));
    if (std::strtof(buf, nullptr) == f) break;
  }
  return std::strtod(buf, nullptr);
}

double shortest_float32_decimal(float f) {
  if (!std::isfinite(f) || f == 0) return shortest_float32_decimal_reference(f);
  const Powers& pw = powers();
  const float a = std::fabs(f);
  int ex = 0;
  const float fr = std::frexp(a, &ex);  // a = fr * 2^ex, fr in [0.5, 1)
  const uint32_t m = static_cast<uint32_t>(std::ldexp(fr, 24));
  const int e = ex - 24;
  if (e < kMinExp || e > 104) return shortest_float32_decimal_reference(f);

  // The exact value in units of 10^-z: a = big / 10^z.
  const int z = e < 0 ? -e : 0;
  const u128 big = e < 0 ? static_cast<u128>(m) * pw.five[z] : static_cast<u128>(m) << e;
  // Twice the distance to the midpoint with the next float up, in the same
  // units (2^(e-1) * 10^z, doubled); the midpoint below is as far, or half
  // as far when f is a power of two (the float below is in the binade down).
  const u128 gap2 = e < 0 ? pw.five[z] : static_cast<u128>(1) << e;
  const u128 up_limit = gap2 * 2, down_limit = m == (1u << 23) ? gap2 : gap2 * 2;
  const bool even = (m & 1) == 0;  // ties round to the float with the even mantissa

  int digits = 39;  // decimal digits of `big` (2^128 < 10^39)
  for (int d = 1; d < 39; ++d)
    if (big < pw.ten[d]) {
      digits = d;
      break;
    }
  for (int p = 1; p <= 9; ++p) {
    // The correctly rounded p-digit decimal (round half to even, as printf):
    // q * 10^k units, with diff its exact distance from `big`.
    int k = digits - p;
    u128 q = big, diff = 0;
    bool above = false;
    if (k > 0) {
      const u128 unit = pw.ten[k];
      q = big / unit;
      const u128 r = big % unit, half = unit / 2;
      above = r > half || (r == half && (q & 1));
      diff = above ? unit - r : r;
      if (above && ++q == pw.ten[p]) {  // 99.9 -> 100: one digit fewer, same value
        q = pw.ten[p - 1];
        ++k;
      }
    } else {
      k = 0;  // p >= digits: exact
    }
    // Does it read back as f? (4 * diff stays below 2^128: diff <= 10^38 / 2.)
    const u128 diff4 = diff * 4, limit = above ? up_limit : down_limit;
    if (!(diff4 < limit || (diff4 == limit && even))) continue;
    const int t = k - z;  // the decimal is q * 10^t
    if (t > 22 || t < -22) return shortest_float32_decimal_reference(f);
    const double qd = static_cast<double>(static_cast<uint64_t>(q));  // < 10^9: exact
    const double v = t >= 0 ? qd * kExact10[t] : qd / kExact10[-t];
    return f < 0 ? -v : v;
  }
  return shortest_float32_decimal_reference(f);
}

}  // namespace rungs::result
