// Helpers every tests/core/jax module test uses: run a program and read its
// stdout or its error, trace a function into a jaxpr, and shorthand avals.
// Defined in jnp_test.cpp (each *_test.cpp is globbed into test_jax).
#pragma once

#include <string>
#include <vector>

#include "core/ir/jaxpr.h"

namespace rungs::jax::moduletest {

// stdout of a program.
std::string run(const std::string& src);
// "Type: message" of the error a program raises ("no error" otherwise).
std::string error_of(const std::string& src);
// The jaxpr of function `fn` (defined by `src`) traced on arguments of the
// given types, as JAX's make_jaxpr would print it.
std::string trace(const std::string& src, const std::string& fn, const std::vector<ir::AVal>& avals);
ir::AVal f32(array::Shape s);
ir::AVal i32(array::Shape s);

}  // namespace rungs::jax::moduletest
