// jax.random, bit for bit: the threefry2x32 counter hash and the functions
// JAX builds on it, in the configuration JAX has shipped since 0.5.0
// (jax_threefry_partitionable=True: random bits and split hash the 64-bit
// flat index of each element as the counter pair) and with x64 disabled (a
// seed is folded to int32, so key(seed) = [0, seed mod 2^32]). Grid-order
// randomisation in TPU interpret mode draws from here too, so a Pallas kernel
// sees the same parallel-dimension order it would under JAX.
// Float samplers (uniform, normal) reproduce JAX's bit manipulations exactly;
// normal's erf_inv uses XLA's polynomial but libm's log1p, so it can differ
// from JAX in the last ulp.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/array/array.h"

namespace rungs::array {

struct Key {
  uint32_t k0 = 0, k1 = 0;
  bool operator==(const Key&) const = default;
};

// jax.random.key(seed) / PRNGKey(seed) with x64 off.
Key key_from_seed(int64_t seed);

// The raw hash on one counter pair (Random123 threefry-2x32, 20 rounds).
std::pair<uint32_t, uint32_t> threefry2x32(Key key, uint32_t x0, uint32_t x1);
// The threefry2x32 primitive on arrays: keys and counts are uint32 arrays
// of one broadcastable shape; returns the two output words.
std::pair<Array, Array> threefry2x32(const Array& k0, const Array& k1, const Array& x0,
                                     const Array& x1);

// jax.random.bits-style raw bits: UInt8/16/32 array of `shape`
// (bit_width 8, 16 or 32).
Array random_bits(Key key, int bit_width, const Shape& shape);
// jax.random.split(key, num) -> num keys.
std::vector<Key> split(Key key, int64_t num = 2);
// jax.random.fold_in(key, data) (data taken mod 2^32).
Key fold_in(Key key, uint32_t data);

// jax.random.uniform: floats in [minval, maxval). dtype must be a float type.
Array uniform(Key key, const Shape& shape, DType dtype = DType::Float32, double minval = 0.0,
              double maxval = 1.0);
// jax.random.normal: sqrt(2) * erf_inv(uniform(-1 < u < 1)).
Array normal(Key key, const Shape& shape, DType dtype = DType::Float32);
// jax.random.randint: ints in [minval, maxval) (JAX's two-draw algorithm).
Array randint(Key key, const Shape& shape, int64_t minval, int64_t maxval,
              DType dtype = DType::Int32);
// jax.random.bernoulli(key, p, shape): uniform < p.
Array bernoulli(Key key, double p, const Shape& shape);
// jax.random.permutation(key, n): a shuffled arange(n) (int32), by JAX's
// repeated sort-on-random-keys with ceil(3 ln n / ln(2^32-1)) rounds.
Array permutation(Key key, int64_t n);
// jax.random.permutation(key, x, axis=0) for an array: shuffles along axis 0.
Array permutation(Key key, const Array& x);

// TPU interpret mode's coordinate permutations: key = key(seed), then per
// parallel dim, `key, sub = split(key)` and permutation(sub, size). Verified:
// seed 12345, sizes {4} -> {{2, 3, 0, 1}} (JAX's tpu_interpret tests).
std::vector<std::vector<int64_t>> pallas_grid_permutations(
    int64_t seed, const std::vector<int64_t>& parallel_dim_sizes);

}  // namespace rungs::array
