#include "core/errors/error.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace rungs {

namespace {
constexpr ErrorInfo kRegistry[] = {
#define ERROR(id, type, text) {ErrorId::id, #id, #type, text, ERROR_CATEGORY},
#include "core/errors/registry.def"
#undef ERROR
};
}  // namespace

const ErrorInfo& error_info(ErrorId id) { return kRegistry[static_cast<size_t>(id)]; }

std::span<const ErrorInfo> all_errors() { return {kRegistry, std::size(kRegistry)}; }

std::string error_arg(long long v) { return std::to_string(v); }
std::string error_arg(unsigned long long v) { return std::to_string(v); }

std::string error_arg(double v) {
  // Python's repr of a float: shortest text that round-trips.
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s = buf;
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}

std::string format_error(std::string_view templ, const std::vector<std::string>& args) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < templ.size(); ++i) {
    char c = templ[i];
    if (c == '{' && i + 1 < templ.size() && templ[i + 1] == '{') {
      out += '{';
      ++i;
    } else if (c == '}' && i + 1 < templ.size() && templ[i + 1] == '}') {
      out += '}';
      ++i;
    } else if (c == '{' && i + 1 < templ.size() && templ[i + 1] == '}') {
      if (next < args.size()) out += args[next];
      ++next;
      ++i;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace rungs
