// The lexer's internals, shared by lexer.cpp (layout, names, strings,
// operators) and lex_number.cpp (numeric literals).
//
// One Lexer object walks the decoded source once, code point by code point,
// appending tokens; an error is thrown as LexFailure so lex() can return the
// tokens before it together with the error and its kind (see lexer.h).
#pragma once

#include <string>
#include <vector>

#include "core/errors/error.h"
#include "core/lang/lexer.h"
#include "core/lang/unicode.h"

namespace rungs::lang::detail {

constexpr int kMaxBrackets = 200;  // CPython MAXLEVEL
constexpr int kMaxIndent = 100;    // CPython MAXINDENT
constexpr char32_t kEof = 0xFFFFFFFF;

struct LexFailure {
  EngineError error;
  LexErrorKind kind;
};

inline bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }
inline bool is_hex(char32_t c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// CPython's is_potential_identifier_char: what may not directly follow a number.
inline bool is_potential_identifier_char(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' ||
         (c >= 128 && c != kEof);
}

struct Bracket {
  char32_t ch;
  int line, col;  // where it opened
};

class Lexer {
 public:
  explicit Lexer(std::u32string cps) : s_(std::move(cps)) {}
  void run(std::vector<Token>& out);  // appends tokens; throws LexFailure

 private:
  // ---- cursor ---------------------------------------------------------------
  char32_t peek(size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : kEof; }
  int col_of(size_t index) const { return static_cast<int>(index - line_start_) + 1; }
  // CPython's syntaxerror() position: the cursor's 0-based index (>= 1).
  SourceRange at_cursor(size_t index) const {
    int col = static_cast<int>(index - line_start_);
    if (col < 1) col = 1;
    return {line_, col, line_, col};
  }
  void newline() {
    ++i_;
    ++line_;
    line_start_ = i_;
    at_line_start_ = brackets_.empty();  // inside brackets, lines join implicitly
  }
  template <typename... Args>
  [[noreturn]] void fail(LexErrorKind kind, ErrorId id, SourceRange where, const Args&... args) {
    throw LexFailure{make_error(id, where, args...), kind};
  }

  void emit(TokenKind kind, size_t begin, size_t end) {
    Token t;
    t.kind = kind;
    t.text = to_utf8(std::u32string_view(s_).substr(begin, end - begin));
    t.range = {line_, col_of(begin), line_, col_of(end)};
    out_->push_back(std::move(t));
  }

  void skip_blanks() {
    while (peek() == ' ' || peek() == '\t' || peek() == '\f') ++i_;
  }

  // ---- layout (lexer.cpp) -----------------------------------------------------
  bool indentation();                // INDENT/DEDENT at a line start
  [[noreturn]] void tab_error();
  void at_eof();                     // final NEWLINE, DEDENTs, ENDMARKER
  SourceRange end_position() const;  // where CPython puts the EOF tokens
  void continuation();               // backslash-newline
  void token(char32_t c);            // dispatch on the first character
  void name_or_string(size_t begin);
  void string(size_t begin, StringInfo info);
  int last_line() const;
  void operator_token(size_t begin);

  // ---- numbers (lex_number.cpp) -------------------------------------------------
  [[noreturn]] void number_error(const char* kind);
  void decimal_tail();
  void end_of_number(const char* kind);
  void radix_digits(int base, const char* kind);
  void number(size_t begin);
  bool exponent_and_suffix(bool& is_float, bool& imaginary);
  static void compute_value(Token& t, int base, bool is_float, bool imaginary);

  std::u32string s_;
  std::vector<Token>* out_ = nullptr;
  size_t i_ = 0;           // index of the next unread code point
  int line_ = 1;           // line of s_[i_]
  size_t line_start_ = 0;  // index where line_ begins
  bool at_line_start_ = true;
  std::vector<int> indents_{0};      // CPython's indstack (tabs to 8)
  std::vector<int> alt_indents_{0};  // altindstack (tabs as 1), for TabError
  std::vector<Bracket> brackets_;
  static constexpr size_t kNoComment = static_cast<size_t>(-1);
  size_t comment_start_ = kNoComment;  // a '#' seen on the current line
};

}  // namespace rungs::lang::detail
