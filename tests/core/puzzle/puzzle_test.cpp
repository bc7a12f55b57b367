// parse_puzzle: a puzzle.json and spec.py become a Puzzle, and a malformed
// one is refused naming the puzzle and the field.
#include <gtest/gtest.h>

#include "core/errors/error.h"
#include "core/puzzle/check_program.h"
#include "core/puzzle/judge.h"
#include "core/puzzle/puzzle.h"
#include "tests/core/puzzle/fixtures.h"

namespace rungs::puzzle {
namespace {

using namespace rungs::puzzle::testing;

TEST(ParsePuzzle, ReadsTheManifest) {
  Puzzle p = parse_puzzle("01-plus", kManifest, kSpec);
  EXPECT_EQ(p.title, "Plus one");
  EXPECT_EQ(p.entry, "plus_one");
  ASSERT_EQ(p.cases.size(), 2u);
  EXPECT_EQ(p.cases[1]["n"], 16);
}

TEST(ParsePuzzle, RefusesAManifestWithoutEntryNamingTheField) {
  try {
    parse_puzzle("01-plus", R"({"title": "t", "cases": [{}]})", kSpec);
    FAIL() << "accepted a manifest without 'entry'";
  } catch (const EngineError& e) {
    EXPECT_NE(e.message.find("'entry'"), std::string::npos) << e.message;
    EXPECT_NE(e.message.find("01-plus"), std::string::npos) << e.message;
  }
}

TEST(ParsePuzzle, RefusesASpecWithoutPuzzleSpec) {
  EXPECT_THROW(parse_puzzle("p", kManifest, "def puzzle_inputs():\n    pass\n"), EngineError);
}

}  // namespace
}  // namespace rungs::puzzle
