// The `re` module's engine, part 2 of 3: Python's pattern syntax to a
// RegexProgram. Mistakes raise re.error with CPython 3.11's message and
// position ("nothing to repeat at position 0"); the position is in code
// points of the pattern, as Python counts.
#pragma once

#include <memory>
#include <string>

#include "core/python/regex_program.h"

namespace rungs::python::regex {

// Parses `pattern` (UTF-8) with `flags` and compiles it.
std::shared_ptr<const RegexProgram> compile_regex(const std::string& pattern, int flags);

// The tree a pattern parses to (before compilation), for compile_regex and
// the tests; the flags found inline are OR-ed into `flags`.
std::unique_ptr<RegexNode> parse_regex(const std::u32string& pattern, int& flags, int& groups,
                                       std::map<std::string, int>& group_index);

// Compiles a parsed tree (regex_compile.cpp).
std::shared_ptr<RegexProgram> compile_tree(const RegexNode& root, int groups);

}  // namespace rungs::python::regex
