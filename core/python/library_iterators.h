// Iterators made by library modules (itertools.product, re.finditer, ...).
// They are lazy IteratorObjs like zip's, but carry their CPython identity:
// type(it).__name__ is "product" and repr prints
// "<itertools.product object at 0x7e...>", with a fake address drawn from a
// per-run counter so printed output stays deterministic.
#pragma once

#include <string>

#include "core/python/interpreter.h"
#include "core/python/iteration.h"

namespace rungs::python {

// A lazy iterator named `module.name` with the default object repr (a
// builtin's, like map's, has module "").
Value library_iterator(Interpreter& ip, const std::string& module, const std::string& name, Iterator next);
// The same with its own repr (itertools.count prints "count(5)").
Value library_iterator(const std::string& name, Iterator next, std::function<std::string(Interpreter&)> repr);

// Every item of `iterable`, drawn now (for functions CPython documents as
// consuming their input first, like product's pools). Counts steps and
// charges the memory budget as list() does; "not iterable" points at `where`.
Values collect(Interpreter& ip, const Value& iterable, SourceRange where);

}  // namespace rungs::python
