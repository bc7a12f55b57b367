// The samplers of numpy_distributions.h, from the published algorithms:
// Marsaglia and Bray's polar method (1964), Marsaglia and Tsang's ziggurat
// ("The Ziggurat Method for Generating Random Variables", 2000, with its
// 256-layer constants r and v and a 52-bit (double) or 23-bit (float)
// integer per try), and Lemire's "Fast Random Integer Generation in an
// Interval" (2019).
#include "core/jax/numpy_distributions.h"

#include <cmath>

namespace rungs::jax::nprandom {

double legacy_gauss(BitGenerator& g, LegacyGauss& cache) {
  if (cache.has) {
    cache.has = false;
    double v = cache.value;
    cache.value = 0.0;
    return v;
  }
  double x1, x2, r2;
  do {  // a point uniform in the unit disc, origin excluded
    x1 = 2.0 * g.next_double() - 1.0;
    x2 = 2.0 * g.next_double() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  double f = std::sqrt(-2.0 * std::log(r2) / r2);
  cache.has = true;
  cache.value = f * x1;
  return f * x2;
}

namespace {

// The 256-layer ziggurat: the tail starts at r (Marsaglia and Tsang's
// constant) and every layer has the area v of the base layer, its rectangle
// r * f(r) plus the tail beyond r. v is computed from r rather than taken as
// the paper's 12 digits: the tables then agree with NumPy's to about 1e-15
// relative (NumPy's own were computed with slightly different rounding, so a
// few top layers differ in their last bits; see README).
constexpr double kZigR = 3.6541528853610088;
constexpr double kZigInvR = 1.0 / kZigR;
double layer_area() {
  return kZigR * std::exp(-0.5 * kZigR * kZigR) + std::sqrt(M_PI / 2) * std::erfc(kZigR / std::sqrt(2.0));
}

// Layer 0 is the base (with the tail), layer 255 the one on it (right edge
// r) and layer 1 the top; k[i] / 2^bits is the share of layer i inside the
// layer above, where a draw is accepted at once (zero for the top layer).
template <typename K, typename F>
void build_layers(double scale, K* k, F* w, F* f) {
  const double kZigV = layer_area();
  double dn = kZigR, tn = dn;
  double q = kZigV / std::exp(-0.5 * dn * dn);
  k[0] = static_cast<K>((dn / q) * scale);
  k[1] = 0;
  w[0] = static_cast<F>(q / scale);
  w[255] = static_cast<F>(dn / scale);
  f[0] = 1;
  f[255] = static_cast<F>(std::exp(-0.5 * dn * dn));
  for (int i = 254; i >= 1; --i) {
    dn = std::sqrt(-2.0 * std::log(kZigV / dn + std::exp(-0.5 * dn * dn)));
    k[i + 1] = static_cast<K>((dn / tn) * scale);
    tn = dn;
    f[i] = static_cast<F>(std::exp(-0.5 * dn * dn));
    w[i] = static_cast<F>(dn / scale);
  }
}

}  // namespace

const ZigguratTables& ziggurat_tables() {
  static const ZigguratTables t = [] {
    ZigguratTables z{};
    build_layers(4503599627370496.0, z.k, z.w, z.f);  // 2^52
    build_layers(8388608.0, z.k_f, z.w_f, z.f_f);      // 2^23
    return z;
  }();
  return t;
}

double ziggurat_normal(BitGenerator& g) {
  const ZigguratTables& z = ziggurat_tables();
  for (;;) {
    // One 64-bit word: 8 bits of layer, 1 of sign, 52 of position.
    uint64_t r = g.next_uint64();
    int idx = static_cast<int>(r & 0xff);
    r >>= 8;
    bool negative = r & 1;
    uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
    double x = static_cast<double>(rabs) * z.w[idx];
    if (negative) x = -x;
    if (rabs < z.k[idx]) return x;  // inside the layer's rectangle core
    if (idx == 0) {
      for (;;) {  // the tail beyond r (Marsaglia 1964), with 1 - U against log(0)
        double xx = -kZigInvR * std::log1p(-g.next_double());
        double yy = -std::log1p(-g.next_double());
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(kZigR + xx) : kZigR + xx;
      }
    }
    if ((z.f[idx - 1] - z.f[idx]) * g.next_double() + z.f[idx] < std::exp(-0.5 * x * x)) return x;
  }
}

float ziggurat_normal_f(BitGenerator& g) {
  const ZigguratTables& z = ziggurat_tables();
  const float r_f = static_cast<float>(kZigR), inv_r_f = static_cast<float>(kZigInvR);
  for (;;) {
    // One 32-bit word: 8 bits of layer, 1 of sign, 23 of position.
    uint32_t r = g.next_uint32();
    int idx = static_cast<int>(r & 0xff);
    bool negative = (r >> 8) & 1;
    uint32_t rabs = (r >> 9) & 0x007fffffU;
    float x = static_cast<float>(rabs) * z.w_f[idx];
    if (negative) x = -x;
    if (rabs < z.k_f[idx]) return x;
    if (idx == 0) {
      for (;;) {
        float xx = -inv_r_f * std::log1p(-g.next_float());
        float yy = -std::log1p(-g.next_float());
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(r_f + xx) : r_f + xx;
      }
    }
    if ((z.f_f[idx - 1] - z.f_f[idx]) * g.next_float() + z.f_f[idx] < std::exp(-0.5f * x * x)) return x;
  }
}

namespace {
// The smallest 2^k - 1 that is >= v.
uint64_t covering_mask(uint64_t v) {
  for (int s = 1; s <= 32; s <<= 1) v |= v >> s;
  return v;
}
}  // namespace

uint64_t random_interval(BitGenerator& g, uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = covering_mask(max), value;
  if (max <= 0xffffffffULL) {
    while ((value = (g.next_uint32() & mask)) > max) {
    }
  } else {
    while ((value = (g.next_uint64() & mask)) > max) {
    }
  }
  return value;
}

uint64_t bounded_masked(BitGenerator& g, uint64_t rng) {
  if (rng == 0) return 0;
  if (rng == 0xffffffffULL) return g.next_uint32();
  if (rng == ~0ULL) return g.next_uint64();
  return random_interval(g, rng);  // the same masked loop
}

uint64_t bounded_lemire(BitGenerator& g, uint64_t rng) {
  if (rng == 0) return 0;
  if (rng == 0xffffffffULL) return g.next_uint32();
  if (rng == ~0ULL) return g.next_uint64();
  if (rng < 0xffffffffULL) {
    // m = draw * n; the high word is the result, the low word decides
    // whether this draw falls in the biased remainder (2^32 mod n values).
    const uint32_t n = static_cast<uint32_t>(rng) + 1;
    uint64_t m = static_cast<uint64_t>(g.next_uint32()) * n;
    uint32_t leftover = static_cast<uint32_t>(m);
    if (leftover < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (leftover < threshold) {
        m = static_cast<uint64_t>(g.next_uint32()) * n;
        leftover = static_cast<uint32_t>(m);
      }
    }
    return m >> 32;
  }
  const uint64_t n = rng + 1;
  unsigned __int128 m = static_cast<unsigned __int128>(g.next_uint64()) * n;
  uint64_t leftover = static_cast<uint64_t>(m);
  if (leftover < n) {
    const uint64_t threshold = (0 - n) % n;
    while (leftover < threshold) {
      m = static_cast<unsigned __int128>(g.next_uint64()) * n;
      leftover = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

namespace {
uint32_t next_piece(BitGenerator& g, int bits, SmallDraws& s) {
  if (s.left == 0) {
    s.buf = g.next_uint32();
    s.left = 32 / bits - 1;
  } else {
    s.buf >>= bits;
    --s.left;
  }
  return s.buf & ((1U << bits) - 1);
}
}  // namespace

uint64_t bounded_small(BitGenerator& g, uint64_t rng, int bits, bool lemire, SmallDraws& s) {
  const uint32_t full = (1U << bits) - 1;
  if (rng == 0) return 0;
  if (rng == full) return next_piece(g, bits, s);
  if (!lemire) {
    const uint32_t mask = static_cast<uint32_t>(covering_mask(rng));
    uint32_t v;
    while ((v = next_piece(g, bits, s) & mask) > rng) {
    }
    return v;
  }
  // Lemire in a 2*bits-wide product, as for 32 bits.
  const uint32_t n = static_cast<uint32_t>(rng) + 1;
  uint32_t m = next_piece(g, bits, s) * n;
  uint32_t leftover = m & full;
  if (leftover < n) {
    const uint32_t threshold = (full - static_cast<uint32_t>(rng)) % n;
    while (leftover < threshold) {
      m = next_piece(g, bits, s) * n;
      leftover = m & full;
    }
  }
  return m >> bits;
}

}  // namespace rungs::jax::nprandom
