// Windows into arrays: lax.dynamic_slice / dynamic_update_slice with XLA's
// start clamping (the behaviour interpret mode's grid loop relies on: an
// out-of-range block index silently reads the last valid block), and the
// allocation-free copy_window_out/in the grid executor calls per step.
#include <algorithm>
#include <cassert>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

int64_t clamp_start(int64_t start, int64_t dim, int64_t size) {
  return std::clamp<int64_t>(start, 0, std::max<int64_t>(dim - size, 0));
}

namespace {

std::vector<int64_t> clamped_starts(const Array& x, const std::vector<int64_t>& starts, const Shape& sizes) {
  std::vector<int64_t> s(starts.size());
  for (size_t d = 0; d < starts.size(); ++d) s[d] = clamp_start(starts[d], x.shape()[d], sizes[d]);
  return s;
}

void check_starts(const Array& x, const std::vector<int64_t>& starts) {
  if (static_cast<int>(starts.size()) != x.rank()) {
    raise_here(ErrorId::dynamic_slice_rank, ints_str(starts), shape_str(x.shape()));
  }
}

}  // namespace

Array dynamic_slice(const Array& x, const std::vector<int64_t>& starts, const Shape& sizes) {
  check_starts(x, starts);
  bool ok = sizes.size() == starts.size();
  for (size_t d = 0; ok && d < sizes.size(); ++d) {
    if (sizes[d] < 0 || sizes[d] > x.shape()[d]) ok = false;
  }
  if (!ok) raise_here(ErrorId::dynamic_slice_sizes, shape_str(sizes), shape_str(x.shape()));
  Array out = Array::uninitialized(x.dtype(), sizes);
  copy_window_out(x, clamped_starts(x, starts, sizes), out);
  return out.with_weak_type(x.weak_type());
}

Array dynamic_update_slice(const Array& x, const Array& update, const std::vector<int64_t>& starts) {
  check_starts(x, starts);
  if (update.dtype() != x.dtype()) {
    raise_here(ErrorId::lax_dtype_mismatch, "dynamic_update_slice", dtype_name(x.dtype()),
               dtype_name(update.dtype()));
  }
  bool ok = update.rank() == x.rank();
  for (int d = 0; ok && d < x.rank(); ++d) {
    if (update.shape()[static_cast<size_t>(d)] > x.shape()[static_cast<size_t>(d)]) ok = false;
  }
  if (!ok) raise_here(ErrorId::dynamic_update_slice_shape, shape_str(update.shape()), shape_str(x.shape()));
  Array out = x;           // shares storage until written
  out.mutable_raw();       // copy-on-write: now uniquely owned
  copy_window_in(out, clamped_starts(x, starts, update.shape()), update);
  return out;
}

namespace {

// Row-major strides of `shape` into `out` (rank entries), and the flat
// offset of `starts` (if given) in it. Stack-only: the grid loop calls this
// once per block.
int64_t strides_and_offset(const Shape& shape, const int64_t* starts, int64_t* out) {
  int64_t acc = 1, off = 0;
  for (size_t d = shape.size(); d-- > 0;) {
    out[d] = acc;
    if (starts) off += starts[d] * acc;
    acc *= shape[d];
  }
  return off;
}

constexpr int kWindowRank = 16;

}  // namespace

void copy_window_out(const Array& src, const std::vector<int64_t>& starts, Array& dst_block) {
  assert(src.dtype() == dst_block.dtype() && static_cast<int>(starts.size()) == src.rank());
  assert(src.rank() == dst_block.rank());
  const int rank = src.rank();
  if (rank > kWindowRank) {  // rare: fall back to the allocating path
    dst_block = dynamic_slice(src, starts, dst_block.shape());
    return;
  }
  const int w = itemsize(src.dtype());
  int64_t sst[kWindowRank], dst[kWindowRank];
  const int64_t off = strides_and_offset(src.shape(), starts.data(), sst);
  strides_and_offset(dst_block.shape(), nullptr, dst);
  copy_strided(dst_block.mutable_raw(), dst, src.raw() + off * w, sst, dst_block.shape().data(), rank, w);
}

void copy_window_in(Array& dst, const std::vector<int64_t>& starts, const Array& block) {
  assert(dst.dtype() == block.dtype() && static_cast<int>(starts.size()) == dst.rank());
  assert(dst.rank() == block.rank());
  const int rank = dst.rank();
  if (rank > kWindowRank) {
    dst = dynamic_update_slice(dst, block, starts);
    return;
  }
  const int w = itemsize(dst.dtype());
  int64_t dstr[kWindowRank], bst[kWindowRank];
  const int64_t off = strides_and_offset(dst.shape(), starts.data(), dstr);
  strides_and_offset(block.shape(), nullptr, bst);
  copy_strided(dst.mutable_raw() + off * w, dstr, block.raw(), bst, block.shape().data(), rank, w);
}

}  // namespace rungs::array
