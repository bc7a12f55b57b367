// Internal to core/array: the machinery every kernel file shares. A kernel is
// written once as a template over the element's storage type and selected
// once per call by a switch on the dtype (visit_dtype), so inner loops are
// plain typed loops the compiler can vectorise. Half types are stored as
// uint16_t but computed in float (Half<Kind> tags carry the encoding). The
// broadcast planner turns any NumPy broadcast into runs of contiguous or
// stride-0 elements, so binary ops never materialise a broadcast operand.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "core/array/array.h"
#include "core/array/dtype.h"

namespace rungs::array::detail {

// Tags for the two half encodings (both stored as uint16_t).
struct F16 {};
struct BF16 {};

// Tags for the narrow types (one byte each): float8/float4 formats computed
// in float, and the sub-byte ints computed in int8/uint8 and wrapped to
// their width on every store.
template <DType D>
struct NarrowF {};
template <DType D>
struct SubInt {};

// Traits per dtype: S = storage type, C = compute type.
template <typename Tag>
struct Elem;
#define RUNGS_ELEM(TAG, STORE, COMPUTE)                                    \
  template <>                                                              \
  struct Elem<TAG> {                                                       \
    using S = STORE;                                                       \
    using C = COMPUTE;                                                     \
  };
struct BoolTag {};
RUNGS_ELEM(BoolTag, uint8_t, uint8_t)
RUNGS_ELEM(int8_t, int8_t, int8_t)
RUNGS_ELEM(int16_t, int16_t, int16_t)
RUNGS_ELEM(int32_t, int32_t, int32_t)
RUNGS_ELEM(uint8_t, uint8_t, uint8_t)
RUNGS_ELEM(uint16_t, uint16_t, uint16_t)
RUNGS_ELEM(uint32_t, uint32_t, uint32_t)
RUNGS_ELEM(F16, uint16_t, float)
RUNGS_ELEM(BF16, uint16_t, float)
RUNGS_ELEM(float, float, float)
RUNGS_ELEM(int64_t, int64_t, int64_t)
RUNGS_ELEM(uint64_t, uint64_t, uint64_t)
RUNGS_ELEM(double, double, double)
#undef RUNGS_ELEM
template <DType D>
struct Elem<NarrowF<D>> {
  using S = uint8_t;
  using C = float;
};
template <DType D>
struct Elem<SubInt<D>> {
  using S = std::conditional_t<D == DType::Int4 || D == DType::Int2, int8_t, uint8_t>;
  using C = S;
};

template <typename Tag>
struct NarrowOf {
  static constexpr bool kFloat = false, kInt = false;
};
template <DType D>
struct NarrowOf<NarrowF<D>> {
  static constexpr bool kFloat = true, kInt = false;
  static constexpr DType kDType = D;
};
template <DType D>
struct NarrowOf<SubInt<D>> {
  static constexpr bool kFloat = false, kInt = true;
  static constexpr DType kDType = D;
};
template <typename Tag>
inline constexpr bool kIsNarrowFloat = NarrowOf<Tag>::kFloat;
template <typename Tag>
inline constexpr bool kIsSubInt = NarrowOf<Tag>::kInt;

template <typename Tag>
inline typename Elem<Tag>::C load(typename Elem<Tag>::S s) {
  if constexpr (std::is_same_v<Tag, F16>) {
    return f16_to_float(s);
  } else if constexpr (std::is_same_v<Tag, BF16>) {
    return bf16_to_float(s);
  } else if constexpr (kIsNarrowFloat<Tag>) {
    return narrow_to_float(NarrowOf<Tag>::kDType, s);
  } else {
    return s;
  }
}

template <typename Tag>
inline typename Elem<Tag>::S store(typename Elem<Tag>::C c) {
  if constexpr (std::is_same_v<Tag, F16>) {
    return float_to_f16(c);
  } else if constexpr (std::is_same_v<Tag, BF16>) {
    return float_to_bf16(c);
  } else if constexpr (std::is_same_v<Tag, BoolTag>) {
    return c != 0;
  } else if constexpr (kIsNarrowFloat<Tag>) {
    return double_to_narrow(NarrowOf<Tag>::kDType, c);
  } else if constexpr (kIsSubInt<Tag>) {
    return static_cast<typename Elem<Tag>::S>(wrap_subbyte(NarrowOf<Tag>::kDType, c));
  } else {
    return c;
  }
}

template <typename Tag>
inline constexpr bool kIsHalf = std::is_same_v<Tag, F16> || std::is_same_v<Tag, BF16> || kIsNarrowFloat<Tag>;
template <typename Tag>
inline constexpr bool kIsFloat = kIsHalf<Tag> || std::is_same_v<Tag, float> || std::is_same_v<Tag, double>;
// NumPy's float64 (computed in double, not float).
template <typename Tag>
inline constexpr bool kIsDouble = std::is_same_v<Tag, double>;
template <typename Tag>
inline constexpr bool kIsBool = std::is_same_v<Tag, BoolTag>;
template <typename Tag>
inline constexpr bool kIsInt = !kIsFloat<Tag> && !kIsBool<Tag>;

// Round a value to the precision of Tag (identity for float32/float64).
template <typename Tag, typename V>
inline V round_to(V v) {
  if constexpr (std::is_same_v<Tag, F16>) {
    return round_to_f16(v);
  } else if constexpr (std::is_same_v<Tag, BF16>) {
    return round_to_bf16(v);
  } else if constexpr (kIsNarrowFloat<Tag>) {
    return round_to_narrow(NarrowOf<Tag>::kDType, v);
  } else {
    return v;
  }
}

// Calls f(Tag{}) for the dtype's tag. Every instantiation must compile; use
// if constexpr inside f to reject combinations.
template <typename F>
decltype(auto) visit_dtype(DType t, F&& f) {
  switch (t) {
    case DType::Bool: return f(BoolTag{});
    case DType::Int8: return f(int8_t{});
    case DType::Int16: return f(int16_t{});
    case DType::Int32: return f(int32_t{});
    case DType::UInt8: return f(uint8_t{});
    case DType::UInt16: return f(uint16_t{});
    case DType::UInt32: return f(uint32_t{});
    case DType::Float16: return f(F16{});
    case DType::BFloat16: return f(BF16{});
    case DType::Float32: break;
    case DType::Int64: return f(int64_t{});
    case DType::UInt64: return f(uint64_t{});
    case DType::Float64: return f(double{});
    case DType::Int4: return f(SubInt<DType::Int4>{});
    case DType::UInt4: return f(SubInt<DType::UInt4>{});
    case DType::Int2: return f(SubInt<DType::Int2>{});
    case DType::UInt2: return f(SubInt<DType::UInt2>{});
    case DType::Float8E4M3FN: return f(NarrowF<DType::Float8E4M3FN>{});
    case DType::Float8E5M2: return f(NarrowF<DType::Float8E5M2>{});
    case DType::Float8E4M3FNUZ: return f(NarrowF<DType::Float8E4M3FNUZ>{});
    case DType::Float8E5M2FNUZ: return f(NarrowF<DType::Float8E5M2FNUZ>{});
    case DType::Float8E4M3B11FNUZ: return f(NarrowF<DType::Float8E4M3B11FNUZ>{});
    case DType::Float8E3M4: return f(NarrowF<DType::Float8E3M4>{});
    case DType::Float8E4M3: return f(NarrowF<DType::Float8E4M3>{});
    case DType::Float8E8M0FNU: return f(NarrowF<DType::Float8E8M0FNU>{});
    case DType::Float4E2M1FN: return f(NarrowF<DType::Float4E2M1FN>{});
  }
  return f(float{});
}

// Dispatch on the storage layout only (for copies and moves of raw
// elements): 1, 2, 4 or 8 byte unsigned words.
template <typename F>
decltype(auto) visit_width(DType t, F&& f) {
  switch (itemsize(t)) {
    case 1: return f(uint8_t{});
    case 2: return f(uint16_t{});
    case 8: return f(uint64_t{});
    default: break;
  }
  return f(uint32_t{});
}

// ---- conversions between element types (convert() semantics)

// double -> an int type: truncate toward zero, NaN -> 0, saturate.
template <typename I>
inline I saturating_cast(double v) {
  if (v != v) return 0;
  constexpr double lo = static_cast<double>(std::numeric_limits<I>::min());
  constexpr double hi = static_cast<double>(std::numeric_limits<I>::max());
  if (v <= lo) return std::numeric_limits<I>::min();
  if (v >= hi) return std::numeric_limits<I>::max();
  return static_cast<I>(v);
}

// The value range of an integer tag (sub-byte ints: their own width).
template <typename Tag>
inline int64_t int_lo() {
  if constexpr (kIsSubInt<Tag>) return int_min(NarrowOf<Tag>::kDType);
  else return static_cast<int64_t>(std::numeric_limits<typename Elem<Tag>::C>::min());
}
template <typename Tag>
inline int64_t int_hi() {
  if constexpr (kIsSubInt<Tag>) return int_max(NarrowOf<Tag>::kDType);
  else return static_cast<int64_t>(std::numeric_limits<typename Elem<Tag>::C>::max());
}
// Bits of an integer tag's format (shift amounts past it give 0).
template <typename Tag>
inline int int_bits() {
  if constexpr (kIsSubInt<Tag>) return bit_width(NarrowOf<Tag>::kDType);
  else return static_cast<int>(sizeof(typename Elem<Tag>::C) * 8);
}

// Convert one compute value of tag From to the compute type of tag To.
template <typename To, typename From>
inline typename Elem<To>::C convert_value(typename Elem<From>::C v) {
  using CT = typename Elem<To>::C;
  if constexpr (kIsBool<To>) {
    return v != 0 ? 1 : 0;  // NaN != 0 is true
  } else if constexpr (kIsFloat<To>) {
    return static_cast<CT>(v);  // halves: to float, rounded by store()
  } else if constexpr (kIsFloat<From> && kIsSubInt<To>) {
    // XLA saturates float -> s4/u4 to the narrow range (NaN -> 0).
    const double d = static_cast<double>(v);
    if (d != d) return 0;
    if (d <= static_cast<double>(int_lo<To>())) return static_cast<CT>(int_lo<To>());
    if (d >= static_cast<double>(int_hi<To>())) return static_cast<CT>(int_hi<To>());
    return static_cast<CT>(d);
  } else if constexpr (kIsFloat<From>) {
    return saturating_cast<CT>(static_cast<double>(v));
  } else if constexpr (kIsSubInt<To>) {
    return static_cast<CT>(wrap_subbyte(NarrowOf<To>::kDType, static_cast<int64_t>(v)));
  } else {
    // int/bool -> int: two's-complement wrap via the unsigned type.
    using U = std::make_unsigned_t<CT>;
    return static_cast<CT>(static_cast<U>(static_cast<int64_t>(v)));
  }
}

// ---- broadcasting

// Strides (in elements) of `in` broadcast against `out` (0 on broadcast dims).
std::vector<int64_t> broadcast_strides(const Shape& in, const Shape& out);

// A broadcast loop over N operands, flattened to as few dims as possible.
// Each run covers `inner` output elements; operand k advances by
// inner_stride[k] (0 or 1) within a run.
template <int N>
struct LoopPlan {
  Shape outer_dims;                                  // collapsed outer dims
  std::vector<std::array<int64_t, N>> outer_strides;  // per outer dim, per operand
  int64_t inner = 1;
  std::array<int64_t, N> inner_stride{};
};

template <int N>
LoopPlan<N> plan_broadcast(const Shape& out, const std::array<const Shape*, N>& ins) {
  std::vector<std::array<int64_t, N>> strides(out.size());
  for (int k = 0; k < N; ++k) {
    std::vector<int64_t> s = broadcast_strides(*ins[k], out);
    for (size_t d = 0; d < out.size(); ++d) strides[d][k] = s[d];
  }
  // Drop size-1 dims, then merge dims that are contiguous for every operand.
  Shape dims;
  std::vector<std::array<int64_t, N>> st;
  for (size_t d = 0; d < out.size(); ++d) {
    if (out[d] == 1) continue;
    if (!dims.empty()) {
      bool mergeable = true;
      for (int k = 0; k < N; ++k) {
        if (st.back()[k] != strides[d][k] * out[d]) mergeable = false;
      }
      if (mergeable) {
        dims.back() *= out[d];
        st.back() = strides[d];
        continue;
      }
    }
    dims.push_back(out[d]);
    st.push_back(strides[d]);
  }
  LoopPlan<N> plan;
  if (!dims.empty()) {
    plan.inner = dims.back();
    plan.inner_stride = st.back();
    dims.pop_back();
    st.pop_back();
  }
  plan.outer_dims = std::move(dims);
  plan.outer_strides = std::move(st);
  return plan;
}

// Calls run(out_offset, offsets, inner, inner_stride) for each run.
template <int N, typename Run>
void for_each_run(const LoopPlan<N>& plan, int64_t out_size, Run&& run) {
  if (out_size == 0) return;
  const size_t r = plan.outer_dims.size();
  std::vector<int64_t> idx(r, 0);
  std::array<int64_t, N> off{};
  int64_t out_off = 0;
  while (true) {
    run(out_off, off, plan.inner, plan.inner_stride);
    out_off += plan.inner;
    // odometer over the outer dims, last fastest
    size_t d = r;
    while (d > 0) {
      --d;
      for (int k = 0; k < N; ++k) off[k] += plan.outer_strides[d][k];
      if (++idx[d] < plan.outer_dims[d]) goto next;
      for (int k = 0; k < N; ++k) off[k] -= plan.outer_strides[d][k] * plan.outer_dims[d];
      idx[d] = 0;
    }
    return;
  next:;
  }
}

// Copies a strided view: for every index i of `shape`, element
// src[sum(i*src_strides)] -> dst[sum(i*dst_strides)], elements `width` bytes.
// Strides are in elements and may be 0 or negative. Contiguous inner runs
// are copied with memcpy. Defined in shape_ops.cpp.
void copy_strided(std::byte* dst, const std::vector<int64_t>& dst_strides, const std::byte* src,
                  const std::vector<int64_t>& src_strides, const Shape& shape, int width);
// The same on raw arrays of `rank` entries; allocation-free up to rank 16.
void copy_strided(std::byte* dst, const int64_t* dst_strides, const std::byte* src, const int64_t* src_strides,
                  const int64_t* shape, int rank, int width);

// Checked-axis helpers shared by several files.
std::vector<int> canonical_axes(const std::vector<int>& axes, int rank);  // sorted, unique-checked
std::string axes_str(const std::vector<int>& axes);                       // "(0, 1)"
std::string ints_str(const std::vector<int64_t>& v);                     // "(0, 1)"

}  // namespace rungs::array::detail
