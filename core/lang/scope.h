// The scope resolver: CPython's symtable pass, for the Rungs subset.
//
// Fills the Scope of every FunctionDef and Lambda (which names are local,
// global or nonlocal), so the evaluator never guesses whether `x = ...` in a
// function creates a local. Comprehensions get scopes of their own, so their
// targets are not locals of the enclosing function. Errors are CPython's
// symtable errors with its texts and positions: duplicate parameters,
// global/nonlocal declared after use or assignment, nonlocal without a
// binding in an enclosing function, nonlocal at module level.
#pragma once

#include "core/lang/ast.h"

namespace rungs::lang {

// Runs once per module, after parsing; throws EngineError on the first error.
void resolve_scopes(Module& module);

}  // namespace rungs::lang
