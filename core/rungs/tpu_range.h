// Ranges of a simulated TPU buffer, exactly as JAX's TPU interpreter forms
// and judges them (jax/_src/pallas/mosaic/interpret/utils.py).
//
// A ref view (`x.at[pl.ds(4, 8), 1]`) becomes a tuple of ints and
// `slice(start, stop, step)`s, composed level by level; the tuple is what
// error messages and race reports print, so it is kept verbatim (a missing
// trailing dim stays missing). The predicates here — clipping to a shape,
// "at least partly out of bounds", and the race detector's overlap test —
// are small, pure and unit-tested against JAX's own test cases (T35).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/array/array.h"
#include "core/rungs/call_record.h"
#include "core/rungs/machine.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

// One entry of a range: an int index, or slice(start, stop, step).
struct RangeDim {
  bool is_index = false;
  int64_t start = 0;     // the index itself when is_index
  int64_t stop = 0;      // exclusive
  int64_t step = 1;
  bool step_none = false;  // slice(a, b) rather than slice(a, b, 1) (only matters for T35)
  bool whole = false;      // slice(None): the overlap test's fill for a missing dim

  static RangeDim index(int64_t i) { RangeDim d; d.is_index = true; d.start = i; d.stop = i + 1; return d; }
  static RangeDim slice(int64_t start, int64_t stop, int64_t step = 1) {
    RangeDim d; d.start = start; d.stop = stop; d.step = step; return d;
  }
  int64_t count() const;  // elements selected (1 for an index)
  bool operator==(const RangeDim& o) const {
    return is_index == o.is_index && start == o.start && stop == o.stop && step == o.step && whole == o.whole;
  }
};
using Range = std::vector<RangeDim>;

// Python text: "(slice(16, 24, 1), 0)", "(3,)", "()".
std::string range_str(const Range& r);
// The same range as structured fields for the result document.
exec::WindowBox window_box(const Range& r);
// Python tuple of ints: "(2, 0)", "(1,)", "()".
std::string int_tuple_str(const std::vector<int64_t>& v);

// Compose ref-view levels into one range (JAX's _compose_slice_or_index).
// Integer-array indexers raise "Advanced indexers are not supported on TPU".
Range range_from_windows(const Windows& w);
// Append slice(0, s) for the dims a range leaves out (Buffer._normalize_range).
Range normalized(const Range& r, const array::Shape& logical);
// The shape a fully in-bounds read of `r` returns (int dims dropped).
array::Shape read_shape(const Range& r, const array::Shape& logical);

// clip_range_to_shape: nullopt when the range is entirely out of bounds
// (some start >= dim); otherwise each slice's stop clipped to the dim.
// Negative starts count as out of bounds (NumPy would wrap them; Rungs
// reports them instead, a documented difference).
std::optional<Range> clip_range(const Range& r, const array::Shape& shape);
// is_range_out_of_bounds_for_shape (T35): an int >= dim, or a slice whose
// last selected element is >= dim (empty slices are never out of bounds;
// a step-less slice compares its stop).
bool range_out_of_bounds(const Range& r, const array::Shape& shape);
// The race detector's overlap test: every dim overlaps; an int i is
// [i, i+1); a missing dim is slice(None), which overlaps a non-empty slice.
// Strided slices (JAX asserts step 1) are compared by their covering span.
bool ranges_overlap(const Range& a, const Range& b);

// The strided box of a buffer a (clipped, normalised) range selects.
Region region_of(const Range& r);
// Covering box, for trace events and race records.
Box box_of(const Range& r, const array::Shape& logical);

}  // namespace rungs::exec
