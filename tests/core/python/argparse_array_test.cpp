// argparse (argparse_*source.cpp), array (module_array.cpp) and importlib
// (module_importlib.cpp) on the runtime alone: argparse's matching of
// strings to nargs, where its error output goes, the typecode conversion
// rules of array.array and importlib's view of the provided modules.
#include <gtest/gtest.h>

#include <string>

#include "core/lang/parser.h"
#include "core/python/warnings_log.h"
#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

const char* const kParser =
    "import argparse\n"
    "p = argparse.ArgumentParser(prog='k')\n"
    "p.add_argument('a')\n"
    "p.add_argument('rest', nargs='*')\n"
    "p.add_argument('--n', type=int, nargs=2)\n"
    "p.add_argument('-f', action='store_true')\n"
    "p.add_argument('-x')\n";

TEST(Argparse, PositionalsAreMatchedAroundOptions) {
  // A run of positionals takes what its nargs can before the next option;
  // the '*' positional is consumed by its first run only, so later strings
  // are extras (CPython's consume loop).
  EXPECT_EQ(run(std::string(kParser) + "print(p.parse_known_args(['1', '2', '--n', '3', '4', '5']))\n"),
            "(Namespace(a='1', rest=['2'], n=[3, 4], f=False, x=None), ['5'])\n");
  EXPECT_EQ(run(std::string(kParser) + "print(p.parse_args(['-fxv', 'q', '--', '-f']))\n"),
            "Namespace(a='q', rest=['-f'], n=None, f=True, x='v')\n");
  EXPECT_EQ(run(std::string(kParser) + "print(p.parse_args(['-x=7', 'q']).x, p.parse_args(['q', '-x', '-1']).x)\n"),
            "7 -1\n");
}

TEST(Argparse, AbbreviationsAndAmbiguity) {
  std::string src =
      "import argparse\n"
      "p = argparse.ArgumentParser(prog='k', exit_on_error=False)\n"
      "p.add_argument('--block-q', type=int)\n"
      "p.add_argument('--block-k', type=int)\n"
      "print(p.parse_args(['--block-q', '8', '--block-k=4']))\n"
      "print(p.parse_args(['--block-k', '2', '--block-q', '1']).block_q)\n";
  EXPECT_EQ(run(src), "Namespace(block_q=8, block_k=4)\n1\n");
  // Ambiguity is reported through error() even with exit_on_error=False.
  EXPECT_EQ(error_of(src + "p.parse_args(['--block', '1'])\n"), "SystemExit: 2");
}

TEST(Argparse, ErrorsGoToTheStderrLogBeforeSystemExit) {
  register_python_modules();
  Interpreter ip;
  std::string src = std::string(kParser) + "p.parse_args(['q', '--n', '1'])\n";
  try {
    ip.exec_module(lang::parse_module(src, "t.py"));
    FAIL() << "no SystemExit";
  } catch (const EngineError& e) {
    EXPECT_EQ(e.type, "SystemExit");
    EXPECT_EQ(e.message, "2");
  }
  const std::vector<std::string>& log = warnings_shown(ip);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0], "usage: k [-h] [--n N N] [-f] [-x X] a [rest ...]");
  EXPECT_EQ(log[1], "k: error: argument --n: expected 2 arguments");
  EXPECT_EQ(ip.stdout_text(), "");
}

TEST(Argparse, NoArgumentsReadsTheEmptyArgv) {
  EXPECT_EQ(run("import argparse\np = argparse.ArgumentParser()\np.add_argument('--k', default='3', type=int)\n"
                "print(p.parse_args(), p.prog)\n"),
            "Namespace(k=3) t.py\n");
  EXPECT_EQ(error_of("import argparse\np = argparse.ArgumentParser()\np.add_argument('k')\np.parse_args()\n"),
            "SystemExit: 2");
}

TEST(Argparse, HelpPrintsAndExitsZero) {
  std::string src = "import argparse\np = argparse.ArgumentParser(prog='k')\ntry:\n    p.parse_args(['-h'])\n"
                    "except SystemExit as e:\n    print(e.code)\n";
  EXPECT_EQ(run(src), "usage: k [-h]\n\noptions:\n  -h, --help  show this help message and exit\n0\n");
}

TEST(ArrayModule, ItemsAreStoredAsTheirCType) {
  EXPECT_EQ(run("import array\nprint(array.array('f', [0.1, 1e39]), array.array('d', [0.1]))\n"),
            "array('f', [0.10000000149011612, inf]) array('d', [0.1])\n");
  EXPECT_EQ(run("import array\na = array.array('B', [1])\na[0] = True\nprint(a, a.itemsize, array.array('q').itemsize)\n"),
            "array('B', [1]) 1 8\n");
  // 'H' goes through C int before unsigned short, so a value beyond int
  // reports int's range; 'b' goes through short.
  EXPECT_EQ(error_of("import array\narray.array('H', [2 ** 31])\n"),
            "OverflowError: signed integer is greater than maximum");
  EXPECT_EQ(error_of("import array\narray.array('b', [40000])\n"),
            "OverflowError: signed short integer is greater than maximum");
  EXPECT_EQ(error_of("import array\narray.array('Q', [-1])\n"), "OverflowError: can't convert negative int to unsigned");
  EXPECT_EQ(error_of("import array\narray.array('u', 'ab')\n"),
            "NotImplementedError: array.array with typecode 'u' is not supported by Rungs");
}

TEST(OperatorIndex, BigIntsPassThrough) {
  // array.array's range checks read ints of any size through it.
  EXPECT_EQ(run("import operator\nprint(operator.index(2 ** 70), operator.index(True))\n"), "1180591620717411303424 1\n");
  EXPECT_EQ(error_of("import operator\noperator.index(1.5)\n"),
            "TypeError: 'float' object cannot be interpreted as an integer");
}

TEST(Importlib, SeesTheProvidedModules) {
  // os.path is posixpath, as in CPython on Linux.
  EXPECT_EQ(run("import importlib, importlib.util\ns = importlib.util.find_spec('itertools')\n"
                "print(importlib.import_module('os.path').__name__, s.name, s.origin, importlib.util.find_spec('torch'))\n"),
            "posixpath itertools built-in None\n");
  EXPECT_EQ(error_of("import importlib\nimportlib.import_module('torch')\n"),
            "ModuleNotFoundError: No module named 'torch'");
}

}  // namespace
}  // namespace rungs::python
