// The JVP of a jaxpr, as JAX's ad.jvp_jaxpr: every equation re-bound into a
// new jaxpr together with its tangent equations (the JVP rules of
// jvp_rules.cpp). It differentiates what pallas_call's JVP rule needs --
// stateful kernel bodies: a Ref's tangent is another Ref (reads of the
// primal ref become reads of the tangent ref, writes likewise), control flow
// differentiates its sub-jaxprs (cond branches, loop bodies with tangent
// carries, run_scoped with tangent allocations).
#pragma once

#include <vector>

#include "core/ir/jaxpr.h"

namespace rungs::ir {

// `jaxpr`'s invars and outvars come in consecutive groups (e.g. a kernel's
// inputs, outputs, scratch; a loop body's consts, carry); each group of the
// result lists its primals followed by the tangents of those that have one.
// `has_tangent` says which invars have a tangent; every float outvar gets a
// tangent (zeros where none flows). Refuses (JAX's "Differentiation rule for
// 'x' not implemented") what has no rule.
JaxprPtr jvp_jaxpr(const Jaxpr& jaxpr, const std::vector<bool>& has_tangent, const std::vector<int>& in_groups,
                   const std::vector<int>& out_groups);

// Whether a value of this type has a tangent when one is instantiated
// (float arrays and refs to float arrays, as JAX's tangent types).
bool has_tangent_space(const AVal& aval);

}  // namespace rungs::ir
