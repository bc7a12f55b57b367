// CPython 3.11's AST optimizer turns a set display of constants that a for
// loop or a comprehension iterates over into a frozenset constant, which is
// iterated as is -- not merged into a new set as a printed display is --
// so `for x in {64, 8, 1, 16, 32}` can visit the elements in a different
// order from `print({64, 8, 1, 16, 32})`.
#pragma once

#include "core/python/interpreter.h"

namespace rungs::python {

// What `for ... in expr` iterates: that frozenset for a constant set
// display, else the value of expr.
Value iteration_source(Interpreter& ip, const lang::Expr& expr, const EnvPtr& env);

}  // namespace rungs::python
