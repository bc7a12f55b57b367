// Element-wise ops: unary, binary (with broadcasting), convert, select,
// clamp. Integer edge cases follow XLA on CPU (x/0 = -1, x%0 = x, shifts
// past the width); the jnp-level floor_divide/remainder follow jnp's own
// formulas on top of them.
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

TEST(BinaryTest, FloatArithmeticAndNaN) {
  Array a = f32({1, NAN, -0.0, 5});
  Array b = f32({2, 1, 0.0, NAN});
  Array mx = binary(BinaryOp::Max, a, b);
  EXPECT_EQ(mx.get_double(0), 2);
  EXPECT_TRUE(std::isnan(mx.get_double(1)));
  EXPECT_TRUE(std::isnan(mx.get_double(3)));
  EXPECT_EQ(binary(BinaryOp::Div, f32({1, -1, 0}), f32({0, 0, 0})).get_double(1), -INFINITY);
  EXPECT_EQ(binary(BinaryOp::Rem, f32({-7, 7}), f32({3, -3})).to_doubles(), (std::vector<double>{-1, 1}));
  EXPECT_EQ(binary(BinaryOp::Mod, f32({-7, 7}), f32({3, -3})).to_doubles(), (std::vector<double>{2, -2}));
  EXPECT_EQ(binary(BinaryOp::FloorDiv, f32({-7, 7, 7.5}), f32({3, -3, 2})).to_doubles(),
            (std::vector<double>{-3, -3, 3}));
  EXPECT_EQ(binary(BinaryOp::Pow, f32({2, 9}), f32({10, 0.5})).to_doubles(), (std::vector<double>{1024, 3}));
  EXPECT_EQ(binary(BinaryOp::NextAfter, f32({1}), f32({2})).get_double(0), 1.0000001192092896);
  Array h = binary(BinaryOp::NextAfter, Array::from_doubles(DType::BFloat16, {1}, {1.0}),
                   Array::from_doubles(DType::BFloat16, {1}, {2.0}));
  EXPECT_EQ(h.get_double(0), 1.0078125);  // next bf16 after 1
}

TEST(BinaryTest, IntegerDivisionFollowsXlaCpu) {
  Array a = ints(DType::Int32, {7, -7, 7, INT32_MIN, 5, 0});
  Array b = ints(DType::Int32, {2, 2, 0, -1, -2, 0});
  EXPECT_EQ(binary(BinaryOp::Div, a, b).to_ints(), (std::vector<int64_t>{3, -3, -1, INT32_MIN, -2, -1}));
  EXPECT_EQ(binary(BinaryOp::Rem, a, b).to_ints(), (std::vector<int64_t>{1, -1, 7, 0, 1, 0}));
  // jnp.floor_divide: div, then -1 where signs differ and rem != 0.
  EXPECT_EQ(binary(BinaryOp::FloorDiv, a, b).to_ints(), (std::vector<int64_t>{3, -4, -2, INT32_MIN, -3, -1}));
  // jnp.remainder: a zero divisor is replaced by 1.
  EXPECT_EQ(binary(BinaryOp::Mod, a, b).to_ints(), (std::vector<int64_t>{1, 1, 0, 0, -1, 0}));
  Array u = binary(BinaryOp::Div, ints(DType::UInt8, {9}), ints(DType::UInt8, {0}));
  EXPECT_EQ(u.get_int(0), 255);
}

TEST(BinaryTest, IntegerOverflowWraps) {
  Array a = ints(DType::Int32, {INT32_MAX, INT32_MIN});
  EXPECT_EQ(binary(BinaryOp::Add, a, ints(DType::Int32, {1, -1})).to_ints(),
            (std::vector<int64_t>{INT32_MIN, INT32_MAX}));
  EXPECT_EQ(binary(BinaryOp::Mul, ints(DType::UInt16, {65535}), ints(DType::UInt16, {65535})).get_int(0), 1);
  EXPECT_EQ(binary(BinaryOp::Pow, ints(DType::Int32, {3, 2, -1, 1}), ints(DType::Int32, {4, -1, -3, -5})).to_ints(),
            (std::vector<int64_t>{81, 0, -1, 1}));
}

TEST(BinaryTest, ShiftsPastTheWidth) {
  Array x = ints(DType::Int8, {-16, -16, 16, 1, 1});
  Array s = ints(DType::Int8, {2, 9, 9, 7, -1});
  EXPECT_EQ(binary(BinaryOp::ShiftRightArithmetic, x, s).to_ints(), (std::vector<int64_t>{-4, -1, 0, 0, 0}));
  EXPECT_EQ(binary(BinaryOp::ShiftRightLogical, x, s).to_ints(), (std::vector<int64_t>{60, 0, 0, 0, 0}));
  EXPECT_EQ(binary(BinaryOp::ShiftLeft, x, s).to_ints(), (std::vector<int64_t>{-64, 0, 0, -128, 0}));
}

TEST(BinaryTest, BroadcastingAndWeakTypes) {
  Array a = Array::from_doubles(DType::Float32, {2, 1}, {10, 20});
  Array b = f32({1, 2, 3});
  Array c = binary(BinaryOp::Add, a, b);
  EXPECT_EQ(c.shape(), (Shape{2, 3}));
  EXPECT_EQ(c.to_doubles(), (std::vector<double>{11, 12, 13, 21, 22, 23}));
  Array m = Array::from_doubles(DType::Float32, {2, 3, 1}, {1, 2, 3, 4, 5, 6});
  Array n = Array::from_doubles(DType::Float32, {1, 1, 2}, {10, 100});
  EXPECT_EQ(binary(BinaryOp::Mul, m, n).to_doubles(),
            (std::vector<double>{10, 100, 20, 200, 30, 300, 40, 400, 50, 500, 60, 600}));
  Array w = Array::scalar(DType::Float32, 2).with_weak_type(true);
  EXPECT_TRUE(binary(BinaryOp::Add, w, w).weak_type());
  EXPECT_FALSE(binary(BinaryOp::Add, w, b).weak_type());
  EXPECT_EQ(binary(BinaryOp::Lt, b, w).dtype(), DType::Bool);
  EngineError e = expect_error([&] { binary(BinaryOp::Add, f32({1, 2, 3}), f32({1, 2, 3, 4})); });
  EXPECT_EQ(e.type, "ValueError");
  EXPECT_EQ(e.message, "Incompatible shapes for broadcasting: shapes=[(3,), (4,)]");
  e = expect_error([&] { binary(BinaryOp::Add, b, ints(DType::Int32, {1, 2, 3})); });
  EXPECT_EQ(e.type, "TypeError");
  EXPECT_EQ(e.message, "lax.add requires arguments to have the same dtypes, got float32, int32.");
}

TEST(BinaryTest, BoolOps) {
  Array t = Array::from_bools({2}, {true, false});
  Array f = Array::from_bools({2}, {true, true});
  EXPECT_EQ(binary(BinaryOp::Add, t, f).to_ints(), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(binary(BinaryOp::Xor, t, f).to_ints(), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(binary(BinaryOp::Eq, t, f).to_ints(), (std::vector<int64_t>{1, 0}));
}

TEST(ConvertTest, FloatToIntSaturatesAndNanIsZero) {
  Array x = f32({1.9, -1.9, NAN, 1e10, -1e10, INFINITY, -INFINITY});
  EXPECT_EQ(convert(x, DType::Int32).to_ints(),
            (std::vector<int64_t>{1, -1, 0, INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN}));
  EXPECT_EQ(convert(x, DType::UInt8).to_ints(), (std::vector<int64_t>{1, 0, 0, 255, 0, 255, 0}));
  EXPECT_EQ(convert(x, DType::Bool).to_ints(), (std::vector<int64_t>{1, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(convert(f32({0, -0.0}), DType::Bool).to_ints(), (std::vector<int64_t>{0, 0}));
}

TEST(ConvertTest, IntNarrowingWrapsAndHalves) {
  EXPECT_EQ(convert(ints(DType::Int32, {300, -1, 128}), DType::Int8).to_ints(), (std::vector<int64_t>{44, -1, -128}));
  EXPECT_EQ(convert(ints(DType::Int32, {-1}), DType::UInt32).to_ints(), (std::vector<int64_t>{4294967295LL}));
  EXPECT_EQ(convert(ints(DType::UInt32, {4294967295LL}), DType::Int32).to_ints(), (std::vector<int64_t>{-1}));
  Array bf = convert(f32({1.00390625, 3.0e38 * 10}), DType::BFloat16);  // tie -> even; overflow -> inf
  EXPECT_EQ(bf.get_double(0), 1.0);
  EXPECT_EQ(bf.get_double(1), INFINITY);
  EXPECT_EQ(convert(Array::from_doubles(DType::BFloat16, {1}, {1.5}), DType::Float16).get_double(0), 1.5);
  Array w = convert(f32({1}), DType::Float32, /*weak=*/true);
  EXPECT_TRUE(w.weak_type());
  EXPECT_EQ(bitcast_convert(f32({1.0}), DType::UInt32).get_int(0), 0x3F800000);
}

TEST(SelectTest, BroadcastingWhere) {
  Array p = Array::from_bools({2, 1}, {true, false});
  Array t = f32({1, 2, 3});
  Array f = Array::scalar(DType::Float32, 0);
  Array r = select(p, t, f);
  EXPECT_EQ(r.shape(), (Shape{2, 3}));
  EXPECT_EQ(r.to_doubles(), (std::vector<double>{1, 2, 3, 0, 0, 0}));
  Array which = ints(DType::Int32, {0, 2, 1, 5});
  Array s = select_n(which, {f32({10, 10, 10, 10}), f32({20, 20, 20, 20}), f32({30, 30, 30, 30})});
  EXPECT_EQ(s.to_doubles(), (std::vector<double>{10, 30, 20, 30}));
  EngineError e = expect_error([&] { select(t, t, t); });
  EXPECT_EQ(e.type, "TypeError");
}

TEST(ClampTest, ScalarBounds) {
  Array r = clamp(Array::scalar(DType::Float32, 0), f32({-1, 0.5, 2, NAN}), Array::scalar(DType::Float32, 1));
  EXPECT_EQ(r.get_double(0), 0);
  EXPECT_EQ(r.get_double(1), 0.5);
  EXPECT_EQ(r.get_double(2), 1);
  EXPECT_TRUE(std::isnan(r.get_double(3)));
}

}  // namespace
}  // namespace rungs::array
