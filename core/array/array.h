// The n-d array value: a dtype, a shape, a weak_type flag and shared,
// contiguous row-major storage. Arrays are immutable values like JAX arrays:
// copying one is cheap (the storage is shared) and storage that is shared is
// never written. Code that builds a result allocates a fresh array, fills it
// through mutable_data() (which copies first if the storage is shared), and
// hands it out. Half-precision elements are stored as their uint16_t bits;
// bool as one byte (0 or 1). Every allocation is charged to memory_budget().
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/array/dtype.h"

namespace rungs::array {

using Shape = std::vector<int64_t>;

// Product of dims (1 for a scalar). Saturates at INT64_MAX instead of
// overflowing, so absurd shapes are refused by the budget, not wrapped.
int64_t num_elements(const Shape& shape);
// Row-major element strides.
std::vector<int64_t> strides_of(const Shape& shape);
// Python tuple text: "()", "(3,)", "(2, 3)".
std::string shape_str(const Shape& shape);
// Raises ValueError (negative_dimension) if any dim is negative.
void check_shape(const Shape& shape);

// A fill value or Python scalar, kept in its own kind so ints stay exact.
struct Scalar {
  enum Kind : uint8_t { Bool, Int, Float } kind = Float;
  bool b = false;
  int64_t i = 0;
  double f = 0.0;

  static Scalar from_bool(bool v) { return Scalar{Bool, v, v ? 1 : 0, v ? 1.0 : 0.0}; }
  static Scalar from_int(int64_t v) { return Scalar{Int, v != 0, v, static_cast<double>(v)}; }
  static Scalar from_float(double v) { return Scalar{Float, v != 0, 0, v}; }
  double as_double() const;
  int64_t as_int() const;  // floats truncate toward zero (saturating, NaN -> 0)
};

// Owned bytes, 64-byte aligned, charged to the budget on creation. Small
// arrays (scalars, a row of a kernel's block) keep their bytes inside the
// Storage itself, so making one is a single allocation, not three.
class Storage {
  class Key {  // only allocate() constructs (through make_shared)
    friend class Storage;
    Key() = default;
  };

 public:
  static constexpr int64_t kInlineBytes = 128;
  // Raises MemoryError if the budget refuses; contents uninitialised.
  static std::shared_ptr<Storage> allocate(int64_t bytes, int64_t elements, const Shape& shape);
  Storage(Key, std::byte* data, int64_t bytes, uint64_t scope)
      : data_(data ? data : inline_), bytes_(bytes), scope_(scope) {}
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  std::byte* data() { return data_; }
  const std::byte* data() const { return data_; }
  int64_t bytes() const { return bytes_; }

 private:
  std::byte* data_;
  int64_t bytes_;
  uint64_t scope_;
  alignas(64) std::byte inline_[kInlineBytes];
};

class Array {
 public:
  // An empty float32 array of shape (0,); holds no storage.
  Array();

  // A slot that holds no array (a ref handle, a dead variable): no storage
  // and no shape storage either, so making one never allocates. Not a value
  // to compute with.
  static Array placeholder();

  // ---- factories (all check the shape and charge the budget) ----
  static Array uninitialized(DType dtype, const Shape& shape);
  static Array zeros(DType dtype, const Shape& shape);
  static Array full(DType dtype, const Shape& shape, Scalar value);
  // 0-d array; the value is converted like convert() would (saturating ints).
  static Array scalar(DType dtype, double value);
  static Array scalar_int(DType dtype, int64_t value);  // exact for all int types
  static Array scalar_bool(bool value);
  // values.size() must equal num_elements(shape) (ValueError otherwise).
  static Array from_doubles(DType dtype, const Shape& shape, const std::vector<double>& values);
  static Array from_ints(DType dtype, const Shape& shape, const std::vector<int64_t>& values);
  static Array from_bools(const Shape& shape, const std::vector<bool>& values);
  // Copies raw element bytes (itemsize * num_elements bytes).
  static Array from_bytes(DType dtype, const Shape& shape, const void* bytes);

  // ---- metadata ----
  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  int rank() const { return static_cast<int>(shape_.size()); }
  int64_t size() const { return size_; }
  int64_t nbytes() const { return size_ * itemsize(dtype_); }
  bool weak_type() const { return weak_; }
  // Same storage, different flag (cheap).
  Array with_weak_type(bool weak) const&;
  Array with_weak_type(bool weak) &&;  // a temporary keeps its shape vector (no allocation)
  // Same storage, new shape of equal size (no checks beyond the size).
  Array reshaped(const Shape& shape) const&;
  Array reshaped(const Shape& shape) &&;
  // Same storage, the `num_elements(shape)` elements from flat index
  // `first` on (in bounds), as an array of `shape`: a contiguous window
  // (a block of whole rows) without a copy. Written, it copies itself first
  // like any shared array; it keeps the whole storage alive while it lives.
  Array window(int64_t first, const Shape& shape) const;

  // ---- element access ----
  // Typed pointer to element 0. T must match the storage type: bool -> uint8_t
  // (or bool), f16/bf16 -> uint16_t, otherwise the natural C++ type.
  template <typename T>
  const T* data() const {
    return reinterpret_cast<const T*>(raw());
  }
  // Writable pointer; copies the storage first if it is shared.
  template <typename T>
  T* mutable_data() {
    return reinterpret_cast<T*>(mutable_raw());
  }
  const std::byte* raw() const { return storage_ ? storage_->data() + offset_ : nullptr; }
  std::byte* mutable_raw();
  bool shares_storage_with(const Array& other) const {
    return storage_ && storage_ == other.storage_;
  }
  bool uniquely_owned() const { return !storage_ || storage_.use_count() == 1; }

  double get_double(int64_t flat) const;  // halves widened; ints exact
  int64_t get_int(int64_t flat) const;    // floats truncate (saturating, NaN -> 0)
  bool get_bool(int64_t flat) const;      // != 0
  Scalar get_scalar(int64_t flat) const;  // kind follows the dtype
  // Only on uniquely-owned arrays (fresh results); converts like convert().
  void set_from_double(int64_t flat, double value);
  void set_from_int(int64_t flat, int64_t value);
  // Flattened values, for result documents and tests.
  std::vector<double> to_doubles() const;
  std::vector<int64_t> to_ints() const;

  // Scalar value of a size-1 array (any rank); raises TypeError otherwise
  // ("only length-1 arrays can be converted to Python scalars").
  double item_double() const;
  int64_t item_int() const;
  bool item_bool() const;

 private:
  Array(DType dtype, Shape shape, std::shared_ptr<Storage> storage, bool weak);

  DType dtype_ = DType::Float32;
  bool weak_ = false;
  Shape shape_;
  int64_t size_ = 0;
  std::shared_ptr<Storage> storage_;
  int64_t offset_ = 0;  // bytes from the storage's start (window())
};

// Element-wise equality of dtype, shape and bits (NaN == NaN), for tests and
// caching; not jnp.array_equal.
bool identical(const Array& a, const Array& b);

}  // namespace rungs::array
