// NumPy indexing for jnp: x[idx] and x.at[idx].set/add/... A spec is first
// normalised into an IndexPlan: the output shape, and for every output dim
// its stride into x (basic slices, newaxis) or into the broadcast block of
// advanced indices. The advanced block is resolved once into a table of
// source offsets (or -1 for out of bounds), so gather and scatter are one
// odometer loop each. Semantics follow jax/_src/numpy/indexing.py
// (index_to_gather, _expand_bool_indices, _canonicalize_tuple_index).
#include <algorithm>
#include <cmath>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

IndexItem IndexItem::integer(int64_t v) {
  IndexItem it;
  it.kind = Int;
  it.value = v;
  return it;
}
IndexItem IndexItem::slice(std::optional<int64_t> start, std::optional<int64_t> stop,
                           std::optional<int64_t> step) {
  IndexItem it;
  it.kind = Slice;
  it.start = start;
  it.stop = stop;
  it.step = step;
  return it;
}
IndexItem IndexItem::new_axis() {
  IndexItem it;
  it.kind = NewAxis;
  return it;
}
IndexItem IndexItem::ellipsis() {
  IndexItem it;
  it.kind = Ellipsis;
  return it;
}
IndexItem IndexItem::int_array(Array a) {
  IndexItem it;
  it.kind = IntArray;
  it.array = std::move(a);
  return it;
}
IndexItem IndexItem::bool_array(Array a) {
  IndexItem it;
  it.kind = BoolArray;
  it.array = std::move(a);
  return it;
}

namespace {

// Python's slice.indices(): (start, step, length).
void canonical_slice(const IndexItem& s, int64_t n, int64_t& start, int64_t& step, int64_t& len) {
  step = s.step.value_or(1);
  if (step == 0) raise_here(ErrorId::slice_step_zero);
  auto clampi = [&](std::optional<int64_t> v, int64_t dflt, int64_t lo, int64_t hi) {
    if (!v) return dflt;
    int64_t x = *v < 0 ? *v + n : *v;
    return std::clamp(x, lo, hi);
  };
  int64_t stop;
  if (step > 0) {
    start = clampi(s.start, 0, 0, n);
    stop = clampi(s.stop, n, 0, n);
    len = stop > start ? (stop - start + step - 1) / step : 0;
  } else {
    start = clampi(s.start, n - 1, -1, n - 1);
    stop = clampi(s.stop, -1, -1, n - 1);
    len = start > stop ? (start - stop + (-step) - 1) / (-step) : 0;
  }
}

// Item after bool expansion: arrays are int64 coordinate arrays.
struct Item {
  IndexItem::Kind kind;
  int64_t value = 0;
  IndexItem slice;
  Array array;  // IntArray only
  int pos = 0;  // position in the (expanded) user spec, for error text
};

std::vector<int64_t> nonzero_coords(const Array& mask, int dim) {
  std::vector<int64_t> out;
  std::vector<int64_t> st = strides_of(mask.shape());
  const uint8_t* p = mask.data<uint8_t>();
  for (int64_t i = 0; i < mask.size(); ++i) {
    if (p[i]) out.push_back((i / st[static_cast<size_t>(dim)]) % mask.shape()[static_cast<size_t>(dim)]);
  }
  return out;
}

// _expand_bool_indices + _canonicalize_tuple_index: returns one Item per
// consumed x dim (plus NewAxis items), ellipsis replaced by full slices.
// `advanced_contiguous` is computed on the expanded spec before the ellipsis
// is removed, as JAX does.
std::vector<Item> expand_spec(const Shape& shape, const IndexSpec& spec, bool& has_array,
                              bool& advanced_contiguous, Shape& x_shape) {
  const int rank = static_cast<int>(shape.size());
  int ellipses = 0;
  for (const IndexItem& it : spec.items) ellipses += it.kind == IndexItem::Ellipsis;
  if (ellipses > 1) raise_here(ErrorId::index_two_ellipses);
  x_shape = shape;
  std::vector<Item> items;
  has_array = false;
  int consumed_before = 0;
  int consumed_total = 0;
  for (const IndexItem& it : spec.items) {
    if (it.kind == IndexItem::BoolArray) consumed_total += std::max(it.array.rank(), 0);
    else if (it.kind != IndexItem::NewAxis && it.kind != IndexItem::Ellipsis) consumed_total += 1;
  }
  int ellipsis_extra = rank - consumed_total;  // dims the ellipsis stands for
  for (size_t p = 0; p < spec.items.size(); ++p) {
    const IndexItem& it = spec.items[p];
    Item item;
    item.kind = it.kind;
    item.pos = static_cast<int>(p);
    switch (it.kind) {
      case IndexItem::BoolArray: {
        const Array& m = it.array;
        if (m.dtype() != DType::Bool) raise_here(ErrorId::index_bad_type, dtype_name(m.dtype()), static_cast<int>(p), "array");
        if (m.rank() == 0) {
          // Scalar bool: a new length-1 axis indexed by arange(int(b)).
          x_shape.insert(x_shape.begin() + consumed_before, 1);
          item.kind = IndexItem::IntArray;
          item.array = Array::from_ints(DType::Int32, {m.item_bool() ? 1 : 0},
                                        m.item_bool() ? std::vector<int64_t>{0} : std::vector<int64_t>{});
          items.push_back(item);
          ++consumed_before;
          has_array = true;
          break;
        }
        const int start = consumed_before;
        if (start + m.rank() > rank) {
          raise_here(ErrorId::index_bool_too_many, static_cast<int>(p), shape_str(m.shape()), rank - start);
        }
        Shape expected(shape.begin() + start, shape.begin() + start + m.rank());
        for (int d = 0; d < m.rank(); ++d) {
          int64_t s1 = m.shape()[static_cast<size_t>(d)];
          if (s1 != 0 && s1 != expected[static_cast<size_t>(d)]) {
            raise_here(ErrorId::index_bool_shape, static_cast<int>(p), shape_str(m.shape()), shape_str(expected));
          }
        }
        for (int d = 0; d < m.rank(); ++d) {
          std::vector<int64_t> c = nonzero_coords(m, d);
          Item sub = item;
          sub.kind = IndexItem::IntArray;
          sub.array = Array::from_ints(DType::Int32, {static_cast<int64_t>(c.size())}, c);
          items.push_back(sub);
        }
        consumed_before += m.rank();
        has_array = true;
        break;
      }
      case IndexItem::IntArray:
        if (!is_integer(it.array.dtype())) {
          raise_here(ErrorId::index_bad_type, dtype_name(it.array.dtype()), static_cast<int>(p), "array");
        }
        item.array = it.array;
        items.push_back(item);
        ++consumed_before;
        has_array = true;
        break;
      case IndexItem::Ellipsis:
        items.push_back(item);  // expanded below
        consumed_before += std::max(ellipsis_extra, 0);
        break;
      case IndexItem::Slice:
        item.slice = it;
        items.push_back(item);
        ++consumed_before;
        break;
      case IndexItem::Int:
        item.value = it.value;
        items.push_back(item);
        ++consumed_before;
        break;
      case IndexItem::NewAxis:
        items.push_back(item);
        break;
    }
  }
  if (consumed_total > rank) {
    raise_here(ErrorId::index_too_many, rank, consumed_total, consumed_total == 1 ? "index" : "indices");
  }
  // Contiguity of advanced indices (ints count once arrays are present).
  std::vector<size_t> adv_pos;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind == IndexItem::IntArray || items[i].kind == IndexItem::Int) adv_pos.push_back(i);
  }
  advanced_contiguous = true;
  for (size_t i = 1; i < adv_pos.size(); ++i) advanced_contiguous &= adv_pos[i] == adv_pos[i - 1] + 1;
  // Replace the ellipsis (or append) with full slices.
  std::vector<Item> out;
  bool had_ellipsis = false;
  const int missing = static_cast<int>(x_shape.size()) - (consumed_total + (static_cast<int>(x_shape.size()) - rank));
  for (Item& it : items) {
    if (it.kind == IndexItem::Ellipsis) {
      had_ellipsis = true;
      for (int k = 0; k < missing; ++k) {
        Item s;
        s.kind = IndexItem::Slice;
        s.slice = IndexItem::slice(std::nullopt, std::nullopt, std::nullopt);
        out.push_back(s);
      }
    } else {
      out.push_back(std::move(it));
    }
  }
  if (!had_ellipsis) {
    for (int k = 0; k < missing; ++k) {
      Item s;
      s.kind = IndexItem::Slice;
      s.slice = IndexItem::slice(std::nullopt, std::nullopt, std::nullopt);
      out.push_back(s);
    }
  }
  return out;
}

struct IndexPlan {
  Shape out_shape;
  std::vector<int64_t> src_stride;  // per out dim, into x
  std::vector<int64_t> adv_stride;  // per out dim, into the advanced block
  int64_t base = 0;                 // x offset of basic ints and slice starts
  std::vector<int64_t> adv_offset;  // per advanced position: x offset, or -1 (out of bounds)
  bool all_oob = false;             // a basic int is out of bounds (fill/drop everything)
};

// Normalises one index value against `size`; returns -1 when out of bounds
// under `mode` (for_scatter: PromiseInBounds drops instead of clamping).
int64_t resolve_index(int64_t i, int64_t size, bool is_signed, IndexMode mode, bool for_scatter) {
  if (is_signed && i < 0) i += size;
  if (i >= 0 && i < size) return i;
  if (mode == IndexMode::Clip || (mode == IndexMode::PromiseInBounds && !for_scatter)) {
    return size == 0 ? -1 : std::clamp<int64_t>(i, 0, size - 1);
  }
  return -1;
}

IndexPlan make_plan(const Shape& shape, const IndexSpec& spec, IndexMode mode, bool for_scatter) {
  bool has_array = false, contiguous = true;
  Shape xs;
  std::vector<Item> items = expand_spec(shape, spec, has_array, contiguous, xs);
  std::vector<int64_t> xstr = strides_of(xs);
  IndexPlan plan;
  // Advanced block: broadcast all index arrays (and ints, once arrays exist).
  std::vector<int> adv_items;
  Shape adv_shape;
  if (has_array) {
    std::vector<Shape> shapes;
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].kind == IndexItem::IntArray) {
        adv_items.push_back(static_cast<int>(i));
        shapes.push_back(items[i].array.shape());
      } else if (items[i].kind == IndexItem::Int) {
        adv_items.push_back(static_cast<int>(i));
        shapes.push_back({});
      }
    }
    adv_shape = broadcast_shapes(shapes);
  }
  const int64_t adv_size = num_elements(adv_shape);
  std::vector<int64_t> adv_out_strides = strides_of(adv_shape);
  bool adv_emitted = false;
  auto emit_adv = [&]() {
    for (size_t d = 0; d < adv_shape.size(); ++d) {
      plan.out_shape.push_back(adv_shape[d]);
      plan.src_stride.push_back(0);
      plan.adv_stride.push_back(adv_out_strides[d]);
    }
    adv_emitted = true;
  };
  if (has_array && !contiguous) emit_adv();
  int x_axis = 0;
  std::vector<int> item_axis(items.size(), -1);
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& it = items[i];
    const bool is_adv = has_array && (it.kind == IndexItem::IntArray || it.kind == IndexItem::Int);
    if (is_adv) {
      if (!adv_emitted) emit_adv();
      item_axis[i] = x_axis++;
      continue;
    }
    switch (it.kind) {
      case IndexItem::NewAxis:
        plan.out_shape.push_back(1);
        plan.src_stride.push_back(0);
        plan.adv_stride.push_back(0);
        break;
      case IndexItem::Int: {
        const int64_t size = xs[static_cast<size_t>(x_axis)];
        if (size == 0) raise_here(ErrorId::index_empty_axis, x_axis);
        int64_t r = resolve_index(it.value, size, true, mode, for_scatter);
        if (r < 0) plan.all_oob = true;
        else plan.base += r * xstr[static_cast<size_t>(x_axis)];
        ++x_axis;
        break;
      }
      case IndexItem::Slice: {
        int64_t start, step, len;
        canonical_slice(it.slice, xs[static_cast<size_t>(x_axis)], start, step, len);
        plan.out_shape.push_back(len);
        if (len > 0) plan.base += start * xstr[static_cast<size_t>(x_axis)];
        plan.src_stride.push_back(step * xstr[static_cast<size_t>(x_axis)]);
        plan.adv_stride.push_back(0);
        ++x_axis;
        break;
      }
      default: break;
    }
  }
  if (!has_array) return plan;
  // Resolve the advanced block to source offsets.
  plan.adv_offset.assign(static_cast<size_t>(adv_size), 0);
  for (int ii : adv_items) {
    const Item& it = items[static_cast<size_t>(ii)];
    const int axis = item_axis[static_cast<size_t>(ii)];
    const int64_t size = xs[static_cast<size_t>(axis)];
    const int64_t xs_stride = xstr[static_cast<size_t>(axis)];
    if (it.kind == IndexItem::Int && size == 0) raise_here(ErrorId::index_empty_axis, axis);
    Shape ishape = it.kind == IndexItem::Int ? Shape{} : it.array.shape();
    std::vector<int64_t> bst = broadcast_strides(ishape, adv_shape);
    const bool is_signed = it.kind == IndexItem::Int || is_signed_int(it.array.dtype());
    std::vector<int64_t> idx(adv_shape.size(), 0);
    for (int64_t k = 0; k < adv_size; ++k) {
      int64_t src = 0;
      for (size_t d = 0; d < adv_shape.size(); ++d) src += idx[d] * bst[d];
      int64_t v = it.kind == IndexItem::Int ? it.value : it.array.get_int(src);
      int64_t r = resolve_index(v, size, is_signed, mode, for_scatter);
      int64_t& slot = plan.adv_offset[static_cast<size_t>(k)];
      if (r < 0 || slot < 0) slot = -1;
      else slot += r * xs_stride;
      for (size_t d = adv_shape.size(); d-- > 0;) {
        if (++idx[d] < adv_shape[d]) break;
        idx[d] = 0;
      }
    }
  }
  return plan;
}

// Visits every output element: f(out_flat, src_offset or -1).
template <typename F>
void for_each_index(const IndexPlan& plan, F f) {
  const int64_t n = num_elements(plan.out_shape);
  if (n == 0) return;
  const size_t r = plan.out_shape.size();
  std::vector<int64_t> idx(r, 0);
  int64_t src = plan.base, adv = 0;
  const bool has_adv = !plan.adv_offset.empty();
  for (int64_t k = 0; k < n; ++k) {
    int64_t off = -1;
    if (!plan.all_oob) {
      if (!has_adv) {
        off = src;
      } else if (plan.adv_offset[static_cast<size_t>(adv)] >= 0) {
        off = src + plan.adv_offset[static_cast<size_t>(adv)];
      }
    }
    f(k, off);
    for (size_t d = r; d-- > 0;) {
      src += plan.src_stride[d];
      adv += plan.adv_stride[d];
      if (++idx[d] < plan.out_shape[d]) break;
      src -= plan.src_stride[d] * plan.out_shape[d];
      adv -= plan.adv_stride[d] * plan.out_shape[d];
      idx[d] = 0;
    }
  }
}

Scalar default_fill(DType t) {
  if (is_float(t)) return Scalar::from_float(NAN);
  if (is_bool(t)) return Scalar::from_bool(true);
  if (is_signed_int(t)) return Scalar::from_int(int_min(t));
  return Scalar::from_int(int_max(t));
}

}  // namespace

Shape index_shape(const Shape& shape, const IndexSpec& spec) {
  return make_plan(shape, spec, IndexMode::FillOrDrop, false).out_shape;
}

void check_int_indices(const Shape& shape, const IndexSpec& spec) {
  bool has_array = false, contiguous = true;
  Shape xs;
  std::vector<Item> items = expand_spec(shape, spec, has_array, contiguous, xs);
  int axis = 0;
  for (const Item& it : items) {
    if (it.kind == IndexItem::NewAxis) continue;
    if (it.kind == IndexItem::Int) {
      const int64_t size = xs[static_cast<size_t>(axis)];
      if (it.value < -size || it.value >= size) raise_here(ErrorId::index_out_of_bounds, it.value, axis, size);
    }
    ++axis;
  }
}

Array index(const Array& x, const IndexSpec& spec, IndexMode mode, std::optional<Scalar> fill) {
  IndexPlan plan = make_plan(x.shape(), spec, mode, false);
  Array out = Array::uninitialized(x.dtype(), plan.out_shape);
  const Array fill_arr = Array::full(x.dtype(), {}, fill.value_or(default_fill(x.dtype())));
  visit_width(x.dtype(), [&](auto w) {
    using W = decltype(w);
    const W* src = x.data<W>();
    const W fv = fill_arr.data<W>()[0];
    W* o = out.mutable_data<W>();
    for_each_index(plan, [&](int64_t k, int64_t off) { o[k] = off >= 0 ? src[off] : fv; });
  });
  return out.with_weak_type(x.weak_type());
}

Array index_update(const Array& x, const IndexSpec& spec, const Array& updates, UpdateMode mode, IndexMode oob) {
  Array out = x;
  index_update_in_place(out, spec, updates, mode, oob);  // copies first: `x` holds the storage too
  return out;
}

void index_update_in_place(Array& out, const IndexSpec& spec, const Array& updates, UpdateMode mode, IndexMode oob) {
  const Array& x = out;
  IndexPlan plan = make_plan(x.shape(), spec, oob, true);
  Array upd = broadcast_to(convert(updates, x.dtype()), plan.out_shape);
  out.mutable_raw();  // copy-on-write
  visit_dtype(x.dtype(), [&](auto tag) {
    using Tag = decltype(tag);
    using S = typename Elem<Tag>::S;
    using C = typename Elem<Tag>::C;
    S* dst = out.mutable_data<S>();
    const S* u = upd.data<S>();
    for_each_index(plan, [&](int64_t k, int64_t off) {
      if (off < 0) return;
      if (mode == UpdateMode::Set) {
        dst[off] = u[k];
        return;
      }
      C a = load<Tag>(dst[off]), b = load<Tag>(u[k]);
      C r;
      if constexpr (kIsFloat<Tag>) {
        switch (mode) {
          case UpdateMode::Add: r = a + b; break;
          case UpdateMode::Mul: r = a * b; break;
          case UpdateMode::Min: r = (a != a || b != b) ? NAN : std::min(a, b); break;
          default: r = (a != a || b != b) ? NAN : std::max(a, b); break;
        }
      } else if constexpr (kIsBool<Tag>) {
        r = (mode == UpdateMode::Add || mode == UpdateMode::Max) ? (a | b) : (a & b);
      } else {
        using U = std::conditional_t<(sizeof(C) < 4), uint32_t, std::make_unsigned_t<C>>;
        switch (mode) {
          case UpdateMode::Add: r = static_cast<C>(static_cast<U>(a) + static_cast<U>(b)); break;
          case UpdateMode::Mul: r = static_cast<C>(static_cast<U>(a) * static_cast<U>(b)); break;
          case UpdateMode::Min: r = std::min(a, b); break;
          default: r = std::max(a, b); break;
        }
      }
      dst[off] = store<Tag>(r);
    });
  });
}

}  // namespace rungs::array
