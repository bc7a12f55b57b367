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
std::string to_utf8(std::u32string_view cps);

bool is_identifier_start(char32_t cp);     // letters and '_'
bool is_identifier_continue(char32_t cp);  // plus digits and combining marks
bool is_printable(char32_t cp);            // Python's str.isprintable, roughly

// "%04X" of a code point, as CPython prints U+XXXX.
std::string hex_code_point(char32_t cp);

}  // namespace rungs::lang
