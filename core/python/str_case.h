// The case and character-class methods of str (str_case.cpp): upper, lower,
// title, capitalize, swapcase, casefold and the is* predicates, with
// CPython's Unicode rules for the scripts kernel files and their logs
// meet (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic): 'ß'.upper() is
// 'SS', a final 'Σ' lowers to 'ς', '123'.isupper() is False.
#pragma once

#include <optional>
#include <string>

#include "core/python/interpreter.h"

namespace rungs::python {

// ascii(): `text` with each non-ASCII code point as \\xNN, \\uNNNN or \\UNNNNNNNN.
std::string ascii_escape(const std::string& text);

// The bound method `name` of string `s` if it is one of the above.
std::optional<Value> str_case_method(const std::string& s, const std::string& name);

}  // namespace rungs::python
