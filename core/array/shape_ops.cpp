// Shape and layout ops (lax.reshape, transpose, broadcast_in_dim, pad, slice,
// rev, concatenate, iota; jnp.tile/repeat). All of them are one strided copy
// (copy_strided) from a view of the input into a fresh row-major output, so
// the only loop to make fast is the one below.
#include <algorithm>
#include <cstring>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

namespace detail {

namespace {
template <typename W>
void copy_run(std::byte* dst, int64_t ds, const std::byte* src, int64_t ss, int64_t n) {
  W* d = reinterpret_cast<W*>(dst);
  const W* s = reinterpret_cast<const W*>(src);
  if (ss == 0) {
    const W v = s[0];
    for (int64_t i = 0; i < n; ++i) d[i * ds] = v;
  } else {
    for (int64_t i = 0; i < n; ++i) d[i * ds] = s[i * ss];
  }
}
// dst[j * dst_row + i] = src[j + i * src_col] for j < rows, i < cols, in
// 32 x 32 tiles (dst rows contiguous along i, src contiguous along j).
template <typename W>
void copy_tiled(std::byte* dst, int64_t dst_row, const std::byte* src, int64_t src_col, int64_t rows, int64_t cols) {
  constexpr int64_t kTile = 32;
  W* d = reinterpret_cast<W*>(dst);
  const W* s = reinterpret_cast<const W*>(src);
  for (int64_t j0 = 0; j0 < rows; j0 += kTile) {
    const int64_t j1 = std::min(rows, j0 + kTile);
    for (int64_t i0 = 0; i0 < cols; i0 += kTile) {
      const int64_t i1 = std::min(cols, i0 + kTile);
      for (int64_t j = j0; j < j1; ++j) {
        W* drow = d + j * dst_row;
        for (int64_t i = i0; i < i1; ++i) drow[i] = s[j + i * src_col];
      }
    }
  }
}

}  // namespace

void copy_strided(std::byte* dst, const int64_t* dst_strides, const std::byte* src, const int64_t* src_strides,
                  const int64_t* shape, int rank, int width) {
  for (int d = 0; d < rank; ++d) {
    if (shape[d] == 0) return;
  }
  // Scratch on the stack for the usual ranks (the grid loop calls this per
  // block and must not allocate); the heap only past kStackRank dims.
  constexpr int kStackRank = 16;
  int64_t stack_buf[4 * kStackRank];
  std::vector<int64_t> heap_buf;
  int64_t* buf = stack_buf;
  if (rank > kStackRank) {
    heap_buf.resize(static_cast<size_t>(4 * rank));
    buf = heap_buf.data();
  }
  const int cap = std::max(rank, kStackRank);
  int64_t* dims = buf;
  int64_t* ds = buf + cap;
  int64_t* ss = buf + 2 * cap;
  int64_t* idx = buf + 3 * cap;
  // Collapse: drop size-1 dims; merge dims contiguous in both views.
  int r = 0;
  for (int d = 0; d < rank; ++d) {
    if (shape[d] == 1) continue;
    if (r > 0 && ds[r - 1] == dst_strides[d] * shape[d] && ss[r - 1] == src_strides[d] * shape[d]) {
      dims[r - 1] *= shape[d];
      ds[r - 1] = dst_strides[d];
      ss[r - 1] = src_strides[d];
      continue;
    }
    dims[r] = shape[d];
    ds[r] = dst_strides[d];
    ss[r] = src_strides[d];
    ++r;
  }
  int64_t inner = 1, dsi = 1, ssi = 1;
  if (r > 0) {
    --r;
    inner = dims[r];
    dsi = ds[r];
    ssi = ss[r];
  }
  // Transpose-like views (the source is contiguous along the next-outer dim
  // rather than the inner one) are copied in square tiles so that both sides
  // stay in cache; otherwise every inner element would touch a new line.
  const bool tiled = r > 0 && ssi != 1 && ss[r - 1] == 1 && dsi == 1 && inner >= 16 && dims[r - 1] >= 16;
  int64_t tile_rows = 0, tile_ds = 0;
  if (tiled) {
    --r;
    tile_rows = dims[r];
    tile_ds = ds[r];
  }
  for (int k = 0; k < r; ++k) idx[k] = 0;
  int64_t doff = 0, soff = 0;
  while (true) {
    std::byte* d = dst + doff * width;
    const std::byte* s = src + soff * width;
    if (tiled) {
      switch (width) {
        case 1: copy_tiled<uint8_t>(d, tile_ds, s, ssi, tile_rows, inner); break;
        case 2: copy_tiled<uint16_t>(d, tile_ds, s, ssi, tile_rows, inner); break;
        case 8: copy_tiled<uint64_t>(d, tile_ds, s, ssi, tile_rows, inner); break;
        default: copy_tiled<uint32_t>(d, tile_ds, s, ssi, tile_rows, inner); break;
      }
    } else if (dsi == 1 && ssi == 1) {
      std::memcpy(d, s, static_cast<size_t>(inner * width));
    } else {
      switch (width) {
        case 1: copy_run<uint8_t>(d, dsi, s, ssi, inner); break;
        case 2: copy_run<uint16_t>(d, dsi, s, ssi, inner); break;
        case 8: copy_run<uint64_t>(d, dsi, s, ssi, inner); break;
        default: copy_run<uint32_t>(d, dsi, s, ssi, inner); break;
      }
    }
    int k = r;
    while (k > 0) {
      --k;
      doff += ds[k];
      soff += ss[k];
      if (++idx[k] < dims[k]) goto next;
      doff -= ds[k] * dims[k];
      soff -= ss[k] * dims[k];
      idx[k] = 0;
    }
    return;
  next:;
  }
}

void copy_strided(std::byte* dst, const std::vector<int64_t>& dst_strides, const std::byte* src,
                  const std::vector<int64_t>& src_strides, const Shape& shape, int width) {
  copy_strided(dst, dst_strides.data(), src, src_strides.data(), shape.data(), static_cast<int>(shape.size()),
               width);
}

}  // namespace detail

namespace {

// Copies the view (offset, strides) of x into a fresh array of `shape`.
Array gather_view(const Array& x, const Shape& shape, const std::vector<int64_t>& strides, int64_t offset) {
  Array out = Array::uninitialized(x.dtype(), shape);
  const int w = itemsize(x.dtype());
  copy_strided(out.mutable_raw(), strides_of(shape), x.raw() + offset * w, strides, shape, w);
  return out.with_weak_type(x.weak_type());
}

std::string vec_str(const std::vector<int64_t>& v) { return ints_str(v); }

}  // namespace

Shape resolve_reshape(const Shape& from, const Shape& requested) {
  const int64_t size = num_elements(from);
  int unknown = -1;
  int64_t known = 1;
  for (size_t i = 0; i < requested.size(); ++i) {
    if (requested[i] == -1) {
      if (unknown >= 0) raise_here(ErrorId::reshape_two_unknown, shape_str(requested));
      unknown = static_cast<int>(i);
    } else {
      if (requested[i] < 0) raise_here(ErrorId::negative_dimension);
      known *= requested[i];
    }
  }
  Shape out = requested;
  if (unknown >= 0) {
    if (known == 0 || size % known != 0) {
      raise_here(ErrorId::reshape_divide, shape_str(from), size, shape_str(requested), known, size);
    }
    out[static_cast<size_t>(unknown)] = size / known;
  } else if (known != size) {
    raise_here(ErrorId::reshape_size, shape_str(from), size, shape_str(requested), known);
  }
  return out;
}

Array reshape(const Array& x, const Shape& shape) {
  check_shape(shape);
  if (num_elements(shape) != x.size()) {
    raise_here(ErrorId::reshape_size, shape_str(x.shape()), x.size(), shape_str(shape), num_elements(shape));
  }
  return x.reshaped(shape);  // row-major: a reshape never moves data
}

Array transpose(const Array& x, const std::vector<int>& perm) {
  const int r = x.rank();
  std::vector<bool> seen(static_cast<size_t>(r), false);
  bool ok = static_cast<int>(perm.size()) == r;
  for (int p : perm) {
    if (!ok || p < 0 || p >= r || seen[static_cast<size_t>(p)]) {
      ok = false;
      break;
    }
    seen[static_cast<size_t>(p)] = true;
  }
  if (!ok) raise_here(ErrorId::transpose_perm, axes_str(perm), shape_str(x.shape()));
  bool identity = true;
  for (int i = 0; i < r; ++i) identity = identity && perm[static_cast<size_t>(i)] == i;
  if (identity) return x;
  std::vector<int64_t> in_strides = strides_of(x.shape());
  Shape shape(static_cast<size_t>(r));
  std::vector<int64_t> strides(static_cast<size_t>(r));
  for (int i = 0; i < r; ++i) {
    shape[static_cast<size_t>(i)] = x.shape()[static_cast<size_t>(perm[static_cast<size_t>(i)])];
    strides[static_cast<size_t>(i)] = in_strides[static_cast<size_t>(perm[static_cast<size_t>(i)])];
  }
  return gather_view(x, shape, strides, 0);
}

Array broadcast_in_dim(const Array& x, const Shape& out, const std::vector<int>& broadcast_dims) {
  check_shape(out);
  bool ok = static_cast<int>(broadcast_dims.size()) == x.rank();
  for (size_t i = 0; ok && i < broadcast_dims.size(); ++i) {
    int d = broadcast_dims[i];
    if (d < 0 || d >= static_cast<int>(out.size())) ok = false;
    else if (i > 0 && d <= broadcast_dims[i - 1]) ok = false;
    else if (x.shape()[i] != 1 && x.shape()[i] != out[static_cast<size_t>(d)]) ok = false;
  }
  if (!ok) {
    raise_here(ErrorId::broadcast_in_dim_invalid, shape_str(x.shape()), shape_str(out), axes_str(broadcast_dims));
  }
  if (out == x.shape()) return x;
  std::vector<int64_t> in_strides = strides_of(x.shape());
  std::vector<int64_t> strides(out.size(), 0);
  for (size_t i = 0; i < broadcast_dims.size(); ++i) {
    if (x.shape()[i] != 1) strides[static_cast<size_t>(broadcast_dims[i])] = in_strides[i];
  }
  return gather_view(x, out, strides, 0);
}

Array broadcast_to(const Array& x, const Shape& shape) {
  check_shape(shape);
  const int r = static_cast<int>(shape.size());
  bool ok = x.rank() <= r;
  std::vector<int> dims;
  for (int i = 0; ok && i < x.rank(); ++i) {
    int d = r - x.rank() + i;
    int64_t xd = x.shape()[static_cast<size_t>(i)];
    if (xd != 1 && xd != shape[static_cast<size_t>(d)]) ok = false;
    dims.push_back(d);
  }
  if (!ok) raise_here(ErrorId::broadcast_to_incompatible, shape_str(x.shape()), shape_str(shape));
  return broadcast_in_dim(x, shape, dims);
}

Array squeeze(const Array& x, const std::vector<int>& axes) {
  std::vector<int> ax = canonical_axes(axes, x.rank());
  Shape shape;
  for (int i = 0; i < x.rank(); ++i) {
    bool drop = std::binary_search(ax.begin(), ax.end(), i);
    if (drop && x.shape()[static_cast<size_t>(i)] != 1) {
      raise_here(ErrorId::squeeze_not_one, shape_str(x.shape()), axes_str(axes));
    }
    if (!drop) shape.push_back(x.shape()[static_cast<size_t>(i)]);
  }
  return x.reshaped(shape);
}

Array expand_dims(const Array& x, const std::vector<int>& axes) {
  const int r = x.rank() + static_cast<int>(axes.size());
  std::vector<int> ax = canonical_axes(axes, r);
  Shape shape;
  size_t k = 0;
  for (int i = 0; i < r; ++i) {
    if (std::binary_search(ax.begin(), ax.end(), i)) {
      shape.push_back(1);
    } else {
      shape.push_back(x.shape()[k++]);
    }
  }
  return x.reshaped(shape);
}

Array concatenate(const std::vector<Array>& xs, int axis) {
  if (xs.empty()) raise_here(ErrorId::concatenate_empty);
  const Array& first = xs[0];
  const int ax = canonicalize_axis(axis, std::max(first.rank(), 1));
  Shape shape = first.shape();
  bool weak = true;
  std::string shapes;
  for (size_t i = 0; i < xs.size(); ++i) shapes += (i ? ", " : "") + shape_str(xs[i].shape());
  for (size_t i = 0; i < xs.size(); ++i) {
    const Array& a = xs[i];
    if (a.dtype() != first.dtype()) {
      raise_here(ErrorId::lax_dtype_mismatch, "concatenate", dtype_name(first.dtype()), dtype_name(a.dtype()));
    }
    bool ok = a.rank() == first.rank() && a.rank() > 0;
    for (int d = 0; ok && d < a.rank(); ++d) {
      if (d != ax && a.shape()[static_cast<size_t>(d)] != first.shape()[static_cast<size_t>(d)]) ok = false;
    }
    if (!ok) raise_here(ErrorId::concatenate_shapes, ax, "[" + shapes + "]");
    if (i > 0) shape[static_cast<size_t>(ax)] += a.shape()[static_cast<size_t>(ax)];
    weak = weak && a.weak_type();
  }
  Array out = Array::uninitialized(first.dtype(), shape);
  std::vector<int64_t> out_strides = strides_of(shape);
  const int w = itemsize(first.dtype());
  int64_t pos = 0;
  std::byte* base = out.mutable_raw();
  for (const Array& a : xs) {
    copy_strided(base + pos * out_strides[static_cast<size_t>(ax)] * w, out_strides, a.raw(),
                 strides_of(a.shape()), a.shape(), w);
    pos += a.shape()[static_cast<size_t>(ax)];
  }
  return out.with_weak_type(weak);
}

Array pad(const Array& x, Scalar value, const std::vector<int64_t>& lo, const std::vector<int64_t>& hi,
          const std::vector<int64_t>& interior) {
  const size_t r = static_cast<size_t>(x.rank());
  if (lo.size() != r || hi.size() != r || interior.size() != r) {
    raise_here(ErrorId::pad_config, shape_str(x.shape()), static_cast<long long>(lo.size()));
  }
  Shape shape(r);
  std::string config;
  for (size_t d = 0; d < r; ++d) {
    config += (d ? ", " : "") + std::string("(") + std::to_string(lo[d]) + ", " + std::to_string(hi[d]) +
              ", " + std::to_string(interior[d]) + ")";
  }
  for (size_t d = 0; d < r; ++d) {
    if (interior[d] < 0) raise_here(ErrorId::pad_interior_negative, interior[d]);
    int64_t n = x.shape()[d];
    shape[d] = lo[d] + hi[d] + n + std::max<int64_t>(n - 1, 0) * interior[d];
  }
  for (size_t d = 0; d < r; ++d) {
    if (shape[d] < 0) {
      raise_here(ErrorId::pad_negative_result, shape_str(shape), "(" + config + ")", shape_str(x.shape()));
    }
  }
  Array out = Array::full(x.dtype(), shape, value);
  // Source elements i land at lo + i * (interior + 1); keep those in range.
  Shape count(r);
  std::vector<int64_t> dst_strides = strides_of(shape), src_strides = strides_of(x.shape());
  std::vector<int64_t> ds(r), ss(r);
  int64_t doff = 0, soff = 0;
  for (size_t d = 0; d < r; ++d) {
    const int64_t step = interior[d] + 1;
    int64_t first = lo[d] >= 0 ? 0 : (-lo[d] + step - 1) / step;  // first i with pos >= 0
    int64_t last = x.shape()[d];                                   // one past last i with pos < out
    if (shape[d] - lo[d] <= 0) {
      last = 0;
    } else {
      last = std::min<int64_t>(last, (shape[d] - lo[d] - 1) / step + 1);
    }
    count[d] = std::max<int64_t>(last - first, 0);
    doff += (lo[d] + first * step) * dst_strides[d];
    soff += first * src_strides[d];
    ds[d] = dst_strides[d] * step;
    ss[d] = src_strides[d];
  }
  if (num_elements(count) > 0) {
    const int w = itemsize(x.dtype());
    copy_strided(out.mutable_raw() + doff * w, ds, x.raw() + soff * w, ss, count, w);
  }
  return out.with_weak_type(x.weak_type());
}

Array slice(const Array& x, const std::vector<int64_t>& starts, const std::vector<int64_t>& limits,
            const std::vector<int64_t>& strides) {
  const size_t r = static_cast<size_t>(x.rank());
  std::vector<int64_t> st = strides.empty() ? std::vector<int64_t>(r, 1) : strides;
  auto fail = [&](const char* why) {
    raise_here(ErrorId::slice_invalid, why, vec_str(starts), vec_str(limits), vec_str(st), shape_str(x.shape()));
  };
  if (starts.size() != r || limits.size() != r || st.size() != r) fail("needs one index per dimension:");
  Shape shape(r);
  std::vector<int64_t> in_strides = strides_of(x.shape()), vs(r);
  int64_t off = 0;
  for (size_t d = 0; d < r; ++d) {
    if (st[d] <= 0) fail("strides must be positive:");
    if (starts[d] < 0 || limits[d] > x.shape()[d] || starts[d] > limits[d]) {
      fail("indices must satisfy 0 <= start <= limit <= dim:");
    }
    shape[d] = (limits[d] - starts[d] + st[d] - 1) / st[d];
    off += starts[d] * in_strides[d];
    vs[d] = in_strides[d] * st[d];
  }
  return gather_view(x, shape, vs, off);
}

Array rev(const Array& x, const std::vector<int>& axes) {
  std::vector<int> ax = canonical_axes(axes, x.rank());
  if (ax.empty()) return x;
  std::vector<int64_t> strides = strides_of(x.shape());
  int64_t off = 0;
  for (int a : ax) {
    const size_t d = static_cast<size_t>(a);
    if (x.shape()[d] > 0) off += (x.shape()[d] - 1) * strides[d];
    strides[d] = -strides[d];
  }
  return gather_view(x, x.shape(), strides, off);
}

Array iota(DType dtype, const Shape& shape, int dimension) {
  check_shape(shape);
  if (dimension < 0 || dimension >= static_cast<int>(shape.size())) {
    raise_here(ErrorId::iota_dimension, dimension, shape_str(shape));
  }
  Array out = Array::uninitialized(dtype, shape);
  const size_t d = static_cast<size_t>(dimension);
  int64_t inner = 1;
  for (size_t i = d + 1; i < shape.size(); ++i) inner *= shape[i];
  const int64_t n = shape[d];
  visit_dtype(dtype, [&](auto tag) {
    using Tag = decltype(tag);
    using S = typename Elem<Tag>::S;
    S* p = out.mutable_data<S>();
    for (int64_t i = 0; i < out.size(); ++i) {
      int64_t v = (i / inner) % n;
      if constexpr (kIsFloat<Tag>) {
        p[i] = store<Tag>(static_cast<float>(v));
      } else {
        p[i] = store<Tag>(static_cast<typename Elem<Tag>::C>(v));
      }
    }
  });
  return out;
}

Array tile(const Array& x, const std::vector<int64_t>& reps) {
  const size_t r = std::max(reps.size(), static_cast<size_t>(x.rank()));
  Shape xs(r - static_cast<size_t>(x.rank()), 1);
  xs.insert(xs.end(), x.shape().begin(), x.shape().end());
  std::vector<int64_t> rp(r - reps.size(), 1);
  rp.insert(rp.end(), reps.begin(), reps.end());
  // View as (rep0, d0, rep1, d1, ...) with stride 0 on the rep dims.
  Shape big, result;
  std::vector<int64_t> strides;
  std::vector<int64_t> xst = strides_of(xs);
  for (size_t i = 0; i < r; ++i) {
    if (rp[i] < 0) raise_here(ErrorId::negative_dimension);
    big.push_back(rp[i]);
    strides.push_back(0);
    big.push_back(xs[i]);
    strides.push_back(xst[i]);
    result.push_back(rp[i] * xs[i]);
  }
  return gather_view(x, big, strides, 0).reshaped(result);
}

Array repeat(const Array& x, int64_t repeats, int axis) {
  if (repeats < 0) raise_here(ErrorId::repeat_negative, repeats);
  const int ax = canonicalize_axis(axis, x.rank());
  std::vector<int64_t> xst = strides_of(x.shape());
  Shape big, result;
  std::vector<int64_t> strides;
  for (int i = 0; i < x.rank(); ++i) {
    const size_t d = static_cast<size_t>(i);
    big.push_back(x.shape()[d]);
    strides.push_back(xst[d]);
    if (i == ax) {
      big.push_back(repeats);
      strides.push_back(0);
      result.push_back(x.shape()[d] * repeats);
    } else {
      result.push_back(x.shape()[d]);
    }
  }
  return gather_view(x, big, strides, 0).reshaped(result);
}

}  // namespace rungs::array
