// Numeric literals, after the number branch of CPython 3.11's tok_get,
// tok_decimal_tail and verify_end_of_number. Error columns follow the
// cursor rule explained in lexer.cpp.
#include <cerrno>
#include <cstdint>
#include <cstdlib>

#include "core/lang/lexer_impl.h"

namespace rungs::lang::detail {

// ---- numbers (tok_get's number branch, tok_decimal_tail, verify_end_of_number)
void Lexer::number_error(const char* kind) {
  fail(LexErrorKind::Overriding, ErrorId::syntax_invalid_literal, at_cursor(i_), kind);
}


// Digits with single underscores between them; the cursor is on a digit.
void Lexer::decimal_tail() {
  for (;;) {
    while (is_digit(peek())) ++i_;
    if (peek() != '_') return;
    ++i_;
    if (!is_digit(peek())) number_error("decimal");
  }
}


// A keyword directly after a number ("1if x else y") is only a warning in
// 3.11; any other identifier character is an error.
void Lexer::end_of_number(const char* kind) {
  char32_t c = peek();
  auto ahead = [&](const char* rest) {
    for (size_t k = 0; rest[k]; ++k) {
      if (peek(1 + k) != static_cast<char32_t>(rest[k])) return false;
    }
    return true;
  };
  bool keyword = (c == 'a' && ahead("nd")) || (c == 'e' && ahead("lse")) ||
                 (c == 'f' && ahead("or")) ||
                 (c == 'i' && (peek(1) == 'f' || peek(1) == 'n' || peek(1) == 's')) ||
                 (c == 'o' && ahead("r")) || (c == 'n' && ahead("ot"));
  if (!keyword && c >= 128 && c != kEof && !is_identifier_continue(c)) {
    // "5€": CPython names the character rather than the number
    std::string shown;
    append_utf8(shown, c);
    SourceRange at = {line_, col_of(i_), line_, col_of(i_)};
    if (!is_printable(c)) {
      fail(LexErrorKind::Overriding, ErrorId::syntax_non_printable, at, hex_code_point(c));
    }
    fail(LexErrorKind::Overriding, ErrorId::syntax_invalid_character, at, shown,
         hex_code_point(c));
  }
  if (!keyword && is_potential_identifier_char(c)) number_error(kind);
}


void Lexer::radix_digits(int base, const char* kind) {
  auto ok = [&](char32_t c) {
    return base == 16 ? is_hex(c) : (c >= '0' && c < static_cast<char32_t>('0' + base));
  };
  do {
    if (peek() == '_') ++i_;
    if (!ok(peek())) {
      if (base != 16 && is_digit(peek())) {
        ++i_;
        std::string digit(1, static_cast<char>(s_[i_ - 1]));
        fail(LexErrorKind::Overriding, ErrorId::syntax_invalid_digit, at_cursor(i_), digit,
             kind);
      }
      number_error(kind);
    }
    while (ok(peek())) ++i_;
  } while (peek() == '_');
  if (base != 16 && is_digit(peek())) {
    ++i_;
    std::string digit(1, static_cast<char>(s_[i_ - 1]));
    fail(LexErrorKind::Overriding, ErrorId::syntax_invalid_digit, at_cursor(i_), digit, kind);
  }
  end_of_number(kind);
}


void Lexer::number(size_t begin) {
  bool is_float = false, imaginary = false;
  int base = 10;
  char32_t c = peek();
  if (c == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
    i_ += 2, base = 16;
    radix_digits(16, "hexadecimal");
  } else if (c == '0' && (peek(1) == 'o' || peek(1) == 'O')) {
    i_ += 2, base = 8;
    radix_digits(8, "octal");
  } else if (c == '0' && (peek(1) == 'b' || peek(1) == 'B')) {
    i_ += 2, base = 2;
    radix_digits(2, "binary");
  } else if (c == '.') {
    ++i_;
    is_float = true;
    decimal_tail();
    exponent_and_suffix(is_float, imaginary);
  } else {
    bool leading_zero = c == '0';
    bool nonzero = false;
    size_t zeros_end = i_;
    if (leading_zero) {
      // "0", "00", "0_0" are fine; "012" is an old-style octal.
      ++i_;
      for (;;) {
        if (peek() == '_') {
          ++i_;
          if (!is_digit(peek())) number_error("decimal");
        }
        if (peek() != '0') break;
        ++i_;
      }
      zeros_end = i_;
      if (is_digit(peek())) {
        nonzero = true;
        decimal_tail();
      }
    } else {
      decimal_tail();
    }
    char32_t next = peek();
    if (next == '.') {
      ++i_;
      is_float = true;
      if (is_digit(peek())) decimal_tail();
    } else if (leading_zero && nonzero && next != 'e' && next != 'E' && next != 'j' &&
               next != 'J') {
      fail(LexErrorKind::Overriding, ErrorId::syntax_leading_zeros,
           SourceRange{line_, col_of(begin), line_, col_of(zeros_end)});
    }
    exponent_and_suffix(is_float, imaginary);
  }
  emit(TokenKind::Number, begin, i_);
  compute_value(out_->back(), base, is_float, imaginary);
}


// Exponent and 'j' suffix; returns whether either was present.
bool Lexer::exponent_and_suffix(bool& is_float, bool& imaginary) {
  bool any = false;
  if (peek() == 'e' || peek() == 'E') {
    size_t e = i_;
    ++i_;
    if (peek() == '+' || peek() == '-') {
      ++i_;
      if (!is_digit(peek())) number_error("decimal");
    } else if (!is_digit(peek())) {
      i_ = e;  // "1e" is the number 1 followed by... an identifier: an error
      end_of_number("decimal");
      return false;
    }
    decimal_tail();
    is_float = true;
    any = true;
  }
  if (peek() == 'j' || peek() == 'J') {
    ++i_;
    imaginary = true;
    end_of_number("imaginary");
    return true;
  }
  end_of_number("decimal");
  return any;
}


void Lexer::compute_value(Token& t, int base, bool is_float, bool imaginary) {
  std::string digits;
  for (char ch : t.text) {
    if (ch != '_') digits += ch;
  }
  if (imaginary) {
    t.number_kind = NumberKind::Imaginary;
    return;
  }
  if (is_float) {
    t.number_kind = NumberKind::Float;
    t.float_value = std::strtod(digits.c_str(), nullptr);  // inf on overflow, like Python
    return;
  }
  const char* p = digits.c_str() + (base == 10 ? 0 : 2);
  errno = 0;
  unsigned long long v = std::strtoull(p, nullptr, base);
  if (errno == ERANGE || v > static_cast<unsigned long long>(INT64_MAX)) {
    t.number_kind = NumberKind::BigInt;
    return;
  }
  t.number_kind = NumberKind::Int;
  t.int_value = static_cast<int64_t>(v);
}


}  // namespace rungs::lang::detail
