// NumPy's view and copy rules (core/jax/numpy_views.h): basic indexing,
// a.T, reshape/ravel of contiguous arrays and a.view() share memory with
// their base in both directions; advanced indexing, copy() and np.array
// copy; JAX arrays made from an ndarray keep their values when it changes.
#include <gtest/gtest.h>

#include <string>

#include "tests/core/jax/module_test_util.h"

namespace rungs::jax {
namespace {

std::string np_run(const std::string& body) { return moduletest::run("import numpy as np\n" + body); }
std::string np_error(const std::string& body) { return moduletest::error_of("import numpy as np\n" + body); }

TEST(NumpyViews, RowViewWritesReachTheBase) {
  EXPECT_EQ(np_run("buf = np.zeros((2, 3))\nrow = buf[0]\nrow[:] = 1\nprint(buf.tolist())\n"),
            "[[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]]\n");
  // ... and base writes reach the view.
  EXPECT_EQ(np_run("buf = np.zeros((2, 3))\nrow = buf[1]\nbuf[1, 2] = 7\nprint(row.tolist())\n"), "[0.0, 0.0, 7.0]\n");
  // Chained indexing writes through the intermediate view.
  EXPECT_EQ(np_run("m = np.zeros((2, 2), np.int64)\nm[1][0] = 5\nprint(m.tolist())\n"), "[[0, 0], [5, 0]]\n");
  // Iterating yields row views.
  EXPECT_EQ(np_run("m = np.zeros((2, 2))\nfor r in m:\n    r += 2\nprint(m.tolist())\n"), "[[2.0, 2.0], [2.0, 2.0]]\n");
}

TEST(NumpyViews, StridedViews) {
  EXPECT_EQ(np_run("a = np.arange(6)\nb = a[::2]\nb += 10\nprint(a.tolist(), b.tolist())\n"),
            "[10, 1, 12, 3, 14, 5] [10, 12, 14]\n");
  EXPECT_EQ(np_run("a = np.zeros((2, 3))\ncol = a[:, 1]\ncol[:] = [4, 5]\na[0, 1] += 1\nprint(a.tolist(), col.tolist())\n"),
            "[[0.0, 5.0, 0.0], [0.0, 5.0, 0.0]] [5.0, 5.0]\n");
  EXPECT_EQ(np_run("a = np.zeros((2, 3))\nt = a.T\nt[2, 0] = 9\nprint(a[0, 2], t.shape, t.flags['C_CONTIGUOUS'])\n"),
            "9.0 (3, 2) False\n");
  // A view of a view keeps the owner as its base; writes reach both.
  EXPECT_EQ(np_run("a = np.arange(8)\nv = a[2:]\nw = v[::3]\nw[:] = -1\nprint(a.tolist(), w.base is a, v.base is a)\n"),
            "[0, 1, -1, 3, 4, -1, 6, 7] True True\n");
}

TEST(NumpyViews, ReshapeRavelAndCopies) {
  EXPECT_EQ(np_run("a = np.arange(6)\nr = a.reshape(2, 3)\nr[1, 0] = 30\nprint(a[3], r.base is a)\n"), "30 True\n");
  // Reshaping a transposed (strided) array copies, as NumPy must.
  EXPECT_EQ(np_run("a = np.zeros((2, 3))\nr = a.T.reshape(6)\nr[0] = 1\nprint(a[0, 0], np.shares_memory(a, r))\n"),
            "0.0 False\n");
  EXPECT_EQ(np_run("a = np.zeros((2, 2))\nf = a.ravel()\nf[3] = 4\nprint(a[1, 1], np.shares_memory(a, f))\n"),
            "4.0 True\n");
  EXPECT_EQ(np_run("a = np.zeros(4)\nc = a.copy()\nc[0] = 1\nd = np.array(a)\nd[1] = 1\ne = a[[0, 1]]\ne[:] = 5\n"
                   "print(a.tolist(), c.base is None, np.may_share_memory(a, e))\n"),
            "[0.0, 0.0, 0.0, 0.0] True False\n");
  EXPECT_EQ(np_run("a = np.zeros(6)\nprint(np.shares_memory(a[:3], a[3:]), np.may_share_memory(a[::2], a[1::2]), "
                   "np.shares_memory(a[::2], a[1::2]))\n"),
            "False True False\n");
}

TEST(NumpyViews, AdvancedAssignmentThroughAView) {
  EXPECT_EQ(np_run("a = np.zeros((3, 3), np.int64)\nv = a[1:]\nv[[0, 1], [2, 0]] = 7\nv[v == 0] = 1\nprint(a.tolist())\n"),
            "[[0, 0, 0], [1, 1, 7], [7, 1, 1]]\n");
}

TEST(NumpyViews, JaxArraysKeepTheirValues) {
  // A JAX array made from an ndarray is a snapshot: later writes into the
  // ndarray (or into its views) never reach it.
  EXPECT_EQ(moduletest::run("import numpy as np\nimport jax.numpy as jnp\n"
                            "a = np.zeros(3, np.float32)\nv = a[:]\nj = jnp.asarray(a)\nv[0] = 5\nprint(j, a)\n"),
            "[0. 0. 0.] [5. 0. 0.]\n");
}

TEST(NumpyViews, ReadOnlyPropagates) {
  EXPECT_EQ(np_error("import jax.numpy as jnp\nr = np.asarray(jnp.ones(4))\nv = r[1:]\nv[0] = 2\n"),
            "ValueError: assignment destination is read-only");
  EXPECT_EQ(np_run("import jax.numpy as jnp\nr = np.asarray(jnp.ones(4))\nprint(r[1:].flags.writeable, r.T.flags['W'])\n"),
            "False False\n");
  EXPECT_EQ(np_error("a = np.zeros(3)\na.setflags(write=False)\na += 1\n"), "ValueError: output array is read-only");
}

TEST(NumpyViews, CastingOnWrite) {
  EXPECT_EQ(np_error("a = np.arange(3)\na += 1.5\n"),
            "numpy._core._exceptions._UFuncOutputCastingError: Cannot cast ufunc 'add' output from dtype('float64') "
            "to dtype('int64') with casting rule 'same_kind'");
  EXPECT_EQ(np_run("a = np.arange(3)\na[0] = 2.9\na[1] = -1.9\nprint(a.tolist())\n"), "[2, -1, 2]\n");
  EXPECT_EQ(np_error("u = np.zeros(2, np.uint8)\nu[0] = 300\n"), "OverflowError: Python integer 300 out of bounds for uint8");
  EXPECT_EQ(np_run("c = np.zeros(3, np.float32)\nnp.add(np.arange(3), 0.5, out=c)\nprint(c.tolist(), c.dtype)\n"),
            "[0.5, 1.5, 2.5] float32\n");
  EXPECT_EQ(np_error("c = np.zeros(3, np.int64)\nnp.multiply(np.ones(3), 2, out=c)\n"),
            "numpy._core._exceptions._UFuncOutputCastingError: Cannot cast ufunc 'multiply' output from dtype('float64') "
            "to dtype('int64') with casting rule 'same_kind'");
}

TEST(NumpyViews, ScalarTypes) {
  EXPECT_EQ(np_run("x = np.float64(2.5)\nprint(round(x), type(round(x)).__name__, repr(round(x, 1)))\n"),
            "2 int np.float64(2.5)\n");
  EXPECT_EQ(np_run("a = np.zeros(2)\nprint(type(a) is np.ndarray, type(a[0]) is np.float64, isinstance(a[0], float), "
                   "isinstance(np.int64(1), int), isinstance(a[0], np.floating))\n"),
            "True True True False True\n");
}

}  // namespace
}  // namespace rungs::jax
