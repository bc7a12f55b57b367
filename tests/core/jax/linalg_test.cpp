// jnp.linalg's decompositions through the interpreter: LAPACK's
// conventions where they are deterministic (getrf's pivots, geqrf's signs,
// potrf's NaN on failure), the defining identities of eigh and svd on
// matrices whose answers are known, vmap as a leading dimension, and the
// refusal inside a kernel trace.
#include <gtest/gtest.h>

#include <string>

#include "core/errors/error.h"
#include "tests/core/jax/module_test_util.h"

namespace rungs::jax {
namespace {

const std::string kImport = "import jax\nimport jax.numpy as jnp\n";
std::string la_run(const std::string& body) { return moduletest::run(kImport + body); }

TEST(Linalg, LuPivotsAndPermutationAsGetrf) {
  // Column 0's largest |value| (row 2) pivots first; the permutation is the
  // pivots applied to the identity order.
  EXPECT_EQ(la_run("d = jnp.linalg.det(jnp.array([[1.0, 2.0, 0.0], [0.0, 1.0, 1.0], [4.0, 0.0, 1.0]]))\n"
                   "print(round(float(d), 4))\n"),
            "9.0\n");
  EXPECT_EQ(la_run("s, l = jnp.linalg.slogdet(jnp.array([[0.0, 2.0, 0.0], [3.0, 0.0, 0.0], [0.0, 0.0, 1.0]]))\n"
                   "print(float(s), round(float(l), 4))\n"),
            "-1.0 1.7918\n");
  EXPECT_EQ(la_run("s, l = jnp.linalg.slogdet(jnp.zeros((3, 3)))\nprint(float(s), float(l))\n"), "0.0 -inf\n");
}

TEST(Linalg, QrSignsFollowGeqrf) {
  // R's diagonal has the opposite sign of the column entry it reflects.
  EXPECT_EQ(la_run("q, r = jnp.linalg.qr(jnp.array([[3.0, 1.0], [4.0, 2.0]]))\n"
                   "print([round(float(v), 4) for v in r.ravel()], [round(float(v), 4) for v in q[:, 0]])\n"),
            "[-5.0, -2.2, 0.0, 0.4] [-0.6, -0.8]\n");
  EXPECT_EQ(la_run("q, r = jnp.linalg.qr(jnp.array([[-3.0], [4.0]]))\nprint(float(r[0, 0]), q.shape)\n"), "5.0 (2, 1)\n");
}

TEST(Linalg, CholeskyFailureIsAllNan) {
  EXPECT_EQ(la_run("L = jnp.linalg.cholesky(jnp.array([[1.0, 2.0], [2.0, 1.0]]))\nprint(bool(jnp.isnan(L).all()))\n"),
            "True\n");
  EXPECT_EQ(la_run("print(jnp.linalg.cholesky(jnp.array([[4.0, 2.0], [2.0, 2.0]])).tolist())\n"),
            "[[2.0, 0.0], [1.0, 1.0]]\n");
}

TEST(Linalg, EighAndSvdOfKnownMatrices) {
  EXPECT_EQ(la_run("w, v = jnp.linalg.eigh(jnp.array([[2.0, 0.0], [0.0, -1.0]]))\nprint(w.tolist(), v.tolist())\n"),
            "[-1.0, 2.0] [[0.0, 1.0], [1.0, 0.0]]\n");
  EXPECT_EQ(la_run("u, s, vh = jnp.linalg.svd(jnp.array([[0.0, 2.0], [3.0, 0.0]]))\n"
                   "print(s.tolist(), u.tolist(), vh.tolist())\n"),
            "[3.0, 2.0] [[0.0, 1.0], [1.0, 0.0]] [[1.0, 0.0], [0.0, 1.0]]\n");
  // A rank-deficient matrix: U is still completed to an orthonormal basis.
  EXPECT_EQ(la_run("u, s, vh = jnp.linalg.svd(jnp.ones((3, 2)))\n"
                   "print([round(float(x), 4) for x in s], bool(jnp.allclose(u.T @ u, jnp.eye(3), atol=1e-6)))\n"),
            "[2.4495, 0.0] True\n");
}

TEST(Linalg, VmapIsALeadingDimensionAndKernelsAreRefused) {
  EXPECT_EQ(la_run("m = jnp.stack([jnp.eye(2) * 2.0, jnp.eye(2) * 4.0])\n"
                   "print(jax.vmap(jnp.linalg.inv)(m)[:, 0, 0].tolist())\n"),
            "[0.5, 0.25]\n");
  std::string message;
  try {
    moduletest::trace(kImport + "def f(x):\n  return jnp.linalg.inv(x)\n", "f", {moduletest::f32({2, 2})});
  } catch (const EngineError& e) {
    message = e.type + ": " + e.message;
  }
  EXPECT_EQ(message.substr(0, 46), "NotImplementedError: jnp.linalg.solve inside a");
}

}  // namespace
}  // namespace rungs::jax
