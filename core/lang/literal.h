// String literal decoding: escape sequences to UTF-8 text.
//
// Kept apart from the lexer because CPython decodes escapes while building
// the AST, and reports a bad escape with the "(unicode error) ..." text and
// a position at the end of the string token; the parser (and the f-string
// parser, for literal pieces) call this with the body of one token.
// Positions in that message are byte offsets in the body after CPython's
// own pre-pass, which spells every non-ASCII character as a 10-byte \U
// escape; decode_escapes reproduces that arithmetic.
#pragma once

#include <string>
#include <string_view>

#include "core/errors/error.h"
#include "core/lang/token.h"

namespace rungs::lang {

// Why decoding failed; `id` is syntax_unicode_escape (with first/last/reason)
// or unsupported_unicode_name (with name).
struct EscapeFailure {
  ErrorId id = ErrorId::syntax_unicode_escape;
  int first = 0, last = 0;  // byte positions, inclusive, as CPython counts them
  std::string reason;       // "truncated \xXX escape", ...
  std::string name;         // the \N{...} name Rungs does not know
};

// Decodes backslash escapes of a non-raw string body. Returns false on a bad
// escape. Unknown escapes ("\d") keep their backslash, as Python does.
bool decode_escapes(std::u32string_view body, std::string& out, EscapeFailure& failure);

// The value of a whole STRING token that is not an f-string (prefix and
// quotes removed, escapes decoded unless raw). Throws the CPython error at
// `error_at` on a bad escape.
std::string string_token_value(const Token& token, SourceRange error_at);

// The value of a bytes literal token (b"...", rb"..."), one code point per
// byte (0..255) in UTF-8, the text Rungs' bytes class holds. Raises CPython's
// SyntaxError for a non-ASCII character or a bad \x escape.
std::string bytes_token_value(const Token& token, SourceRange error_at);

// The code points between a STRING token's quotes.
std::u32string string_token_body(const Token& token);

}  // namespace rungs::lang
