#include "core/rungs/windows.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::exec {

using pallas::BlockDimKind;

array::Scalar generic_uninitialized(DType dtype) {
  if (array::is_float(dtype)) return array::Scalar::from_float(std::numeric_limits<double>::quiet_NaN());
  if (dtype == DType::Int16) return array::Scalar::from_int(0);
  if (array::is_bool(dtype)) return array::Scalar::from_bool(false);
  return array::Scalar::from_int(array::int_min(dtype));
}

array::Scalar tpu_uninitialized(DType dtype, const std::string& mode) {
  if (mode == "zero") return array::is_bool(dtype) ? array::Scalar::from_bool(false) : array::Scalar::from_int(0);
  if (mode != "nan") raise_here(ErrorId::uninitialized_mode, mode, array::dtype_name(dtype));
  if (array::is_float(dtype)) return array::Scalar::from_float(std::numeric_limits<double>::quiet_NaN());
  if (array::is_bool(dtype)) return array::Scalar::from_bool(true);
  return array::Scalar::from_int(array::int_max(dtype));
}

Padding block_padding(const pallas::BlockMapping& m, bool honour_element_padding) {
  Padding p;
  for (size_t d = 0; d < m.dims.size(); ++d) {
    const pallas::BlockDim& bd = m.dims[d];
    int64_t lo = 0, hi = 0;
    if (honour_element_padding && bd.kind == BlockDimKind::Element) {
      lo = bd.pad_lo;
      hi = bd.pad_hi;
    }
    int64_t size = m.array.shape[d] + lo + hi;
    int64_t block = m.block_shape[d];
    int64_t padded = block > 0 ? (size + block - 1) / block * block : size;
    if (bd.kind == BlockDimKind::Element) {
      padded = size;  // Element blocks are not rounded up
      // JAX's interpreter dynamic-slices the padded operand: a block longer
      // than it is lax's shape error, not a window past the end.
      if (honour_element_padding && block > size) {
        auto tuple = [](const std::vector<int64_t>& v) {
          std::string t = "(";
          for (size_t i = 0; i < v.size(); ++i) t += (i ? ", " : "") + std::to_string(v[i]);
          return t + (v.size() == 1 ? ",)" : ")");
        };
        std::vector<int64_t> operand(m.array.shape.begin(), m.array.shape.end());
        operand[d] = size;
        raise_here(ErrorId::dynamic_slice_sizes, tuple(m.block_shape), tuple(operand));
      }
    }
    p.padded.push_back(std::max(padded, size));
    p.lo.push_back(lo);
    p.hi.push_back(hi + (std::max(padded, size) - size));
  }
  return p;
}

Array pad_array(const Array& a, const Padding& p, array::Scalar fill) {
  bool none = true;
  for (size_t d = 0; d < p.lo.size(); ++d) none = none && p.lo[d] == 0 && p.hi[d] == 0;
  if (none) return a;
  return array::pad(a, fill, p.lo, p.hi, std::vector<int64_t>(p.lo.size(), 0));
}

Array unpad_array(const Array& a, const Padding& p, const Shape& shape) {
  if (a.shape() == shape) return a;
  std::vector<int64_t> starts = p.lo, limits;
  for (size_t d = 0; d < shape.size(); ++d) limits.push_back(p.lo[d] + shape[d]);
  return array::slice(a, starts, limits);
}

std::vector<int64_t> block_start(const pallas::BlockMapping& m, const std::vector<int64_t>& block_index) {
  std::vector<int64_t> start;
  block_start(m, block_index, start);
  return start;
}

void block_start(const pallas::BlockMapping& m, const std::vector<int64_t>& block_index, std::vector<int64_t>& start) {
  start.clear();
  for (size_t d = 0; d < m.dims.size(); ++d) {
    int64_t k = d < block_index.size() ? block_index[d] : 0;
    switch (m.dims[d].kind) {
      case BlockDimKind::Blocked: start.push_back(k * m.dims[d].size); break;
      default: start.push_back(k); break;  // Element: element offset; Squeezed: the index itself
    }
  }
}

std::vector<int64_t> clamp_starts(const std::vector<int64_t>& start, const Shape& padded, const Shape& block) {
  std::vector<int64_t> out;
  clamp_starts(start, padded, block, out);
  return out;
}

void clamp_starts(const std::vector<int64_t>& start, const Shape& padded, const Shape& block,
                  std::vector<int64_t>& out) {
  out.clear();
  for (size_t d = 0; d < start.size(); ++d) out.push_back(array::clamp_start(start[d], padded[d], block[d]));
}

Shape Region::result_shape() const {
  Shape s;
  for (size_t d = 0; d < count.size(); ++d)
    if (keep[d]) s.push_back(count[d]);
  return s;
}

Box Region::box() const {
  Box b;
  for (size_t d = 0; d < count.size(); ++d) {
    b.start.push_back(start[d]);
    b.size.push_back(count[d] == 0 ? 0 : (count[d] - 1) * stride[d] + 1);
  }
  return b;
}

bool Region::is_whole(const Shape& buffer) const {
  for (size_t d = 0; d < buffer.size(); ++d)
    if (start[d] != 0 || count[d] != buffer[d] || stride[d] != 1 || !keep[d]) return false;
  return true;
}

bool covers_whole(const Shape& buffer, const Windows& w) {
  if (w.size() > 1 || (w.size() == 1 && w[0].size() != buffer.size())) return false;
  if (w.empty()) return true;
  for (size_t d = 0; d < buffer.size(); ++d) {
    const WindowDim& wd = w[0][d];
    if (wd.kind != ir::DimIndex::Kind::Slice || wd.start != 0 || wd.stride != 1 || wd.size != buffer[d]) return false;
  }
  return true;
}

std::optional<Region> resolve_region(const Shape& buffer, const Windows& w, bool clamp) {
  Region r;
  for (int64_t dim : buffer) {
    r.start.push_back(0);
    r.count.push_back(dim);
    r.stride.push_back(1);
    r.keep.push_back(true);
  }
  for (const Window& level : w) {
    size_t k = 0;  // position in `level` (one per kept dim)
    for (size_t d = 0; d < buffer.size() && k < level.size(); ++d) {
      if (!r.keep[d]) continue;
      const WindowDim& wd = level[k++];
      int64_t extent = r.count[d];
      switch (wd.kind) {
        case ir::DimIndex::Kind::Array:
        case ir::DimIndex::Kind::NewAxis: return std::nullopt;
        case ir::DimIndex::Kind::Index: {
          int64_t i = clamp ? array::clamp_start(wd.start, extent, 1) : wd.start;
          r.start[d] += i * r.stride[d];
          r.count[d] = 1;
          r.keep[d] = false;
          break;
        }
        case ir::DimIndex::Kind::Slice: {
          int64_t span = wd.size == 0 ? 0 : (wd.size - 1) * wd.stride + 1;
          if (span > extent) raise_here(ErrorId::dynamic_slice_sizes, array::shape_str({span}), array::shape_str({extent}));
          int64_t s = clamp ? array::clamp_start(wd.start, extent, span) : wd.start;
          r.start[d] += s * r.stride[d];
          r.count[d] = wd.size;
          r.stride[d] *= wd.stride;
          break;
        }
      }
    }
  }
  return r;
}

namespace {
// Visit every element of a region: fn(buffer_flat, region_flat).
template <typename Fn>
void for_each_element(const Shape& buffer, const Region& r, Fn fn) {
  size_t rank = buffer.size();
  std::vector<int64_t> strides = array::strides_of(buffer);
  int64_t total = 1;
  for (int64_t c : r.count) total *= c;
  if (total == 0) return;
  std::vector<int64_t> idx(rank, 0);
  for (int64_t flat = 0; flat < total; ++flat) {
    int64_t offset = 0;
    for (size_t d = 0; d < rank; ++d) offset += (r.start[d] + idx[d] * r.stride[d]) * strides[d];
    fn(offset, flat);
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < r.count[d]) break;
      idx[d] = 0;
    }
  }
}

bool is_full(const Shape& buffer, const Region& r) { return r.is_whole(buffer); }
}  // namespace

Array read_region(const Array& buffer, const Region& r) {
  if (is_full(buffer.shape(), r)) return buffer;
  bool unit = true;
  for (int64_t s : r.stride) unit = unit && s == 1;
  if (unit) {
    Array block = Array::uninitialized(buffer.dtype(), r.count);
    array::copy_window_out(buffer, r.start, block);
    return block.reshaped(r.result_shape());
  }
  Array out = Array::uninitialized(buffer.dtype(), r.result_shape());
  int item = array::itemsize(buffer.dtype());
  const std::byte* src = buffer.raw();
  std::byte* dst = out.mutable_raw();
  for_each_element(buffer.shape(), r, [&](int64_t from, int64_t to) {
    std::memcpy(dst + to * item, src + from * item, static_cast<size_t>(item));
  });
  return out;
}

void write_region(Array& buffer, const Region& r, const Array& value) {
  Array v = value.dtype() == buffer.dtype() ? value : array::convert(value, buffer.dtype());
  if (is_full(buffer.shape(), r)) {
    buffer = v.reshaped(buffer.shape()).with_weak_type(false);
    return;
  }
  bool unit = true;
  for (int64_t s : r.stride) unit = unit && s == 1;
  if (unit) {
    array::copy_window_in(buffer, r.start, v.reshaped(r.count));
    return;
  }
  int item = array::itemsize(buffer.dtype());
  const std::byte* src = v.raw();
  std::byte* dst = buffer.mutable_raw();
  for_each_element(buffer.shape(), r, [&](int64_t to, int64_t from) {
    std::memcpy(dst + to * item, src + from * item, static_cast<size_t>(item));
  });
}

namespace {
array::IndexSpec spec_of(const Window& level) {
  array::IndexSpec spec;
  for (const WindowDim& wd : level) {
    switch (wd.kind) {
      case ir::DimIndex::Kind::Array:
        spec.items.push_back(wd.indices.dtype() == DType::Bool ? array::IndexItem::bool_array(wd.indices)
                                                               : array::IndexItem::int_array(wd.indices));
        break;
      case ir::DimIndex::Kind::Index: spec.items.push_back(array::IndexItem::integer(wd.start)); break;
      case ir::DimIndex::Kind::NewAxis: spec.items.push_back(array::IndexItem::new_axis()); break;
      case ir::DimIndex::Kind::Slice:
        spec.items.push_back(array::IndexItem::slice(wd.start, wd.start + wd.size * wd.stride, wd.stride));
        break;
    }
  }
  return spec;
}
}  // namespace

Array generic_get(const Array& buffer, const Windows& w) {
  if (covers_whole(buffer.shape(), w)) return buffer;
  if (auto r = resolve_region(buffer.shape(), w, true)) return read_region(buffer, *r);
  Array view = buffer;
  for (const Window& level : w) {
    Windows one{level};
    if (auto r = resolve_region(view.shape(), one, true)) view = read_region(view, *r);
    else view = array::index(view, spec_of(level));
  }
  return view;
}

void generic_set(Array& buffer, const Windows& w, const Array& value) {
  if (covers_whole(buffer.shape(), w) && value.dtype() == buffer.dtype()) {
    buffer = value.shape() == buffer.shape() && !value.weak_type() ? value
                                                                  : value.reshaped(buffer.shape()).with_weak_type(false);
    return;
  }
  if (auto r = resolve_region(buffer.shape(), w, true)) {
    write_region(buffer, *r, value);
    return;
  }
  if (w.empty()) return;
  Windows outer(w.begin(), w.end() - 1);
  auto r = resolve_region(buffer.shape(), outer, true);
  if (!r) raise_here(ErrorId::unsupported_feature, "integer-array indices before another ref view");
  Array view = read_region(buffer, *r);
  view = array::index_update(view, spec_of(w.back()), value, array::UpdateMode::Set);
  write_region(buffer, *r, view);
}

Array generic_load(const Array& buffer, const Windows& w, const Array* mask, const Array* other) {
  Windows outer(w.begin(), w.end() - (w.empty() ? 0 : 1));
  auto r = resolve_region(buffer.shape(), outer, true);
  if (!r || w.empty()) return generic_get(buffer, w);
  Array view = read_region(buffer, *r);
  const Window& last = w.back();
  for (const WindowDim& wd : last) {
    if (wd.kind == ir::DimIndex::Kind::Array) return generic_get(buffer, w);
    if (wd.kind == ir::DimIndex::Kind::Slice && wd.stride != 1) raise_here(ErrorId::ds_stride);
  }
  // Pad the high end by the window size, then slice with XLA clamping: the
  // overhang reads the uninitialised value, negative starts clamp to 0.
  std::vector<int64_t> lo(static_cast<size_t>(view.rank()), 0), hi, starts, sizes;
  Shape keep_shape;
  for (int d = 0; d < view.rank(); ++d) {
    const WindowDim& wd = last[static_cast<size_t>(d)];
    int64_t size = wd.kind == ir::DimIndex::Kind::Index ? 1 : wd.size;
    hi.push_back(size);
    sizes.push_back(size);
    int64_t padded = view.shape()[static_cast<size_t>(d)] + size;
    starts.push_back(array::clamp_start(wd.start, padded, size));
    if (wd.kind != ir::DimIndex::Kind::Index) keep_shape.push_back(size);
  }
  Array padded = array::pad(view, generic_uninitialized(view.dtype()), lo, hi, std::vector<int64_t>(lo.size(), 0));
  Array out = array::dynamic_slice(padded, starts, sizes).reshaped(keep_shape);
  if (mask && other) out = array::select(*mask, *other, out);
  return out;
}

Array generic_store(Array& buffer, const Windows& w, const Array& value, const Array* mask) {
  Windows outer(w.begin(), w.end() - (w.empty() ? 0 : 1));
  auto r = resolve_region(buffer.shape(), outer, true);
  if (!r || w.empty()) {
    Array old = generic_get(buffer, w);
    generic_set(buffer, w, mask ? array::select(*mask, value, old) : value);
    return old;
  }
  Array view = read_region(buffer, *r);
  const Window& last = w.back();
  std::vector<int64_t> lo(static_cast<size_t>(view.rank()), 0), hi, starts, sizes;
  for (int d = 0; d < view.rank(); ++d) {
    const WindowDim& wd = last[static_cast<size_t>(d)];
    if (wd.kind == ir::DimIndex::Kind::Array) raise_here(ErrorId::load_mixed_indexers);
    if (wd.kind == ir::DimIndex::Kind::Slice && wd.stride != 1) raise_here(ErrorId::ds_stride);
    int64_t size = wd.kind == ir::DimIndex::Kind::Index ? 1 : wd.size;
    hi.push_back(size);
    sizes.push_back(size);
    starts.push_back(array::clamp_start(wd.start, view.shape()[static_cast<size_t>(d)] + size, size));
  }
  Array padded = array::pad(view, generic_uninitialized(view.dtype()), lo, hi, std::vector<int64_t>(lo.size(), 0));
  Array old = array::dynamic_slice(padded, starts, sizes);
  Array v = value.reshaped(sizes);
  if (mask) v = array::select(mask->reshaped(sizes), v, old);
  padded = array::dynamic_update_slice(padded, v, starts);
  view = array::slice(padded, lo, view.shape());
  write_region(buffer, *r, view);
  Shape keep;
  for (int d = 0; d < view.rank(); ++d)
    if (last[static_cast<size_t>(d)].kind != ir::DimIndex::Kind::Index) keep.push_back(sizes[static_cast<size_t>(d)]);
  return old.reshaped(keep);
}

}  // namespace rungs::exec
