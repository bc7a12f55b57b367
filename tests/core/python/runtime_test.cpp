// The Python runtime on its own: this executable links rungs_python and
// nothing of the JAX library (tests/CMakeLists.txt), so it also proves the
// layering: a runtime file that called into core/jax would not link here.
#include <gtest/gtest.h>

#include <string>

#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

TEST(PythonRuntime, RunsPlainPythonWithoutJax) {
  EXPECT_EQ(run("import math, functools\n"
                "def add(a, b=2):\n    return a + b\n"
                "inc = functools.partial(add, b=1)\n"
                "print(inc(41), math.gcd(12, 18), sorted({'b': 1, 'a': 2}))\n"
                "print(f'{math.pi:.3f}', '%d-%s' % (7, 'x'), [i * i for i in range(4)])\n"),
            "42 6 ['a', 'b']\n3.142 7-x [0, 1, 4, 9]\n");
}

TEST(PythonRuntime, ExceptionsKeepCPythonTexts) {
  EXPECT_EQ(error_of("x = [1, 2]\nx[5]\n"), "IndexError: list index out of range");
  EXPECT_EQ(run("try:\n    int('x')\nexcept ValueError as e:\n    print(repr(e))\n"),
            "ValueError(\"invalid literal for int() with base 10: 'x'\")\n");
}

TEST(PythonRuntime, AnnotationsAndTypingNeedNoJax) {
  EXPECT_EQ(run("from __future__ import annotations\nfrom typing import Optional\n"
                "def f(x: Optional[int] = None) -> list[int]:\n    return [x]\n"
                "print(f(2), Optional[int], dict[str, int])\n"),
            "[2] typing.Optional[int] dict[str, int]\n");
  EXPECT_EQ(error_of("from __future__ import spam\n"), "SyntaxError: future feature spam is not defined");
}

TEST(PythonRuntime, JaxIsNotPartOfTheRuntime) {
  // Only the JAX library registers jax; the runtime alone does not know it.
  EXPECT_EQ(error_of("import jax\n"), "ModuleNotFoundError: No module named 'jax'");
}

}  // namespace
}  // namespace rungs::python
