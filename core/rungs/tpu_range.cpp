#include "core/rungs/tpu_range.h"

#include <algorithm>

#include "core/errors/error.h"

namespace rungs::exec {

int64_t RangeDim::count() const {
  if (is_index) return 1;
  if (step <= 0 || stop <= start) return 0;
  return (stop - start + step - 1) / step;
}

std::string int_tuple_str(const std::vector<int64_t>& v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + (v.size() == 1 ? ",)" : ")");
}

exec::WindowBox window_box(const Range& r) {
  exec::WindowBox box;
  for (const RangeDim& d : r) {
    box.start.push_back(d.whole ? 0 : d.start);
    box.size.push_back(d.whole ? -1 : d.count());
    box.stride.push_back(d.is_index ? 1 : d.step);
    box.index.push_back(d.is_index);
  }
  return box;
}

std::string range_str(const Range& r) {
  std::string s = "(";
  for (size_t i = 0; i < r.size(); ++i) {
    const RangeDim& d = r[i];
    if (i) s += ", ";
    if (d.whole) s += "slice(None, None, None)";
    else if (d.is_index) s += std::to_string(d.start);
    else
      s += "slice(" + std::to_string(d.start) + ", " + std::to_string(d.stop) + ", " +
           (d.step_none ? std::string("None") : std::to_string(d.step)) + ")";
  }
  return s + (r.size() == 1 ? ",)" : ")");
}

namespace {
RangeDim transform(const WindowDim& w) {
  switch (w.kind) {
    case ir::DimIndex::Kind::Index: return RangeDim::index(w.start);
    case ir::DimIndex::Kind::Slice: return RangeDim::slice(w.start, w.start + w.size * w.stride, w.stride);
    default: raise_here(ErrorId::tpu_advanced_indexers);
  }
}

// _compose_slice_or_index: `inner` indexes the view that `outer` selects.
Range compose(const Range& outer, const Range& inner) {
  Range out;
  size_t i = 0, j = 0;
  while (true) {
    if (i == outer.size()) {
      out.insert(out.end(), inner.begin() + static_cast<std::ptrdiff_t>(j), inner.end());
      return out;
    }
    if (j == inner.size()) {
      out.insert(out.end(), outer.begin() + static_cast<std::ptrdiff_t>(i), outer.end());
      return out;
    }
    const RangeDim& a = outer[i];
    const RangeDim& b = inner[j];
    if (a.is_index) {
      out.push_back(a);
      ++i;
    } else if (b.is_index) {
      out.push_back(RangeDim::index(a.start + b.start * a.step));
      ++i, ++j;
    } else {
      out.push_back(RangeDim::slice(a.start + b.start * a.step, a.start + b.stop * a.step, a.step * b.step));
      ++i, ++j;
    }
  }
}
}  // namespace

Range range_from_windows(const Windows& w) {
  Range r;
  for (const Window& level : w) {
    Range t;
    t.reserve(level.size());
    for (const WindowDim& d : level) t.push_back(transform(d));
    r = r.empty() ? std::move(t) : compose(r, t);
  }
  return r;
}

Range normalized(const Range& r, const array::Shape& logical) {
  Range out = r;
  for (size_t d = r.size(); d < logical.size(); ++d) {
    RangeDim s = RangeDim::slice(0, logical[d]);
    s.step_none = true;
    out.push_back(s);
  }
  return out;
}

array::Shape read_shape(const Range& r, const array::Shape& logical) {
  array::Shape s;
  for (size_t d = 0; d < logical.size(); ++d) {
    if (d >= r.size()) {
      s.push_back(logical[d]);
    } else if (!r[d].is_index) {
      int64_t step = r[d].step == 0 ? 1 : r[d].step;
      int64_t n = r[d].stop - r[d].start;
      s.push_back(n >= 0 ? n / step : -((-n + step - 1) / step));  // Python floor division
    }
  }
  return s;
}

std::optional<Range> clip_range(const Range& r, const array::Shape& shape) {
  Range out;
  out.reserve(r.size());
  for (size_t d = 0; d < r.size() && d < shape.size(); ++d) {
    const RangeDim& x = r[d];
    if (x.start >= shape[d] || x.start < 0) return std::nullopt;
    if (x.is_index) {
      out.push_back(x);
    } else {
      RangeDim c = x;
      c.stop = std::min(x.stop, shape[d]);
      out.push_back(c);
    }
  }
  return out;
}

bool range_out_of_bounds(const Range& r, const array::Shape& shape) {
  for (size_t d = 0; d < r.size() && d < shape.size(); ++d) {
    const RangeDim& x = r[d];
    if (x.start < 0) return true;  // JAX asserts here; Rungs reports it
    if (x.is_index) {
      if (x.start >= shape[d]) return true;
    } else if (x.step_none) {
      if (x.stop > shape[d]) return true;
    } else {
      int64_t n = x.count();
      if (n > 0 && x.start + (n - 1) * x.step >= shape[d]) return true;
    }
  }
  return false;
}

namespace {
bool non_empty(const RangeDim& d) { return d.is_index || d.start < d.stop; }

bool dims_overlap(RangeDim a, RangeDim b) {
  if (a.whole) return b.whole || non_empty(b);
  if (b.whole) return non_empty(a);
  // The covering span [start, last + 1) of a strided slice.
  auto span_stop = [](const RangeDim& d) {
    if (d.is_index || d.step == 1) return d.stop;
    int64_t n = d.count();
    return n == 0 ? d.start : d.start + (n - 1) * d.step + 1;
  };
  int64_t a_stop = span_stop(a), b_stop = span_stop(b);
  return (a.start <= b.start && b.start < a_stop) || (b.start <= a.start && a.start < b_stop);
}
}  // namespace

bool ranges_overlap(const Range& a, const Range& b) {
  RangeDim fill;
  fill.whole = true;
  size_t n = std::max(a.size(), b.size());
  for (size_t d = 0; d < n; ++d)
    if (!dims_overlap(d < a.size() ? a[d] : fill, d < b.size() ? b[d] : fill)) return false;
  return true;
}

Region region_of(const Range& r) {
  Region g;
  for (const RangeDim& d : r) {
    g.start.push_back(d.start);
    g.count.push_back(d.count());
    g.stride.push_back(d.is_index ? 1 : d.step);
    g.keep.push_back(!d.is_index);
  }
  return g;
}

Box box_of(const Range& r, const array::Shape& logical) {
  Box b;
  Range n = normalized(r, logical);
  for (const RangeDim& d : n) {
    b.start.push_back(d.start);
    int64_t c = d.count();
    b.size.push_back(d.is_index ? 1 : (c == 0 ? 0 : (c - 1) * d.step + 1));
  }
  return b;
}

}  // namespace rungs::exec
