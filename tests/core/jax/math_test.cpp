// Python's math module: values and CPython's exact errors (expected values
// from CPython 3.11).
#include <gtest/gtest.h>

#include <string>

#include "tests/core/jax/module_test_util.h"

namespace rungs::jax {
namespace {

std::string math_run(const std::string& body) { return moduletest::run("import math\n" + body); }
std::string math_error(const std::string& body) { return moduletest::error_of("import math\n" + body); }

TEST(Math, Values) {
  EXPECT_EQ(math_run("print(math.pi, math.e, math.inf, math.nan, math.tau)\n"),
            "3.141592653589793 2.718281828459045 inf nan 6.283185307179586\n");
  EXPECT_EQ(math_run("print(math.sqrt(16), math.log(8, 2), math.log(100, 10), math.exp(1))\n"), "4.0 3.0 2.0 2.718281828459045\n");
  EXPECT_EQ(math_run("print(math.floor(-2.5), math.ceil(2.1), math.trunc(-2.7), math.floor(3))\n"), "-3 3 -2 3\n");
  EXPECT_EQ(math_run("print(math.prod([2, 3, 4]), math.prod((1.5, 2)), math.prod([]))\n"), "24 3.0 1\n");
  EXPECT_EQ(math_run("print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(0.0, 1e-9, abs_tol=1e-8))\n"),
            "True False True\n");
  EXPECT_EQ(math_run("print(math.gcd(12, 18), math.lcm(4, 6), math.gcd(), math.factorial(5), math.comb(5, 2), math.perm(5, 2))\n"),
            "6 12 0 120 10 20\n");
  EXPECT_EQ(math_run("print(math.hypot(3, 4), math.pow(2, 10), math.fabs(-3), math.degrees(math.pi), math.isqrt(17))\n"),
            "5.0 1024.0 3.0 180.0 4\n");
  EXPECT_EQ(math_run("print(math.log2(1024), math.log10(1000), math.atan2(1, 1), math.copysign(3, -0.0), math.modf(2.5))\n"),
            "10.0 3.0 0.7853981633974483 -3.0 (0.5, 2.0)\n");
  EXPECT_EQ(math_run("print(math.isnan(float('nan')), math.isinf(-math.inf), math.isfinite(1e308), math.fsum([0.1] * 10))\n"),
            "True True True 1.0\n");
  EXPECT_EQ(math_run("import jax.numpy as jnp\nprint(math.sqrt(jnp.float32(4.0)), math.floor(jnp.array(2.5)))\n"), "2.0 2\n");
}

TEST(Math, Errors) {
  EXPECT_EQ(math_error("math.sqrt(-1)\n"), "ValueError: math domain error");
  EXPECT_EQ(math_error("math.log(0)\n"), "ValueError: math domain error");
  EXPECT_EQ(math_error("math.acos(2)\n"), "ValueError: math domain error");
  EXPECT_EQ(math_error("math.pow(0, -1)\n"), "ValueError: math domain error");
  EXPECT_EQ(math_error("math.fmod(1, 0)\n"), "ValueError: math domain error");
  EXPECT_EQ(math_error("math.exp(1000)\n"), "OverflowError: math range error");
  EXPECT_EQ(math_error("math.floor(math.inf)\n"), "OverflowError: cannot convert float infinity to integer");
  EXPECT_EQ(math_error("math.floor(math.nan)\n"), "ValueError: cannot convert float NaN to integer");
  EXPECT_EQ(math_error("math.factorial(-1)\n"), "ValueError: factorial() not defined for negative values");
  EXPECT_EQ(math_error("math.factorial(2.5)\n"), "TypeError: 'float' object cannot be interpreted as an integer");
  EXPECT_EQ(math_error("math.gcd(1.5, 2)\n"), "TypeError: 'float' object cannot be interpreted as an integer");
  EXPECT_EQ(math_error("math.sqrt('x')\n"), "TypeError: must be real number, not str");
  EXPECT_EQ(math_error("math.log(1, 1)\n"), "ZeroDivisionError: float division by zero");
  EXPECT_EQ(math_error("math.isclose(1, 1, rel_tol=-1)\n"), "ValueError: tolerances must be non-negative");
}

}  // namespace
}  // namespace rungs::jax
