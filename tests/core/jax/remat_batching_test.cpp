// jax.checkpoint (an identity transformation here: the traced jaxpr is the
// plain function's, and grad differentiates through it),
// jax.custom_batching.custom_vmap (the rule replaces the function under
// vmap, once per vmap, and its outputs are re-batched), and
// jax.random.permutation's Python form along any axis (bit-equal to the host
// C++ form along axis 0).
#include <gtest/gtest.h>

#include <string>

#include "tests/core/jax/module_test_util.h"

namespace rungs::jax {
namespace {

using moduletest::f32;

const std::string kImport = "import jax\nimport jax.numpy as jnp\n";

TEST(Checkpoint, TracesToThePlainFunction) {
  // Compared through jax.make_jaxpr in one run: moduletest::trace of a
  // generated module's function leaks that harness's heap under LSan (an open
  // bug of the harness; README, Reliability).
  EXPECT_EQ(moduletest::run(kImport +
                            "def g(x):\n    return jnp.sin(x) * 2\n"
                            "plain = str(jax.make_jaxpr(g)(jnp.ones(3)))\n"
                            "remat = str(jax.make_jaxpr(jax.checkpoint(g))(jnp.ones(3)))\n"
                            "print(plain == remat, 'sin' in plain)\n"),
            "True True\n");
}

TEST(Checkpoint, GradientsThroughPolicies) {
  EXPECT_EQ(moduletest::run(kImport +
                            "f = jax.checkpoint(lambda x: jnp.sum(jnp.exp(x)), "
                            "policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)\n"
                            "print(jax.grad(f)(jnp.zeros(2)))\n"),
            "[1. 1.]\n");
}

TEST(Checkpoint, StaticArgnumsTypeChecked) {
  EXPECT_EQ(moduletest::error_of(kImport + "jax.checkpoint(lambda x, y: x, static_argnums=[1])(1.0, 2.0)\n"),
            "TypeError: the `static_argnums` argument to `jax.checkpoint` / `jax.remat` must be an int, tuple of "
            "ints or, bool, but got value [1]");
}

TEST(CustomVmap, RuleRunsOncePerVmapOnStackedExamples) {
  const std::string src = kImport +
                          "from jax.custom_batching import custom_vmap\n"
                          "calls = []\n"
                          "@custom_vmap\n"
                          "def f(x):\n"
                          "    return x * 2\n"
                          "@f.def_vmap\n"
                          "def rule(n, batched, xs):\n"
                          "    calls.append((n, batched, xs.shape))\n"
                          "    return xs * 10, True\n"
                          "print(jax.vmap(f)(jnp.arange(3.0)), f(jnp.float32(1)), calls)\n";
  EXPECT_EQ(moduletest::run(src), "[ 0. 10. 20.] 2.0 [(3, [True], (3,))]\n");
}

TEST(CustomVmap, UnbatchedOutputIsBroadcast) {
  const std::string src = kImport +
                          "from jax.custom_batching import custom_vmap\n"
                          "@custom_vmap\n"
                          "def f(x):\n"
                          "    return jnp.sum(x)\n"
                          "f.def_vmap(lambda n, b, xs: (jnp.float32(7), False))\n"
                          "print(jax.vmap(f)(jnp.ones((4, 2))))\n";
  EXPECT_EQ(moduletest::run(src), "[7. 7. 7. 7.]\n");
}

TEST(CustomVmap, MismatchedBatchingSpecRefused) {
  const std::string src = kImport +
                          "from jax.custom_batching import custom_vmap\n"
                          "@custom_vmap\n"
                          "def f(x):\n"
                          "    return x\n"
                          "def rule(n, b, xs):\n"
                          "    return (xs, xs), True\n"
                          "f.def_vmap(rule)\n"
                          "jax.vmap(f)(jnp.ones(2))\n";
  EXPECT_EQ(moduletest::error_of(src).rfind("ValueError: structure of output value and output batching "
                                            "specification returned by custom vmap rule (rule) do not match.",
                                            0),
            0u);
}

TEST(RandomPermutation, PythonFormMatchesHostAlongAxisZero) {
  EXPECT_EQ(moduletest::run(kImport +
                            "k = jax.random.key(3)\n"
                            "x = jnp.arange(40).reshape(10, 4)\n"
                            "a = jax.random.permutation(k, x, 0)\n"
                            "b = jax.random._traced_permutation(key=k, x=x, axis=0)\n"
                            "print(bool(jnp.array_equal(a, b)))\n"),
            "True\n");
}

TEST(RandomPermutation, IndependentRowsKeepTheirElements) {
  EXPECT_EQ(moduletest::run(kImport +
                            "x = jnp.tile(jnp.arange(8), (5, 1))\n"
                            "p = jax.random.permutation(jax.random.key(1), x, axis=1, independent=True)\n"
                            "print(bool(jnp.all(jnp.sort(p, axis=1) == x)), bool(jnp.any(p != x)))\n"),
            "True True\n");
}

}  // namespace
}  // namespace rungs::jax
