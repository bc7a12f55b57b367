// convert_element_type (saturating float->int, NaN -> 0, wrapping int
// narrowing, RNE to half types), bitcast, select/select_n and clamp.
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
