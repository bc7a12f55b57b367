// Verdicts: whole checks of a tiny puzzle on every rung, and the judgement of
// run documents (races) built by hand.
#include <gtest/gtest.h>

#include "core/errors/error.h"
#include "core/puzzle/check_program.h"
#include "core/puzzle/judge.h"
#include "core/puzzle/puzzle.h"
#include "tests/core/puzzle/fixtures.h"

namespace rungs::puzzle {
namespace {

using namespace rungs::puzzle::testing;

TEST(CheckAttempt, ARightKernelIsSolvedOnEveryRung) {
  Json r = check_attempt(parse_puzzle("p", kManifest, kSpec), with_one("1.0"));
  EXPECT_TRUE(r["solved"].get<bool>()) << r.dump(1);
  for (const char* rung : {"interpret", "tpu", "chip"}) {
    EXPECT_TRUE(r["rungs"][rung]["ok"].get<bool>()) << rung;
    EXPECT_NE(r["rungs"][rung]["message"].get<std::string>().find("all 2 cases"), std::string::npos);
  }
}

TEST(CheckAttempt, AWrongValueNamesTheCaseTheIndexAndBothValues) {
  Json r = check_attempt(parse_puzzle("p", kManifest, kSpec), with_one("2.0"));
  EXPECT_FALSE(r["solved"].get<bool>());
  const Json& v = r["rungs"]["interpret"];
  EXPECT_FALSE(v["ok"].get<bool>());
  EXPECT_EQ(v["message"].get<std::string>(),
            "case 1 of 2 (n=8): 1024 of 1024 values differ from the spec; first at index [0, 0]: got 2.0, expected 1.0");
  // The failing case's values travel with the verdict, for the heatmaps.
  EXPECT_EQ(v["failure"]["got"]["shape"], Json::parse("[8, 128]"));
  EXPECT_EQ(v["failure"]["diff"]["data"][0], 1.0);
  EXPECT_EQ(v["failure"]["case"], 1);
}

TEST(CheckAttempt, AnErrorInTheReadersCodeIsLocatedThere) {
  Json r = check_attempt(parse_puzzle("p", kManifest, kSpec), with_one("undefined_name"));
  const Json& v = r["rungs"]["tpu"];
  EXPECT_FALSE(v["ok"].get<bool>());
  EXPECT_EQ(v["error"]["type"], "NameError");
  EXPECT_EQ(v["error"]["line"], 1);
  EXPECT_NE(v["message"].get<std::string>().find("NameError at line 1, column"), std::string::npos) << v["message"];
}

TEST(CheckAttempt, AMissingEntryFunctionSaysWhatToDefine) {
  Json r = check_attempt(parse_puzzle("p", kManifest, kSpec), "x = 1\n");
  EXPECT_NE(r["rungs"]["chip"]["message"].get<std::string>().find("define a function named plus_one"),
            std::string::npos);
}

TEST(JudgeRun, ARaceFailsACleanRunAndPointsAtTheSecondAccess) {
  Json doc = Json::parse(R"J({"ok": true, "stdout": "all 1 cases match the spec\n", "values": {}, "error": null,
    "calls": [{"races": [{"buffer": "b", "buffer_ref": {"space": "hbm"},
      "first": {"kind": "write", "range": {"start": [0, 0], "size": [8, 128]}, "thread": "(0, 0)",
                "source": {"line": 3, "col": 5, "end_line": 3, "end_col": 9}},
      "second": {"kind": "write", "range": {"start": [0, 0], "size": [8, 128]}, "thread": "(0, 1)",
                 "source": {"line": 4, "col": 5, "end_line": 4, "end_col": 9}}}]}]})J");
  Json v = judge_run(doc, 10, "tpu");
  EXPECT_FALSE(v["ok"].get<bool>());
  EXPECT_EQ(v["error"]["line"], 4);
  EXPECT_EQ(v["message"].get<std::string>(),
            "rung 2 found a data race in an HBM buffer: a write of [0:8, 0:128] by core (0, 0) (line 3, column 5) and a "
            "write of [0:8, 0:128] by core (0, 1) (line 4, column 5), with nothing ordering them");
}

}  // namespace
}  // namespace rungs::puzzle
