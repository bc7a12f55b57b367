// pltpu.stateful_bits / stateful_uniform / stateful_normal /
// stateful_bernoulli: jax.random's samplers drawing from the TPU's
// hardware generator (pltpu.prng_random_bits) after pltpu.prng_seed.
#pragma once

#include "core/python/interpreter.h"

namespace rungs::pallas {

// Adds the four samplers to the pltpu module `m` (which already has
// prng_random_bits).
void add_stateful_samplers(python::Interpreter& ip, python::ModuleObj& m);

}  // namespace rungs::pallas
