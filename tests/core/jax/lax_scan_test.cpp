// lax.scan and lax.associative_scan through the interpreter: eager runs on
// the host, the scan equation recorded inside a trace (JAX's scan_p layout
// [*consts, *carry, *xs] -> [*carry, *ys]) with the forwarding JAX applies
// before binding, and loops.py's errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/errors/error.h"
#include "core/ir/jaxpr.h"

#include "tests/core/jax/module_test_util.h"

namespace rungs::jax {
namespace {

using moduletest::f32;

const std::string kImport = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n";

std::string scan_run(const std::string& body) { return moduletest::run(kImport + body); }
std::string scan_error(const std::string& body) { return moduletest::error_of(kImport + body); }
std::string scan_trace(const std::string& body, const std::vector<ir::AVal>& avals) {
  return moduletest::trace(kImport + body, "f", avals);
}

TEST(LaxScan, EagerCarryAndStackedOutputs) {
  EXPECT_EQ(scan_run("print(lax.scan(lambda c, x: (c + x, c), 0.0, jnp.arange(4.0)))\n"),
            "(Array(6., dtype=float32), Array([0., 0., 1., 3.], dtype=float32))\n");
  EXPECT_EQ(scan_run("print(lax.scan(lambda c, x: (c + x, c), 0.0, jnp.arange(4.0), reverse=True)[1])\n"),
            "[6. 5. 3. 0.]\n");
  EXPECT_EQ(scan_run("c, ys = lax.scan(lambda c, _: (c + 1, {'sq': c * c}), 0, length=3)\nprint(c, ys['sq'])\n"),
            "3 [0 1 4]\n");
}

TEST(LaxScan, UnderVmapOnTheHost) {
  EXPECT_EQ(scan_run("f = lambda xs: lax.scan(lambda c, x: (c + x, c), 0.0, xs)[0]\n"
                     "print(jax.vmap(f)(jnp.arange(6.0).reshape(2, 3)))\n"),
            "[ 3. 12.]\n");
}

TEST(LaxScan, Errors) {
  EXPECT_EQ(scan_error("lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=2)\n"),
            "ValueError: scan got `length` argument of 2 which disagrees with leading axis sizes [3].");
  EXPECT_EQ(scan_error("lax.scan(lambda c, x: (c, x), 0.0, (jnp.ones(3), jnp.ones((2, 2))))\n"),
            "ValueError: scan got values with different leading axis sizes: 3, 2.");
  EXPECT_EQ(scan_error("lax.scan(lambda c, x: (c, x), 0.0, jnp.float32(1))\n"), "IndexError: tuple index out of range");
  EXPECT_EQ(scan_error("lax.scan(lambda c, x: (c, x, x), 0.0, jnp.ones(3))\n"),
            "TypeError: scan body output must be a pair, got (ShapedArray(float32[], weak_type=True), "
            "ShapedArray(float32[]), ShapedArray(float32[])).");
  EXPECT_EQ(scan_error("lax.scan(lambda c, _: (c, None), 0.0)\n"),
            "ValueError: scan got no values to scan over and `length` not provided.");
}

TEST(LaxScan, TracedLayout) {
  EXPECT_EQ(scan_trace("def f(x, xs):\n  return lax.scan(lambda c, v: (c + v, c * 2.0), x, xs, reverse=True)\n",
                       {f32({3}), f32({4, 3})}),
            "{ lambda ; a:f32[3] b:f32[4,3]. let\n"
            "    c:f32[3] d:f32[4,3] = scan[\n"
            "      jaxpr={ lambda ; e:f32[3] f:f32[3]. let\n"
            "          g:f32[3] = add e f\n"
            "          h:f32[3] = mul e 2.0:f32[]\n"
            "        in (g, h) }\n"
            "      length=4\n"
            "      num_carry=1\n"
            "      num_consts=0\n"
            "      reverse=True\n"
            "    ] a b\n"
            "  in (c, d) }");
}

TEST(LaxScan, ForwardedCarryBecomesConstAndForwardedXIsNotAnOutput) {
  // Carry 0 comes back unchanged (a const, as JAX moves it); the y is the x
  // slice itself (JAX returns xs rather than stacking a copy).
  std::string j = scan_trace("def f(w, x, xs):\n"
                             "  (a, b), ys = lax.scan(lambda c, v: ((c[0], c[1] + v * c[0]), v), (w, x), xs)\n"
                             "  return a, b, ys\n",
                             {f32({}), f32({}), f32({5})});
  EXPECT_NE(j.find("num_carry=1\n"), std::string::npos) << j;
  EXPECT_NE(j.find("num_consts=1\n"), std::string::npos) << j;
  EXPECT_NE(j.find("    d:f32[] = scan["), std::string::npos) << j;
  EXPECT_NE(j.find("] a b c\n  in (a, d, c) }"), std::string::npos) << j;
}

TEST(LaxAssociativeScan, PrefixCombinations) {
  EXPECT_EQ(scan_run("print(lax.associative_scan(jnp.add, jnp.arange(1, 10)))\n"), "[ 1  3  6 10 15 21 28 36 45]\n");
  EXPECT_EQ(scan_run("print(lax.associative_scan(jnp.multiply, jnp.arange(1.0, 6.0), reverse=True))\n"),
            "[120. 120.  60.  20.   5.]\n");
  EXPECT_EQ(scan_run("print(lax.associative_scan(jnp.add, jnp.ones(1)), lax.associative_scan(jnp.add, jnp.ones((2, 0)), axis=1).shape)\n"),
            "[1.] (2, 0)\n");
  EXPECT_EQ(scan_error("lax.associative_scan(jnp.add, jnp.ones(3), axis=1)\n"),
            "ValueError: axis 1 is out of bounds for array of dimension 1");
}

}  // namespace
}  // namespace rungs::jax
