// The searching methods of str (str_search.cpp).
#pragma once

#include <optional>
#include <string>

#include "core/python/interpreter.h"

namespace rungs::python {

// The bound method `name` of string `s` if it is find/rfind/index/rindex/
// count/startswith/endswith.
std::optional<Value> str_search_method(const std::string& s, const std::string& name);

}  // namespace rungs::python
