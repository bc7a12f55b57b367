// pl.debug_print's text, the same on every rung (SEMANTICS 3.10): the
// format filled with Python's str.format when it has placeholders, else the
// values appended after it.
#pragma once

#include <string>
#include <vector>

#include "core/array/array.h"

namespace rungs::python {
class Interpreter;
}

namespace rungs::exec {

std::string debug_print_line(python::Interpreter& host, const std::string& fmt, const std::vector<array::Array>& args);

// What a recorded debug_print does when it runs: writes its line, or, for
// the equation jax.debug.callback records in a kernel (its format is
// kDebugCallbackMark and the callback's number), calls the Python callback
// with the step's values (module_jax_api.cpp keeps the callbacks).
inline constexpr const char* kDebugCallbackMark = "\001debug_callback ";  // \001: a hex escape would swallow "deb"
// tpu_log: the line as the TPU log records it (SEMANTICS 6.2; the chip
// model): scalars without placeholders follow the text as "s32[] 123", a
// vector follows the text before its "{}" as an XLA literal, one innermost
// row per line.
void run_debug_print(python::Interpreter& host, const std::string& fmt, const std::vector<array::Array>& args,
                     bool tpu_log = false);
std::string tpu_log_line(python::Interpreter& host, const std::string& fmt, const std::vector<array::Array>& args);

}  // namespace rungs::exec
