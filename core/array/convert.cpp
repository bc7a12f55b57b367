// Dtype conversion (lax.convert_element_type, bitcast_convert_type) and the
// selection ops (select, select_n, clamp). Conversion is one typed loop per
// (from, to) pair; its semantics live in detail::convert_value.
#include <algorithm>
#include <vector>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

namespace {

template <typename From, typename To>
void convert_loop(const typename Elem<From>::S* in, typename Elem<To>::S* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    out[i] = store<To>(convert_value<To, From>(load<From>(in[i])));
  }
}

}  // namespace

Array convert(const Array& x, DType to, bool weak) {
  if (x.dtype() == to) return x.with_weak_type(weak);
  Array out = Array::uninitialized(to, x.shape());
  visit_dtype(x.dtype(), [&](auto from_tag) {
    using From = decltype(from_tag);
    visit_dtype(to, [&](auto to_tag) {
      using To = decltype(to_tag);
      convert_loop<From, To>(x.data<typename Elem<From>::S>(), out.mutable_data<typename Elem<To>::S>(),
                             x.size());
    });
  });
  return out.with_weak_type(weak);
}

Shape bitcast_shape(const Shape& shape, DType from, DType to) {
  const int old_bits = bit_width(from), new_bits = bit_width(to);
  if (old_bits == new_bits) return shape;
  Shape out = shape;
  if (old_bits > new_bits) {  // each element becomes a trailing row of narrower ones
    out.push_back(old_bits / new_bits);
    return out;
  }
  const int64_t dim = shape.empty() ? 1 : shape.back();  // a trailing row packs into one element
  if (dim * old_bits != new_bits)
    raise_here(ErrorId::bitcast_width, shape_str(shape), dtype_name(from), old_bits, dtype_name(to), new_bits, dim,
               old_bits, new_bits);
  out.pop_back();
  return out;
}

namespace {

// Sub-byte types keep one element per byte here, so their bitcasts cannot
// reuse the bytes: the elements are read as one little-endian bit stream
// (an int4 pair's first element is the low nibble, as XLA packs them) and
// cut again at the new width.
Array bitcast_bits(const Array& x, DType to, const Shape& shape) {
  const int from_bits = bit_width(x.dtype()), to_bits = bit_width(to);
  const int from_bytes = itemsize(x.dtype()), to_bytes = itemsize(to);
  std::vector<uint8_t> bits(static_cast<size_t>(x.size() * from_bits));
  const auto* in = reinterpret_cast<const uint8_t*>(x.raw());
  for (int64_t i = 0; i < x.size(); ++i) {
    uint64_t u = 0;
    for (int b = 0; b < from_bytes; ++b) u |= static_cast<uint64_t>(in[i * from_bytes + b]) << (8 * b);
    for (int k = 0; k < from_bits; ++k) bits[static_cast<size_t>(i * from_bits + k)] = (u >> k) & 1u;
  }
  const int64_t n = num_elements(shape);
  std::vector<uint8_t> out(static_cast<size_t>(n * to_bytes));
  for (int64_t j = 0; j < n; ++j) {
    uint64_t u = 0;
    for (int k = 0; k < to_bits; ++k) u |= static_cast<uint64_t>(bits[static_cast<size_t>(j * to_bits + k)]) << k;
    if (to_bits < 8 && is_integer(to)) u = static_cast<uint8_t>(wrap_subbyte(to, static_cast<int64_t>(u)));
    if (to == DType::Bool) u = u != 0;  // bool storage stays 0/1
    for (int b = 0; b < to_bytes; ++b) out[static_cast<size_t>(j * to_bytes + b)] = static_cast<uint8_t>(u >> (8 * b));
  }
  return Array::from_bytes(to, shape, out.data());
}

}  // namespace

// The bytes stay where they are (little-endian, row-major), so changing the
// width only regroups them along the last axis, as XLA's BitcastConvert does.
Array bitcast_convert(const Array& x, DType to) {
  const Shape shape = bitcast_shape(x.shape(), x.dtype(), to);
  if (bit_width(x.dtype()) < 8 || bit_width(to) < 8) return bitcast_bits(x, to, shape);
  Array out = Array::from_bytes(to, shape, x.raw());
  if (to == DType::Bool) {
    // Bool storage must stay 0/1.
    uint8_t* p = out.mutable_data<uint8_t>();
    for (int64_t i = 0; i < out.size(); ++i) p[i] = p[i] != 0;
  }
  return out;
}

Shape tpu_bitcast_shape(const Shape& shape, DType from, DType to) {
  Shape out = shape;
  if (out.size() >= 2) out[out.size() - 2] = out[out.size() - 2] * bit_width(from) / bit_width(to);
  return out;
}

Array tpu_bitcast(const Array& x, DType to) {
  const int src = bit_width(x.dtype()), dst = bit_width(to);
  if (src == dst || x.rank() < 2) return bitcast_convert(x, to);
  const size_t r = x.shape().size();
  std::vector<int> swap_last(r + 1);
  for (size_t i = 0; i <= r; ++i) swap_last[i] = static_cast<int>(i);
  std::swap(swap_last[r - 1], swap_last[r]);
  Shape split = x.shape();
  if (src < dst) {  // (.., m, n) -> (.., m/p, p, n) -> (.., m/p, n, p) -> (.., m/p, n)
    const int64_t p = dst / src;
    split[r - 2] /= p;
    split.insert(split.begin() + static_cast<long>(r - 1), p);
    return bitcast_convert(transpose(reshape(x, split), swap_last), to);
  }
  // (.., m, n) -> (.., m, n, p) -> (.., m, p, n) -> (.., m*p, n)
  Array y = transpose(bitcast_convert(x, to), swap_last);
  return reshape(y, tpu_bitcast_shape(x.shape(), x.dtype(), to));
}

namespace {

// Copies element words chosen by a bool predicate, with broadcasting.
template <typename W>
void select_runs(const Array& pred, const Array& t, const Array& f, Array& out) {
  const uint8_t* pp = pred.data<uint8_t>();
  const W* pt = t.data<W>();
  const W* pf = f.data<W>();
  W* po = out.mutable_data<W>();
  const int64_t n = out.size();
  if (pred.shape() == out.shape() && t.shape() == out.shape() && f.shape() == out.shape()) {
    for (int64_t i = 0; i < n; ++i) po[i] = pp[i] ? pt[i] : pf[i];
    return;
  }
  LoopPlan<3> plan = plan_broadcast<3>(out.shape(), {&pred.shape(), &t.shape(), &f.shape()});
  for_each_run<3>(plan, n, [&](int64_t oo, const std::array<int64_t, 3>& off, int64_t inner,
                               const std::array<int64_t, 3>& st) {
    const uint8_t* a = pp + off[0];
    const W* b = pt + off[1];
    const W* c = pf + off[2];
    W* o = po + oo;
    for (int64_t i = 0; i < inner; ++i) o[i] = a[i * st[0]] ? b[i * st[1]] : c[i * st[2]];
  });
}

}  // namespace

Array select(const Array& pred, const Array& on_true, const Array& on_false) {
  if (pred.dtype() != DType::Bool) raise_here(ErrorId::select_pred_dtype, dtype_name(pred.dtype()));
  if (on_true.dtype() != on_false.dtype()) {
    raise_here(ErrorId::lax_dtype_mismatch, "select_n", dtype_name(on_true.dtype()),
               dtype_name(on_false.dtype()));
  }
  Shape shape = broadcast_shapes({pred.shape(), on_true.shape(), on_false.shape()});
  Array out = Array::uninitialized(on_true.dtype(), shape);
  visit_width(out.dtype(), [&](auto w) { select_runs<decltype(w)>(pred, on_true, on_false, out); });
  return out.with_weak_type(on_true.weak_type() && on_false.weak_type());
}

Array select_n(const Array& which, const std::vector<Array>& cases) {
  if (cases.empty()) raise_here(ErrorId::select_case_count, 0);
  if (which.dtype() == DType::Bool) {
    if (cases.size() == 1) return cases[0];
    if (cases.size() != 2) raise_here(ErrorId::select_case_count, static_cast<int>(cases.size()));
    return select(which, cases[1], cases[0]);
  }
  if (which.dtype() != DType::Int32) raise_here(ErrorId::select_pred_dtype, dtype_name(which.dtype()));
  std::vector<Shape> shapes{which.shape()};
  bool weak = true;
  for (const Array& c : cases) {
    if (c.dtype() != cases[0].dtype()) {
      raise_here(ErrorId::lax_dtype_mismatch, "select_n", dtype_name(cases[0].dtype()),
                 dtype_name(c.dtype()));
    }
    shapes.push_back(c.shape());
    weak = weak && c.weak_type();
  }
  Shape shape = broadcast_shapes(shapes);
  Array out = Array::uninitialized(cases[0].dtype(), shape);
  // Rare path (3+ cases): per-element offsets from broadcast strides.
  const int rank = static_cast<int>(shape.size());
  std::vector<std::vector<int64_t>> strides;
  strides.push_back(broadcast_strides(which.shape(), shape));
  for (const Array& c : cases) strides.push_back(broadcast_strides(c.shape(), shape));
  std::vector<int64_t> idx(static_cast<size_t>(rank), 0);
  const int64_t last = static_cast<int64_t>(cases.size()) - 1;
  visit_width(out.dtype(), [&](auto w) {
    using W = decltype(w);
    W* po = out.mutable_data<W>();
    const int32_t* pw = which.data<int32_t>();
    for (int64_t i = 0; i < out.size(); ++i) {
      int64_t ow = 0;
      for (int d = 0; d < rank; ++d) ow += idx[static_cast<size_t>(d)] * strides[0][static_cast<size_t>(d)];
      int64_t k = std::clamp<int64_t>(pw[ow], 0, last);
      int64_t oc = 0;
      for (int d = 0; d < rank; ++d) {
        oc += idx[static_cast<size_t>(d)] * strides[static_cast<size_t>(k + 1)][static_cast<size_t>(d)];
      }
      po[i] = cases[static_cast<size_t>(k)].data<W>()[oc];
      for (int d = rank - 1; d >= 0; --d) {
        if (++idx[static_cast<size_t>(d)] < shape[static_cast<size_t>(d)]) break;
        idx[static_cast<size_t>(d)] = 0;
      }
    }
  });
  return out.with_weak_type(weak);
}

Array clamp(const Array& lo, const Array& x, const Array& hi) {
  // lax.clamp = min(max(x, lo), hi), NaN-propagating like lax.max/min.
  Array r = binary(BinaryOp::Min, binary(BinaryOp::Max, x, lo), hi);
  return r.with_weak_type(x.weak_type());
}

}  // namespace rungs::array
