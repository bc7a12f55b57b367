#include "core/python/program_files.h"

#include <cctype>
#include <memory>

namespace rungs::python {

namespace {

bool is_identifier(const std::string& s, size_t begin, size_t end) {
  if (begin >= end) return false;
  for (size_t i = begin; i < end; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    bool letter = std::isalpha(c) || c == '_' || c >= 0x80;  // non-ASCII letters are identifiers too
    if (!(letter || (i > begin && std::isdigit(c)))) return false;
  }
  return true;
}

bool is_joined_identifiers(const std::string& s, size_t end, char separator) {
  size_t begin = 0;
  while (true) {
    size_t next = s.find(separator, begin);
    if (next == std::string::npos || next >= end) return is_identifier(s, begin, end);
    if (!is_identifier(s, begin, next)) return false;
    begin = next + 1;
  }
}

}  // namespace

bool is_dotted_name(const std::string& text) { return is_joined_identifiers(text, text.size(), '.'); }

bool is_module_path(const std::string& path) {
  if (path.size() < 4 || path.compare(path.size() - 3, 3, ".py") != 0) return false;
  return is_joined_identifiers(path, path.size() - 3, '/');
}

ProgramFiles files_in_memory(std::map<std::string, std::string> files, std::string package) {
  auto held = std::make_shared<const std::map<std::string, std::string>>(std::move(files));
  ProgramFiles out;
  out.read = [held](const std::string& path) -> std::optional<std::string> {
    auto it = held->find(path);
    if (it == held->end()) return std::nullopt;
    return it->second;
  };
  out.is_dir = [held](const std::string& path) {
    // A folder exists when some file lies below it ("pkg/mod.py" makes "pkg").
    auto it = held->lower_bound(path + "/");
    return it != held->end() && it->first.compare(0, path.size() + 1, path + "/") == 0;
  };
  out.package = std::move(package);
  return out;
}

}  // namespace rungs::python
