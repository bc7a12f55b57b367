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

// range, enumerate, zip, map, filter, sorted, reversed, any, all, iter, next.
void add_iteration_builtins(const DefineBuiltin& def);

}  // namespace rungs::python
