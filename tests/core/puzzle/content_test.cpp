// Every puzzle in content/puzzles/ checked whole, on every rung: its reference
// solution is solved, and its starter and its deliberately wrong attempt
// (wrong.py) are refused on the rung and with the words puzzle.json's
// "tests" section names — so no puzzle can be solved by doing nothing, and a
// classic mistake gets a message that points at it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/puzzle/judge.h"

namespace rungs::puzzle {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::vector<std::string> puzzle_ids() {
  std::vector<std::string> ids;
  for (const fs::directory_entry& e : fs::directory_iterator(RUNGS_PUZZLES_DIR))
    if (fs::exists(e.path() / "puzzle.json")) ids.push_back(e.path().filename().string());
  std::sort(ids.begin(), ids.end());
  return ids;
}

class PuzzleContent : public ::testing::TestWithParam<std::string> {
 protected:
  fs::path dir() const { return fs::path(RUNGS_PUZZLES_DIR) / GetParam(); }
  Json manifest() const { return Json::parse(slurp(dir() / "puzzle.json")); }
  Json check(const char* file) const {
    return Json::parse(
        check_attempt_json(GetParam(), slurp(dir() / "puzzle.json"), slurp(dir() / "spec.py"), slurp(dir() / file)));
  }
  // The attempt is not solved, and the rung the manifest names fails with its words.
  void expect_refused(const char* file, const char* which) const {
    Json result = check(file);
    EXPECT_FALSE(result["solved"].get<bool>()) << file << " was solved";
    const Json tests = manifest()["tests"];
    const Json want = tests.is_object() ? tests.value(which, Json()) : Json();
    ASSERT_TRUE(want.is_object()) << "puzzle.json lacks tests." << which;
    const Json& verdict = result["rungs"][want["rung"].get<std::string>()];
    EXPECT_FALSE(verdict["ok"].get<bool>()) << file << " passed rung " << want["rung"];
    EXPECT_NE(lower(verdict["message"].get<std::string>()).find(lower(want["message"].get<std::string>())),
              std::string::npos)
        << file << " on rung " << want["rung"] << ": " << verdict["message"];
  }
};

TEST_P(PuzzleContent, HasEveryFile) {
  for (const char* f : {"puzzle.json", "spec.py", "statement.md", "hints.md", "starter.py", "solution.py", "wrong.py"})
    EXPECT_TRUE(fs::exists(dir() / f)) << GetParam() << " lacks " << f;
}

TEST_P(PuzzleContent, TheSolutionIsSolvedOnEveryRung) {
  Json result = check("solution.py");
  for (const auto& [rung, verdict] : result["rungs"].items())
    EXPECT_TRUE(verdict["ok"].get<bool>()) << rung << ": " << verdict["message"];
  EXPECT_TRUE(result["solved"].get<bool>());
}

TEST_P(PuzzleContent, TheStarterIsRefusedWithTheIntendedMessage) { expect_refused("starter.py", "starter"); }

TEST_P(PuzzleContent, TheDeliberateMistakeIsRefusedWithAUsefulMessage) { expect_refused("wrong.py", "wrong"); }

INSTANTIATE_TEST_SUITE_P(AllPuzzles, PuzzleContent, ::testing::ValuesIn(puzzle_ids()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return "p" + name;
                         });

TEST(PuzzleContentList, HasAtLeastFifteenPuzzlesNumberedInOrder) {
  std::vector<std::string> ids = puzzle_ids();
  ASSERT_GE(ids.size(), 15u);
  for (size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(std::stoi(ids[i].substr(0, 2)), static_cast<int>(i + 1)) << ids[i];
}

}  // namespace
}  // namespace rungs::puzzle
