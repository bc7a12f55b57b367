#include "core/array/dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "core/errors/error.h"

namespace rungs::array {
namespace {

TEST(DTypeTest, NamesAndSizes) {
  EXPECT_STREQ(dtype_name(DType::BFloat16), "bfloat16");
  EXPECT_STREQ(dtype_name(DType::Bool), "bool");
  EXPECT_STREQ(dtype_short_name(DType::BFloat16), "bf16");
  EXPECT_STREQ(dtype_short_name(DType::UInt16), "u16");
  EXPECT_STREQ(dtype_short_name(DType::Float32), "f32");
  EXPECT_EQ(itemsize(DType::Int16), 2);
  EXPECT_EQ(itemsize(DType::Bool), 1);
  EXPECT_EQ(bit_width(DType::Float32), 32);
  EXPECT_TRUE(is_float(DType::BFloat16));
  EXPECT_TRUE(is_unsigned_int(DType::UInt8));
  EXPECT_FALSE(is_integer(DType::Bool));
}

TEST(DTypeTest, ParseCanonicalisesSixtyFourBit) {
  EXPECT_EQ(parse_dtype("float32"), DType::Float32);
  EXPECT_EQ(parse_dtype("f32"), DType::Float32);
  EXPECT_EQ(parse_dtype("int64"), DType::Int32);
  EXPECT_EQ(parse_dtype("float64"), DType::Float32);
  EXPECT_EQ(parse_dtype("uint64"), DType::UInt32);
  EXPECT_EQ(parse_dtype("bfloat16"), DType::BFloat16);
  EXPECT_EQ(parse_dtype("jnp.int8"), DType::Int8);
  EXPECT_EQ(parse_dtype("bool"), DType::Bool);
  EXPECT_EQ(parse_dtype("float"), DType::Float32);
  EXPECT_EQ(parse_dtype("complex64"), std::nullopt);
  try {
    canonicalize_name("float128x");
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.type, "TypeError");
    EXPECT_EQ(e.message, "data type 'float128x' not understood");
  }
}

TEST(DTypeTest, InfoHelpers) {
  EXPECT_EQ(int_min(DType::Int8), -128);
  EXPECT_EQ(int_max(DType::UInt32), 4294967295LL);
  EXPECT_EQ(int_min(DType::Int32), -2147483648LL);
  EXPECT_EQ(float_max(DType::Float16), 65504.0);
  EXPECT_EQ(float_max(DType::BFloat16), 3.3895313892515355e+38);
  EXPECT_EQ(eps(DType::BFloat16), 0.0078125);
  EXPECT_EQ(eps(DType::Float32), std::ldexp(1.0, -23));
  EXPECT_EQ(float_min_normal(DType::Float16), std::ldexp(1.0, -14));
}

// JAX's documented binary promotion table (docs/type_promotion.rst, the
// table generated from dtypes._lattice_result_type), restricted to the types
// that exist with x64 disabled. "i*"/"f*" are weak int/float; "i8" results
// canonicalise to int32. Rows and columns in this order:
const char* kTypes[] = {"b1", "u1", "u2", "u4", "i1", "i2", "i4", "bf", "f2", "f4", "i*", "f*"};
const char* kTable[] = {
    "b1 u1 u2 u4 i1 i2 i4 bf f2 f4 i* f*",  // b1
    "u1 u1 u2 u4 i2 i2 i4 bf f2 f4 u1 f*",  // u1
    "u2 u2 u2 u4 i4 i4 i4 bf f2 f4 u2 f*",  // u2
    "u4 u4 u4 u4 i8 i8 i8 bf f2 f4 u4 f*",  // u4
    "i1 i2 i4 i8 i1 i2 i4 bf f2 f4 i1 f*",  // i1
    "i2 i2 i4 i8 i2 i2 i4 bf f2 f4 i2 f*",  // i2
    "i4 i4 i4 i8 i4 i4 i4 bf f2 f4 i4 f*",  // i4
    "bf bf bf bf bf bf bf bf f4 f4 bf bf",  // bf
    "f2 f2 f2 f2 f2 f2 f2 f4 f2 f4 f2 f2",  // f2
    "f4 f4 f4 f4 f4 f4 f4 f4 f4 f4 f4 f4",  // f4
    "i* u1 u2 u4 i1 i2 i4 bf f2 f4 i* f*",  // i*
    "f* f* f* f* f* f* f* bf f2 f4 f* f*",  // f*
};

PromotedType decode(const std::string& s) {
  if (s == "b1") return {DType::Bool, false};
  if (s == "u1") return {DType::UInt8, false};
  if (s == "u2") return {DType::UInt16, false};
  if (s == "u4") return {DType::UInt32, false};
  if (s == "i1") return {DType::Int8, false};
  if (s == "i2") return {DType::Int16, false};
  if (s == "i4" || s == "i8") return {DType::Int32, false};
  if (s == "bf") return {DType::BFloat16, false};
  if (s == "f2") return {DType::Float16, false};
  if (s == "f4") return {DType::Float32, false};
  if (s == "i*") return {DType::Int32, true};
  return {DType::Float32, true};  // f*
}

TEST(DTypeTest, PromotionMatchesJaxTable) {
  for (int r = 0; r < 12; ++r) {
    std::istringstream row(kTable[r]);
    for (int c = 0; c < 12; ++c) {
      std::string cell;
      row >> cell;
      PromotedType a = decode(kTypes[r]), b = decode(kTypes[c]), want = decode(cell);
      PromotedType got = promote_types(a.dtype, a.weak, b.dtype, b.weak);
      EXPECT_EQ(got.dtype, want.dtype) << kTypes[r] << " + " << kTypes[c];
      EXPECT_EQ(got.weak, want.weak) << kTypes[r] << " + " << kTypes[c];
    }
  }
}

TEST(DTypeTest, PromotionSpecialCases) {
  // Weak int keeps int8; weak float + int32 -> weak float32; both weak ->
  // join of the strong types, weak; bool results are never weak.
  EXPECT_EQ(promote_types(DType::Int8, false, DType::Int32, true).dtype, DType::Int8);
  PromotedType p = promote_types(DType::Int32, false, DType::Float32, true);
  EXPECT_EQ(p.dtype, DType::Float32);
  EXPECT_TRUE(p.weak);
  p = promote_types(DType::Int32, true, DType::Float32, true);
  EXPECT_EQ(p.dtype, DType::Float32);
  EXPECT_TRUE(p.weak);
  p = promote_types(DType::Bool, true, DType::Bool, true);
  EXPECT_EQ(p.dtype, DType::Bool);
  EXPECT_FALSE(p.weak);
  EXPECT_EQ(promote_types(DType::UInt32, DType::Int32), DType::Int32);  // int64 with x64 off
  EXPECT_EQ(promote_types(DType::BFloat16, DType::Float16), DType::Float32);
  EXPECT_EQ(promote_types(DType::Int8, DType::UInt8), DType::Int16);
}

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

TEST(DTypeTest, BFloat16RoundToNearestEven) {
  EXPECT_EQ(float_to_bf16(1.0f), 0x3F80);
  EXPECT_EQ(float_to_bf16(from_bits(0x3F808000)), 0x3F80);  // tie -> even (down)
  EXPECT_EQ(float_to_bf16(from_bits(0x3F818000)), 0x3F82);  // tie -> even (up)
  EXPECT_EQ(float_to_bf16(from_bits(0x3F808001)), 0x3F81);  // above tie
  EXPECT_EQ(float_to_bf16(from_bits(0x3F807FFF)), 0x3F80);  // below tie
  EXPECT_EQ(float_to_bf16(-0.0f), 0x8000);
  EXPECT_EQ(float_to_bf16(from_bits(0x7F7FFFFF)), 0x7F80);  // FLT_MAX overflows to inf
  EXPECT_EQ(float_to_bf16(-INFINITY), 0xFF80);
  uint16_t n = float_to_bf16(from_bits(0x7F800001));  // signalling NaN stays NaN
  EXPECT_EQ(n & 0x7F80, 0x7F80);
  EXPECT_NE(n & 0x007F, 0);
  EXPECT_TRUE(std::isnan(bf16_to_float(float_to_bf16(NAN))));
  EXPECT_EQ(bf16_to_float(0x4049), 3.140625f);
  EXPECT_EQ(round_to_bf16(3.14159f), 3.140625f);
}

TEST(DTypeTest, Float16MatchesNumpyCasts) {
  // Expected bits from numpy: np.float32(v).astype(np.float16).view(np.uint16).
  struct Case {
    float v;
    uint16_t want;
  } cases[] = {{0.1f, 0x2e66},          {1.0f / 3.0f, 0x3555},       {65504.0f, 0x7bff},
               {65519.0f, 0x7bff},      {65520.0f, 0x7c00},          {std::ldexp(1.0f, -24), 0x0001},
               {std::ldexp(1.0f, -25), 0x0000}, {1.5f * std::ldexp(1.0f, -25), 0x0001},
               {std::ldexp(1.0f, -14), 0x0400}, {1.0009765625f, 0x3c01},      {1.00048828125f, 0x3c00},
               {1.00146484375f, 0x3c02}, {-2.0f, 0xc000},             {6.1e-5f, 0x03ff}};
  for (const Case& c : cases) EXPECT_EQ(float_to_f16(c.v), c.want) << c.v;
  EXPECT_EQ(f16_to_float(0x2e66), 0.0999755859375f);
  EXPECT_EQ(f16_to_float(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(f16_to_float(0x7c00), INFINITY);
  EXPECT_TRUE(std::isnan(f16_to_float(float_to_f16(NAN))));
  EXPECT_EQ(bits(f16_to_float(0x8000)), 0x80000000u);
}

}  // namespace
}  // namespace rungs::array
