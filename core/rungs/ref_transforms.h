// Ref views through ref.reshape(...) / ref.bitcast(dtype) levels, on values.
//
// A rung's memory resolves index levels to boxes of a buffer; a reshape or a
// bitcast does not map to a box. So an access through them is split at the
// first such level: the rung reads (or writes) the view before it, and the
// remaining levels are applied to that value here, as JAX's
// state/discharge.py transform_array / transform_swap_array do (a write
// reads the base view, updates it through the levels, and writes it back).
// Bitcasts follow state/utils.py: a bitwidth change packs or unpacks along
// the second-minor dimension (the TPU's sublane packing), so a bf16 ref of
// [16, 128] is an int32 ref of [8, 128] whose word (r, c) holds rows 2r (low
// half) and 2r + 1 (high half) of column c.
#pragma once

#include <string>
#include <vector>

#include "core/array/array.h"
#include "core/ir/jaxpr.h"
#include "core/rungs/machine.h"

namespace rungs::exec {

// The levels of a view from its first reshape/bitcast on, with the index
// levels' dynamic parts evaluated (windows[k] belongs to levels[k]; it is
// empty for a reshape or bitcast).
struct TransformTail {
  std::vector<ir::Indexer> levels;
  std::vector<Window> windows;
  bool empty() const { return levels.empty(); }
};

// Levels [first, first + count) of an equation's indexers, evaluated in
// `w` (Machine::windows of the same levels): `base` gets the windows before
// the first reshape/bitcast, `tail` the rest (empty when there is none).
void split_levels(const ir::Eqn& eqn, size_t first, size_t count, const Windows& w, Windows& base,
                  TransformTail& tail);

// The shape and dtype the tail leaves of a view of `shape` and `dtype`.
void tail_type(const TransformTail& tail, array::Shape& shape, array::DType& dtype);

// ref.bitcast's array rule (state/utils.py bitcast).
array::Array bitcast_view(const array::Array& x, array::DType dtype);
// The view the tail selects from `base` (the value of the view before it).
array::Array apply_tail(const array::Array& base, const TransformTail& tail);
// `base` with the tail's view replaced by `value` (which has the tail's
// shape and dtype): the new value of the view before the tail.
array::Array store_through_tail(const array::Array& base, const TransformTail& tail, const array::Array& value);

// "ReshapeTransform(shape=(2, 8, 128))" / "BitcastTransform(dtype=dtype('int32'))":
// the dataclass reprs JAX's errors print.
std::string transform_repr(const ir::Indexer& level);

}  // namespace rungs::exec
