// lax.sort (one or several operands, lexicographic keys, stable) and the
// jnp.sort / argsort wrappers. The order is lax's total order: -0.0 equals
// 0.0 and every NaN sorts after +inf (jax._src.lax.lax._float_to_int_for_sort
// maps all NaNs to one largest key), so sorts are stable around them too.
// The sorted axis is moved last, each row gets a permutation from
// std::stable_sort over its keys, and every operand is gathered by it.
#include <algorithm>
#include <numeric>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

namespace {

// Keys of one row as doubles (exact for every supported dtype) with NaN kept.
std::vector<double> row_keys(const Array& x, int64_t row, int64_t n) {
  std::vector<double> k(static_cast<size_t>(n));
  visit_dtype(x.dtype(), [&](auto tag) {
    using Tag = decltype(tag);
    const auto* p = x.data<typename Elem<Tag>::S>() + row * n;
    for (int64_t i = 0; i < n; ++i) k[static_cast<size_t>(i)] = static_cast<double>(load<Tag>(p[i]));
  });
  return k;
}

inline bool key_lt(double a, double b) { return a == a && (b != b || a < b); }
inline bool key_eq(double a, double b) { return (a != a && b != b) || a == b; }

std::vector<int> move_axis_last(int axis, int rank) {
  std::vector<int> perm;
  for (int d = 0; d < rank; ++d) {
    if (d != axis) perm.push_back(d);
  }
  perm.push_back(axis);
  return perm;
}

std::vector<int> inverse(const std::vector<int>& perm) {
  std::vector<int> inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inv[static_cast<size_t>(perm[i])] = static_cast<int>(i);
  return inv;
}

// Per-row permutations (rows x n) that sort `keys` stably.
std::vector<int64_t> sort_permutation(const std::vector<Array>& keys, int64_t rows, int64_t n) {
  std::vector<int64_t> perm(static_cast<size_t>(rows * n));
  std::vector<std::vector<double>> k(keys.size());
  std::vector<int64_t> order(static_cast<size_t>(n));
  for (int64_t r = 0; r < rows; ++r) {
    for (size_t j = 0; j < keys.size(); ++j) k[j] = row_keys(keys[j], r, n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      for (const auto& kk : k) {
        double x = kk[static_cast<size_t>(a)], y = kk[static_cast<size_t>(b)];
        if (key_lt(x, y)) return true;
        if (!key_eq(x, y)) return false;
      }
      return false;
    });
    std::copy(order.begin(), order.end(), perm.begin() + r * n);
  }
  return perm;
}

// out[r, i] = x[r, perm[r, i]] for a (rows, n) contiguous x.
Array apply_permutation(const Array& x, const std::vector<int64_t>& perm, int64_t rows, int64_t n) {
  Array out = Array::uninitialized(x.dtype(), x.shape());
  visit_width(x.dtype(), [&](auto w) {
    using W = decltype(w);
    const W* p = x.data<W>();
    W* o = out.mutable_data<W>();
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t i = 0; i < n; ++i) o[r * n + i] = p[r * n + perm[static_cast<size_t>(r * n + i)]];
    }
  });
  return out.with_weak_type(x.weak_type());
}

}  // namespace

std::vector<Array> sort_multi(const std::vector<Array>& operands, int axis, int num_keys) {
  if (operands.empty()) return {};
  const Array& first = operands[0];
  const int rank = first.rank();
  if (rank == 0) return operands;
  const int ax = canonicalize_axis(axis, rank);
  for (const Array& a : operands) {
    if (a.shape() != first.shape()) {
      raise_here(ErrorId::broadcast_incompatible, shape_str(first.shape()), shape_str(a.shape()));
    }
  }
  num_keys = std::clamp(num_keys, 1, static_cast<int>(operands.size()));
  const std::vector<int> perm = move_axis_last(ax, rank);
  std::vector<Array> moved;
  for (const Array& a : operands) moved.push_back(transpose(a, perm));
  const int64_t n = first.shape()[static_cast<size_t>(ax)];
  const int64_t rows = n == 0 ? 0 : first.size() / n;
  std::vector<Array> keys(moved.begin(), moved.begin() + num_keys);
  std::vector<int64_t> order = sort_permutation(keys, rows, n);
  std::vector<Array> out;
  const std::vector<int> inv = inverse(perm);
  for (const Array& a : moved) out.push_back(transpose(apply_permutation(a, order, rows, n), inv));
  return out;
}

Array sort(const Array& x, int axis) { return sort_multi({x}, axis, 1)[0]; }

Array argsort(const Array& x, int axis, DType index_dtype) {
  if (x.rank() == 0) return Array::scalar_int(index_dtype, 0);
  const int ax = canonicalize_axis(axis, x.rank());
  Array idx = iota(index_dtype, x.shape(), ax);
  return sort_multi({x, idx}, ax, 1)[1];
}

}  // namespace rungs::array
