// Frees a returning call's frame when it is garbage only because of a
// cycle through closures it defined (frame -> kernel/lambda -> frame),
// which reference counting alone keeps until the run ends (heap.h). JAX's
// test files define a kernel in every test, so without this each test's
// arrays stayed alive and a file of hundreds of kernel tests ran out of
// memory.
#pragma once

#include "core/python/objects.h"

namespace rungs::python {

// `env` is the returning call's frame, held by the caller's one local
// reference. When every other reference to it comes from closures that
// only the frame's own variables reach (through lists, tuples, dicts,
// records and instances nothing else holds), clears its variables, which
// breaks the cycle; otherwise leaves it untouched.
void break_frame_cycle(const EnvPtr& env);

}  // namespace rungs::python
