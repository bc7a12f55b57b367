// pallas_call while a jitted function is lowered (pallas_call_lowering.cpp).
#pragma once

#include <vector>

#include "core/ir/trace.h"
#include "core/pallas/pallas_call.h"

namespace rungs::pallas {

// Records `call` as one pallas_call equation of the jitted function being
// lowered, after the platform's lowering rule accepted it; runs nothing.
std::vector<ir::Operand> lower_pallas_call(const PallasCall& call, const std::vector<ir::Operand>& operands,
                                           python::Interpreter& ip);

}  // namespace rungs::pallas
