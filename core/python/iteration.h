// Python's iteration protocol over host values. Iterators are pull
// functions, so `for i in range(10**9)` walks lazily (and meets the step
// budget) instead of materialising a billion ints.
#pragma once

#include <functional>

#include "core/python/objects.h"

namespace rungs::python {

using Iterator = std::function<bool(Value&)>;  // false when exhausted

bool is_iterable(const Value& v);
Iterator make_iterator(Interpreter& interp, const Value& iterable, SourceRange where);

// sorted(items, key=..., reverse=...) with Python's stable ordering.
Values sort_values(Interpreter& interp, Values items, CallArgs& args);

}  // namespace rungs::python
