// Tokens: what the lexer hands the parser.
//
// The stream is the one CPython's C tokenizer gives its parser (not the
// `tokenize` module's): no COMMENT or NL tokens, keywords are NAME tokens,
// INDENT/DEDENT come from an indentation stack, NEWLINE ends a logical line
// (never inside brackets). Literals keep their exact source text; the lexer
// also computes number values, while string escapes are decoded later by
// literal.h, because CPython reports escape errors from the parser, not the
// tokenizer. Positions are 1-based code-point columns (SourceRange).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/lang/source_range.h"

namespace rungs::lang {

// One table for the kinds and their printed names (STYLE anti-pattern 5).
#define RUNGS_TOKEN_KINDS(X) \
  X(Name, "NAME")            \
  X(Number, "NUMBER")        \
  X(String, "STRING")        \
  X(Op, "OP")                \
  X(Newline, "NEWLINE")      \
  X(Indent, "INDENT")        \
  X(Dedent, "DEDENT")        \
  X(EndMarker, "ENDMARKER")

enum class TokenKind : uint8_t {
#define RUNGS_TOKEN_ENUM(id, name) id,
  RUNGS_TOKEN_KINDS(RUNGS_TOKEN_ENUM)
#undef RUNGS_TOKEN_ENUM
};

const char* token_kind_name(TokenKind kind);  // "NAME", "OP", ...

enum class NumberKind : uint8_t {
  Int,        // fits in int64_t; int_value holds it
  BigInt,     // a valid Python int beyond int64_t (the parser rejects it)
  Float,      // float_value holds it
  Imaginary,  // 1j, 2.5J (the parser rejects it: no complex numbers)
};

// Facts about a STRING token's prefix and quotes, so later stages can slice
// the body out of `text` without lexing again.
struct StringInfo {
  bool raw = false;    // r / R prefix: backslashes are literal
  bool bytes = false;  // b / B prefix (rejected by the parser)
  bool fstring = false;
  int prefix_len = 0;  // code units of prefix in `text` (ASCII, so also bytes)
  int quote_len = 0;   // 1 for ' or ", 3 for ''' or """
};

struct Token {
  TokenKind kind = TokenKind::EndMarker;
  std::string text;   // exact source text (UTF-8); empty for NEWLINE at EOF,
                      // INDENT, DEDENT and ENDMARKER
  SourceRange range;  // end exclusive; INDENT covers the indentation itself
  // NUMBER only
  NumberKind number_kind = NumberKind::Int;
  int64_t int_value = 0;
  double float_value = 0;
  // STRING only
  StringInfo str;

  bool is_op(const char* s) const { return kind == TokenKind::Op && text == s; }
  bool is_name(const char* s) const { return kind == TokenKind::Name && text == s; }
};

// CPython's hard keywords: a NAME token with one of these texts is never an
// identifier.
bool is_keyword(const std::string& word);

}  // namespace rungs::lang
