// JAX's narrow dtypes (ml_dtypes): names, finfo/iinfo figures, conversions
// (checked against ml_dtypes' own figures and ConvertImpl rules), the
// promotion lattice and formatting.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/array/dtype.h"
#include "core/array/format.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {
namespace {

double f8(DType t, double v) { return narrow_to_float(t, double_to_narrow(t, v)); }

TEST(NarrowDTypeTest, NamesWidthsAndKinds) {
  EXPECT_STREQ(dtype_name(DType::Int4), "int4");
  EXPECT_STREQ(dtype_short_name(DType::UInt4), "u4");
  EXPECT_STREQ(dtype_short_name(DType::Float8E4M3FN), "f8_e4m3fn");
  EXPECT_STREQ(dtype_short_name(DType::Float4E2M1FN), "f4_e2m1fn");
  EXPECT_EQ(parse_dtype("int4"), DType::Int4);
  EXPECT_EQ(parse_dtype("jnp.float8_e5m2"), DType::Float8E5M2);
  EXPECT_EQ(parse_dtype("ml_dtypes.float8_e4m3b11fnuz"), DType::Float8E4M3B11FNUZ);
  EXPECT_EQ(parse_dtype("i4"), DType::Int32);  // NumPy's code for int32, not int4
  for (int k = static_cast<int>(DType::Int4); k < kNumDTypes; ++k) EXPECT_EQ(itemsize(static_cast<DType>(k)), 1);
  EXPECT_EQ(bit_width(DType::Int4), 4);
  EXPECT_EQ(bit_width(DType::UInt2), 2);
  EXPECT_EQ(bit_width(DType::Float8E5M2), 8);
  EXPECT_EQ(bit_width(DType::Float4E2M1FN), 4);
  EXPECT_TRUE(is_signed_int(DType::Int4));
  EXPECT_TRUE(is_unsigned_int(DType::UInt4));
  EXPECT_TRUE(is_float(DType::Float8E8M0FNU));
  EXPECT_FALSE(supports_inf(DType::Float8E4M3FN));
  EXPECT_TRUE(supports_inf(DType::Float8E5M2));
}

TEST(NarrowDTypeTest, IinfoAndFinfoFigures) {
  EXPECT_EQ(int_min(DType::Int4), -8);
  EXPECT_EQ(int_max(DType::Int4), 7);
  EXPECT_EQ(int_max(DType::UInt4), 15);
  EXPECT_EQ(int_min(DType::Int2), -2);
  // ml_dtypes' finfo rows.
  EXPECT_EQ(float_max(DType::Float8E4M3FN), 448);
  EXPECT_EQ(eps(DType::Float8E4M3FN), 0.125);
  EXPECT_EQ(epsneg(DType::Float8E4M3FN), 0.0625);
  EXPECT_EQ(float_min_normal(DType::Float8E4M3FN), std::ldexp(1.0, -6));
  EXPECT_EQ(max_exponent(DType::Float8E4M3FN), 9);
  EXPECT_EQ(min_exponent(DType::Float8E4M3FN), -6);
  EXPECT_EQ(float_max(DType::Float8E5M2), 57344);
  EXPECT_EQ(float_min_normal(DType::Float8E5M2), std::ldexp(1.0, -14));
  EXPECT_EQ(float_max(DType::Float8E4M3FNUZ), 240);
  EXPECT_EQ(float_min_normal(DType::Float8E4M3FNUZ), std::ldexp(1.0, -7));
  EXPECT_EQ(float_max(DType::Float8E5M2FNUZ), 57344);
  EXPECT_EQ(min_exponent(DType::Float8E5M2FNUZ), -15);
  EXPECT_EQ(float_max(DType::Float8E4M3B11FNUZ), 30);
  EXPECT_EQ(float_min_normal(DType::Float8E4M3B11FNUZ), std::ldexp(1.0, -10));
  EXPECT_EQ(float_max(DType::Float8E3M4), 15.5);
  EXPECT_EQ(eps(DType::Float8E3M4), 0.0625);
  EXPECT_EQ(float_max(DType::Float8E4M3), 240);
  EXPECT_EQ(max_exponent(DType::Float8E4M3), 8);
  EXPECT_EQ(float_max(DType::Float8E8M0FNU), std::ldexp(1.0, 127));
  EXPECT_EQ(float_min_normal(DType::Float8E8M0FNU), std::ldexp(1.0, -127));
  EXPECT_EQ(float_lowest(DType::Float8E8M0FNU), std::ldexp(1.0, -127));
  EXPECT_EQ(eps(DType::Float8E8M0FNU), 1.0);
  EXPECT_EQ(float_max(DType::Float4E2M1FN), 6);
  EXPECT_EQ(eps(DType::Float4E2M1FN), 0.5);
  EXPECT_EQ(epsneg(DType::Float4E2M1FN), 0.5);
  EXPECT_EQ(float_precision(DType::Float8E5M2), 1);
  EXPECT_EQ(float_precision(DType::Float4E2M1FN), 0);
}

TEST(NarrowDTypeTest, Float8RoundsToNearestEvenAndOverflowsPerFormat) {
  EXPECT_EQ(f8(DType::Float8E4M3FN, 0.3), 0.3125);
  EXPECT_EQ(f8(DType::Float8E4M3FN, 448), 448);
  EXPECT_EQ(f8(DType::Float8E4M3FN, 464), 448);  // the tie with 480 goes to the even mantissa
  EXPECT_TRUE(std::isnan(f8(DType::Float8E4M3FN, 465)));
  EXPECT_TRUE(std::isnan(f8(DType::Float8E4M3FN, 500)));
  EXPECT_EQ(double_to_narrow(DType::Float8E4M3FN, INFINITY), 0x7f);
  EXPECT_EQ(double_to_narrow(DType::Float8E4M3FN, -INFINITY), 0xff);
  EXPECT_EQ(double_to_narrow(DType::Float8E4M3FN, -0.0), 0x80);
  // ml_dtypes' float8_test: 2^-7 - 2^-10 rounds to the subnormal 0x04.
  EXPECT_EQ(double_to_narrow(DType::Float8E4M3FN, std::ldexp(1.0, -7) - std::ldexp(1.0, -10)), 0x04);
  EXPECT_EQ(f8(DType::Float8E4M3FN, std::ldexp(1.0, -9)), std::ldexp(1.0, -9));
  EXPECT_EQ(f8(DType::Float8E4M3FN, std::ldexp(1.0, -10)), 0);  // the tie goes to zero
  EXPECT_EQ(f8(DType::Float8E5M2, 0.3), 0.3125);
  EXPECT_TRUE(std::isinf(f8(DType::Float8E5M2, 1e5)));
  EXPECT_EQ(f8(DType::Float8E5M2, 60000), 57344);
  EXPECT_TRUE(std::isinf(f8(DType::Float8E5M2, 61440)));
  EXPECT_EQ(double_to_narrow(DType::Float8E5M2, INFINITY), 0x7c);
  EXPECT_EQ(double_to_narrow(DType::Float8E5M2, NAN), 0x7e);
  EXPECT_EQ(double_to_narrow(DType::Float8E4M3FNUZ, -0.0), 0x00);
  EXPECT_EQ(double_to_narrow(DType::Float8E4M3FNUZ, NAN), 0x80);
  EXPECT_EQ(double_to_narrow(DType::Float8E5M2FNUZ, 1e6), 0x80);
  EXPECT_EQ(f8(DType::Float8E4M3B11FNUZ, 30.9), 30);
  EXPECT_TRUE(std::isnan(f8(DType::Float8E4M3B11FNUZ, 31)));
  EXPECT_EQ(f8(DType::Float8E3M4, 0.3), 0.296875);
  EXPECT_TRUE(std::isinf(f8(DType::Float8E3M4, 16)));
  EXPECT_EQ(f8(DType::Float8E4M3, 247), 240);
  EXPECT_TRUE(std::isinf(f8(DType::Float8E4M3, 248)));
}

TEST(NarrowDTypeTest, E8m0AndFloat4Conversions) {
  EXPECT_EQ(f8(DType::Float8E8M0FNU, 3), 4);
  EXPECT_EQ(f8(DType::Float8E8M0FNU, 1.4), 1);
  EXPECT_EQ(f8(DType::Float8E8M0FNU, 1.5), 2);
  EXPECT_TRUE(std::isnan(f8(DType::Float8E8M0FNU, 0)));
  EXPECT_TRUE(std::isnan(f8(DType::Float8E8M0FNU, -2)));
  EXPECT_TRUE(std::isnan(f8(DType::Float8E8M0FNU, std::ldexp(1.0, 128))));
  EXPECT_EQ(f8(DType::Float8E8M0FNU, std::ldexp(1.0, -130)), std::ldexp(1.0, -127));
  EXPECT_EQ(f8(DType::Float4E2M1FN, 7), 6);  // no inf: its "infinity" is the max
  EXPECT_EQ(f8(DType::Float4E2M1FN, -100), -6);
  EXPECT_EQ(f8(DType::Float4E2M1FN, 0.25), 0);
  EXPECT_EQ(f8(DType::Float4E2M1FN, 0.75), 1);
  EXPECT_EQ(f8(DType::Float4E2M1FN, 2.5), 2);
  EXPECT_EQ(f8(DType::Float4E2M1FN, 5), 4);
  EXPECT_EQ(double_to_narrow(DType::Float4E2M1FN, NAN), 0x08);  // ml_dtypes' quiet_NaN(): -0
}

TEST(NarrowDTypeTest, SubByteIntsWrapAndFloatsSaturate) {
  EXPECT_EQ(wrap_subbyte(DType::Int4, 8), -8);
  EXPECT_EQ(wrap_subbyte(DType::Int4, 15), -1);
  EXPECT_EQ(wrap_subbyte(DType::Int4, -9), 7);
  EXPECT_EQ(wrap_subbyte(DType::UInt4, 17), 1);
  EXPECT_EQ(wrap_subbyte(DType::Int2, 2), -2);
  Array i = Array::from_ints(DType::Int32, {4}, {9, -9, 7, 16});
  EXPECT_EQ(convert(i, DType::Int4).to_ints(), (std::vector<int64_t>{-7, 7, 7, 0}));
  Array f = Array::from_doubles(DType::Float32, {4}, {100.0, -100.0, 2.7, NAN});
  EXPECT_EQ(convert(f, DType::Int4).to_ints(), (std::vector<int64_t>{7, -8, 2, 0}));
  EXPECT_EQ(convert(f, DType::UInt4).to_ints(), (std::vector<int64_t>{15, 0, 2, 0}));
  Array a = Array::from_ints(DType::Int4, {2}, {7, -8});
  Array one = Array::from_ints(DType::Int4, {2}, {1, -1});
  EXPECT_EQ(binary(BinaryOp::Add, a, one).to_ints(), (std::vector<int64_t>{-8, 7}));
  EXPECT_EQ(convert(a, DType::Float32).to_doubles(), (std::vector<double>{7, -8}));
}

TEST(NarrowDTypeTest, ArrayConversionsRoundOnce) {
  Array f = Array::from_doubles(DType::Float32, {3}, {0.3, 1e5, -0.0});
  EXPECT_EQ(convert(f, DType::Float8E5M2).get_double(0), 0.3125);
  EXPECT_TRUE(std::isinf(convert(f, DType::Float8E5M2).get_double(1)));
  EXPECT_TRUE(std::isnan(convert(f, DType::Float8E4M3FN).get_double(1)));
  Array x = Array::from_doubles(DType::Float8E4M3FN, {2}, {1.0, 0.3});
  // Arithmetic runs in float32 and rounds back on store.
  EXPECT_EQ(binary(BinaryOp::Add, x, x).to_doubles(), (std::vector<double>{2.0, 0.625}));
  EXPECT_EQ(convert(x, DType::BFloat16).to_doubles(), (std::vector<double>{1.0, 0.3125}));
}

TEST(NarrowDTypeTest, SubByteBitcastsRegroupBitsLowNibbleFirst) {
  Array bytes = Array::from_ints(DType::UInt8, {2}, {0x21, 0x43});
  Array nibbles = bitcast_convert(bytes, DType::UInt4);
  EXPECT_EQ(nibbles.shape(), (Shape{2, 2}));
  EXPECT_EQ(nibbles.to_ints(), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(bitcast_convert(Array::from_ints(DType::Int8, {1}, {-1}), DType::Int4).to_ints(),
            (std::vector<int64_t>{-1, -1}));
  Array packed = bitcast_convert(Array::from_ints(DType::Int4, {1, 2}, {1, -8}), DType::Int8);
  EXPECT_EQ(packed.shape(), (Shape{1}));
  EXPECT_EQ(packed.to_ints(), (std::vector<int64_t>{-127}));  // 0x81
  // Same width, different kinds: the 4-bit pattern is kept.
  EXPECT_EQ(bitcast_convert(Array::from_ints(DType::UInt4, {2}, {2, 8}), DType::Float4E2M1FN).to_doubles(),
            (std::vector<double>{1.0, -0.0}));
  EXPECT_EQ(bitcast_convert(Array::from_ints(DType::Int4, {1}, {-8}), DType::UInt4).to_ints(),
            (std::vector<int64_t>{8}));
  EXPECT_EQ(bitcast_convert(Array::from_doubles(DType::Float8E4M3FN, {1}, {1.0}), DType::UInt4).to_ints(),
            (std::vector<int64_t>{8, 3}));  // 0x38
  EXPECT_EQ(bitcast_convert(Array::from_ints(DType::UInt2, {4}, {1, 0, 3, 2}), DType::UInt8).to_ints(),
            (std::vector<int64_t>{0xb1}));
}

TEST(NarrowDTypeTest, PromotionFollowsJaxLattice) {
  EXPECT_EQ(promote_types(DType::Int4, false, DType::Int32, true).dtype, DType::Int4);
  EXPECT_EQ(promote_types(DType::Bool, DType::Int4), DType::Int4);
  EXPECT_EQ(promote_types(DType::Float8E4M3FN, false, DType::Float32, true).dtype, DType::Float8E4M3FN);
  EXPECT_EQ(promote_types(DType::Int32, DType::Float8E5M2), DType::Float8E5M2);
  EXPECT_EQ(promote_types(DType::Float8E5M2, DType::Float8E5M2), DType::Float8E5M2);
  try {
    promote_types(DType::Int4, DType::Int8);
    FAIL() << "int4 + int8 promoted";
  } catch (const EngineError& e) {
    EXPECT_EQ(e.id, ErrorId::type_promotion);
    EXPECT_NE(std::string(e.what()).find("('int4', 'int8')"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("4-bit integers"), std::string::npos) << e.what();
  }
  try {
    promote_types(DType::Float8E4M3FN, false, DType::Float32, false);
    FAIL() << "float8 + float32 promoted";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("8-bit floats do not support implicit promotion"), std::string::npos);
  }
  EXPECT_THROW(promote_types(DType::Float8E4M3FN, DType::Float8E5M2), EngineError);
  EXPECT_THROW(promote_types(DType::BFloat16, DType::Float8E4M3FN), EngineError);
  try {
    promote_types(DType::Int4, false, DType::Float32, true);
    FAIL() << "int4 + 1.0 promoted";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("('int4', \"<class 'float'>\")"), std::string::npos) << e.what();
  }
}

TEST(NarrowDTypeTest, DotResultTypes) {
  Array a = Array::from_ints(DType::Int8, {1, 2}, {3, -4});
  Array w = Array::from_ints(DType::Int4, {2, 1}, {7, -8});
  DotDims d{{1}, {0}, {}, {}};
  Array out = dot_general(a, w, d, DType::Int32);
  EXPECT_EQ(out.dtype(), DType::Int32);
  EXPECT_EQ(out.get_int(0), 53);
  EXPECT_EQ(dot_general(a, w, d).dtype(), DType::Int8);  // int8 has the wider bit width
  Array ww = dot_general(w, Array::from_ints(DType::Int4, {1, 1}, {3}), DotDims{{1}, {0}, {}, {}});
  EXPECT_EQ(ww.dtype(), DType::Int4);
  EXPECT_EQ(ww.to_ints(), (std::vector<int64_t>{5, -8}));  // 21 and -24 wrap to 4 bits
  Array x = Array::from_doubles(DType::Float8E4M3FN, {1, 2}, {0.5, 2.0});
  Array y = Array::from_doubles(DType::BFloat16, {2, 1}, {3.0, 0.25});
  EXPECT_EQ(dot_general(x, y, d).dtype(), DType::BFloat16);
  EXPECT_EQ(dot_general(x, y, d, DType::Float32).get_double(0), 2.0);
}

TEST(NarrowDTypeTest, FormatsAsJaxPrints) {
  EXPECT_EQ(array_repr(Array::from_ints(DType::Int4, {2}, {1, 2})), "Array([1, 2], dtype=int4)");
  EXPECT_EQ(array_repr(Array::from_ints(DType::Int4, {3}, {1, -8, 7})), "Array([1, -8, 7], dtype=int4)");
  EXPECT_EQ(array_repr(Array::from_doubles(DType::Float8E4M3FN, {3}, {0.3, 500, 1})),
            "Array([0.3125, nan, 1], dtype=float8_e4m3fn)");
  EXPECT_EQ(array_repr(Array::from_doubles(DType::Float8E5M2, {2}, {1e5, -2.5})),
            "Array([inf, -2.5], dtype=float8_e5m2)");
  EXPECT_EQ(array_repr(Array::scalar(DType::Float8E4M3FN, 0.1)), "Array(0.101562, dtype=float8_e4m3fn)");
}

}  // namespace
}  // namespace rungs::array
