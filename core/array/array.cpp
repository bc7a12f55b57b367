#include "core/array/array.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>

#include "core/array/dispatch.h"
#include "core/array/memory_budget.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using detail::Elem;

// ---------------------------------------------------------------- shapes

int64_t num_elements(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d <= 0) return 0;  // negative dims are refused elsewhere
    if (n > std::numeric_limits<int64_t>::max() / d) return std::numeric_limits<int64_t>::max();
    n *= d;
  }
  return n;
}

std::vector<int64_t> strides_of(const Shape& shape) {
  std::vector<int64_t> s(shape.size());
  int64_t acc = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    s[i] = acc;
    acc *= shape[i];
  }
  return s;
}

std::string shape_str(const Shape& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

void check_shape(const Shape& shape) {
  for (int64_t d : shape) {
    if (d < 0) raise_here(ErrorId::negative_dimension);
  }
}

// ---------------------------------------------------------------- Scalar

double Scalar::as_double() const {
  switch (kind) {
    case Bool: return b ? 1.0 : 0.0;
    case Int: return static_cast<double>(i);
    case Float: return f;
  }
  return f;
}

int64_t Scalar::as_int() const {
  switch (kind) {
    case Bool: return b ? 1 : 0;
    case Int: return i;
    case Float: return detail::saturating_cast<int64_t>(f);
  }
  return i;
}

// ---------------------------------------------------------------- Storage

namespace {

// Natively, glibc serves big blocks with mmap and returns them with munmap,
// so a loop of same-shaped ops (the interpreter's common case) pays page
// faults on every result. A few recently freed big blocks are kept per
// thread and reused for an allocation of exactly the same size. Wasm's
// dlmalloc already reuses freed memory, and its heap is small: no cache.
#ifndef __EMSCRIPTEN__
constexpr size_t kCacheMinBytes = size_t{1} << 17;   // below: malloc is cheap
constexpr size_t kCacheMaxBytes = size_t{64} << 20;  // total held per thread
constexpr int kCacheSlots = 8;

// Set once the thread's cache is destroyed: arrays that die later (statics
// at exit) must not touch it. A trivial thread_local stays valid till then.
thread_local bool t_cache_gone = false;

struct BlockCache {
  void* ptr[kCacheSlots] = {};
  size_t size[kCacheSlots] = {};
  uint64_t stamp[kCacheSlots] = {};  // when the block was put in (for eviction)
  uint64_t clock = 0;
  size_t held = 0;
  ~BlockCache() {
    for (void* p : ptr) std::free(p);
    t_cache_gone = true;
  }
};
BlockCache& block_cache() {
  thread_local BlockCache cache;
  return cache;
}
#endif

void* block_alloc(size_t size) {
#ifndef __EMSCRIPTEN__
  if (size >= kCacheMinBytes && !t_cache_gone) {
    BlockCache& c = block_cache();
    for (int i = 0; i < kCacheSlots; ++i) {
      if (c.ptr[i] && c.size[i] == size) {
        void* p = c.ptr[i];
        c.ptr[i] = nullptr;
        c.held -= size;
        return p;
      }
    }
  }
#endif
  return std::aligned_alloc(64, size);
}

void block_free(void* p, size_t size) {
#ifndef __EMSCRIPTEN__
  if (size >= kCacheMinBytes && size <= kCacheMaxBytes && !t_cache_gone) {
    // A full cache makes room by freeing its oldest blocks: otherwise the
    // sizes a setup phase happened to free first would hold every slot
    // forever, and the sizes the hot loop cycles through would go back to
    // munmap (and page faults) on every step.
    BlockCache& c = block_cache();
    for (;;) {
      int empty = -1, oldest = -1;
      for (int i = 0; i < kCacheSlots; ++i) {
        if (!c.ptr[i]) empty = i;
        else if (oldest < 0 || c.stamp[i] < c.stamp[oldest]) oldest = i;
      }
      if (empty >= 0 && c.held + size <= kCacheMaxBytes) {
        c.ptr[empty] = p;
        c.size[empty] = size;
        c.stamp[empty] = ++c.clock;
        c.held += size;
        return;
      }
      std::free(c.ptr[oldest]);  // oldest >= 0: the cache is not empty here
      c.held -= c.size[oldest];
      c.ptr[oldest] = nullptr;
    }
  }
#else
  (void)size;
#endif
  std::free(p);
}

// 64-byte alignment keeps SIMD loads aligned; at least one byte so that an
// empty array still has a distinct, valid pointer.
size_t block_size(int64_t bytes) {
  size_t size = static_cast<size_t>(std::max<int64_t>(bytes, 1));
  return (size + 63) / 64 * 64;
}

}  // namespace

namespace {
// charge_memory, formatting the shape (for its error) only when it will raise.
uint64_t charge(int64_t bytes, int64_t elements, const Shape& shape) {
  const MemoryBudget& b = memory_budget();
  if (elements <= b.max_elements && bytes <= b.limit_bytes - b.live_bytes) return charge_memory(bytes, elements, "");
  return charge_memory(bytes, elements, shape_str(shape).c_str());
}
}  // namespace

std::shared_ptr<Storage> Storage::allocate(int64_t bytes, int64_t elements, const Shape& shape) {
  uint64_t scope = charge(bytes, elements, shape);
  if (bytes <= kInlineBytes) return std::make_shared<Storage>(Key(), nullptr, bytes, scope);
  void* p = block_alloc(block_size(bytes));
  if (!p) {
    release_memory(bytes, scope);
    MemoryBudget& b = memory_budget();
    raise_here(ErrorId::memory_limit, bytes, b.live_bytes + bytes, b.limit_bytes);
  }
  return std::make_shared<Storage>(Key(), static_cast<std::byte*>(p), bytes, scope);
}

Storage::~Storage() {
  if (data_ != inline_) block_free(data_, block_size(bytes_));
  release_memory(bytes_, scope_);
}

// ---------------------------------------------------------------- Array

Array::Array() : shape_{0} {}

Array Array::placeholder() {
  Array a(DType::Float32, Shape{}, nullptr, false);
  a.size_ = 0;
  return a;
}

Array::Array(DType dtype, Shape shape, std::shared_ptr<Storage> storage, bool weak)
    : dtype_(dtype),
      weak_(weak),
      shape_(std::move(shape)),
      size_(num_elements(shape_)),
      storage_(std::move(storage)) {}

Array Array::uninitialized(DType dtype, const Shape& shape) {
  check_shape(shape);
  int64_t n = num_elements(shape);
  int64_t isz = itemsize(dtype);
  int64_t bytes = n > std::numeric_limits<int64_t>::max() / isz ? std::numeric_limits<int64_t>::max()
                                                                  : n * isz;
  return Array(dtype, shape, Storage::allocate(bytes, n, shape), false);
}

Array Array::zeros(DType dtype, const Shape& shape) {
  Array a = uninitialized(dtype, shape);
  if (a.nbytes()) std::memset(a.storage_->data(), 0, static_cast<size_t>(a.nbytes()));
  return a;
}

namespace {

// Converts a Scalar to the storage bits of `dtype` (convert() semantics).
template <typename Tag>
typename Elem<Tag>::S scalar_to_storage(const Scalar& v) {
  using C = typename Elem<Tag>::C;
  C c;
  if constexpr (detail::kIsNarrowFloat<Tag>) {
    // A host value rounds once, double -> float8 (ml_dtypes' cast), not via float32.
    return double_to_narrow(detail::NarrowOf<Tag>::kDType, v.as_double());
  } else if constexpr (detail::kIsFloat<Tag>) {
    c = static_cast<C>(v.as_double());  // halves: C is float, store() rounds
  } else if constexpr (detail::kIsBool<Tag>) {
    c = v.kind == Scalar::Float ? (v.f != 0) : (v.as_int() != 0);
  } else {
    if (v.kind == Scalar::Float) {
      c = detail::saturating_cast<C>(v.f);
    } else {
      using U = std::make_unsigned_t<C>;
      c = static_cast<C>(static_cast<U>(v.as_int()));
    }
  }
  return detail::store<Tag>(c);
}

template <typename S>
void fill_words(S* p, int64_t n, S value) {
  for (int64_t i = 0; i < n; ++i) p[i] = value;
}

}  // namespace

Array Array::full(DType dtype, const Shape& shape, Scalar value) {
  Array a = uninitialized(dtype, shape);
  detail::visit_dtype(dtype, [&](auto tag) {
    using Tag = decltype(tag);
    auto s = scalar_to_storage<Tag>(value);
    fill_words(a.mutable_data<typename Elem<Tag>::S>(), a.size(), s);
  });
  return a;
}

Array Array::scalar(DType dtype, double value) { return full(dtype, {}, Scalar::from_float(value)); }
Array Array::scalar_int(DType dtype, int64_t value) { return full(dtype, {}, Scalar::from_int(value)); }
Array Array::scalar_bool(bool value) { return full(DType::Bool, {}, Scalar::from_bool(value)); }

namespace {
void check_count(size_t got, const Shape& shape) {
  if (static_cast<int64_t>(got) != num_elements(shape)) {
    raise_here(ErrorId::value_count_mismatch, static_cast<long long>(got), shape_str(shape));
  }
}
}  // namespace

Array Array::from_doubles(DType dtype, const Shape& shape, const std::vector<double>& values) {
  check_shape(shape);
  check_count(values.size(), shape);
  Array a = uninitialized(dtype, shape);
  detail::visit_dtype(dtype, [&](auto tag) {
    using Tag = decltype(tag);
    auto* p = a.mutable_data<typename Elem<Tag>::S>();
    for (size_t i = 0; i < values.size(); ++i) p[i] = scalar_to_storage<Tag>(Scalar::from_float(values[i]));
  });
  return a;
}

Array Array::from_ints(DType dtype, const Shape& shape, const std::vector<int64_t>& values) {
  check_shape(shape);
  check_count(values.size(), shape);
  Array a = uninitialized(dtype, shape);
  detail::visit_dtype(dtype, [&](auto tag) {
    using Tag = decltype(tag);
    auto* p = a.mutable_data<typename Elem<Tag>::S>();
    for (size_t i = 0; i < values.size(); ++i) p[i] = scalar_to_storage<Tag>(Scalar::from_int(values[i]));
  });
  return a;
}

Array Array::from_bools(const Shape& shape, const std::vector<bool>& values) {
  check_shape(shape);
  check_count(values.size(), shape);
  Array a = uninitialized(DType::Bool, shape);
  uint8_t* p = a.mutable_data<uint8_t>();
  for (size_t i = 0; i < values.size(); ++i) p[i] = values[i] ? 1 : 0;
  return a;
}

Array Array::from_bytes(DType dtype, const Shape& shape, const void* bytes) {
  Array a = uninitialized(dtype, shape);
  if (a.nbytes()) std::memcpy(a.storage_->data(), bytes, static_cast<size_t>(a.nbytes()));
  return a;
}

Array Array::with_weak_type(bool weak) const& { return Array(*this).with_weak_type(weak); }

Array Array::with_weak_type(bool weak) && {
  weak_ = weak;
  return std::move(*this);
}

Array Array::reshaped(const Shape& shape) const& { return Array(*this).reshaped(shape); }

Array Array::reshaped(const Shape& shape) && {
  if (shape_ != shape) {
    shape_ = shape;
    size_ = num_elements(shape);
  }
  return std::move(*this);
}

Array Array::window(int64_t first, const Shape& shape) const {
  Array a = reshaped(shape);
  if (first < 0 || first + a.size_ > size_) raise_here(ErrorId::internal_error, "array window out of bounds");
  a.offset_ = offset_ + first * itemsize(dtype_);
  return a;
}

std::byte* Array::mutable_raw() {
  if (!storage_) return nullptr;
  if (storage_.use_count() > 1) {
    // Copy just this array's bytes (a window is part of its storage).
    auto fresh = Storage::allocate(nbytes(), size_, shape_);
    if (nbytes()) std::memcpy(fresh->data(), raw(), static_cast<size_t>(nbytes()));
    storage_ = std::move(fresh);
    offset_ = 0;
  }
  return storage_->data() + offset_;
}

double Array::get_double(int64_t flat) const {
  return detail::visit_dtype(dtype_, [&](auto tag) -> double {
    using Tag = decltype(tag);
    return static_cast<double>(detail::load<Tag>(data<typename Elem<Tag>::S>()[flat]));
  });
}

int64_t Array::get_int(int64_t flat) const {
  return detail::visit_dtype(dtype_, [&](auto tag) -> int64_t {
    using Tag = decltype(tag);
    auto c = detail::load<Tag>(data<typename Elem<Tag>::S>()[flat]);
    if constexpr (detail::kIsFloat<Tag>) {
      return detail::saturating_cast<int64_t>(static_cast<double>(c));
    } else {
      return static_cast<int64_t>(c);
    }
  });
}

bool Array::get_bool(int64_t flat) const {
  return detail::visit_dtype(dtype_, [&](auto tag) -> bool {
    using Tag = decltype(tag);
    return detail::load<Tag>(data<typename Elem<Tag>::S>()[flat]) != 0;
  });
}

Scalar Array::get_scalar(int64_t flat) const {
  if (is_bool(dtype_)) return Scalar::from_bool(get_bool(flat));
  if (is_float(dtype_)) return Scalar::from_float(get_double(flat));
  return Scalar::from_int(get_int(flat));
}

void Array::set_from_double(int64_t flat, double value) {
  detail::visit_dtype(dtype_, [&](auto tag) {
    using Tag = decltype(tag);
    mutable_data<typename Elem<Tag>::S>()[flat] = scalar_to_storage<Tag>(Scalar::from_float(value));
  });
}

void Array::set_from_int(int64_t flat, int64_t value) {
  detail::visit_dtype(dtype_, [&](auto tag) {
    using Tag = decltype(tag);
    mutable_data<typename Elem<Tag>::S>()[flat] = scalar_to_storage<Tag>(Scalar::from_int(value));
  });
}

std::vector<double> Array::to_doubles() const {
  std::vector<double> out(static_cast<size_t>(size_));
  for (int64_t i = 0; i < size_; ++i) out[static_cast<size_t>(i)] = get_double(i);
  return out;
}

std::vector<int64_t> Array::to_ints() const {
  std::vector<int64_t> out(static_cast<size_t>(size_));
  for (int64_t i = 0; i < size_; ++i) out[static_cast<size_t>(i)] = get_int(i);
  return out;
}

double Array::item_double() const {
  if (size_ != 1) raise_here(ErrorId::not_a_scalar);
  return get_double(0);
}
int64_t Array::item_int() const {
  if (size_ != 1) raise_here(ErrorId::not_a_scalar);
  return get_int(0);
}
bool Array::item_bool() const {
  if (size_ != 1) raise_here(ErrorId::not_a_scalar);
  return get_bool(0);
}

bool identical(const Array& a, const Array& b) {
  if (a.dtype() != b.dtype() || a.shape() != b.shape()) return false;
  if (a.nbytes() == 0) return true;
  return std::memcmp(a.raw(), b.raw(), static_cast<size_t>(a.nbytes())) == 0;
}

// ---------------------------------------------------------------- detail

namespace detail {

std::vector<int64_t> broadcast_strides(const Shape& in, const Shape& out) {
  std::vector<int64_t> s(out.size(), 0);
  std::vector<int64_t> own = strides_of(in);
  size_t lead = out.size() - in.size();
  for (size_t i = 0; i < in.size(); ++i) {
    s[lead + i] = in[i] == 1 ? 0 : own[i];
  }
  return s;
}

std::vector<int> canonical_axes(const std::vector<int>& axes, int rank) {
  std::vector<int> out;
  out.reserve(axes.size());
  for (int a : axes) out.push_back(canonicalize_axis(a, rank));
  std::vector<int> sorted = out;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    raise_here(ErrorId::duplicate_axis, axes_str(axes));
  }
  return sorted;
}

std::string axes_str(const std::vector<int>& axes) {
  std::vector<int64_t> v(axes.begin(), axes.end());
  return ints_str(v);
}

std::string ints_str(const std::vector<int64_t>& v) { return shape_str(v); }

}  // namespace detail

int canonicalize_axis(int axis, int rank) {
  if (axis < -rank || axis >= rank) raise_here(ErrorId::axis_out_of_bounds, axis, rank);
  return axis < 0 ? axis + rank : axis;
}

}  // namespace rungs::array
