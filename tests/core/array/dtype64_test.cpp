// The 64-bit dtypes NumPy arrays use: names, NumpyMode parsing and
// defaults, NumPy 2 promotion (NEP 50), conversion, arithmetic, reductions,
// dot and NumPy's repr. JAX's own rules (x64 off) must be untouched outside
// a NumpyMode.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/array/dtype.h"
#include "core/array/format.h"
#include "core/array/ops.h"

namespace rungs::array {
namespace {

TEST(DType64Test, NamesSizesKinds) {
  EXPECT_STREQ(dtype_name(DType::Float64), "float64");
  EXPECT_STREQ(dtype_name(DType::Int64), "int64");
  EXPECT_STREQ(dtype_name(DType::UInt64), "uint64");
  EXPECT_STREQ(dtype_short_name(DType::Float64), "f64");
  EXPECT_EQ(itemsize(DType::Float64), 8);
  EXPECT_EQ(bit_width(DType::Int64), 64);
  EXPECT_TRUE(is_float(DType::Float64));
  EXPECT_TRUE(is_signed_int(DType::Int64));
  EXPECT_TRUE(is_unsigned_int(DType::UInt64));
  EXPECT_TRUE(is_64bit(DType::UInt64));
  EXPECT_FALSE(is_64bit(DType::Float32));
  EXPECT_EQ(eps(DType::Float64), std::ldexp(1.0, -52));
  EXPECT_EQ(float_max(DType::Float64), std::numeric_limits<double>::max());
}

TEST(DType64Test, CanonicalizeX64) {
  EXPECT_EQ(canonicalize_x64(DType::Float64), DType::Float32);
  EXPECT_EQ(canonicalize_x64(DType::Int64), DType::Int32);
  EXPECT_EQ(canonicalize_x64(DType::UInt64), DType::UInt32);
  EXPECT_EQ(canonicalize_x64(DType::BFloat16), DType::BFloat16);
}

TEST(DType64Test, ParsingDependsOnMode) {
  EXPECT_EQ(parse_dtype("float64"), DType::Float32);  // JAX, x64 off
  EXPECT_EQ(parse_dtype("i8"), DType::Int8);          // jaxpr's short name
  EXPECT_EQ(default_float(), DType::Float32);
  {
    NumpyMode numpy;
    EXPECT_EQ(parse_dtype("float64"), DType::Float64);
    EXPECT_EQ(parse_dtype("np.int64"), DType::Int64);
    EXPECT_EQ(parse_dtype("i8"), DType::Int64);  // NumPy's byte count
    EXPECT_EQ(parse_dtype("u8"), DType::UInt64);
    EXPECT_EQ(parse_dtype("f8"), DType::Float64);
    EXPECT_EQ(parse_dtype("float"), DType::Float64);
    EXPECT_EQ(parse_dtype("int"), DType::Int64);
    EXPECT_EQ(parse_dtype("float32"), DType::Float32);
    EXPECT_EQ(default_int(), DType::Int64);
    EXPECT_EQ(default_float(), DType::Float64);
    {
      NumpyMode jax(false);
      EXPECT_EQ(parse_dtype("float64"), DType::Float32);
    }
    EXPECT_TRUE(NumpyMode::active());
  }
  EXPECT_FALSE(NumpyMode::active());
  EXPECT_EQ(default_int(), DType::Int32);
}

TEST(DType64Test, NumpyStrongPromotion) {
  auto p = [](DType a, DType b) { return promote_types_numpy(a, false, b, false).dtype; };
  EXPECT_EQ(p(DType::Int32, DType::UInt32), DType::Int64);
  EXPECT_EQ(p(DType::Int64, DType::Float32), DType::Float64);
  EXPECT_EQ(p(DType::Int32, DType::Float32), DType::Float64);
  EXPECT_EQ(p(DType::Int16, DType::Float32), DType::Float32);
  EXPECT_EQ(p(DType::Float16, DType::Int8), DType::Float16);
  EXPECT_EQ(p(DType::Float16, DType::Int16), DType::Float32);
  EXPECT_EQ(p(DType::UInt16, DType::Float16), DType::Float32);
  EXPECT_EQ(p(DType::Float16, DType::Int32), DType::Float64);
  EXPECT_EQ(p(DType::UInt64, DType::Int64), DType::Float64);
  EXPECT_EQ(p(DType::Int64, DType::UInt32), DType::Int64);
  EXPECT_EQ(p(DType::UInt8, DType::Int8), DType::Int16);
  EXPECT_EQ(p(DType::Bool, DType::Int8), DType::Int8);
  EXPECT_EQ(p(DType::BFloat16, DType::Float16), DType::Float32);
  EXPECT_EQ(p(DType::Float32, DType::Float64), DType::Float64);
  EXPECT_EQ(p(DType::UInt8, DType::UInt32), DType::UInt32);
}

TEST(DType64Test, NumpyWeakScalars) {
  // NEP 50: a Python scalar adopts the array's type where its kind allows.
  auto w = [](DType scalar, DType array) { return promote_types_numpy(scalar, true, array, false); };
  EXPECT_EQ(w(DType::Float64, DType::Float32).dtype, DType::Float32);  // f32 array + 1.0
  EXPECT_EQ(w(DType::Int64, DType::Int8).dtype, DType::Int8);         // i8 array + 1
  EXPECT_EQ(w(DType::Int64, DType::Float16).dtype, DType::Float16);
  EXPECT_EQ(w(DType::Float64, DType::Int32).dtype, DType::Float64);   // i32 array + 1.5
  EXPECT_EQ(w(DType::Int64, DType::Bool).dtype, DType::Int64);
  EXPECT_EQ(w(DType::Bool, DType::UInt8).dtype, DType::UInt8);
  EXPECT_FALSE(w(DType::Float64, DType::Float32).weak);
}

TEST(DType64Test, ModeSwitchesPromoteTypes) {
  EXPECT_EQ(promote_types(DType::Int32, DType::UInt32), DType::Int32);  // JAX x64 off
  EXPECT_EQ(promote_types(DType::Int32, DType::Float32), DType::Float32);
  EXPECT_EQ(promote_types(DType::Float64, DType::Float32), DType::Float32);
  NumpyMode numpy;
  EXPECT_EQ(promote_types(DType::Int32, DType::UInt32), DType::Int64);
  EXPECT_EQ(promote_types(DType::Int32, DType::Float32), DType::Float64);
}

TEST(DType64Test, ConvertKeepsDoublePrecision) {
  Array x = Array::from_doubles(DType::Float64, {2}, {0.1, 1e300});
  EXPECT_EQ(x.get_double(0), 0.1);
  EXPECT_EQ(x.get_double(1), 1e300);
  Array f = convert(x, DType::Float32);
  EXPECT_EQ(f.get_double(0), static_cast<double>(0.1f));
  EXPECT_TRUE(std::isinf(f.get_double(1)));
  Array back = convert(f, DType::Float64);
  EXPECT_EQ(back.get_double(0), static_cast<double>(0.1f));
  Array big = Array::from_ints(DType::Int64, {1}, {int64_t{1} << 40});
  EXPECT_EQ(big.get_int(0), int64_t{1} << 40);
  EXPECT_EQ(convert(big, DType::Int32).get_int(0), 0);  // wraps as NumPy's astype
  EXPECT_EQ(convert(Array::scalar(DType::Float64, -2.7), DType::Int64).get_int(0), -2);
}

TEST(DType64Test, ArithmeticIsDouble) {
  Array a = Array::from_doubles(DType::Float64, {2}, {0.1, 1.0});
  Array b = Array::from_doubles(DType::Float64, {2}, {0.2, 3.0});
  Array s = binary(BinaryOp::Add, a, b);
  EXPECT_EQ(s.dtype(), DType::Float64);
  EXPECT_EQ(s.get_double(0), 0.1 + 0.2);  // 0.30000000000000004, not a float sum
  EXPECT_EQ(binary(BinaryOp::Div, a, b).get_double(1), 1.0 / 3.0);
  EXPECT_EQ(unary(UnaryOp::Exp, a).get_double(1), std::exp(1.0));
  EXPECT_EQ(unary(UnaryOp::Sqrt, b).get_double(1), std::sqrt(3.0));
  Array i = Array::from_ints(DType::Int64, {2}, {int64_t{1} << 40, 3});
  EXPECT_EQ(binary(BinaryOp::Mul, i, i).get_int(1), 9);
  EXPECT_EQ(binary(BinaryOp::Add, i, i).get_int(0), int64_t{1} << 41);
}

TEST(DType64Test, ReduceAndDot) {
  Array a = Array::from_doubles(DType::Float64, {2, 2}, {0.1, 0.2, 0.3, 0.4});
  Array s = reduce(ReduceOp::Sum, a, {0, 1});
  EXPECT_EQ(s.dtype(), DType::Float64);
  EXPECT_NEAR(s.get_double(0), 1.0, 1e-15);
  Array rows = reduce(ReduceOp::Sum, a, {1});
  EXPECT_EQ(rows.get_double(0), 0.1 + 0.2);  // 0.30000000000000004: summed in double, kept double
  Array i = Array::from_ints(DType::Int64, {3}, {int64_t{1} << 40, int64_t{1} << 40, 1});
  EXPECT_EQ(reduce(ReduceOp::Sum, i, {0}).get_int(0), (int64_t{1} << 41) + 1);
  Array d = dot_general(a, a, DotDims{{1}, {0}, {}, {}}, std::nullopt);
  EXPECT_EQ(d.dtype(), DType::Float64);
  EXPECT_EQ(d.get_double(0), 0.1 * 0.1 + 0.2 * 0.3);
}

TEST(DType64Test, NumpyRepr) {
  EXPECT_EQ(numpy_array_repr(Array::from_doubles(DType::Float64, {2}, {1, 2})), "array([1., 2.])");
  EXPECT_EQ(numpy_array_repr(Array::from_ints(DType::Int64, {2}, {1, 2})), "array([1, 2])");
  EXPECT_EQ(numpy_array_repr(Array::from_doubles(DType::Float32, {2}, {1, 2})), "array([1., 2.], dtype=float32)");
  EXPECT_EQ(numpy_array_repr(Array::from_doubles(DType::Float64, {3}, {0.1, 1.0 / 3, 2})),
            "array([0.1       , 0.33333333, 2.        ])");
  EXPECT_EQ(numpy_array_repr(Array::zeros(DType::Float64, {0})), "array([], dtype=float64)");
  EXPECT_EQ(numpy_array_repr(Array::zeros(DType::Float64, {0, 3})), "array([], shape=(0, 3), dtype=float64)");
  EXPECT_EQ(numpy_array_repr(Array::scalar(DType::Float64, 1.5)), "array(1.5)");
  EXPECT_EQ(numpy_array_repr(Array::scalar_int(DType::Int32, 3)), "array(3, dtype=int32)");
  EXPECT_EQ(numpy_array_repr(Array::from_bools({2}, {true, false})), "array([ True, False])");
  EXPECT_EQ(array_str(Array::from_doubles(DType::Float64, {2}, {0.1, 0.2 + 0.1})), "[0.1 0.3]");
  // int64 past 2**53 prints exactly (not through a double).
  Array huge = Array::from_ints(DType::Int64, {2}, {(int64_t{1} << 62) + 1, -3});
  EXPECT_EQ(array_str(huge), "[4611686018427387905                  -3]");
  EXPECT_EQ(array_str(Array::scalar_int(DType::Int64, (int64_t{1} << 53) + 1)), "9007199254740993");
}

TEST(DType64Test, NumpyScalarRepr) {
  EXPECT_EQ(numpy_scalar_repr(DType::Float64, Array::scalar(DType::Float64, 1.5)), "np.float64(1.5)");
  EXPECT_EQ(numpy_scalar_repr(DType::Float64, Array::scalar(DType::Float64, 0.1 + 0.2)),
            "np.float64(0.30000000000000004)");
  EXPECT_EQ(numpy_scalar_repr(DType::Float32, Array::scalar(DType::Float32, 0.1)), "np.float32(0.1)");
  EXPECT_EQ(numpy_scalar_repr(DType::Int64, Array::scalar_int(DType::Int64, 3)), "np.int64(3)");
  EXPECT_EQ(numpy_scalar_repr(DType::Bool, Array::scalar_bool(true)), "np.True_");
  EXPECT_EQ(numpy_scalar_repr(DType::Float64, Array::scalar(DType::Float64, 1e-5)), "np.float64(1e-05)");
  EXPECT_EQ(scalar_str(DType::Float64, 2.0), "2.0");
}

}  // namespace
}  // namespace rungs::array
