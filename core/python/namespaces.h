// globals() and locals(): a module's namespace as a mapping the program
// reads and writes (`globals()["x"] = 1` defines x, as in CPython, where
// globals() is the module's own dict), and a function's locals as a
// snapshot dict (CPython 3.11 gives a snapshot too).
#pragma once

#include "core/python/interpreter.h"

namespace rungs::python {

// The value of `globals()` (or `locals()`, when `locals` is set) called
// in `env`. At module level locals() is globals().
Value namespace_view(Interpreter& ip, const EnvPtr& env, bool locals);

// A dict copy of `vars`: in `order` when given (a scope's locals, in the
// order they are bound), else sorted by name (vars(module), which has no
// record of that order).
Value namespace_snapshot(const std::unordered_map<std::string, Value>& vars, const std::vector<std::string>* order);

}  // namespace rungs::python
