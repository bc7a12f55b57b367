// hash() as CPython 3.11 computes it, for the values whose hash does not
// depend on the process: ints of any size, bools, floats (except NaN) and
// tuples and frozensets of such values (the xxHash-based tuple hash of
// CPython 3.8+, frozenset's shuffled xor).
// Strings are salted per process in CPython and None hashes by address in
// 3.11, so those have no fixed hash: the callers fall back to identity-free
// stand-ins (hash()) or insertion order (set display, set_table.h).
#pragma once

#include <cstdint>
#include <optional>

#include "core/python/value.h"

namespace rungs::python {

std::optional<int64_t> cpython_hash(const Value& v);

}  // namespace rungs::python
