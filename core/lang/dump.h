// Canonical text printers for the front end's two outputs (STYLE habit 1):
// what `rungs run FILE --dump=tokens|ast` prints and what the golden tests
// compare.
//
// Both are deterministic by construction: fields in a fixed order, no
// addresses, floats printed as Python's repr. The AST dump follows
// ast.dump(indent=2) in spirit (CPython's node and field names) but puts
// each node on one line with its source range and scalar fields, children
// indented beneath as `field: Node ...` or `field[i]: Node ...`, so a diff
// of two dumps points at the node that changed.
#pragma once

#include <string>
#include <vector>

#include "core/lang/ast.h"
#include "core/lang/token.h"

namespace rungs::lang {

// One token per line: `1:1-1:7 NAME 'import'`, plus the value of numbers and
// the flags of strings.
std::string dump_tokens(const std::vector<Token>& tokens);

// The whole tree, one node per line, ending in a newline.
std::string dump_ast(const Module& module);

// Python's repr() of a str (quotes chosen as Python does) and of a float.
std::string python_repr(const std::string& text);
std::string python_float_repr(double value);

}  // namespace rungs::lang
