// UTF-8 codec and coarse Unicode character classes for the lexer.
#include "core/lang/unicode.h"

#include <cstdio>
#include <iterator>

namespace rungs::lang {

bool decode_utf8(std::string_view bytes, std::u32string& out, size_t& bad_offset) {
  out.clear();
  out.reserve(bytes.size());
  size_t i = 0;
  while (i < bytes.size()) {
    unsigned char b = static_cast<unsigned char>(bytes[i]);
    int extra = 0;
    char32_t cp = 0;
    if (b < 0x80) {
      cp = b;
    } else if (b >= 0xC2 && b <= 0xDF) {
      extra = 1, cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      extra = 2, cp = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      extra = 3, cp = b & 0x07;
    } else {
      bad_offset = i;
      return false;
    }
    if (i + extra >= bytes.size()) {  // truncated sequence at the end
      bad_offset = i;
      return false;
    }
    for (int k = 1; k <= extra; ++k) {
      unsigned char c = static_cast<unsigned char>(bytes[i + k]);
      if ((c & 0xC0) != 0x80) {
        bad_offset = i;
        return false;
      }
      cp = (cp << 6) | (c & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are invalid UTF-8.
    if ((extra == 2 && cp < 0x800) || (extra == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
      bad_offset = i;
      return false;
    }
    out.push_back(cp);
    i += 1 + extra;
  }
  return true;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::u32string code_points(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    unsigned char lead = static_cast<unsigned char>(text[i]);
    int extra = lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
    char32_t cp = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int k = 1; k <= extra && i + k < text.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    out.push_back(cp);
    i += static_cast<size_t>(extra) + 1;
  }
  return out;
}

std::string to_utf8(std::u32string_view cps) {
  std::string out;
  out.reserve(cps.size());
  for (char32_t cp : cps) append_utf8(out, cp);
  return out;
}

namespace {

struct Range {
  char32_t lo, hi;
};

// Letter blocks (a coarse XID_Start): Latin-1 letters, Latin Extended, IPA,
// Greek, Cyrillic, Armenian, Hebrew, Arabic, Devanagari, Latin Extended
// Additional, Greek Extended, kana, Bopomofo, Hangul, CJK.
constexpr Range kLetters[] = {
    {0xAA, 0xAA},       {0xB5, 0xB5},       {0xBA, 0xBA},       {0xC0, 0xD6},
    {0xD8, 0xF6},       {0xF8, 0x2C1},      {0x2C6, 0x2D1},     {0x370, 0x374},
    {0x376, 0x377},     {0x37B, 0x37D},     {0x386, 0x386},     {0x388, 0x3F5},
    {0x3F7, 0x481},     {0x48A, 0x52F},     {0x531, 0x556},     {0x561, 0x587},
    {0x5D0, 0x5EA},     {0x620, 0x64A},     {0x904, 0x939},     {0x1E00, 0x1FBC},
    {0x1FC2, 0x1FCC},   {0x1FD0, 0x1FDB},   {0x1FE0, 0x1FEC},   {0x1FF2, 0x1FFC},
    {0x3041, 0x3096},   {0x30A1, 0x30FA},   {0x3105, 0x312F},   {0x3131, 0x318E},
    {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
    {0x20000, 0x2A6DF},
};

// Digits and combining marks that may continue an identifier.
constexpr Range kContinue[] = {
    {0xB7, 0xB7},     {0x300, 0x36F},   {0x483, 0x487},   {0x660, 0x669},
    {0x6F0, 0x6F9},   {0x93A, 0x94F},   {0x966, 0x96F},   {0x203F, 0x2040},
    {0x3099, 0x309A},
};

// Not printable in Python's sense: controls, separators other than ' ',
// format characters, surrogates, private use, non-characters.
constexpr Range kNonPrintable[] = {
    {0x0, 0x1F},        {0x7F, 0xA0},       {0xAD, 0xAD},       {0x600, 0x605},
    {0x61C, 0x61C},     {0x1680, 0x1680},   {0x180E, 0x180E},   {0x2000, 0x200F},   {0x2028, 0x202F},
    {0x205F, 0x206F},   {0x3000, 0x3000},   {0xD800, 0xF8FF},   {0xFEFF, 0xFEFF},
    {0xFFF9, 0xFFFB},   {0xFFFE, 0xFFFF},   {0xE0000, 0xE0FFF}, {0xF0000, 0x10FFFF},
};

template <size_t N>
bool in_ranges(const Range (&table)[N], char32_t cp) {
  for (const Range& r : table) {
    if (cp >= r.lo && cp <= r.hi) return true;
  }
  return false;
}

}  // namespace

bool is_identifier_start(char32_t cp) {
  if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == '_';
  return in_ranges(kLetters, cp);
}

bool is_identifier_continue(char32_t cp) {
  if (cp < 0x80) return is_identifier_start(cp) || (cp >= '0' && cp <= '9');
  return in_ranges(kLetters, cp) || in_ranges(kContinue, cp);
}

bool is_printable(char32_t cp) { return !in_ranges(kNonPrintable, cp); }

std::string python_escape(char32_t cp) {
  char buf[16];
  const char* form = cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x";
  std::snprintf(buf, sizeof buf, form, static_cast<unsigned>(cp));
  return buf;
}

std::string hex_code_point(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04X", static_cast<unsigned>(cp));
  return buf;
}

}  // namespace rungs::lang
