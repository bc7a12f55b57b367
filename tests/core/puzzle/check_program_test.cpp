// The check program's layout: the reader's lines stay the reader's, cases
// become Python literals.
#include <gtest/gtest.h>

#include "core/errors/error.h"
#include "core/puzzle/check_program.h"
#include "core/puzzle/judge.h"
#include "core/puzzle/puzzle.h"
#include "tests/core/puzzle/fixtures.h"

namespace rungs::puzzle {
namespace {

using namespace rungs::puzzle::testing;

TEST(CheckProgram, KeepsTheReadersLinesFirst) {
  Puzzle p = parse_puzzle("p", kManifest, kSpec);
  CheckProgram program = check_program(p, "a = 1\nb = 2");
  EXPECT_EQ(program.reader_lines, 2);
  EXPECT_EQ(program.text.rfind("a = 1\nb = 2\n", 0), 0u);
  EXPECT_NE(program.text.find("plus_one"), std::string::npos);
  EXPECT_NE(program.text.find("def puzzle_spec"), std::string::npos);
}

TEST(CheckProgram, CasesBecomePythonLiterals) {
  EXPECT_EQ(python_literal(Json::parse(R"({"a": [1, 2], "b": true, "c": null, "d": 2.0, "e": "x\"y"})")),
            R"({"a": (1, 2, ), "b": True, "c": None, "d": 2.0, "e": "x\"y"})");
}

}  // namespace
}  // namespace rungs::puzzle
