// State discharge: the stateful kernel jaxpr rewritten as the pure function
// generic interpret mode evaluates once per grid step (SEMANTICS 3.1 step 2
// and 3.12). Every Ref invar becomes an array invar; reads become
// slice/dynamic_slice (+ squeeze), writes become dynamic_update_slice on the
// ref's current value, and the function returns the final value of every
// ref, in invar order. This is what `debug=True` prints on rung 1.
//
// The rewrite covers what kernels commonly do (plain and pl.ds indexing,
// loads/stores, refs threaded through cond/scan/while, run_scoped). A
// construct it does not rewrite (composed .at views, DMAs, semaphores,
// integer-array indexing) stays as its stateful equation in the printout,
// which the header comment of the output marks.
#pragma once

#include "core/ir/jaxpr.h"

namespace rungs::ir {

struct Discharged {
  JaxprPtr jaxpr;
  bool complete = true;  // false when some equations stayed stateful
};

Discharged discharge_state(const Jaxpr& kernel);

}  // namespace rungs::ir
