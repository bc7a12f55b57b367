#include "core/python/utf8.h"

namespace rungs::python::utf8 {

namespace {
bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }
}  // namespace

bool is_ascii(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

int64_t length(const std::string& s) {
  int64_t n = 0;
  for (unsigned char c : s) n += continuation(c) ? 0 : 1;
  return n;
}

std::vector<size_t> starts(const std::string& s) {
  std::vector<size_t> out;
  out.reserve(s.size() + 1);
  for (size_t i = 0; i < s.size(); ++i)
    if (!continuation(static_cast<unsigned char>(s[i]))) out.push_back(i);
  out.push_back(s.size());
  return out;
}

}  // namespace rungs::python::utf8
