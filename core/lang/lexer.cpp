// The lexer, after CPython 3.11's Parser/tokenizer.c. Comments name the C
// function whose behaviour a block reproduces, so the two can be compared.
//
// Error columns: CPython's syntaxerror() reports the column of the character
// *before* its read cursor, i.e. the cursor's 0-based index on the line.
// `at_cursor(i)` computes exactly that, which is why some errors point at the
// last digit of a number and not at the offending letter.
#include "core/lang/lexer.h"

#include <cstdio>

#include "core/lang/lexer_impl.h"
#include "core/lang/unicode.h"

namespace rungs::lang {

namespace detail {

void Lexer::run(std::vector<Token>& out) {
  out_ = &out;
  for (;;) {
    if (at_line_start_ && brackets_.empty()) {
      if (!indentation()) continue;  // a blank or comment-only line
    }
    skip_blanks();
    char32_t c = peek();
    if (c == '#') {
      comment_start_ = i_;  // CPython's NEWLINE token starts at a trailing comment
      while (peek() != '\n' && peek() != kEof) ++i_;
      continue;
    }
    if (c == kEof) return at_eof();
    if (c == '\n') {
      if (brackets_.empty()) {
        emit(TokenKind::Newline, i_, i_ + 1);
        if (comment_start_ != kNoComment) out_->back().range.col = col_of(comment_start_);
      }
      comment_start_ = kNoComment;
      newline();
      continue;
    }
    if (c == '\\') {
      continuation();
      continue;
    }
    token(c);
  }
}

// ---- indentation (tok_get's "Get indentation level") ------------------------
// Returns false for a blank or comment-only line, which does not count.
bool Lexer::indentation() {
  int col = 0, altcol = 0;  // tabs to multiples of 8, and tabs as 1
  size_t begin = i_;
  for (;; ++i_) {
    char32_t c = peek();
    if (c == ' ') {
      ++col, ++altcol;
    } else if (c == '\t') {
      col = (col / 8 + 1) * 8;
      ++altcol;
    } else if (c == '\f') {
      col = altcol = 0;
    } else {
      break;
    }
  }
  char32_t c = peek();
  if (c == '#' || c == '\n' || c == kEof) {
    if (c == '#') {
      while (peek() != '\n' && peek() != kEof) ++i_;
    }
    if (peek() == '\n') {
      newline();
      return false;
    }
    at_line_start_ = false;  // EOF: handled by the main loop
    return true;
  }
  at_line_start_ = false;
  int width = static_cast<int>(i_ - begin);
  if (col == indents_.back()) {
    if (altcol != alt_indents_.back()) tab_error();
  } else if (col > indents_.back()) {
    if (indents_.size() >= kMaxIndent) {
      fail(LexErrorKind::Quiet, ErrorId::indent_too_deep, SourceRange{line_, 1, line_, 1});
    }
    if (altcol <= alt_indents_.back()) tab_error();
    indents_.push_back(col);
    alt_indents_.push_back(altcol);
    Token t;
    t.kind = TokenKind::Indent;
    t.range = {line_, 1, line_, width + 1};
    out_->push_back(std::move(t));
  } else {
    int dedents = 0;
    while (indents_.size() > 1 && col < indents_.back()) {
      indents_.pop_back();
      alt_indents_.pop_back();
      ++dedents;
    }
    if (col != indents_.back()) {
      // CPython points one past the end of the offending line.
      size_t end = i_;
      while (end < s_.size() && s_[end] != '\n') ++end;
      fail(LexErrorKind::Quiet, ErrorId::indent_unindent_mismatch,
           SourceRange{line_, col_of(end), line_, col_of(end)});
    }
    if (altcol != alt_indents_.back()) tab_error();
    for (int k = 0; k < dedents; ++k) {
      Token t;
      t.kind = TokenKind::Dedent;
      t.range = {line_, width + 1, line_, width + 1};
      out_->push_back(std::move(t));
    }
  }
  return true;
}


void Lexer::tab_error() {
  fail(LexErrorKind::Quiet, ErrorId::indent_tab_error, SourceRange{line_, 1, line_, 1});
}


// ---- end of input -----------------------------------------------------------
void Lexer::at_eof() {
  if (!brackets_.empty()) {
    const Bracket& b = brackets_.back();
    std::string open;
    append_utf8(open, b.ch);
    fail(LexErrorKind::Unclosed, ErrorId::syntax_unclosed_bracket,
         SourceRange{b.line, b.col, b.line, b.col + 1}, open);
  }
  // CPython places the final tokens at the end of the last line.
  SourceRange end = end_position();
  if (!out_->empty() && out_->back().kind != TokenKind::Newline &&
      out_->back().kind != TokenKind::Dedent && out_->back().kind != TokenKind::Indent) {
    Token t;
    t.kind = TokenKind::Newline;
    t.range = end;
    out_->push_back(std::move(t));
  }
  for (size_t k = 1; k < indents_.size(); ++k) {
    Token t;
    t.kind = TokenKind::Dedent;
    t.range = end;
    out_->push_back(std::move(t));
  }
  Token t;
  t.kind = TokenKind::EndMarker;
  t.range = end;
  out_->push_back(std::move(t));
}


SourceRange Lexer::end_position() const {
  if (s_.empty()) return {1, 1, 1, 1};
  // The last line is the one holding the last character (a final '\n'
  // belongs to the line it ends).
  size_t last = s_.size() - 1;
  int line = line_;
  size_t start = line_start_;
  if (s_[last] == '\n') {
    line = line_ - 1;
    start = last;
    while (start > 0 && s_[start - 1] != '\n') --start;
  }
  int col = static_cast<int>(last - start) + (s_[last] == '\n' ? 1 : 2);
  return {line, col, line, col};
}


// ---- backslash continuation ---------------------------------------------------
void Lexer::continuation() {
  size_t backslash = i_;
  ++i_;
  if (peek() != '\n') {
    SourceRange at = {line_, col_of(backslash) + 1, line_, col_of(backslash) + 1};
    if (peek() == kEof) fail(LexErrorKind::Quiet, ErrorId::syntax_unexpected_eof, at);
    fail(LexErrorKind::Quiet, ErrorId::syntax_line_continuation, at);
  }
  int line = line_, col = col_of(backslash) + 1;
  ++i_;
  ++line_;
  line_start_ = i_;
  if (peek() == kEof) {
    fail(LexErrorKind::Quiet, ErrorId::syntax_unexpected_eof, SourceRange{line, col, line, col});
  }
}


// ---- one token ----------------------------------------------------------------
void Lexer::token(char32_t c) {
  size_t begin = i_;
  if (is_identifier_start(c) || c >= 128) return name_or_string(begin);
  if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return number(begin);
  if (c == '\'' || c == '"') return string(begin, StringInfo{});
  if (c < 0x20 || c == 0x7F) {
    ++i_;
    fail(LexErrorKind::Overriding, ErrorId::syntax_non_printable, at_cursor(i_),
         hex_code_point(c));
  }
  operator_token(begin);
}


// tok_get: identifiers, and the b/r/u/f prefixes that turn one into a string.
void Lexer::name_or_string(size_t begin) {
  bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
  for (;;) {
    char32_t c = peek();
    if (!(saw_b || saw_u || saw_f) && (c == 'b' || c == 'B')) {
      saw_b = true;
    } else if (!(saw_b || saw_u || saw_r || saw_f) && (c == 'u' || c == 'U')) {
      saw_u = true;
    } else if (!(saw_r || saw_u) && (c == 'r' || c == 'R')) {
      saw_r = true;
    } else if (!(saw_f || saw_b || saw_u) && (c == 'f' || c == 'F')) {
      saw_f = true;
    } else {
      break;
    }
    ++i_;
    if (peek() == '\'' || peek() == '"') {
      StringInfo info;
      info.raw = saw_r;
      info.bytes = saw_b;
      info.fstring = saw_f;
      info.prefix_len = static_cast<int>(i_ - begin);
      return string(begin, info);
    }
  }
  while (is_potential_identifier_char(peek())) ++i_;
  // verify_identifier: a non-ASCII character must be a letter (or digit/mark
  // after the first), else CPython names the first bad character.
  for (size_t k = begin; k < i_; ++k) {
    char32_t ch = s_[k];
    if (ch < 128) continue;
    bool ok = k == begin ? is_identifier_start(ch) : is_identifier_continue(ch);
    if (ok) continue;
    std::string shown;
    append_utf8(shown, ch);
    SourceRange at = {line_, col_of(k), line_, col_of(k)};
    if (is_printable(ch)) {
      fail(LexErrorKind::Overriding, ErrorId::syntax_invalid_character, at, shown,
           hex_code_point(ch));
    }
    fail(LexErrorKind::Overriding, ErrorId::syntax_non_printable, at, hex_code_point(ch));
  }
  emit(TokenKind::Name, begin, i_);
}


// ---- strings (tok_get's letter_quote) -----------------------------------------
void Lexer::string(size_t begin, StringInfo info) {
  int first_line = line_;
  size_t first_line_start = line_start_;
  char32_t quote = peek();
  ++i_;
  int quote_size = 1, end_quote_size = 0;
  if (peek() == quote) {
    ++i_;
    if (peek() == quote) {
      ++i_;
      quote_size = 3;
    } else {
      end_quote_size = 1;  // the empty string
    }
  }
  while (end_quote_size != quote_size) {
    char32_t c = peek();
    if (c == kEof || (quote_size == 1 && c == '\n')) {
      // CPython reports from the token's first character, with the line
      // where it gave up.
      int detected = c == kEof ? last_line() : line_;
      SourceRange at = {first_line, static_cast<int>(begin - first_line_start) + 1, first_line,
                        static_cast<int>(begin - first_line_start) + 1};
      fail(LexErrorKind::Overriding,
           quote_size == 3 ? ErrorId::syntax_unterminated_triple
                           : ErrorId::syntax_unterminated_string,
           at, detected);
    }
    ++i_;
    if (c == '\n') {
      ++line_;
      line_start_ = i_;
    }
    if (c == quote) {
      ++end_quote_size;
    } else {
      end_quote_size = 0;
      if (c == '\\' && peek() != kEof) {
        if (peek() == '\n') {
          ++line_;
          line_start_ = i_ + 1;
        }
        ++i_;  // the escaped character, even a quote or a newline
      }
    }
  }
  info.quote_len = quote_size;
  Token t;
  t.kind = TokenKind::String;
  t.text = to_utf8(std::u32string_view(s_).substr(begin, i_ - begin));
  t.range = {first_line, static_cast<int>(begin - first_line_start) + 1, line_, col_of(i_)};
  t.str = info;
  out_->push_back(std::move(t));
}


// The line holding the last character of the source.
int Lexer::last_line() const {
  if (!s_.empty() && s_.back() == '\n') return line_ - 1 < 1 ? 1 : line_ - 1;
  return line_;
}


// ---- operators and brackets -----------------------------------------------------
void Lexer::operator_token(size_t begin) {
  static const char* const kOps3[] = {"**=", "...", "//=", "<<=", ">>="};
  static const char* const kOps2[] = {"!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=",
                                      ":=", "<<", "<=", "<>", "==", ">=", ">>", "@=", "^=", "|="};
  auto match = [&](const char* op) {
    for (size_t k = 0; op[k]; ++k) {
      if (peek(k) != static_cast<char32_t>(op[k])) return false;
    }
    return true;
  };
  for (const char* op : kOps3) {
    if (match(op)) {
      i_ += 3;
      return emit(TokenKind::Op, begin, i_);
    }
  }
  for (const char* op : kOps2) {
    if (match(op)) {
      i_ += 2;
      return emit(TokenKind::Op, begin, i_);
    }
  }
  char32_t c = peek();
  ++i_;
  if (c == '(' || c == '[' || c == '{') {
    if (brackets_.size() >= kMaxBrackets) {
      fail(LexErrorKind::Overriding, ErrorId::syntax_too_many_parens, at_cursor(i_));
    }
    brackets_.push_back({c, line_, col_of(begin)});
  } else if (c == ')' || c == ']' || c == '}') {
    std::string close(1, static_cast<char>(c));
    if (brackets_.empty()) {
      fail(LexErrorKind::Overriding, ErrorId::syntax_unmatched_bracket, at_cursor(i_), close);
    }
    Bracket open = brackets_.back();
    brackets_.pop_back();
    if ((open.ch == '(') != (c == ')') || (open.ch == '[') != (c == ']')) {
      std::string opening(1, static_cast<char>(open.ch));
      if (open.line != line_) {
        fail(LexErrorKind::Overriding, ErrorId::syntax_mismatched_bracket_line, at_cursor(i_),
             close, opening, open.line);
      }
      fail(LexErrorKind::Overriding, ErrorId::syntax_mismatched_bracket, at_cursor(i_), close,
           opening);
    }
  }
  // Anything else ('$', '?', '!', '`') is an OP no grammar rule accepts, so
  // the parser reports "invalid syntax" at it, as CPython does.
  emit(TokenKind::Op, begin, i_);
}

}  // namespace detail

namespace {

using detail::LexFailure;
using detail::Lexer;

// Line and column (code points) of a byte offset, for errors found before
// the text is decoded.
SourceRange position_of_byte(std::string_view src, size_t offset) {
  int line = 1, col = 1;
  for (size_t k = 0; k < offset; ++k) {
    unsigned char b = static_cast<unsigned char>(src[k]);
    if (b == '\n') {
      ++line, col = 1;
    } else if ((b & 0xC0) != 0x80) {
      ++col;
    }
  }
  return {line, col, line, col + 1};
}

}  // namespace

LexResult lex(std::string_view source, std::string_view filename) {
  LexResult result;
  if (source.substr(0, 3) == "\xEF\xBB\xBF") source.remove_prefix(3);  // a UTF-8 BOM
  // CPython refuses NUL bytes and undeclared non-UTF-8 text before tokenizing.
  size_t nul = source.find('\0');
  std::u32string cps;
  size_t bad = 0;
  bool utf8_ok = decode_utf8(source, cps, bad);
  if (nul != std::string_view::npos && (utf8_ok || nul < bad)) {
    result.error = make_error(ErrorId::syntax_null_bytes, position_of_byte(source, nul));
    result.error_kind = LexErrorKind::Overriding;
    return result;
  }
  if (!utf8_ok) {
    SourceRange at = position_of_byte(source, bad);
    char hex[4];
    std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(source[bad]));
    result.error = make_error(ErrorId::syntax_non_utf8, at, hex, filename, at.line);
    result.error_kind = LexErrorKind::Overriding;
    return result;
  }
  // Universal newlines, as Python's file reading gives the tokenizer.
  std::u32string text;
  text.reserve(cps.size());
  for (size_t k = 0; k < cps.size(); ++k) {
    if (cps[k] == '\r') {
      text.push_back('\n');
      if (k + 1 < cps.size() && cps[k + 1] == '\n') ++k;
    } else {
      text.push_back(cps[k]);
    }
  }
  Lexer lexer(std::move(text));
  try {
    lexer.run(result.tokens);
  } catch (LexFailure& failure) {
    result.error = std::move(failure.error);
    result.error_kind = failure.kind;
  }
  return result;
}

std::vector<Token> tokenize(std::string_view source) {
  LexResult result = lex(source);
  if (result.error) throw *result.error;
  return std::move(result.tokens);
}

}  // namespace rungs::lang
