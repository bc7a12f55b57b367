#include "tests/bench/reference_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/array/ops.h"

namespace rungs::bench {

namespace {

std::vector<float> bf16_to_f32(const array::Array& a) {
  const uint16_t* p = a.data<uint16_t>();
  std::vector<float> out(static_cast<size_t>(a.size()));
  for (size_t i = 0; i < out.size(); ++i) {
    const uint32_t bits = static_cast<uint32_t>(p[i]) << 16;
    std::memcpy(&out[i], &bits, sizeof bits);
  }
  return out;
}

// Row-wise softmax of an n x n score matrix with entries above the diagonal
// masked out, in place.
void causal_softmax(float* s, int64_t n) {
  for (int64_t r = 0; r < n; ++r) {
    float* row = s + r * n;
    float m = -std::numeric_limits<float>::infinity();
    for (int64_t c = 0; c <= r; ++c) m = std::max(m, row[c]);
    float sum = 0;
    for (int64_t c = 0; c <= r; ++c) {
      row[c] = std::exp(row[c] - m);
      sum += row[c];
    }
    for (int64_t c = 0; c <= r; ++c) row[c] /= sum;
    for (int64_t c = r + 1; c < n; ++c) row[c] = 0;
  }
}

}  // namespace

std::vector<float> flash_attention_reference(const array::Array& q, const array::Array& k, const array::Array& v) {
  const int64_t heads = q.shape()[0] * q.shape()[1], n = q.shape()[2], d = q.shape()[3];
  const float scale = 1.0f / std::sqrt(static_cast<float>(d));
  std::vector<float> out(static_cast<size_t>(heads * n * d)), kt(static_cast<size_t>(d * n)),
      s(static_cast<size_t>(n * n));
  for (int64_t h = 0; h < heads; ++h) {
    const float* qh = q.data<float>() + h * n * d;
    const float* kh = k.data<float>() + h * n * d;
    const float* vh = v.data<float>() + h * n * d;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < d; ++j) kt[static_cast<size_t>(j * n + i)] = kh[i * d + j];
    array::matmul_f32(qh, kt.data(), s.data(), n, d, n, false);
    for (float& x : s) x *= scale;
    causal_softmax(s.data(), n);
    array::matmul_f32(s.data(), vh, out.data() + h * n * d, n, n, d, false);
  }
  return out;
}

std::vector<float> grouped_matmul_reference(const array::Array& tile_group, const array::Array& lhs,
                                            const array::Array& rhs, int64_t tile_rows) {
  const int64_t rows = lhs.shape()[0], kdim = lhs.shape()[1], n = rhs.shape()[2];
  std::vector<float> a = bf16_to_f32(lhs), b = bf16_to_f32(rhs);
  std::vector<float> out(static_cast<size_t>(rows * n));
  const int32_t* group = tile_group.data<int32_t>();
  // Consecutive tiles of one group form one matmul.
  for (int64_t t = 0; t < tile_group.size();) {
    int64_t end = t;
    while (end < tile_group.size() && group[end] == group[t]) ++end;
    const int64_t r0 = t * tile_rows, count = (end - t) * tile_rows;
    array::matmul_f32(a.data() + r0 * kdim, b.data() + group[t] * kdim * n, out.data() + r0 * n, count, kdim, n,
                      false);
    t = end;
  }
  return out;
}

std::vector<float> paged_attention_reference(const array::Array& tables, const array::Array& lengths,
                                             const array::Array& q, const array::Array& k, const array::Array& v) {
  const int64_t seqs = q.shape()[0], heads = q.shape()[1], d = q.shape()[3];
  const int64_t pool = k.shape()[1], page = k.shape()[2], per_seq = tables.shape()[1];
  const float scale = 1.0f / std::sqrt(static_cast<float>(d));
  std::vector<float> out(static_cast<size_t>(seqs * heads * d)), w;
  for (int64_t b = 0; b < seqs; ++b) {
    const int64_t len = lengths.data<int32_t>()[b];
    w.assign(static_cast<size_t>(len), 0);
    for (int64_t h = 0; h < heads; ++h) {
      const float* qv = q.data<float>() + (b * heads + h) * d;
      auto token = [&](const array::Array& pool_array, int64_t t) {
        const int64_t p = tables.data<int32_t>()[b * per_seq + t / page];
        return pool_array.data<float>() + ((h * pool + p) * page + t % page) * d;
      };
      float m = -std::numeric_limits<float>::infinity();
      for (int64_t t = 0; t < len; ++t) {
        const float* kv = token(k, t);
        float dot = 0;
        for (int64_t j = 0; j < d; ++j) dot += qv[j] * kv[j];
        w[static_cast<size_t>(t)] = dot * scale;
        m = std::max(m, w[static_cast<size_t>(t)]);
      }
      float sum = 0;
      for (float& x : w) sum += (x = std::exp(x - m));
      float* o = out.data() + (b * heads + h) * d;
      for (int64_t t = 0; t < len; ++t) {
        const float* vv = token(v, t);
        const float p = w[static_cast<size_t>(t)] / sum;
        for (int64_t j = 0; j < d; ++j) o[j] += p * vv[j];
      }
    }
  }
  return out;
}

}  // namespace rungs::bench
