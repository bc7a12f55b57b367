// The jaxpr printer: JAX's text form, deterministic by construction
// (variables named a, b, ..., z, ba, bb, ... in order of appearance, params
// in alphabetical order, no addresses). What `debug=True`, `--dump=jaxpr`
// and the result document's `calls[].jaxpr` show.
#pragma once

#include <string>

#include "core/ir/jaxpr.h"

namespace rungs::ir {

std::string print_jaxpr(const Jaxpr& jaxpr);

// One equation on one line (used in error messages), with variables named
// by their index (a jaxpr-free context).
std::string print_eqn(const Jaxpr& jaxpr, const Eqn& eqn);

// A literal as JAX prints it: "2.0:f32[]", "1:i32[]", "True:bool[]".
std::string print_literal(const Array& value);

}  // namespace rungs::ir
