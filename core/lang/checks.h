// Post-parse checks: the errors CPython raises in its compiler, after the
// parser and the symtable are done.
//
// They need context a grammar rule does not have: whether a `return` is
// inside a function, a `break` inside a loop (a loop's `else` clause is not
// inside it), where a starred expression may appear, whether an unpacking
// target has two starred names, whether a call repeats a keyword. Run after
// resolve_scopes, as CPython runs its compiler after its symtable.
#pragma once

#include "core/lang/ast.h"

namespace rungs::lang {

// Throws EngineError on the first violation, in source order.
void check_module(const Module& module);

}  // namespace rungs::lang
