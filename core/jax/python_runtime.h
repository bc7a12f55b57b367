// The JAX library is written in the Python runtime's vocabulary: Value,
// Interpreter, CallArgs, raise(), ... are used unqualified in rungs::jax, as
// numpy's C code uses CPython's API. The dependency runs one way only:
// core/python never includes anything from core/jax (CMake enforces it).
#pragma once

#include "core/python/interpreter.h"
#include "core/jax/python_runtime.h"

namespace rungs::jax {
using namespace rungs::python;
}  // namespace rungs::jax
