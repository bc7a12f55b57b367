// str methods that rewrite the text (str_transform.cpp): removeprefix,
// removesuffix and expandtabs, with CPython's argument checks.
#pragma once

#include <optional>
#include <string>

#include "core/python/interpreter.h"

namespace rungs::python {

// The bound method `name` of string `s` if it is one of the above.
std::optional<Value> str_transform_method(const std::string& s, const std::string& name);

}  // namespace rungs::python
