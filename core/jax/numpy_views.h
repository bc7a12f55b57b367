// NumPy views: arrays that share memory with the array they were taken from.
//
// Design. core/array's arrays stay values (JAX arrays never alias), so the
// sharing lives here, beside them: a NumPy ndarray that takes part in
// sharing has a NumpyView = (shared NumpyBuffer, offset, shape, strides in
// elements). The buffer holds the memory as one flat, contiguous
// array::Array (`root`) and remembers (weakly) every ArrayObj viewing it.
// Each member still carries an ordinary array value in ArrayObj::op, so
// everything that computes with arrays is unchanged:
//   * a C-contiguous member's value is a window of `root` (same storage,
//     no copy), so a write into `root` is seen by it at once;
//   * a strided member (a[:, 0], a.T, a[::2]) holds a gathered copy that
//     every write into the buffer updates.
// A write (item assignment, in-place operators, ufunc out=) goes through
// numpy_store: it takes the members' values out of `root`'s storage, asks
// core/array for writable memory (which copies only when something outside
// the buffer, a JAX array made from it, still holds that storage: that
// holder keeps the old values, as JAX's immutable copy would), writes the
// addressed elements, and re-windows/refreshes every live member.
// An ndarray joins a buffer lazily, when the first view is taken from it;
// until then its writes stay core/array's copy-on-write updates.
// Cost: a write is O(elements written x live members); a live strided
// member is patched element by element, or gathered again when the write
// covers a quarter of it or more. Dropped views cost nothing.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/jax/array_value.h"

namespace rungs::jax {

struct NumpyGeometry {
  int64_t offset = 0;            // element offset of [0, ..., 0] in the buffer
  array::Shape shape;
  std::vector<int64_t> strides;  // in elements (NumPy's are bytes)
};

struct NumpyBuffer {
  array::Array root;  // flat and contiguous: the memory every member reads
  std::vector<std::weak_ptr<Object>> members;
  size_t pruned_size = 0;  // members.size() after the last pruning
};

struct NumpyView {
  std::shared_ptr<NumpyBuffer> buffer;
  NumpyGeometry geo;
  Value base;  // the ndarray that owns the memory; None for the owner itself
};

bool c_contiguous(const NumpyGeometry& g);
bool f_contiguous(const NumpyGeometry& g);

// a's geometry: its view's, or C order over its own value.
NumpyGeometry numpy_geometry_of(const ArrayObj& a);

// v's geometry, making v the owner of a new buffer if it has none yet.
const NumpyView& numpy_adopt(const Value& v);

// A new ndarray viewing `source`'s buffer through `geo` (read-only when
// `source` is; its base is `source`'s owner).
Value numpy_make_view(const Value& source, NumpyGeometry geo);

// x[key] of a NumPy ndarray when NumPy returns a view (basic indexing
// whose result is not a single element); nullopt for the other cases.
// Defined with the indexing code (array_index.cpp).
std::optional<Value> numpy_view_getitem(Interpreter& interp, const Value& v, const Value& key, SourceRange where);

// The ndarray attributes NumPy answers differently from jax.Array (views,
// memory, copies); nullopt for the rest (numpy_array_attrs.cpp).
std::optional<Value> numpy_ndarray_getattr(Interpreter& ip, const Value& v, const std::string& name,
                                           SourceRange where);

// True when every item of `spec` is basic (int, slice, None, ...).
bool numpy_basic_spec(const array::IndexSpec& spec);
// source[spec] as geometry, for a basic spec whose ints are in bounds.
NumpyGeometry numpy_index_geometry(const NumpyGeometry& g, const array::IndexSpec& spec);

// Views by shape: transpose(perm), reshape (nullopt when NumPy would copy:
// a strided source), squeeze of the given axes.
NumpyGeometry numpy_transposed(const NumpyGeometry& g, const std::vector<int64_t>& perm);
std::optional<NumpyGeometry> numpy_reshaped(const NumpyGeometry& g, const array::Shape& shape);

// target[spec] = values (already target's dtype), written through target's
// buffer when it has one (every view sees it), else in place.
void numpy_store(const Value& target, const array::IndexSpec& spec, const array::Array& values);

// True when `value` is exactly the memory target[spec] names (the view an
// augmented assignment `buf[i] += x` read, wrote in place and assigns
// back): the assignment then has nothing left to do.
bool numpy_is_same_memory(const Value& target, const array::IndexSpec& spec, const Value& value);

// NumPy's assignment broadcast: `value` fits `target` once leading 1s beyond
// target's rank are dropped; returns the shape to broadcast from, or
// nullopt when it does not fit.
std::optional<array::Shape> numpy_assign_shape(const array::Shape& value, const array::Shape& target);
// A shape as NumPy's messages print it: "(2,3)", "(3,)".
std::string numpy_shape_text(const array::Shape& s);

// np.shares_memory / np.may_share_memory.
bool numpy_shares_memory(const Value& a, const Value& b, bool exact);

// An independent copy (a.copy(), np.array(a)): never a view.
Value numpy_copy(const Value& v);

}  // namespace rungs::jax
