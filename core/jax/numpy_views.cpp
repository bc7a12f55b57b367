// NumPy views over shared buffers (see numpy_views.h for the design).
#include "core/jax/numpy_views.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <set>

namespace rungs::jax {

using array::Array;
using array::Shape;

namespace {

std::vector<int64_t> c_strides(const Shape& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  int64_t step = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    s[i] = step;
    step *= std::max<int64_t>(shape[i], 1);
  }
  return s;
}

// Calls fn(k, position) for every element of g in C order (k counts them).
void for_each_position(const NumpyGeometry& g, const std::function<void(int64_t, int64_t)>& fn) {
  const int64_t n = array::num_elements(g.shape);
  if (n == 0) return;
  std::vector<int64_t> idx(g.shape.size(), 0);
  int64_t pos = g.offset;
  for (int64_t k = 0; k < n; ++k) {
    fn(k, pos);
    for (size_t d = g.shape.size(); d-- > 0;) {  // odometer step
      pos += g.strides[d];
      if (++idx[d] < g.shape[d]) break;
      pos -= g.strides[d] * g.shape[d];
      idx[d] = 0;
    }
  }
}

// The value a member sees: a window of the root (contiguous members share
// its storage) or a gathered copy (strided members).
Array materialize(const NumpyBuffer& b, const NumpyGeometry& g) {
  const int64_t n = array::num_elements(g.shape);
  if (n == 0) return Array::zeros(b.root.dtype(), g.shape);
  if (c_contiguous(g)) return b.root.window(g.offset, g.shape);
  Array out = Array::uninitialized(b.root.dtype(), g.shape);
  const size_t w = static_cast<size_t>(array::itemsize(b.root.dtype()));
  std::byte* dst = out.mutable_raw();
  const std::byte* src = b.root.raw();
  for_each_position(g, [&](int64_t k, int64_t pos) {
    std::memcpy(dst + static_cast<size_t>(k) * w, src + static_cast<size_t>(pos) * w, w);
  });
  return out;
}

// The live members (dropping the dead ones from the list).
std::vector<ArrayObj*> live_members(NumpyBuffer& b) {
  std::vector<ArrayObj*> live;
  std::vector<std::weak_ptr<Object>> kept;
  for (const auto& w : b.members) {
    if (auto p = w.lock()) {
      live.push_back(static_cast<ArrayObj*>(p.get()));
      kept.push_back(w);
    }
  }
  b.members = std::move(kept);
  return live;
}

// Python's slice.indices for one axis: (start, count, step).
void slice_axis(const array::IndexItem& it, int64_t dim, int64_t& start, int64_t& count, int64_t& step) {
  step = it.step.value_or(1);
  if (step > 0) {
    auto norm = [&](std::optional<int64_t> v, int64_t dflt) {
      if (!v) return dflt;
      return std::clamp<int64_t>(*v < 0 ? *v + dim : *v, 0, dim);
    };
    start = norm(it.start, 0);
    int64_t stop = norm(it.stop, dim);
    count = stop > start ? (stop - start + step - 1) / step : 0;
  } else {
    auto norm = [&](std::optional<int64_t> v, int64_t dflt) {
      if (!v) return dflt;
      return std::clamp<int64_t>(*v < 0 ? *v + dim : *v, -1, dim - 1);
    };
    start = norm(it.start, dim - 1);
    int64_t stop = norm(it.stop, -1);
    count = start > stop ? (start - stop - 1) / (-step) + 1 : 0;
  }
}

std::pair<int64_t, int64_t> extent(const NumpyGeometry& g) {
  int64_t lo = g.offset, hi = g.offset;
  for (size_t d = 0; d < g.shape.size(); ++d) {
    int64_t span = (g.shape[d] - 1) * g.strides[d];
    (span < 0 ? lo : hi) += span;
  }
  return {lo, hi};
}

}  // namespace

bool c_contiguous(const NumpyGeometry& g) {
  int64_t expected = 1;
  for (size_t d = g.shape.size(); d-- > 0;) {
    if (g.shape[d] == 0) return true;
    if (g.shape[d] == 1) continue;
    if (g.strides[d] != expected) return false;
    expected *= g.shape[d];
  }
  return true;
}

bool f_contiguous(const NumpyGeometry& g) {
  int64_t expected = 1;
  for (size_t d = 0; d < g.shape.size(); ++d) {
    if (g.shape[d] == 0) return true;
    if (g.shape[d] == 1) continue;
    if (g.strides[d] != expected) return false;
    expected *= g.shape[d];
  }
  return true;
}

NumpyGeometry numpy_geometry_of(const ArrayObj& a) {
  if (a.view) return a.view->geo;
  return NumpyGeometry{0, a.op.aval.shape, c_strides(a.op.aval.shape)};
}

const NumpyView& numpy_adopt(const Value& v) {
  ArrayObj& a = v.as<ArrayObj>();
  if (a.view) return *a.view;
  auto buffer = std::make_shared<NumpyBuffer>();
  const Shape& shape = a.op.value.shape();
  buffer->root = a.op.value.reshaped({a.op.value.size()});
  buffer->members.push_back(v.obj_ptr());
  a.view = std::make_shared<NumpyView>(NumpyView{buffer, NumpyGeometry{0, shape, c_strides(shape)}, Value::none()});
  return *a.view;
}

Value numpy_make_view(const Value& source, NumpyGeometry geo) {
  const NumpyView& sv = numpy_adopt(source);
  auto obj = std::make_shared<ArrayObj>(ir::Operand::concrete(materialize(*sv.buffer, geo)));
  obj->numpy = true;
  obj->read_only = source.as<ArrayObj>().read_only;
  obj->jax_buffer = source.as<ArrayObj>().jax_buffer;
  obj->view = std::make_shared<NumpyView>(NumpyView{sv.buffer, std::move(geo), sv.base.is_none() ? source : sv.base});
  NumpyBuffer& b = *sv.buffer;
  b.members.push_back(obj);
  // Views read in a loop and dropped must not pile up: prune the dead
  // entries whenever the list has doubled since the last pruning.
  if (b.members.size() >= 2 * b.pruned_size + 16) {
    live_members(b);
    b.pruned_size = b.members.size();
  }
  return Value::object(obj);
}

bool numpy_basic_spec(const array::IndexSpec& spec) {
  for (const auto& it : spec.items)
    if (it.kind == array::IndexItem::IntArray || it.kind == array::IndexItem::BoolArray) return false;
  return true;
}

NumpyGeometry numpy_index_geometry(const NumpyGeometry& g, const array::IndexSpec& spec) {
  size_t consuming = 0;
  for (const auto& it : spec.items)
    if (it.kind != array::IndexItem::NewAxis && it.kind != array::IndexItem::Ellipsis) ++consuming;
  NumpyGeometry out;
  out.offset = g.offset;
  size_t d = 0;
  auto keep = [&](size_t n) {
    for (size_t k = 0; k < n && d < g.shape.size(); ++k, ++d) {
      out.shape.push_back(g.shape[d]);
      out.strides.push_back(g.strides[d]);
    }
  };
  for (const auto& it : spec.items) {
    switch (it.kind) {
      case array::IndexItem::Ellipsis: keep(g.shape.size() - std::min(consuming, g.shape.size())); break;
      case array::IndexItem::NewAxis:
        out.shape.push_back(1);
        out.strides.push_back(0);
        break;
      case array::IndexItem::Int: {
        int64_t i = it.value < 0 ? it.value + g.shape[d] : it.value;
        out.offset += i * g.strides[d++];
        break;
      }
      default: {  // Slice
        int64_t start = 0, count = 0, step = 1;
        slice_axis(it, g.shape[d], start, count, step);
        if (count > 0) out.offset += start * g.strides[d];
        out.shape.push_back(count);
        out.strides.push_back(g.strides[d] * step);
        ++d;
      }
    }
  }
  keep(g.shape.size() - d);
  return out;
}

NumpyGeometry numpy_transposed(const NumpyGeometry& g, const std::vector<int64_t>& perm) {
  NumpyGeometry out{g.offset, {}, {}};
  for (int64_t p : perm) {
    out.shape.push_back(g.shape[static_cast<size_t>(p)]);
    out.strides.push_back(g.strides[static_cast<size_t>(p)]);
  }
  return out;
}

std::optional<NumpyGeometry> numpy_reshaped(const NumpyGeometry& g, const Shape& shape) {
  if (!c_contiguous(g)) return std::nullopt;
  return NumpyGeometry{g.offset, shape, c_strides(shape)};
}

namespace {

// A strided member's gathered copy after `positions` of the root changed:
// patched element by element when the write is small next to it, else
// gathered again. A position maps back to an index greedily, largest
// stride first, which is exact for the nested strides slicing, stepping
// and transposing a C-contiguous buffer give (checked; else re-gathered).
void refresh_strided(const NumpyBuffer& b, ArrayObj& m, const std::vector<int64_t>& positions) {
  const NumpyGeometry& g = m.view->geo;
  const int64_t n = array::num_elements(g.shape);
  struct Dim {
    int64_t stride, size, cstride;
    bool flipped;
  };
  std::vector<Dim> dims;
  int64_t base = g.offset;
  bool nested = n > 0 && static_cast<int64_t>(positions.size()) * 4 < n;
  std::vector<int64_t> cs = c_strides(g.shape);
  for (size_t d = 0; d < g.shape.size() && nested; ++d) {
    if (g.shape[d] <= 1) continue;
    if (g.strides[d] == 0) nested = false;
    if (g.strides[d] < 0) base += (g.shape[d] - 1) * g.strides[d];
    dims.push_back({std::abs(g.strides[d]), g.shape[d], cs[d], g.strides[d] < 0});
  }
  std::sort(dims.begin(), dims.end(), [](const Dim& x, const Dim& y) { return x.stride > y.stride; });
  int64_t span = 0;  // the largest offset the smaller strides reach
  for (size_t k = dims.size(); k-- > 0 && nested;) {
    nested = dims[k].stride > span;
    span += (dims[k].size - 1) * dims[k].stride;
  }
  if (!nested) {
    m.op.value = materialize(b, g);
    return;
  }
  const size_t w = static_cast<size_t>(array::itemsize(b.root.dtype()));
  std::byte* dst = m.op.value.mutable_raw();  // copies first if a JAX array shares it
  const std::byte* src = b.root.raw();
  for (int64_t p : positions) {
    int64_t rel = p - base, flat = 0;
    bool inside = rel >= 0;
    for (const Dim& d : dims) {
      if (!inside) break;
      int64_t i = rel / d.stride;
      inside = i < d.size;
      rel -= i * d.stride;
      flat += (d.flipped ? d.size - 1 - i : i) * d.cstride;
    }
    if (inside && rel == 0) std::memcpy(dst + static_cast<size_t>(flat) * w, src + static_cast<size_t>(p) * w, w);
  }
}

// Writes values[k] at root position positions[k] for every live member to
// see. Members give up their hold on the root's storage first, so the only
// other holders are outsiders (a JAX array made from the buffer): then
// core/array copies the storage and those keep the values they had.
void write_positions(NumpyBuffer& b, const std::vector<int64_t>& positions, const Array& values) {
  std::vector<ArrayObj*> windows, strided;
  for (ArrayObj* m : live_members(b)) (m->op.value.shares_storage_with(b.root) ? windows : strided).push_back(m);
  for (ArrayObj* m : windows) m->op.value = Array::placeholder();
  auto rewindow = [&] {
    for (ArrayObj* m : windows) m->op.value = materialize(b, m->view->geo);
  };
  std::byte* dst = nullptr;
  try {
    dst = b.root.mutable_raw();
  } catch (...) {
    rewindow();
    throw;
  }
  const size_t w = static_cast<size_t>(array::itemsize(b.root.dtype()));
  const std::byte* src = values.raw();
  for (size_t k = 0; k < positions.size(); ++k)
    std::memcpy(dst + static_cast<size_t>(positions[k]) * w, src + k * w, w);
  rewindow();
  for (ArrayObj* m : strided) refresh_strided(b, *m, positions);
}

}  // namespace

void numpy_store(const Value& target, const array::IndexSpec& spec, const Array& values) {
  ArrayObj& t = target.as<ArrayObj>();
  if (!t.view) {
    array::index_update_in_place(t.op.value, spec, values, array::UpdateMode::Set);
    return;
  }
  const NumpyView& view = *t.view;
  std::vector<int64_t> positions;
  Shape shape;
  if (numpy_basic_spec(spec)) {
    NumpyGeometry sub = numpy_index_geometry(view.geo, spec);
    shape = sub.shape;
    positions.reserve(static_cast<size_t>(array::num_elements(shape)));
    for_each_position(sub, [&](int64_t, int64_t pos) { positions.push_back(pos); });
  } else {
    // Advanced indices pick positions out of an array of positions.
    std::vector<int64_t> all;
    for_each_position(view.geo, [&](int64_t, int64_t pos) { all.push_back(pos); });
    Array picked = array::index(Array::from_ints(array::DType::Int64, view.geo.shape, all), spec);
    shape = picked.shape();
    positions = picked.to_ints();
  }
  // Contiguous, in C order, the buffer's dtype; a fresh array, so its
  // storage never is the root's.
  Shape from = numpy_assign_shape(values.shape(), shape).value_or(values.shape());
  Array u = array::broadcast_to(array::convert(values, view.buffer->root.dtype()).reshaped(from), shape);
  write_positions(*view.buffer, positions, u);
}

std::optional<Shape> numpy_assign_shape(const Shape& value, const Shape& target) {
  Shape v = value;
  while (v.size() > target.size() && v.front() == 1) v.erase(v.begin());
  if (v.size() > target.size()) return std::nullopt;
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t t = target[target.size() - v.size() + i];
    if (v[i] != 1 && v[i] != t) return std::nullopt;
  }
  return v;
}

std::string numpy_shape_text(const Shape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + std::to_string(s[i]);
  return out + (s.size() == 1 ? ",)" : ")");
}

bool numpy_is_same_memory(const Value& target, const array::IndexSpec& spec, const Value& value) {
  if (!value.is(ObjKind::Array) || !target.is(ObjKind::Array)) return false;
  const ArrayObj &t = target.as<ArrayObj>(), &v = value.as<ArrayObj>();
  if (!t.view || !v.view || t.view->buffer != v.view->buffer || !numpy_basic_spec(spec)) return false;
  NumpyGeometry g = numpy_index_geometry(t.view->geo, spec);
  return g.offset == v.view->geo.offset && g.shape == v.view->geo.shape && g.strides == v.view->geo.strides;
}

bool numpy_shares_memory(const Value& a, const Value& b, bool exact) {
  if (!a.is(ObjKind::Array) || !b.is(ObjKind::Array)) return false;
  const ArrayObj &x = a.as<ArrayObj>(), &y = b.as<ArrayObj>();
  if (a.obj() == b.obj()) return x.op.value.size() > 0;
  if (!x.view || !y.view || x.view->buffer != y.view->buffer) return false;
  const NumpyGeometry &gx = x.view->geo, &gy = y.view->geo;
  if (array::num_elements(gx.shape) == 0 || array::num_elements(gy.shape) == 0) return false;
  auto [lx, hx] = extent(gx);
  auto [ly, hy] = extent(gy);
  if (hx < ly || hy < lx) return false;
  if (!exact) return true;
  std::set<int64_t> seen;
  for_each_position(gx, [&](int64_t, int64_t pos) { seen.insert(pos); });
  bool shared = false;
  for_each_position(gy, [&](int64_t, int64_t pos) { shared = shared || seen.count(pos) > 0; });
  return shared;
}

Value numpy_copy(const Value& v) {
  const Array& x = v.as<ArrayObj>().op.value;
  Value fresh = make_array(ir::Operand::concrete(Array::from_bytes(x.dtype(), x.shape(), x.raw())));
  fresh.as<ArrayObj>().numpy = true;
  return fresh;
}

}  // namespace rungs::jax
