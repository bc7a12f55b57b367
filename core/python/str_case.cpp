// str's case mappings and character classes. CPython consults the whole
// Unicode database; Rungs carries the part of it for the scripts that kernel
// files, their docstrings and their logs use (ASCII, Latin-1, Latin
// Extended-A, Greek, Cyrillic); letters of other scripts come from the
// lexer's identifier tables (core/lang/unicode.h) and have no case.
#include "core/python/str_case.h"

#include <cstdint>

#include "core/lang/unicode.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

using CodePoints = std::u32string;

void append(std::string& out, uint32_t cp) { lang::append_utf8(out, cp); }

bool in(uint32_t c, uint32_t lo, uint32_t hi) { return c >= lo && c <= hi; }

// Blocks where upper and lower case alternate: even upper, odd lower (or
// the reverse when `odd_upper`).
struct Alternating {
  uint32_t lo, hi;
  bool odd_upper;
};
constexpr Alternating kAlternating[] = {
    {0x100, 0x12F, false}, {0x132, 0x137, false}, {0x139, 0x148, true}, {0x14A, 0x177, false},
    {0x179, 0x17E, true},  {0x460, 0x481, false}, {0x48A, 0x4BF, false}, {0x4C1, 0x4CE, true},
    {0x4D0, 0x52F, false},
};

// Simple one-to-one mappings; a code point without one maps to itself.
uint32_t to_upper(uint32_t c) {
  if (in(c, 'a', 'z') || (in(c, 0xE0, 0xFE) && c != 0xF7)) return c - 0x20;
  if (c == 0xFF) return 0x178;
  if (c == 0xB5) return 0x39C;
  if (c == 0x131) return 'I';
  if (c == 0x17F) return 'S';
  if (in(c, 0x3B1, 0x3CB) && c != 0x3C2) return c - 0x20;
  if (c == 0x3C2) return 0x3A3;
  if (c == 0x3AC) return 0x386;
  if (in(c, 0x3AD, 0x3AF)) return c - 0x25;
  if (c == 0x3CC) return 0x38C;
  if (in(c, 0x3CD, 0x3CE)) return c - 0x3F;
  if (in(c, 0x430, 0x44F)) return c - 0x20;
  if (in(c, 0x450, 0x45F)) return c - 0x50;
  if (c == 0x4CF) return 0x4C0;
  for (const Alternating& b : kAlternating)
    if (in(c, b.lo, b.hi) && ((c & 1) != 0) != b.odd_upper) return c - 1;  // the letter before is its capital
  return c;
}

uint32_t to_lower(uint32_t c) {
  if (in(c, 'A', 'Z') || (in(c, 0xC0, 0xDE) && c != 0xD7)) return c + 0x20;
  if (c == 0x178) return 0xFF;
  if (in(c, 0x391, 0x3AB) && c != 0x3A2) return c + 0x20;
  if (c == 0x386) return 0x3AC;
  if (in(c, 0x388, 0x38A)) return c + 0x25;
  if (c == 0x38C) return 0x3CC;
  if (in(c, 0x38E, 0x38F)) return c + 0x3F;
  if (in(c, 0x410, 0x42F)) return c + 0x20;
  if (in(c, 0x400, 0x40F)) return c + 0x50;
  if (c == 0x4C0) return 0x4CF;
  for (const Alternating& b : kAlternating)
    if (in(c, b.lo, b.hi) && ((c & 1) != 0) == b.odd_upper) return c + 1;
  return c;
}

// Lowercase letters whose uppercase is another letter or more than one.
bool is_lower(uint32_t c) {
  return to_upper(c) != c || c == 0xDF || c == 0x138 || c == 0x149 || c == 0x390 || c == 0x3B0;
}
bool is_upper(uint32_t c) { return to_lower(c) != c || c == 0x130; }
bool is_cased(uint32_t c) { return is_lower(c) || is_upper(c); }

// Letters: the cased ones above plus the identifier tables' letter blocks
// (CJK, kana, Hangul, Hebrew, Arabic, ...).
bool is_letter(uint32_t c) {
  if (c < 0x80) return in(c, 'a', 'z') || in(c, 'A', 'Z');
  return is_cased(c) || lang::is_identifier_start(c);
}

bool is_decimal(uint32_t c) { return in(c, '0', '9') || in(c, 0x660, 0x669) || in(c, 0xFF10, 0xFF19); }
bool is_digit(uint32_t c) { return is_decimal(c) || c == 0xB2 || c == 0xB3 || c == 0xB9 || in(c, 0x2070, 0x2079); }
bool is_numeric(uint32_t c) { return is_digit(c) || in(c, 0xBC, 0xBE) || in(c, 0x2150, 0x218B); }

bool is_space(uint32_t c) {
  return in(c, 0x09, 0x0D) || in(c, 0x1C, 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 || in(c, 0x2000, 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// Σ lowers to ς at the end of a word: after a cased letter and not before one.
bool final_sigma(const CodePoints& cps, size_t i) {
  bool after_cased = i > 0 && is_cased(cps[i - 1]);
  bool before_cased = i + 1 < cps.size() && is_cased(cps[i + 1]);
  return after_cased && !before_cased;
}

void append_lower(std::string& out, const CodePoints& cps, size_t i, bool fold) {
  uint32_t c = cps[i];
  if (c == 0x130) {  // İ lowers to i + combining dot above
    append(out, 'i');
    return append(out, 0x307);
  }
  if (c == 0x3A3 && final_sigma(cps, i)) return append(out, fold ? 0x3C3 : 0x3C2);
  if (fold && c == 0xDF) return void(out += "ss");
  if (fold && c == 0x3C2) return append(out, 0x3C3);
  if (fold && c == 0x17F) return append(out, 's');
  if (fold && c == 0xB5) return append(out, 0x3BC);
  append(out, to_lower(c));
}

// Upper case (title = false) or title case of the first letter of a word.
void append_upper(std::string& out, uint32_t c, bool title) {
  if (c == 0xDF) return void(out += title ? "Ss" : "SS");
  if (c == 0x149) {  // ŉ capitalises to ʼN
    append(out, 0x2BC);
    return append(out, 'N');
  }
  append(out, to_upper(c));
}

std::string convert(const std::string& s, const std::string& how) {
  CodePoints cps = lang::code_points(s);
  std::string out;
  bool previous_cased = false;
  for (size_t i = 0; i < cps.size(); ++i) {
    uint32_t c = cps[i];
    if (how == "upper") append_upper(out, c, false);
    else if (how == "lower" || how == "casefold") append_lower(out, cps, i, how == "casefold");
    else if (how == "swapcase") is_upper(c) ? append_lower(out, cps, i, false) : append_upper(out, c, false);
    else if (how == "capitalize") i == 0 ? append_upper(out, c, true) : append_lower(out, cps, i, false);
    else {  // title: a cased character after a cased one lowers, others take title case
      previous_cased ? append_lower(out, cps, i, false) : append_upper(out, c, true);
      previous_cased = is_cased(c);
    }
  }
  return out;
}

// isupper / islower / istitle: CPython needs at least one cased character.
bool case_predicate(const CodePoints& cps, const std::string& name) {
  bool any_cased = false, previous_cased = false;
  for (uint32_t c : cps) {
    if (name == "isupper" && is_lower(c) && !is_upper(c)) return false;
    if (name == "islower" && is_upper(c)) return false;
    if (name == "istitle") {
      if (is_upper(c) && previous_cased) return false;
      if (is_lower(c) && !is_upper(c) && !previous_cased) return false;
    }
    any_cased = any_cased || is_cased(c);
    previous_cased = is_cased(c);
  }
  return any_cased;
}

bool class_predicate(const CodePoints& cps, const std::string& name) {
  if (name == "isascii" || name == "isprintable") {
    for (uint32_t c : cps)
      if (name == "isascii" ? c >= 0x80 : !lang::is_printable(c)) return false;
    return true;  // both are True for ""
  }
  if (cps.empty()) return false;
  for (uint32_t c : cps) {
    bool ok = name == "isalpha"     ? is_letter(c)
              : name == "isalnum"   ? is_letter(c) || is_numeric(c)
              : name == "isdigit"   ? is_digit(c)
              : name == "isdecimal" ? is_decimal(c)
              : name == "isnumeric" ? is_numeric(c)
                                    : is_space(c);
    if (!ok) return false;
  }
  return true;
}

void expect_no_args(const CallArgs& a, const std::string& name) {
  size_t given = a.positional.size() + a.keywords.size();
  if (given) raise(ErrorId::time_no_arguments, a.where, "str." + name, given);
}

}  // namespace

std::string ascii_escape(const std::string& text) {
  std::string out;
  for (char32_t c : lang::code_points(text)) {
    if (c < 0x80) out += static_cast<char>(c);
    else out += lang::python_escape(c);
  }
  return out;
}

std::optional<Value> str_case_method(const std::string& s, const std::string& name) {
  static const char* kConversions[] = {"upper", "lower", "title", "capitalize", "swapcase", "casefold"};
  static const char* kPredicates[] = {"isupper", "islower", "istitle", "isalpha", "isalnum", "isdigit",
                                      "isdecimal", "isnumeric", "isspace", "isascii", "isprintable"};
  for (const char* n : kConversions)
    if (name == n)
      return make_builtin("str." + name, [s, name](Interpreter&, CallArgs& a) {
        expect_no_args(a, name);
        return make_str(convert(s, name));
      });
  for (const char* n : kPredicates)
    if (name == n)
      return make_builtin("str." + name, [s, name](Interpreter&, CallArgs& a) {
        expect_no_args(a, name);
        CodePoints cps = lang::code_points(s);
        bool is_case = name == "isupper" || name == "islower" || name == "istitle";
        return Value::boolean(is_case ? case_predicate(cps, name) : class_predicate(cps, name));
      });
  return std::nullopt;
}

}  // namespace rungs::python
