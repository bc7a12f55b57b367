// unittest.main()'s contract with the result document: the text report is
// CPython's stderr, kept as the document's stderr lines (beside warnings),
// never mixed into stdout; SystemExit(False) after a passing run is a
// successful run, SystemExit(True) after a failure is not.
#include <gtest/gtest.h>

#include "core/result/engine.h"

namespace {

using rungs::result::Json;

Json run(const std::string& src) {
  rungs::result::RunOptions o;
  o.rung = rungs::result::parse_rung_option("interpret");
  return rungs::result::run_document(src, o);
}

const char* const kPassing =
    "import unittest\n"
    "class T(unittest.TestCase):\n"
    "    def test_a(self):\n"
    "        self.assertEqual(1 + 1, 2)\n"
    "    def test_b(self):\n"
    "        self.skipTest('later')\n"
    "print('before')\n"
    "unittest.main()\n"
    "print('not reached')\n";

TEST(UnittestReport, PassingRunIsOkAndItsReportIsStderr) {
  Json d = run(kPassing);
  EXPECT_TRUE(d["ok"].get<bool>());
  EXPECT_TRUE(d["error"].is_null());
  EXPECT_EQ(d["stdout"], "before\n");
  ASSERT_TRUE(d.contains("warnings"));
  std::vector<std::string> lines = d["warnings"].get<std::vector<std::string>>();
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], ".s");
  EXPECT_EQ(lines[1], std::string(70, '-'));
  EXPECT_EQ(lines[2], "Ran 2 tests in 0.000s");
  EXPECT_EQ(lines[3], "");
  EXPECT_EQ(lines[4], "OK (skipped=1)");
}

TEST(UnittestReport, FailingRunEndsWithSystemExitTrue) {
  Json d = run(
      "import unittest\n"
      "class T(unittest.TestCase):\n"
      "    def test_a(self):\n"
      "        self.assertEqual(3, 4)\n"
      "unittest.main()\n");
  EXPECT_FALSE(d["ok"].get<bool>());
  EXPECT_EQ(d["error"]["type"], "SystemExit");
  EXPECT_EQ(d["error"]["message"], "True");
  EXPECT_EQ(d["error"]["line"], 5);
  std::vector<std::string> lines = d["warnings"].get<std::vector<std::string>>();
  ASSERT_GE(lines.size(), 8u);
  EXPECT_EQ(lines[0], "F");
  EXPECT_EQ(lines[1], std::string(70, '='));
  EXPECT_EQ(lines[2], "FAIL: test_a (__main__.T.test_a)");
  EXPECT_EQ(lines[4], "Traceback (most recent call last):");
  // The test's own frame only: the program's module frame that called
  // unittest.main() is not part of the caught exception's traceback.
  EXPECT_EQ(lines[5], "  File \"kernel.py\", line 4, in test_a");
  EXPECT_EQ(lines[6], "AssertionError: 3 != 4");
  EXPECT_EQ(lines.back(), "FAILED (failures=1)");
}

TEST(UnittestReport, SysExitZeroAndNoneAreCleanExits) {
  EXPECT_TRUE(run("import sys\nprint(1)\nsys.exit(0)\n")["ok"].get<bool>());
  EXPECT_TRUE(run("import sys\nsys.exit()\n")["ok"].get<bool>());
  EXPECT_TRUE(run("raise SystemExit(False)\n")["ok"].get<bool>());
  Json d = run("import sys\nsys.exit(2)\n");
  EXPECT_FALSE(d["ok"].get<bool>());
  EXPECT_EQ(d["error"]["message"], "2");
}

}  // namespace
