// What the JVP rules (jvp_rules.cpp) and the VJP rules (vjp_rules.cpp)
// share: the partial derivatives of each elementwise primitive, and the
// tie-sharing weights of max/min reductions. One formula per primitive, used
// both ways -- tangents are the partials times the input tangents,
// cotangents the partials times the output cotangent.
#pragma once

#include <optional>
#include <vector>

#include "core/ir/trace.h"

namespace rungs::ir {

// d(out)/d(input i) of an elementwise primitive (nullopt: no gradient to
// input i), in a shape that broadcasts against the output; empty when `prim`
// is not elementwise-differentiable.
std::vector<std::optional<Operand>> elementwise_partials(Prim prim, const Params& params,
                                                         const std::vector<Operand>& inputs, const Operand& out);

// reduce_max/min: 1/count at the positions attaining the extreme (ties
// share, as lax's balanced rule), 0 elsewhere; x's shape.
Operand reduce_chooser_weights(const Operand& x, const Operand& out, const std::vector<int64_t>& axes);

// Primitives linear in their float inputs (their tangent is the primitive
// applied to the tangents; integer inputs -- indices, predicates -- stay).
bool linear_primitive(Prim p);

}  // namespace rungs::ir
