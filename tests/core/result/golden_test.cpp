// Golden tests for the engine's later stages (STYLE habit 1): every
// tests/golden/<stage>/NAME.py is run with `--dump=<stage>` semantics and its
// text compared with NAME.<stage>.txt. A mismatch prints the whole actual
// text so it can be pasted; a missing expected file fails (it is never
// created silently). Stages here: jaxpr, pallas, events, values, lowered, and
// compare (the text `rungs compare FILE` prints: the summary's text).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/result/engine.h"

namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string produce(const std::string& stage, const std::string& source, const rungs::result::RunOptions& options) {
  if (stage == "compare") return rungs::result::compare_document(source, options)["summary"]["text"].get<std::string>();
  std::string text;
  EXPECT_TRUE(rungs::result::dump_stage(source, options, stage, text)) << "unknown stage " << stage;
  return text;
}

void check_stage(const std::string& stage) {
  fs::path dir = fs::path(RUNGS_SOURCE_DIR) / "tests" / "golden" / stage;
  int checked = 0;
  std::vector<fs::path> programs;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".py") programs.push_back(entry.path());
  std::sort(programs.begin(), programs.end());
  for (const fs::path& program : programs) {
    fs::path expected = program;
    expected.replace_extension("." + stage + ".txt");
    ASSERT_TRUE(fs::exists(expected)) << "missing golden file " << expected;
    rungs::result::RunOptions options;
    options.filename = program.filename().string();
    std::string actual = produce(stage, read(program), options);
    EXPECT_EQ(read(expected), actual) << "stage " << stage << " of " << program << "; actual text:\n" << actual;
    ++checked;
  }
  EXPECT_GT(checked, 0) << "no golden programs in " << dir;
}

TEST(Golden, Jaxpr) { check_stage("jaxpr"); }
TEST(Golden, Pallas) { check_stage("pallas"); }
TEST(Golden, Events) { check_stage("events"); }
TEST(Golden, Values) { check_stage("values"); }
TEST(Golden, Compare) { check_stage("compare"); }
TEST(Golden, Lowered) { check_stage("lowered"); }

}  // namespace
