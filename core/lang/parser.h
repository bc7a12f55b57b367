// The parser's public face: program text in, resolved AST out.
//
// parse_module runs the whole front end: lex, parse (recursive descent over
// CPython 3.11's grammar, restricted to the Rungs subset), resolve scopes
// (scope.h) and the post-parse checks CPython makes in its compiler. Any
// failure is an EngineError carrying CPython's message and position, or a
// NotImplementedError naming a construct outside the subset. The Module is
// returned through shared_ptr because function values created from it by the
// evaluator keep it alive.
#pragma once

#include <memory>
#include <string>

#include "core/lang/ast.h"

namespace rungs::lang {

// Nesting limit for expressions and statements (unary chains, operator
// chains, lambdas, blocks...), so hostile input ends in a RecursionError and
// never a stack overflow, natively, under ASan and in wasm's 1 MB stack.
// Brackets have their own, lower limit in the lexer (CPython's 200).
constexpr int kMaxParseDepth = 1000;

// `file_id` goes into every range of the module (SourceRange::file): 0 for
// the main program, another number for each module imported from the
// program's own files.
std::shared_ptr<Module> parse_module(std::string source, std::string filename = "<string>", int file_id = 0);

}  // namespace rungs::lang
