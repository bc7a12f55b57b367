// numpy.random's samplers over a BitGenerator, each drawing exactly the
// words NumPy's own sampler draws, in the same order, so a stream matches
// NumPy value for value.
//
// Two families live side by side because NumPy keeps both: the legacy
// samplers RandomState uses (polar Box-Muller with a cached second value,
// masked rejection for bounded integers) and the Generator samplers
// (Marsaglia and Tsang's 256-level ziggurat for normals, Lemire's
// multiply-shift rejection for bounded integers). Which one a caller wants
// is part of NumPy's stream-compatibility promise, so the names say which.
#pragma once

#include <cstdint>

#include "core/jax/numpy_bitgen.h"

namespace rungs::jax::nprandom {

// RandomState's cached second normal of a Box-Muller pair (reset by seed).
struct LegacyGauss {
  bool has = false;
  double value = 0.0;
};
// RandomState.standard_normal / randn: polar Box-Muller.
double legacy_gauss(BitGenerator& g, LegacyGauss& cache);

// Generator.standard_normal: the ziggurat in double (one 64-bit draw per
// try) and in float32 (one 32-bit draw per try).
double ziggurat_normal(BitGenerator& g);
float ziggurat_normal_f(BitGenerator& g);

// A uniform integer in [0, max] by masked rejection: the smallest all-ones
// mask covering max, 32-bit draws while max fits in 32 bits. Shuffles and
// permutations use it (random_interval).
uint64_t random_interval(BitGenerator& g, uint64_t max);
// A uniform integer in [0, rng]: masked rejection (RandomState.randint) or
// Lemire's method (Generator.integers, choice and its shuffles).
uint64_t bounded_masked(BitGenerator& g, uint64_t rng);
uint64_t bounded_lemire(BitGenerator& g, uint64_t rng);

// binomial(n, p), shared by RandomState and Generator (numpy_binomial.cpp):
// inversion while n*min(p, 1-p) <= 30, else BTPE. n >= 0, 0 <= p <= 1.
int64_t random_binomial(BitGenerator& g, int64_t n, double p);

// 8-, 16- and 1-bit (bool) draws: NumPy cuts each 32-bit word into pieces,
// low bits first (4 bytes, 2 halves or 32 bits), with a fresh word at the
// start of every call that fills an array. SmallDraws is that buffer.
struct SmallDraws {
  int left = 0;       // pieces of buf still unused
  uint32_t buf = 0;   // the current word, shifted as pieces are used
};
// A uniform integer in [0, rng] of a `bits`-wide type (1, 8 or 16) by
// masked rejection (RandomState) or Lemire's method (Generator).
uint64_t bounded_small(BitGenerator& g, uint64_t rng, int bits, bool lemire, SmallDraws& s);

// The ziggurat's tables, for the tests: k (acceptance bounds), w (widths
// per unit of the random integer), f (density at each layer's edge).
struct ZigguratTables {
  uint64_t k[256];
  double w[256];
  double f[256];
  uint32_t k_f[256];
  float w_f[256];
  float f_f[256];
};
const ZigguratTables& ziggurat_tables();

}  // namespace rungs::jax::nprandom
