// Printer tests, and the golden tests of STYLE habit 1: every
// tests/golden/tokens/NAME.py is tokenized and compared with NAME.tokens.txt,
// every tests/golden/ast/NAME.py parsed and compared with NAME.ast.txt. On a
// mismatch the whole actual text is printed so it can be pasted; a missing
// expected file fails (set RUNGS_UPDATE_GOLDEN=1 to write it, which still
// fails that run, so nothing is ever accepted silently).
#include "core/lang/dump.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/lang/lexer.h"
#include "core/lang/parser.h"

namespace rungs::lang {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs `dump` over every .py in tests/golden/<folder>, comparing with
// <stem>.<suffix>.
template <typename Dump>
void check_golden(const std::string& folder, const std::string& suffix, Dump dump) {
  fs::path dir = fs::path(RUNGS_SOURCE_DIR) / "tests" / "golden" / folder;
  ASSERT_TRUE(fs::is_directory(dir)) << dir;
  std::vector<fs::path> inputs;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".py") inputs.push_back(entry.path());
  }
  std::sort(inputs.begin(), inputs.end());
  ASSERT_FALSE(inputs.empty()) << "no golden inputs in " << dir;
  bool update = std::getenv("RUNGS_UPDATE_GOLDEN") != nullptr;
  for (const fs::path& input : inputs) {
    fs::path expected_path = input;
    expected_path.replace_extension("." + suffix + ".txt");
    std::string actual;
    try {
      actual = dump(read_file(input), input.filename().string());
    } catch (const EngineError& e) {
      ADD_FAILURE() << input << " raised " << e.type << ": " << e.message << " @" << e.where.line
                    << ":" << e.where.col;
      continue;
    }
    if (!fs::exists(expected_path)) {
      if (update) std::ofstream(expected_path, std::ios::binary) << actual;
      ADD_FAILURE() << "missing golden file " << expected_path
                    << (update ? " (written now; re-run)" : "") << "\nactual output:\n"
                    << actual;
      continue;
    }
    std::string expected = read_file(expected_path);
    if (actual != expected) {
      if (update) std::ofstream(expected_path, std::ios::binary) << actual;
      ADD_FAILURE() << "golden mismatch for " << input << (update ? " (rewritten; re-run)" : "")
                    << "\nactual output:\n"
                    << actual;
    }
  }
}

TEST(Golden, Tokens) {
  check_golden("tokens", "tokens", [](const std::string& src, const std::string&) {
    return dump_tokens(tokenize(src));
  });
}

TEST(Golden, Ast) {
  check_golden("ast", "ast", [](const std::string& src, const std::string& name) {
    return dump_ast(*parse_module(src, name));
  });
}

TEST(Dump, TokenLines) {
  EXPECT_EQ(dump_tokens(tokenize("import jax\n")),
            "1:1-1:7 NAME 'import'\n"
            "1:8-1:11 NAME 'jax'\n"
            "1:11-1:12 NEWLINE '\\n'\n"
            "1:11-1:11 ENDMARKER ''\n");
  EXPECT_EQ(dump_tokens(tokenize("0x10 2.5 3j 99999999999999999999 f'a'")),
            "1:1-1:5 NUMBER '0x10' int=16\n"
            "1:6-1:9 NUMBER '2.5' float=2.5\n"
            "1:10-1:12 NUMBER '3j' imaginary\n"
            "1:13-1:33 NUMBER '99999999999999999999' bigint\n"
            "1:34-1:38 STRING \"f'a'\" f\n"
            "1:38-1:38 NEWLINE ''\n"
            "1:38-1:38 ENDMARKER ''\n");
}

TEST(Dump, AstShape) {
  EXPECT_EQ(dump_ast(*parse_module("x = f(1, k=2.0)\n")),
            "Module\n"
            "  body[0]: Assign @1:1-1:16\n"
            "    targets[0]: Name @1:1-1:2 id='x' ctx=Store\n"
            "    value: Call @1:5-1:16\n"
            "      func: Name @1:5-1:6 id='f' ctx=Load\n"
            "      args[0]: Constant @1:7-1:8 value=1\n"
            "      keywords[0]: keyword @1:10-1:15 arg='k'\n"
            "        value: Constant @1:12-1:15 value=2.0\n");
}

TEST(Dump, FunctionScopeLine) {
  std::string out = dump_ast(*parse_module("def f(a):\n  global g\n  b = a\n"));
  EXPECT_NE(out.find("scope: locals=['a', 'b'] globals=['g'] nonlocals=[]"), std::string::npos)
      << out;
}

TEST(Dump, PythonRepr) {
  EXPECT_EQ(python_repr("abc"), "'abc'");
  EXPECT_EQ(python_repr("it's"), "\"it's\"");
  EXPECT_EQ(python_repr("both ' and \""), "'both \\' and \"'");
  EXPECT_EQ(python_repr("tab\tnew\nline\\"), "'tab\\tnew\\nline\\\\'");
  EXPECT_EQ(python_repr(std::string("\x01", 1)), "'\\x01'");
}

TEST(Dump, PythonFloatRepr) {
  EXPECT_EQ(python_float_repr(1.0), "1.0");
  EXPECT_EQ(python_float_repr(0.1), "0.1");
  EXPECT_EQ(python_float_repr(1e10), "10000000000.0");
  EXPECT_EQ(python_float_repr(1e16), "1e+16");
  EXPECT_EQ(python_float_repr(1.5e-5), "1.5e-05");
  EXPECT_EQ(python_float_repr(0.0001), "0.0001");
  EXPECT_EQ(python_float_repr(-2.5), "-2.5");
  EXPECT_EQ(python_float_repr(123456789012345678.0), "1.2345678901234568e+17");
}

TEST(Dump, Deterministic) {
  std::string src = read_file(fs::path(RUNGS_SOURCE_DIR) / "tests/golden/ast/matmul_kernel.py");
  EXPECT_EQ(dump_ast(*parse_module(src)), dump_ast(*parse_module(src)));
}

}  // namespace
}  // namespace rungs::lang
