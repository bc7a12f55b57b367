// Escape-sequence decoding for str literals and f-string literal pieces.
#include "core/lang/literal.h"

#include <cctype>
#include <vector>

#include "core/lang/unicode.h"

namespace rungs::lang {

namespace {

// The few \N{...} names Rungs knows (upper case). CPython knows all of
// Unicode; carrying its name table into wasm is not worth it.
struct NamedChar {
  const char* name;
  char32_t cp;
};
constexpr NamedChar kNames[] = {
    {"SPACE", 0x20},
    {"NO-BREAK SPACE", 0xA0},
    {"DEGREE SIGN", 0xB0},
    {"PLUS-MINUS SIGN", 0xB1},
    {"MICRO SIGN", 0xB5},
    {"MIDDLE DOT", 0xB7},
    {"MULTIPLICATION SIGN", 0xD7},
    {"DIVISION SIGN", 0xF7},
    {"EN DASH", 0x2013},
    {"EM DASH", 0x2014},
    {"BULLET", 0x2022},
    {"HORIZONTAL ELLIPSIS", 0x2026},
    {"LEFTWARDS ARROW", 0x2190},
    {"UPWARDS ARROW", 0x2191},
    {"RIGHTWARDS ARROW", 0x2192},
    {"DOWNWARDS ARROW", 0x2193},
    {"INFINITY", 0x221E},
    {"ALMOST EQUAL TO", 0x2248},
    {"NOT EQUAL TO", 0x2260},
    {"LESS-THAN OR EQUAL TO", 0x2264},
    {"GREATER-THAN OR EQUAL TO", 0x2265},
    {"LIGHT SHADE", 0x2591},
    {"MEDIUM SHADE", 0x2592},
    {"DARK SHADE", 0x2593},
    {"FULL BLOCK", 0x2588},
    {"BLACK SQUARE", 0x25A0},
    {"WHITE SQUARE", 0x25A1},
    {"CHECK MARK", 0x2713},
    {"BALLOT X", 0x2717},
};

const char* const kGreek[] = {"ALPHA", "BETA", "GAMMA",   "DELTA", "EPSILON", "ZETA",
                              "ETA",   "THETA", "IOTA",   "KAPPA", "LAMDA",   "MU",
                              "NU",    "XI",    "OMICRON", "PI",   "RHO",     "FINAL SIGMA",
                              "SIGMA", "TAU",   "UPSILON", "PHI",  "CHI",     "PSI",
                              "OMEGA"};

bool lookup_name(const std::string& raw, char32_t& cp) {
  std::string name;
  for (char c : raw) name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const NamedChar& n : kNames) {
    if (name == n.name) return cp = n.cp, true;
  }
  auto letter = [&](const std::string& prefix, char32_t base) {
    if (name.size() == prefix.size() + 1 && name.compare(0, prefix.size(), prefix) == 0) {
      char c = name.back();
      if (c >= 'A' && c <= 'Z') return cp = base + (c - 'A'), true;
    }
    return false;
  };
  if (letter("LATIN SMALL LETTER ", 'a') || letter("LATIN CAPITAL LETTER ", 'A')) return true;
  for (int k = 0; k < 25; ++k) {
    if (name == std::string("GREEK SMALL LETTER ") + kGreek[k]) return cp = 0x3B1 + k, true;
    if (name == std::string("GREEK CAPITAL LETTER ") + kGreek[k] && k != 17) {
      return cp = 0x391 + k, true;
    }
  }
  return false;
}

int hex_value(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<int>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<int>(c - 'A' + 10);
  return -1;
}

}  // namespace

bool decode_escapes(std::u32string_view body, std::string& out, EscapeFailure& failure) {
  // CPython's byte positions: ASCII is 1 byte, anything else 10 (\UXXXXXXXX).
  std::vector<int> pos(body.size() + 1, 0);
  for (size_t k = 0; k < body.size(); ++k) pos[k + 1] = pos[k] + (body[k] < 128 ? 1 : 10);
  auto fail = [&](size_t first, size_t last, const char* reason) {
    failure.id = ErrorId::syntax_unicode_escape;
    failure.first = pos[first];
    failure.last = pos[last];
    failure.reason = reason;
    return false;
  };
  for (size_t k = 0; k < body.size(); ++k) {
    char32_t c = body[k];
    if (c != '\\' || k + 1 >= body.size()) {
      append_utf8(out, c);
      continue;
    }
    size_t start = k;
    char32_t e = body[++k];
    switch (e) {
      case '\n': break;  // line continuation inside the string
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case 'x':
      case 'u':
      case 'U': {
        int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        const char* reason = e == 'x'   ? "truncated \\xXX escape"
                             : e == 'u' ? "truncated \\uXXXX escape"
                                        : "truncated \\UXXXXXXXX escape";
        uint32_t v = 0;
        for (int d = 0; d < digits; ++d) {
          if (k + 1 >= body.size() || hex_value(body[k + 1]) < 0) return fail(start, k, reason);
          v = v * 16 + static_cast<uint32_t>(hex_value(body[++k]));
        }
        if (v > 0x10FFFF) return fail(start, k, "illegal Unicode character");
        append_utf8(out, v);
        break;
      }
      case 'N': {
        if (k + 1 >= body.size() || body[k + 1] != '{') {
          return fail(start, k, "malformed \\N character escape");
        }
        size_t close = k + 2;
        while (close < body.size() && body[close] != '}' && body[close] != '\n') ++close;
        if (close >= body.size() || body[close] != '}' || close == k + 2) {
          return fail(start, close < body.size() ? close : body.size() - 1,
                      "malformed \\N character escape");
        }
        std::string name = to_utf8(body.substr(k + 2, close - k - 2));
        char32_t cp = 0;
        if (!lookup_name(name, cp)) {
          failure.id = ErrorId::unsupported_unicode_name;
          failure.name = name;
          return false;
        }
        append_utf8(out, cp);
        k = close;
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          // One to three octal digits (values past 0o377 are allowed in str).
          uint32_t v = e - '0';
          for (int d = 0; d < 2 && k + 1 < body.size() && body[k + 1] >= '0' && body[k + 1] <= '7';
               ++d) {
            v = v * 8 + (body[++k] - '0');
          }
          append_utf8(out, v);
        } else {
          out += '\\';  // unknown escape: kept (a DeprecationWarning in CPython)
          append_utf8(out, e);
        }
    }
  }
  return true;
}

std::u32string string_token_body(const Token& token) {
  std::u32string cps;
  size_t bad = 0;
  decode_utf8(token.text, cps, bad);  // token text came from valid UTF-8
  size_t skip = static_cast<size_t>(token.str.prefix_len + token.str.quote_len);
  if (cps.size() < skip + static_cast<size_t>(token.str.quote_len)) return {};
  return cps.substr(skip, cps.size() - skip - token.str.quote_len);
}

std::string string_token_value(const Token& token, SourceRange error_at) {
  std::u32string body = string_token_body(token);
  if (token.str.raw) return to_utf8(body);
  std::string out;
  EscapeFailure failure;
  if (!decode_escapes(body, out, failure)) {
    if (failure.id == ErrorId::unsupported_unicode_name) {
      raise(failure.id, token.range, failure.name);
    }
    raise(failure.id, error_at, failure.first, failure.last, failure.reason);
  }
  return out;
}

namespace {

// One escape of a bytes literal at body[k] == '\\'; false for a bad \x.
// \N, \u and \U are not escapes in bytes and keep their backslash.
bool bytes_escape(const std::u32string& body, size_t& k, std::string& out) {
  char32_t e = body[++k];
  const char* simple = "\\\\''\"\"a\ab\bf\fn\nr\rt\tv\v";
  for (const char* p = simple; *p; p += 2)
    if (e == static_cast<unsigned char>(p[0])) return append_utf8(out, static_cast<unsigned char>(p[1])), true;
  if (e == '\n') return true;
  if (e == 'x') {
    if (k + 2 >= body.size() || hex_value(body[k + 1]) < 0 || hex_value(body[k + 2]) < 0) return false;
    append_utf8(out, static_cast<char32_t>(hex_value(body[k + 1]) * 16 + hex_value(body[k + 2])));
    k += 2;
    return true;
  }
  if (e >= '0' && e <= '7') {
    uint32_t v = e - '0';
    for (int d = 0; d < 2 && k + 1 < body.size() && body[k + 1] >= '0' && body[k + 1] <= '7'; ++d)
      v = v * 8 + (body[++k] - '0');
    append_utf8(out, v & 0xFF);  // CPython 3.11 keeps the low byte of \400..\777
    return true;
  }
  out += '\\';
  append_utf8(out, e);
  return true;
}

}  // namespace

std::string bytes_token_value(const Token& token, SourceRange error_at) {
  std::u32string body = string_token_body(token);
  for (char32_t c : body)
    if (c >= 128)
      throw EngineError(ErrorId::syntax_invalid, "SyntaxError", "bytes can only contain ASCII literal characters",
                        token.range);
  std::string out;
  for (size_t k = 0; k < body.size(); ++k) {
    if (token.str.raw || body[k] != '\\' || k + 1 >= body.size()) {
      append_utf8(out, body[k]);
      continue;
    }
    size_t start = k;
    if (!bytes_escape(body, k, out))
      throw EngineError(ErrorId::syntax_invalid, "SyntaxError",
                        "(value error) invalid \\x escape at position " + std::to_string(start), error_at);
  }
  return out;
}

}  // namespace rungs::lang
