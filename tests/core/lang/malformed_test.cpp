// Runs every tests/malformed/NNN_what.py through parse_module and checks the
// error its first line promises: `# expect error: Type: message @line:col`.
// The SyntaxError family matches CPython 3.11 (see the cross-check note in
// tests/malformed/README.md); nothing may crash or pass silently.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <cstdio>
#include <sstream>

#include "core/errors/error.h"
#include "core/lang/parser.h"

namespace rungs::lang {
namespace {

namespace fs = std::filesystem;

struct Expectation {
  std::string type, message;
  int line = 0, col = 0;
};

bool parse_expectation(const std::string& first_line, Expectation& out) {
  const std::string prefix = "# expect error: ";
  if (first_line.rfind(prefix, 0) != 0) return false;
  std::string rest = first_line.substr(prefix.size());
  size_t colon = rest.find(": ");
  size_t at = rest.rfind(" @");
  if (colon == std::string::npos || at == std::string::npos || at < colon) return false;
  out.type = rest.substr(0, colon);
  out.message = rest.substr(colon + 2, at - colon - 2);
  return std::sscanf(rest.c_str() + at + 2, "%d:%d", &out.line, &out.col) == 2;
}

TEST(Malformed, EveryProgramFailsAsExpected) {
  fs::path dir = fs::path(RUNGS_SOURCE_DIR) / "tests" / "malformed";
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::string name = entry.path().filename().string();
    bool numbered = !name.empty() && name[0] >= '0' && name[0] <= '9';  // not check_cpython.py
    if (numbered && entry.path().extension() == ".py") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  EXPECT_GE(files.size(), 100u);
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string source = ss.str();
    Expectation want;
    ASSERT_TRUE(parse_expectation(source.substr(0, source.find('\n')), want))
        << file << ": first line must be '# expect error: Type: message @line:col'";
    try {
      parse_module(source, file.filename().string());
      // Misuse that only running finds (a dataclass's mutable default, a
      // frozen field assigned) is checked by tests/malformed/run_cli.py;
      // everything of the SyntaxError family must fail here, in the parser.
      bool syntax = want.type == "SyntaxError" || want.type == "IndentationError" || want.type == "TabError";
      if (syntax) ADD_FAILURE() << file.filename() << ": parsed without error";
    } catch (const EngineError& e) {
      std::string got = e.type + ": " + e.message + " @" + std::to_string(e.where.line) + ":" +
                        std::to_string(e.where.col);
      std::string expected = want.type + ": " + want.message + " @" + std::to_string(want.line) +
                             ":" + std::to_string(want.col);
      EXPECT_EQ(got, expected) << file.filename();
      EXPECT_GE(e.where.line, 1) << file.filename();
      EXPECT_GE(e.where.col, 1) << file.filename();
    }
  }
}

}  // namespace
}  // namespace rungs::lang
