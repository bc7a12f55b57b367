// The two rules every pure primitive has, as in JAX: an abstract evaluation
// rule (output types from input types, used while tracing) and an
// implementation rule (output arrays from input arrays, used when host code
// computes eagerly and by every rung's interpreter loop).
#pragma once

#include <vector>

#include "core/ir/jaxpr.h"

namespace rungs::ir {

// Output types of a Unary/Binary/Compare/Pure primitive. Raises the lax
// type errors (dtype mismatch, bad shapes) that JAX raises at trace time.
std::vector<AVal> abstract_eval(Prim prim, const std::vector<AVal>& inputs, const Params& params);

// Compute a Unary/Binary/Compare/Pure primitive on concrete arrays.
std::vector<Array> apply_pure(Prim prim, const std::vector<Array>& inputs, const Params& params);
// The same, for inputs the caller is done with: a result may take over an
// input's storage when nothing else holds it (the interpreter loop passes
// operands at their last use, so `x * 2 + 1` allocates one array, not two).
std::vector<Array> apply_pure(Prim prim, std::vector<Array>&& inputs, const Params& params);

// Does this primitive have an implementation rule (i.e. can it run eagerly)?
bool is_pure(Prim prim);

}  // namespace rungs::ir
