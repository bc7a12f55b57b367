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

// The float32 kernel apply_pure runs for an elementwise `prim`, on raw
// memory: out[i] = prim(in[0][i * strides[0]], ...), strides 1 or 0. Used by
// the fusion of elementwise chains (core/rungs/fusion.h); false when `prim`
// has no such kernel (comparisons, integer_pow, ...). n = 0 just asks.
bool apply_f32_span(Prim prim, const Params& params, const float* const* in, const int64_t* strides, float* out,
                    int64_t n);

// Does this primitive have an implementation rule (i.e. can it run eagerly)?
bool is_pure(Prim prim);

}  // namespace rungs::ir
