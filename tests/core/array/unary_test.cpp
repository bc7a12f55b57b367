// Unary element-wise ops and integer_pow: float ops in double rounded once
// (log via XLA's Cephes polynomial), ints wrapping, lax dtype errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {
namespace {

Array f32(std::vector<double> v) {
  Shape s{static_cast<int64_t>(v.size())};
  return Array::from_doubles(DType::Float32, s, v);
}
Array ints(DType t, std::vector<int64_t> v) {
  Shape s{static_cast<int64_t>(v.size())};
  return Array::from_ints(t, s, v);
}

template <typename F>
EngineError expect_error(F f) {
  try {
    f();
  } catch (const EngineError& e) {
    return e;
  }
  ADD_FAILURE() << "expected an EngineError";
  return EngineError(ErrorId::internal_error, "", "", {});
}

TEST(UnaryTest, FloatOps) {
  Array x = f32({-2.5, -0.5, 0.5, 2.5});
  EXPECT_EQ(unary(UnaryOp::Round, x).to_doubles(), (std::vector<double>{-3, -1, 1, 3}));  // away from 0
  EXPECT_EQ(unary(UnaryOp::RoundEven, x).to_doubles(), (std::vector<double>{-2, -0.0, 0, 2}));
  EXPECT_EQ(unary(UnaryOp::Floor, x).to_doubles(), (std::vector<double>{-3, -1, 0, 2}));
  EXPECT_EQ(unary(UnaryOp::Neg, x).to_doubles(), (std::vector<double>{2.5, 0.5, -0.5, -2.5}));
  Array s = unary(UnaryOp::Sign, f32({-3, 0, NAN, 7}));
  EXPECT_EQ(s.get_double(0), -1);
  EXPECT_EQ(s.get_double(1), 0);
  EXPECT_TRUE(std::isnan(s.get_double(2)));
  EXPECT_EQ(s.get_double(3), 1);
  EXPECT_FLOAT_EQ(unary(UnaryOp::Exp, f32({1})).get_double(0), 2.7182817f);
  EXPECT_FLOAT_EQ(unary(UnaryOp::Logistic, f32({0})).get_double(0), 0.5f);
  EXPECT_EQ(unary(UnaryOp::Rsqrt, f32({4})).get_double(0), 0.5);
  EXPECT_EQ(unary(UnaryOp::Log, f32({1})).get_double(0), 0.0);
  EXPECT_EQ(unary(UnaryOp::Log, f32({0})).get_double(0), -INFINITY);
  EXPECT_TRUE(std::isnan(unary(UnaryOp::Log, f32({-1})).get_double(0)));
  EXPECT_FLOAT_EQ(unary(UnaryOp::Log, f32({10})).get_double(0), 2.3025851f);
  EXPECT_EQ(unary(UnaryOp::ErfInv, f32({1, -1, 0})).to_doubles(), (std::vector<double>{INFINITY, -INFINITY, 0}));
  EXPECT_NEAR(unary(UnaryOp::ErfInv, f32({0.5})).get_double(0), 0.4769362762044699, 1e-6);
  Array fin = unary(UnaryOp::IsFinite, f32({1, INFINITY, NAN}));
  EXPECT_EQ(fin.dtype(), DType::Bool);
  EXPECT_EQ(fin.to_ints(), (std::vector<int64_t>{1, 0, 0}));
}

TEST(UnaryTest, HalfTypesRoundOnce) {
  Array x = Array::from_doubles(DType::BFloat16, {1}, {2.0});
  Array y = unary(UnaryOp::Sqrt, x);
  EXPECT_EQ(y.dtype(), DType::BFloat16);
  EXPECT_EQ(y.get_double(0), 1.4140625);  // bf16(sqrt(2))
  Array h = unary(UnaryOp::Exp, Array::from_doubles(DType::Float16, {1}, {1.0}));
  EXPECT_EQ(h.get_double(0), 2.71875);  // f16(e)
}

TEST(UnaryTest, IntOpsWrap) {
  Array x = ints(DType::Int8, {-128, -1, 0, 5});
  EXPECT_EQ(unary(UnaryOp::Neg, x).to_ints(), (std::vector<int64_t>{-128, 1, 0, -5}));
  EXPECT_EQ(unary(UnaryOp::Abs, x).to_ints(), (std::vector<int64_t>{-128, 1, 0, 5}));
  EXPECT_EQ(unary(UnaryOp::Not, x).to_ints(), (std::vector<int64_t>{127, 0, -1, -6}));
  EXPECT_EQ(unary(UnaryOp::PopulationCount, x).to_ints(), (std::vector<int64_t>{1, 8, 0, 2}));
  EXPECT_EQ(unary(UnaryOp::Clz, x).to_ints(), (std::vector<int64_t>{0, 0, 8, 5}));
  EXPECT_EQ(unary(UnaryOp::Square, ints(DType::UInt16, {65535})).to_ints(), (std::vector<int64_t>{1}));
  Array b = Array::from_bools({2}, {true, false});
  EXPECT_EQ(unary(UnaryOp::Not, b).to_ints(), (std::vector<int64_t>{0, 1}));
}

TEST(UnaryTest, RejectsWrongDtypesWithJaxText) {
  EngineError e = expect_error([] { unary(UnaryOp::Sin, ints(DType::Int32, {1})); });
  EXPECT_EQ(e.type, "TypeError");
  EXPECT_EQ(e.message, "sin does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating.");
  EXPECT_EQ(e.id, ErrorId::op_dtype);
}

TEST(UnaryTest, IntegerPow) {
  EXPECT_EQ(integer_pow(f32({2, -3}), 3).to_doubles(), (std::vector<double>{8, -27}));
  EXPECT_EQ(integer_pow(f32({2}), -2).to_doubles(), (std::vector<double>{0.25}));
  EXPECT_EQ(integer_pow(ints(DType::Int32, {3}), 0).to_ints(), (std::vector<int64_t>{1}));
  EXPECT_EQ(integer_pow(ints(DType::Int8, {3}), 5).to_ints(), (std::vector<int64_t>{-13}));  // 243 wraps
}

}  // namespace
}  // namespace rungs::array
