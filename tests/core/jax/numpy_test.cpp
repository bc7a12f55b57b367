// numpy as programs use it for reference checks: jnp functions with
// NumPy's leniency, double-precision comparisons returning Python bools,
// and np.testing's failure messages (NumPy 2 layout).
#include <gtest/gtest.h>

#include <string>

#include "tests/core/jax/module_test_util.h"

namespace rungs::jax {
namespace {

std::string np_run(const std::string& body) { return moduletest::run("import numpy as np\n" + body); }
std::string np_error(const std::string& body) { return moduletest::error_of("import numpy as np\n" + body); }

TEST(Numpy, Basics) {
  // NumPy 2's dtypes: np.arange of ints is int64, np.float64 is float64.
  EXPECT_EQ(np_run("x = np.arange(8)\nprint(x, x.dtype.name)\n"), "[0 1 2 3 4 5 6 7] int64\n");
  EXPECT_EQ(np_run("print(np.zeros((2, 2)), np.ones(2, dtype=np.int32), np.full(2, 7))\n"),
            "[[0. 0.]\n [0. 0.]] [1 1] [7 7]\n");
  EXPECT_EQ(np_run("print(np.sum([1, 2, 3]), np.mean([1.0, 2.0]), np.max(np.array([[1, 5], [3, 2]]), axis=0))\n"),
            "6 1.5 [3 5]\n");
  EXPECT_EQ(np_run("print(np.float32(1.5), np.pi, np.array([1, 2]) * 2)\n"), "1.5 3.141592653589793 [2 4]\n");
  EXPECT_EQ(np_run("print(np.asarray([[1.0, 2.0]]).shape, np.float64(2.5).dtype.name)\n"), "(1, 2) float64\n");
}

TEST(Numpy, Comparisons) {
  EXPECT_EQ(np_run("print(np.allclose([1.0, 2.0], [1.0, 2.0 + 1e-9]), np.allclose(1.0, 1.1))\n"), "True False\n");
  EXPECT_EQ(np_run("print(type(np.allclose(1, 1)).__name__, np.array_equal([1, 2], np.array([1, 2])))\n"),
            "bool True\n");
  EXPECT_EQ(np_run("print(np.isclose(np.array([1.0, 1.1]), 1.0), np.array_equal([1], [1, 1]))\n"), "[ True False] False\n");
}

TEST(Numpy, Testing) {
  EXPECT_EQ(np_run("np.testing.assert_allclose(np.array([1.0, 2.0]), [1.0, 2.0 + 1e-8])\nprint('ok')\n"), "ok\n");
  EXPECT_EQ(np_run("from numpy.testing import assert_array_equal\nassert_array_equal(np.arange(3), [0, 1, 2])\nprint('ok')\n"),
            "ok\n");
  EXPECT_EQ(np_error("np.testing.assert_allclose(np.array([1, 2, 4, 5], np.float32), np.array([1, 2, 3, 6], np.float32))\n"),
            "AssertionError: \nNot equal to tolerance rtol=1e-07, atol=0\n\n"
            "Mismatched elements: 2 / 4 (50%)\n"
            "Max absolute difference among violations: 1.\n"
            "Max relative difference among violations: 0.33333334\n"
            " ACTUAL: array([1., 2., 4., 5.], dtype=float32)\n"
            " DESIRED: array([1., 2., 3., 6.], dtype=float32)");
  EXPECT_EQ(np_error("np.testing.assert_allclose(np.ones(3), np.zeros(3), atol=0.5, err_msg='hello')\n"),
            "AssertionError: \nNot equal to tolerance rtol=1e-07, atol=0.5\nhello\n"
            "Mismatched elements: 3 / 3 (100%)\n"
            "Max absolute difference among violations: 1.\n"
            "Max relative difference among violations: inf\n"
            " ACTUAL: array([1., 1., 1.])\n"
            " DESIRED: array([0., 0., 0.])");
  EXPECT_EQ(np_error("np.testing.assert_array_equal(np.array([1, 2, 4]), np.array([1, 2, 3]))\n"),
            "AssertionError: \nArrays are not equal\n\n"
            "Mismatched elements: 1 / 3 (33.3%)\n"
            "Max absolute difference among violations: 1\n"
            "Max relative difference among violations: 0.33333333\n"
            " ACTUAL: array([1, 2, 4])\n"
            " DESIRED: array([1, 2, 3])");
  EXPECT_EQ(np_error("np.testing.assert_allclose(np.ones((2, 3)), np.ones((3, 2)))\n").substr(0, 98),
            "AssertionError: \nNot equal to tolerance rtol=1e-07, atol=0\n\n(shapes (2, 3), (3, 2) mismatch)\n ACTU");
  EXPECT_EQ(np_error("np.testing.assert_array_almost_equal(np.array([1.0]), np.array([1.1]), decimal=3)\n").substr(0, 64),
            "AssertionError: \nArrays are not almost equal to 3 decimals\n\nMism");
  EXPECT_EQ(np_error("np.testing.assert_equal(1, 2)\n"), "AssertionError: \nItems are not equal:\n ACTUAL: 1\n DESIRED: 2");
}

}  // namespace
}  // namespace rungs::jax
