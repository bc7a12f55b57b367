// jax.random on threefry2x32, following jax/_src/prng.py and
// jax/_src/random.py with jax_threefry_partitionable=True (default since JAX
// 0.5.0) and x64 disabled. Reference values verified in random_test.cpp:
// the three Random123 known-answer vectors JAX's own tests use, and the
// interpret-mode grid permutation pinned by JAX's tpu_interpret tests.
#include "core/array/random.h"

#include <algorithm>
#include <cmath>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

namespace {

inline uint32_t rotl(uint32_t v, int r) { return (v << r) | (v >> (32 - r)); }

inline void rounds(uint32_t& x0, uint32_t& x1, const int (&rot)[4]) {
  for (int r : rot) {
    x0 += x1;
    x1 = rotl(x1, r);
    x1 ^= x0;
  }
}

// 64-bit flat index as the (hi, lo) counter pair (jax iota_2x32_shape).
inline std::pair<uint32_t, uint32_t> counter(uint64_t i) {
  return {static_cast<uint32_t>(i >> 32), static_cast<uint32_t>(i)};
}

// Raw 32 bits per element: bits1 ^ bits2 of the hash of the flat index.
std::vector<uint32_t> bits32(Key key, int64_t n) {
  std::vector<uint32_t> out(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    auto [hi, lo] = counter(static_cast<uint64_t>(i));
    auto [b1, b2] = threefry2x32(key, hi, lo);
    out[static_cast<size_t>(i)] = b1 ^ b2;
  }
  return out;
}

}  // namespace

Key key_from_seed(int64_t seed) {
  // jax.random.key(seed) with x64 off: the seed becomes an int32 (low 32 bits)
  // and threefry_seed gives [seed >> 32, seed & 0xFFFFFFFF]; a logical shift
  // of an int32 by 32 is 0 in XLA, so the high word is always 0.
  return Key{0u, static_cast<uint32_t>(static_cast<uint64_t>(seed))};
}

std::pair<uint32_t, uint32_t> threefry2x32(Key key, uint32_t x0, uint32_t x1) {
  static constexpr int r0[4] = {13, 15, 26, 6};
  static constexpr int r1[4] = {17, 29, 16, 24};
  const uint32_t ks0 = key.k0, ks1 = key.k1, ks2 = key.k0 ^ key.k1 ^ 0x1BD11BDAu;
  x0 += ks0;
  x1 += ks1;
  rounds(x0, x1, r0);
  x0 += ks1;
  x1 += ks2 + 1u;
  rounds(x0, x1, r1);
  x0 += ks2;
  x1 += ks0 + 2u;
  rounds(x0, x1, r0);
  x0 += ks0;
  x1 += ks1 + 3u;
  rounds(x0, x1, r1);
  x0 += ks1;
  x1 += ks2 + 4u;
  rounds(x0, x1, r0);
  x0 += ks2;
  x1 += ks0 + 5u;
  return {x0, x1};
}

std::pair<Array, Array> threefry2x32(const Array& k0, const Array& k1, const Array& x0, const Array& x1) {
  for (const Array* a : {&k0, &k1, &x0, &x1}) {
    if (a->dtype() != DType::UInt32) raise_here(ErrorId::op_dtype, "threefry2x32", dtype_name(a->dtype()), "uint32");
  }
  Shape shape = broadcast_shapes({k0.shape(), k1.shape(), x0.shape(), x1.shape()});
  Array a = broadcast_to(k0, shape), b = broadcast_to(k1, shape);
  Array c = broadcast_to(x0, shape), d = broadcast_to(x1, shape);
  Array o0 = Array::uninitialized(DType::UInt32, shape), o1 = Array::uninitialized(DType::UInt32, shape);
  uint32_t* p0 = o0.mutable_data<uint32_t>();
  uint32_t* p1 = o1.mutable_data<uint32_t>();
  for (int64_t i = 0; i < o0.size(); ++i) {
    auto [r0, r1] = threefry2x32(Key{a.data<uint32_t>()[i], b.data<uint32_t>()[i]}, c.data<uint32_t>()[i],
                                 d.data<uint32_t>()[i]);
    p0[i] = r0;
    p1[i] = r1;
  }
  return {o0, o1};
}

Array random_bits(Key key, int bit_width, const Shape& shape) {
  check_shape(shape);
  DType t = bit_width == 8 ? DType::UInt8 : bit_width == 16 ? DType::UInt16 : DType::UInt32;
  if (bit_width != 8 && bit_width != 16 && bit_width != 32) raise_here(ErrorId::random_bit_width);
  Array out = Array::uninitialized(t, shape);
  std::vector<uint32_t> bits = bits32(key, out.size());
  visit_width(t, [&](auto w) {
    using W = decltype(w);
    W* p = out.mutable_data<W>();
    for (int64_t i = 0; i < out.size(); ++i) p[i] = static_cast<W>(bits[static_cast<size_t>(i)]);
  });
  return out;
}

std::vector<Key> split(Key key, int64_t num) {
  if (num < 0) raise_here(ErrorId::random_negative_size, "split", num);
  std::vector<Key> out;
  out.reserve(static_cast<size_t>(num));
  for (int64_t i = 0; i < num; ++i) {
    auto [hi, lo] = counter(static_cast<uint64_t>(i));
    auto [b1, b2] = threefry2x32(key, hi, lo);
    out.push_back(Key{b1, b2});
  }
  return out;
}

Key fold_in(Key key, uint32_t data) {
  // threefry_2x32(key, threefry_seed(data)) with seed words [0, data].
  auto [b1, b2] = threefry2x32(key, 0u, data);
  return Key{b1, b2};
}

Array uniform(Key key, const Shape& shape, DType dtype, double minval, double maxval) {
  if (!is_float(dtype)) raise_here(ErrorId::random_float_dtype, "uniform", dtype_name(dtype));
  check_shape(shape);
  const int nbits = bit_width(dtype);
  const int nmant = mantissa_bits(dtype);
  const int rng_bits = nmant < 8 ? 8 : nbits;
  Array raw = random_bits(key, rng_bits, shape);
  Array out = Array::uninitialized(dtype, shape);
  visit_dtype(dtype, [&](auto tag) {
    using Tag = decltype(tag);
    if constexpr (kIsFloat<Tag>) {
      using S = typename Elem<Tag>::S;
      // All arithmetic in the element type, each lax op rounded once.
      const float lo = round_to<Tag>(static_cast<float>(minval));
      const float hi = round_to<Tag>(static_cast<float>(maxval));
      const float span = round_to<Tag>(hi - lo);
      const uint32_t one_bits = is_narrow_float(dtype) ? double_to_narrow(dtype, 1.0)
                                : nbits == 32                ? 0x3F800000u
                                : dtype == DType::Float16    ? 0x3C00u
                                                             : 0x3F80u;
      S* p = out.mutable_data<S>();
      for (int64_t i = 0; i < out.size(); ++i) {
        const uint32_t b = static_cast<uint32_t>(raw.get_int(i));
        const uint32_t fb = (b >> (rng_bits - nmant)) | one_bits;
        float f;
        if constexpr (std::is_same_v<Tag, float>) f = __builtin_bit_cast(float, fb);
        else f = load<Tag>(static_cast<S>(fb));
        f = round_to<Tag>(f - 1.0f);
        float v = round_to<Tag>(round_to<Tag>(f * span) + lo);
        p[i] = store<Tag>(v > lo ? v : lo);  // lax.max(minval, ...)
      }
    }
  });
  return out;
}

Array normal(Key key, const Shape& shape, DType dtype) {
  if (!is_float(dtype)) raise_here(ErrorId::random_float_dtype, "normal", dtype_name(dtype));
  // lo = nextafter(-1, 0) in the dtype.
  double lo = -1.0 + eps(dtype) / 2.0;
  Array u = uniform(key, shape, dtype, lo, 1.0);
  Array e = unary(UnaryOp::ErfInv, u);
  Array s = Array::full(dtype, {}, Scalar::from_float(std::sqrt(2.0)));
  return binary(BinaryOp::Mul, broadcast_to(s, shape), e);
}

Array randint(Key key, const Shape& shape, int64_t minval, int64_t maxval, DType dtype) {
  if (!is_integer(dtype)) raise_here(ErrorId::random_int_dtype, "randint", dtype_name(dtype));
  check_shape(shape);
  const int nbits = bit_width(dtype);
  const uint64_t mask = nbits == 32 ? 0xFFFFFFFFull : ((1ull << nbits) - 1);
  const int64_t lo_t = int_min(dtype), hi_t = int_max(dtype);
  const bool maxval_out_of_range = maxval > hi_t;
  const int64_t minc = std::clamp(minval, lo_t, hi_t), maxc = std::clamp(maxval, lo_t, hi_t);
  std::vector<Key> ks = split(key, 2);
  std::vector<uint32_t> hib = bits32(ks[0], num_elements(shape));
  std::vector<uint32_t> lob = bits32(ks[1], num_elements(shape));
  uint64_t span = (static_cast<uint64_t>(maxc) - static_cast<uint64_t>(minc)) & mask;
  if (maxc <= minc) span = 1;
  if (maxval_out_of_range && maxc > minc) span = (span + 1) & mask;
  // 2^(nbits/2) % span, squared, % span, all in the unsigned dtype with
  // XLA's x % 0 == x (span wraps to 0 for the full range, e.g. uint8 [0, 256)).
  auto rem = [](uint64_t a, uint64_t b) { return b == 0 ? a : a % b; };
  uint64_t mult = rem((1ull << (nbits / 2)) & mask, span);
  mult = rem((mult * mult) & mask, span);
  std::vector<int64_t> vals(static_cast<size_t>(num_elements(shape)));
  for (size_t i = 0; i < vals.size(); ++i) {
    uint64_t h = hib[i] & mask, l = lob[i] & mask;
    uint64_t off = (rem(h, span) * mult) & mask;
    off = rem((off + rem(l, span)) & mask, span);
    vals[i] = static_cast<int64_t>((static_cast<uint64_t>(minc) + off) & mask);
  }
  // from_ints wraps into the dtype (two's complement), as lax.add does.
  return Array::from_ints(dtype, shape, vals);
}

Array bernoulli(Key key, double p, const Shape& shape) {
  Array u = uniform(key, shape, DType::Float32);
  Array pa = Array::full(DType::Float32, shape, Scalar::from_float(p));
  return binary(BinaryOp::Lt, u, pa);
}

Array permutation(Key key, int64_t n) {
  if (n < 0) raise_here(ErrorId::random_negative_size, "permutation", n);
  return permutation(key, iota(DType::Int32, {n}, 0));
}

Array permutation(Key key, const Array& x) {
  if (x.rank() == 0) return x;
  // _shuffle: ceil(3 ln(size) / ln(2^32 - 1)) rounds of sort-by-random-keys.
  const int64_t size = x.shape()[0];
  const double uint32max = 4294967295.0;
  const int rounds_n = static_cast<int>(std::ceil(3.0 * std::log(static_cast<double>(std::max<int64_t>(1, size))) /
                                                  std::log(uint32max)));
  Array out = x;
  for (int r = 0; r < rounds_n; ++r) {
    std::vector<Key> ks = split(key, 2);
    key = ks[0];
    // Keys are drawn for x's whole shape (as jnp does for 1-D x); for an n-d
    // x JAX shuffles an arange of axis 0 instead, which this mirrors.
    Array sort_keys = random_bits(ks[1], 32, {size});
    if (out.rank() == 1) {
      out = sort_multi({sort_keys, out}, 0, 1)[1];
    } else {
      Array idx = sort_multi({sort_keys, iota(DType::Int32, {size}, 0)}, 0, 1)[1];
      IndexSpec spec;
      spec.items.push_back(IndexItem::int_array(idx));
      out = index(out, spec);
    }
  }
  return out;
}

std::vector<std::vector<int64_t>> pallas_grid_permutations(int64_t seed,
                                                           const std::vector<int64_t>& parallel_dim_sizes) {
  Key key = key_from_seed(seed);
  std::vector<std::vector<int64_t>> out;
  for (int64_t size : parallel_dim_sizes) {
    std::vector<Key> ks = split(key, 2);
    key = ks[0];
    out.push_back(permutation(ks[1], size).to_ints());
  }
  return out;
}

}  // namespace rungs::array
