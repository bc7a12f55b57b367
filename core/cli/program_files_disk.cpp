#include "core/cli/program_files_disk.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace rungs::cli {

namespace fs = std::filesystem;

namespace {

std::string joined(const std::string& dir, const std::string& path) {
  return dir.empty() || dir == "." ? path : (fs::path(dir) / path).string();
}

bool is_file(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

}  // namespace

python::ProgramFiles files_on_disk(std::vector<std::string> dirs, std::string package) {
  auto held = std::make_shared<const std::vector<std::string>>(std::move(dirs));
  python::ProgramFiles out;
  out.read = [held](const std::string& path) -> std::optional<std::string> {
    for (const std::string& dir : *held) {
      std::string full = joined(dir, path);
      if (!is_file(full)) continue;
      std::ifstream in(full, std::ios::binary);
      if (!in) continue;
      std::stringstream text;
      text << in.rdbuf();
      return text.str();
    }
    return std::nullopt;
  };
  out.is_dir = [held](const std::string& path) {
    std::error_code ec;
    return std::any_of(held->begin(), held->end(),
                       [&](const std::string& d) { return fs::is_directory(joined(d, path), ec); });
  };
  out.package = std::move(package);
  return out;
}

std::string find_module_file(const std::vector<std::string>& dirs, const std::string& dotted, std::string& found_in) {
  std::string rel = dotted;
  std::replace(rel.begin(), rel.end(), '.', '/');
  for (const std::string& d : dirs) {
    for (const std::string& candidate : {rel + ".py", rel + "/__main__.py"}) {
      if (!is_file(joined(d, candidate))) continue;
      found_in = d;
      return joined(d, candidate);
    }
  }
  return "";
}

}  // namespace rungs::cli
