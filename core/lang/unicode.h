// The little Unicode the front end needs: UTF-8 in and out, and which code
// points may appear in identifiers or count as printable.
//
// The identifier and printable tables are approximations of Python's
// XID_Start / XID_Continue / str.isprintable() by block ranges (Latin, Greek,
// Cyrillic, CJK, Hangul, ...), because the full Unicode database would be
// most of the wasm binary. NFKC normalisation of identifiers is not done.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rungs::lang {

// Decodes UTF-8; on an invalid sequence returns false and sets `bad_offset`
// to the byte offset of the first bad byte.
bool decode_utf8(std::string_view bytes, std::u32string& out, size_t& bad_offset);

void append_utf8(std::string& out, char32_t cp);
// The code points of text the engine encoded itself with append_utf8 (a
// Python str): no validation, so a lone surrogate from chr(0xD800) survives.
std::u32string code_points(std::string_view text);
std::string to_utf8(std::u32string_view cps);

bool is_identifier_start(char32_t cp);     // letters and '_'
bool is_identifier_continue(char32_t cp);  // plus digits and combining marks
bool is_printable(char32_t cp);            // Python's str.isprintable, roughly

// A code point as repr() and ascii() escape it: \xNN, \uNNNN or \UNNNNNNNN.
std::string python_escape(char32_t cp);

// "%04X" of a code point, as CPython prints U+XXXX.
std::string hex_code_point(char32_t cp);

}  // namespace rungs::lang
