// jax.experimental.checkify, as far as Pallas uses it: wrapping a function
// that calls a pallas_call makes its pl.debug_check failures come back as a
// functional error value (err.get(), err.throw()) instead of being no-ops
// (SEMANTICS 6.3). While a checkified call runs, the rungs' debug_check rule
// records the first failed check here.
#pragma once

#include <optional>
#include <string>

#include "core/python/interpreter.h"

namespace rungs::pallas {

struct CheckifyState : python::StageState {
  int depth = 0;                        // > 0 while a checkified function runs
  std::optional<std::string> failure;   // the first failed check's message
};
CheckifyState& checkify_state(python::Interpreter& interp);
// str() of a failed check, as checkify's FailedCheckError prints it.
inline std::string failed_check_text(const std::string& message) { return message + " (`check` failed)"; }

void register_checkify_module();

}  // namespace rungs::pallas
