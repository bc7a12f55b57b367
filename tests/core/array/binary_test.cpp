// Binary element-wise ops with broadcasting. Integer edge cases follow XLA
// on CPU (x/0 = -1, x%0 = x, shifts past the width); jnp floor_divide and
// remainder follow jnp's own formulas on top of them.
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

// binary_consuming(): the same values as binary(); it reuses an operand's
// storage only when nothing else holds it.
TEST(Binary, ConsumingReusesOnlyUnsharedOperands) {
  Array a = f32({1, 2, 3});
  Array kept = a;  // a second holder: a must not be written
  Array r = binary_consuming(BinaryOp::Add, a, f32({10, 20, 30}));
  EXPECT_EQ(r.to_doubles(), (std::vector<double>{11, 22, 33}));
  EXPECT_EQ(kept.to_doubles(), (std::vector<double>{1, 2, 3}));

  Array b = f32({1, 2, 3});
  const std::byte* storage = b.raw();
  Array s = binary_consuming(BinaryOp::Mul, std::move(b), Array::scalar(DType::Float32, 2.0));
  EXPECT_EQ(s.raw(), storage);  // computed in place
  EXPECT_EQ(s.to_doubles(), (std::vector<double>{2, 4, 6}));
  Array t = binary_consuming(BinaryOp::Sub, Array::scalar(DType::Float32, 1.0), std::move(s));
  EXPECT_EQ(t.raw(), storage);  // the right operand, too
  EXPECT_EQ(t.to_doubles(), (std::vector<double>{-1, -3, -5}));
  // A comparison's bool result cannot take a float operand's storage.
  EXPECT_EQ(binary_consuming(BinaryOp::Lt, std::move(t), Array::scalar(DType::Float32, -2.0)).dtype(), DType::Bool);
}

}  // namespace
}  // namespace rungs::array
