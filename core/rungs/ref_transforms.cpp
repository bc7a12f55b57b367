#include "core/rungs/ref_transforms.h"

#include <algorithm>
#include <numeric>

#include "core/array/ops.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

using array::Array;
using array::DType;
using array::Shape;

void split_levels(const ir::Eqn& eqn, size_t first, size_t count, const Windows& w, Windows& base,
                  TransformTail& tail) {
  const std::vector<ir::Indexer>& levels = eqn.params.indexers;
  size_t end = std::min(first + count, levels.size());
  size_t t = ir::first_ref_transform(levels, first, end - first) - first;
  base.assign(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(std::min(t, w.size())));
  tail.levels.assign(levels.begin() + static_cast<std::ptrdiff_t>(first + t), levels.begin() + static_cast<std::ptrdiff_t>(end));
  tail.windows.assign(w.begin() + static_cast<std::ptrdiff_t>(std::min(t, w.size())), w.end());
}

void tail_type(const TransformTail& tail, Shape& shape, DType& dtype) {
  for (size_t k = 0; k < tail.levels.size(); ++k) {
    const ir::Indexer& level = tail.levels[k];
    if (!level.is_index()) {
      shape = level.shape;
      dtype = level.dtype;
      continue;
    }
    Shape out;
    const Window& w = tail.windows[k];
    for (size_t d = 0; d < shape.size(); ++d) {
      if (d >= w.size()) out.push_back(shape[d]);
      else if (w[d].kind == ir::DimIndex::Kind::Slice) out.push_back(w[d].size);
    }
    shape = out;
  }
}

Array bitcast_view(const Array& x, DType dtype) {
  int xb = array::bit_width(x.dtype()), yb = array::bit_width(dtype);
  if (xb == yb) return array::bitcast_convert(x, dtype);
  Shape shape = x.shape();
  size_t r = shape.size();  // >= 2: the trace refused 1-D bitwidth changes
  Shape out = shape;
  out[r - 2] = shape[r - 2] * xb / yb;
  std::vector<int> swap_last(r + 1);
  std::iota(swap_last.begin(), swap_last.end(), 0);
  std::swap(swap_last[r - 1], swap_last[r]);
  if (xb < yb) {
    // Rows 2k and 2k + 1 (for a 2:1 ratio) become the low and high halves
    // of word k: group them on a trailing axis, then convert.
    int64_t ratio = yb / xb;
    Shape grouped(shape.begin(), shape.end() - 2);
    grouped.push_back(shape[r - 2] / ratio);
    grouped.push_back(ratio);
    grouped.push_back(shape[r - 1]);
    return array::bitcast_convert(array::transpose(array::reshape(x, grouped), swap_last), dtype);
  }
  // Wider to narrower: each word's pieces land on consecutive rows.
  Array pieces = array::bitcast_convert(x, dtype);  // (..., R, C, ratio)
  return array::reshape(array::transpose(pieces, swap_last), out);
}

namespace {
Array apply_level(const Array& v, const ir::Indexer& level, const Window& w) {
  switch (level.kind) {
    case ir::Indexer::Kind::Reshape: return array::reshape(v, level.shape);
    case ir::Indexer::Kind::Bitcast: return bitcast_view(v, level.dtype);
    case ir::Indexer::Kind::Index: break;
  }
  return generic_get(v, Windows{w});
}
}  // namespace

Array apply_tail(const Array& base, const TransformTail& tail) {
  Array v = base;
  for (size_t k = 0; k < tail.levels.size(); ++k) v = apply_level(v, tail.levels[k], tail.windows[k]);
  return v;
}

Array store_through_tail(const Array& base, const TransformTail& tail, const Array& value) {
  // transform_swap_array's two phases, with the inverse of each level (a
  // reshape back, the opposite bitcast, an indexed update) on the way out.
  std::vector<Array> seen{base};
  for (size_t k = 0; k + 1 < tail.levels.size(); ++k)
    seen.push_back(apply_level(seen.back(), tail.levels[k], tail.windows[k]));
  Array cur = value;
  for (size_t k = tail.levels.size(); k-- > 0;) {
    const Array& before = seen[k];
    switch (tail.levels[k].kind) {
      case ir::Indexer::Kind::Reshape: cur = array::reshape(cur, before.shape()); break;
      case ir::Indexer::Kind::Bitcast: cur = bitcast_view(cur, before.dtype()); break;
      case ir::Indexer::Kind::Index: {
        Array updated = before;  // copy-on-write storage: `seen` stays intact
        generic_set(updated, Windows{tail.windows[k]}, cur);
        cur = std::move(updated);
        break;
      }
    }
  }
  return cur;
}

std::string transform_repr(const ir::Indexer& level) {
  if (level.kind == ir::Indexer::Kind::Reshape) {
    std::string s = "ReshapeTransform(shape=(";
    for (size_t i = 0; i < level.shape.size(); ++i) s += (i ? ", " : "") + std::to_string(level.shape[i]);
    return s + (level.shape.size() == 1 ? ",))" : "))");
  }
  // NumPy quotes its own dtype names; ml_dtypes' (bfloat16, float8_*, int4) print bare.
  std::string name = array::dtype_name(level.dtype);
  bool ml = name == "bfloat16" || name.rfind("float8", 0) == 0 || name == "int4" || name == "uint4";
  return "BitcastTransform(dtype=dtype(" + (ml ? name : "'" + name + "'") + "))";
}

}  // namespace rungs::exec
