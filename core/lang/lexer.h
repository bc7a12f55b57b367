// The lexer: program text in, CPython-shaped token stream out.
//
// It follows CPython 3.11's C tokenizer rule for rule: an indentation stack
// with tab/space consistency checks (TabError), implicit line joining inside
// brackets, backslash continuation, every numeric literal form, string
// prefixes and quotes. Errors carry CPython's exact texts and positions.
// A lexical error does not always win, though: CPython's parser reports an
// earlier syntax error first and lets only some tokenizer errors override it
// afterwards, so `lex` returns the tokens before the error together with the
// error, and the parser decides (see LexResult).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/errors/error.h"
#include "core/lang/token.h"

namespace rungs::lang {

// How a lexical error competes with a syntax error the parser found earlier
// in the token stream (CPython's _PyPegen_tokenize_full_source_to_check_for_errors).
enum class LexErrorKind : uint8_t {
  Overriding,  // string, number, character and bracket errors: always win
  Quiet,       // indentation, line continuation, EOF: lose to the parser's error
  Unclosed,    // "'(' was never closed": wins when its bracket opened on an
               // earlier line than the parser's error
};

struct LexResult {
  std::vector<Token> tokens;         // every token before the error (all, if none)
  std::optional<EngineError> error;  // the first lexical error, if any
  LexErrorKind error_kind = LexErrorKind::Quiet;
};

// Tokenizes the whole source without throwing. `filename` appears only in the
// non-UTF-8 message, as in CPython.
LexResult lex(std::string_view source, std::string_view filename = "<string>");

// The public entry point: the full stream ending in ENDMARKER, or throws the
// first lexical error as an EngineError.
std::vector<Token> tokenize(std::string_view source);

}  // namespace rungs::lang
