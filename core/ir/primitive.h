// Primitive identifiers, generated from primitives.def (the one table of
// primitives). Names print exactly as JAX prints them in a jaxpr.
#pragma once

#include <cstdint>
#include <string_view>

namespace rungs::ir {

enum class Prim : uint16_t {
#define PRIM(e, name, cat) e,
#include "core/ir/primitives.def"
#undef PRIM
};

enum class PrimCategory : uint8_t { Unary, Binary, Compare, Pure, Control, State, Grid, Effect };

std::string_view prim_name(Prim p);
PrimCategory prim_category(Prim p);
int prim_count();

}  // namespace rungs::ir
