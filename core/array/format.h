// Text of arrays the way a Colab user sees it: print(x) on a JAX array prints
// numpy's str() of its value, and the REPL shows JAX's repr
// ("Array([0., 1.], dtype=float32)"). So this is NumPy's arrayprint with its
// default options: shortest round-trip digits at the array's own precision
// (a float32 0.1 prints as 0.1), one common width per array, the switch to
// scientific notation when max/min > 1e3 or min < 1e-4, a trailing "." on
// whole floats, 75-column wrapping and "..." summaries past 1000 elements.
// bfloat16 and float16 print with their own shortest digits, as ml_dtypes'
// numpy scalar types do.
#pragma once

#include <string>

#include "core/array/array.h"

namespace rungs::array {

// numpy.set_printoptions subset (defaults are NumPy's).
struct PrintOptions {
  int precision = 8;
  int threshold = 1000;  // summarise when size > threshold
  int edgeitems = 3;
  int linewidth = 75;
  bool suppress = false;
};

// str(x): "[0. 1. 2.]", "[[1 2]\n [3 4]]", "[ True False]", "nan", "1.5".
std::string array_str(const Array& x, const PrintOptions& opts = {});
// repr(x): "Array([0., 1.], dtype=float32)", "Array(1., dtype=float32,
// weak_type=True)", "Array([], shape=(0,), dtype=float32)".
std::string array_repr(const Array& x, const PrintOptions& opts = {});
// str of one scalar of `dtype` (numpy's str(np.float32(v)) etc.):
// "0.1", "1.0", "inf", "nan", "3", "True". Floats always carry a "." or "e".
std::string scalar_str(DType dtype, double value);
// Shortest decimal that round-trips at `dtype`'s precision, in Python/NumPy
// scalar repr style: "0.1", "1.0", "1e-05", "1e+16", "inf", "nan". Exposed
// for the result document and f-string formatting.
std::string shortest_float(DType dtype, double value);

// NumPy's repr of an ndarray: "array([1., 2.])" (float64, int64 and bool
// omit their dtype), "array([1., 2.], dtype=float32)",
// "array([], shape=(0, 3), dtype=float64)".
std::string numpy_array_repr(const Array& x, const PrintOptions& opts = {});
// NEP 51 repr of a NumPy scalar: "np.float64(1.5)", "np.int64(3)",
// "np.True_", "np.float32(0.1)".
std::string numpy_scalar_repr(DType dtype, const Array& value);

}  // namespace rungs::array
