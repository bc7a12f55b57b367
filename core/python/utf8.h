// Python strings are sequences of code points; Rungs stores them as UTF-8.
// These helpers turn code-point positions (what len, indexing, slicing and
// str.find speak) into byte offsets and back. ASCII text, nearly all of a
// kernel file, takes the byte-for-byte fast path.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rungs::python::utf8 {

bool is_ascii(const std::string& s);
// Number of code points.
int64_t length(const std::string& s);
// Byte offset of each code point, plus s.size() at the end (length + 1 entries).
std::vector<size_t> starts(const std::string& s);

}  // namespace rungs::python::utf8
