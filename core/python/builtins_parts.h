// Pieces of the builtins table (builtins.cpp) kept in files of their own.
#pragma once

#include <functional>
#include <string>

#include "core/python/interpreter.h"

namespace rungs::python {

// Adds one builtin to the table being built: name, function, type tag ("" for none).
using DefineBuiltin = std::function<void(const std::string&, BuiltinFn, const std::string&)>;

// Python's "f() takes from lo to hi positional arguments" checks.
void arity(const CallArgs& a, size_t lo, size_t hi, const char* name);

// int, float, abs, round, divmod, pow, hash, hex, oct, bin (builtins_numeric.cpp).
void add_numeric_builtins(const DefineBuiltin& def);

// x.real, x.imag, n.bit_length(), n.bit_count(), f.is_integer(), ... on ints
// of any size, bools and floats; false when `name` is none of them.
bool number_attribute(const Value& obj, const std::string& name, Value& out);

// range, enumerate, zip, map, filter, sorted, reversed, any, all, iter, next.
void add_iteration_builtins(const DefineBuiltin& def);

}  // namespace rungs::python
