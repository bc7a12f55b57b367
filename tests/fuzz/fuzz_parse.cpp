// libFuzzer target: the front end (lexer, parser, scope resolver, post-parse
// checks) on arbitrary bytes. The only acceptable outcomes are a Module or an
// EngineError; anything else (a crash, a sanitizer report, another exception,
// a stack overflow from unbounded nesting) is a finding.
//
// On success the AST and token printers run too: they walk every node, so a
// tree the parser built inconsistently shows up here rather than later.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/errors/error.h"
#include "core/lang/dump.h"
#include "core/lang/lexer.h"
#include "core/lang/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string source(reinterpret_cast<const char*>(data), size);
  // lex never throws: it returns the tokens before the first error.
  rungs::lang::LexResult lexed = rungs::lang::lex(source, "fuzz.py");
  if (!lexed.error) (void)rungs::lang::dump_tokens(lexed.tokens);
  try {
    auto module = rungs::lang::parse_module(source, "fuzz.py");
    (void)rungs::lang::dump_ast(*module);
  } catch (const rungs::EngineError& e) {
    // A located Python error is the expected way to reject input. Its
    // position must lie in the source (line >= 1), or the editor marker has
    // nowhere to go.
    if (e.where.line < 1) __builtin_trap();
  }
  return 0;
}
