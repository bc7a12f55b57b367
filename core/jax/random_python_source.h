// jax.random's gumbel and categorical, and the kernel-body forms of
// randint/permutation/choice, written in Python (random_python_source.cpp).
#pragma once

#include "core/jax/python_runtime.h"

namespace rungs::jax {

// Adds gumbel and categorical to `random_module`, and _traced_randint,
// _traced_permutation and _traced_choice for module_random.cpp to call.
// `random_value` is the module itself (the Python calls its split/bits).
void add_random_python(Interpreter& ip, ModuleObj& random_module, const Value& random_value);

}  // namespace rungs::jax
