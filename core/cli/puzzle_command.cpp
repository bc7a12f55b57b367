#include "core/cli/puzzle_command.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/errors/error.h"
#include "core/puzzle/judge.h"

namespace rungs::cli {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

bool slurp(const fs::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// Puzzle folders in order: their names start with a two-digit number.
std::vector<std::string> puzzle_ids(const fs::path& dir) {
  std::vector<std::string> ids;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
    if (e.is_directory() && fs::exists(e.path() / "puzzle.json")) ids.push_back(e.path().filename().string());
  std::sort(ids.begin(), ids.end());
  return ids;
}

// "01-add", "add", "1" and "01" all name the folder 01-add.
std::string resolve(const fs::path& dir, const std::string& wanted) {
  for (const std::string& id : puzzle_ids(dir)) {
    size_t dash = id.find('-');
    std::string number = id.substr(0, dash), name = dash == std::string::npos ? id : id.substr(dash + 1);
    bool numeric = !wanted.empty() && std::all_of(wanted.begin(), wanted.end(), ::isdigit);
    if (id == wanted || name == wanted || (numeric && std::stoi(wanted) == std::atoi(number.c_str()))) return id;
  }
  return "";
}

void print_verdicts(const Json& result) {
  for (const auto& [rung, v] : result["rungs"].items())
    std::cout << (v["ok"].get<bool>() ? "  ok    " : "  FAIL  ") << rung << std::string(10 - rung.size(), ' ')
              << v["message"].get<std::string>() << "\n";
  std::cout << (result["solved"].get<bool>() ? "solved: " : "not solved: ") << result["id"].get<std::string>() << "\n";
}

}  // namespace

int puzzle_command(const std::vector<std::string>& args, int (*usage)(const std::string&)) {
  std::vector<std::string> words;
  fs::path dir = RUNGS_PUZZLES_DIR;
  bool json = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--json") json = true;
    else if (args[i] == "--dir" && i + 1 < args.size()) dir = args[++i];
    else if (args[i].rfind("--dir=", 0) == 0) dir = args[i].substr(6);
    else if (!args[i].empty() && args[i][0] == '-') return usage("unknown option " + args[i]);
    else words.push_back(args[i]);
  }
  if (words.size() == 1 && words[0] == "list") {
    for (const std::string& id : puzzle_ids(dir)) {
      std::string manifest;
      slurp(dir / id / "puzzle.json", manifest);
      Json j = Json::parse(manifest, nullptr, false);
      std::cout << id << "  " << (j.is_object() ? j.value("title", "") : "") << "\n";
    }
    return 0;
  }
  if (words.size() != 3 || words[0] != "check") return usage("puzzle takes: list | check ID FILE");
  std::string id = resolve(dir, words[1]);
  if (id.empty()) return usage("no puzzle '" + words[1] + "' in " + dir.string() + " (rungs puzzle list names them)");
  std::string manifest, spec, source;
  if (!slurp(dir / id / "puzzle.json", manifest) || !slurp(dir / id / "spec.py", spec))
    return usage("cannot read puzzle.json and spec.py in " + (dir / id).string());
  if (!slurp(words[2], source)) return usage("cannot read " + words[2]);
  Json result;
  try {
    result = Json::parse(puzzle::check_attempt_json(id, manifest, spec, source));
  } catch (const EngineError& e) {
    return usage(e.message);  // a malformed puzzle folder
  }
  if (json) std::cout << result.dump(1) << "\n";
  else print_verdicts(result);
  return result["solved"].get<bool>() ? 0 : 1;
}

}  // namespace rungs::cli
