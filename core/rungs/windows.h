// Shared arithmetic of blocks and windows: uninitialised fill values, block
// padding, the start offset an index map's block index stands for, XLA's
// start clamping, and reading/writing a (possibly composed) ref view of a
// buffer. Kept apart from the executors so the explainer's padding widget
// and every rung compute these facts with the same code.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/pallas/pallas_call.h"
#include "core/rungs/call_record.h"
#include "core/rungs/machine.h"

namespace rungs::exec {

using array::DType;
using array::Shape;

// Generic interpret mode (SEMANTICS 3.2): NaN / iinfo.min / False, and 0
// for every int16 buffer (the semaphore check comes first, a JAX quirk).
array::Scalar generic_uninitialized(DType dtype);
// TPU interpret mode (4.3): NaN / iinfo.max / True, or zeros.
array::Scalar tpu_uninitialized(DType dtype, const std::string& mode);

// Per-dim padding that makes `m.array` a whole number of blocks (Element
// padding first, then the block multiple at the high end).
struct Padding {
  Shape padded;                   // shape after padding
  std::vector<int64_t> lo, hi;    // elements added before / after, per dim
};
Padding block_padding(const pallas::BlockMapping& m, bool honour_element_padding = true);
Array pad_array(const Array& a, const Padding& p, array::Scalar fill);
Array unpad_array(const Array& a, const Padding& p, const Shape& shape);

// The element offset a block index stands for (k*b, e or k).
std::vector<int64_t> block_start(const pallas::BlockMapping& m, const std::vector<int64_t>& block_index);
void block_start(const pallas::BlockMapping& m, const std::vector<int64_t>& block_index, std::vector<int64_t>& out);
// XLA dynamic_slice clamping of a start vector into [0, dim - size].
std::vector<int64_t> clamp_starts(const std::vector<int64_t>& start, const Shape& padded, const Shape& block);
void clamp_starts(const std::vector<int64_t>& start, const Shape& padded, const Shape& block,
                  std::vector<int64_t>& out);

// A strided box of a buffer selected by composed slice/int windows.
struct Region {
  std::vector<int64_t> start, count, stride;
  std::vector<bool> keep;  // false for dims removed by an integer index
  Shape result_shape() const;
  Box box() const;         // covering box (strides ignored)
  bool is_whole(const Shape& buffer) const;  // every element, no dim removed
};
// True when `w` is `[...]` on `buffer`: one level of static full slices
// (the commonest kernel access; checked without building a Region).
bool covers_whole(const Shape& buffer, const Windows& w);
// Resolve windows on a buffer; `clamp` applies XLA clamping at each level
// (generic mode). nullopt when some level uses integer-array indices.
std::optional<Region> resolve_region(const Shape& buffer, const Windows& w, bool clamp);
Array read_region(const Array& buffer, const Region& r);
void write_region(Array& buffer, const Region& r, const Array& value);

// Generic-mode ref access (get/swap), including integer-array levels
// (gather with fill / scatter with drop, as jnp indexing does).
Array generic_get(const Array& buffer, const Windows& w);
void generic_set(Array& buffer, const Windows& w, const Array& value);
// pl.load / pl.store in generic mode: windows past the end read the
// uninitialised value and drop overhanging writes; negative starts clamp.
Array generic_load(const Array& buffer, const Windows& w, const Array* mask, const Array* other);
Array generic_store(Array& buffer, const Windows& w, const Array& value, const Array* mask);

}  // namespace rungs::exec
