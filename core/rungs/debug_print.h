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

}  // namespace rungs::exec
