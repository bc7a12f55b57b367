// What a jaxpr costs under JAX's cost rules (pl.estimate_cost, and the
// cost_analysis of a lowered jitted function).
#pragma once

#include <cstdint>

#include "core/ir/jaxpr.h"

namespace rungs::ir {

struct JaxprCost {
  int64_t flops = 0, transcendentals = 0;
};
JaxprCost jaxpr_cost(const Jaxpr& j);
int64_t aval_bytes(const AVal& a);
int64_t atom_bytes(const Jaxpr& j, const Atom& atom);

}  // namespace rungs::ir
