#include <gtest/gtest.h>

#include <cmath>

#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {
namespace {

Array arange_f32(Shape s) { return reshape(iota(DType::Float32, {num_elements(s)}, 0), s); }

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

TEST(ReduceTest, SumOverEveryAxisLayout) {
  Array x = arange_f32({2, 3, 4});
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {}).to_doubles(), x.to_doubles());  // no axes: identity
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {0, 1, 2}).to_doubles(), (std::vector<double>{276}));
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {2}).to_doubles(), (std::vector<double>{6, 22, 38, 54, 70, 86}));
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {0}).to_doubles(),
            (std::vector<double>{12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34}));
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {1}).to_doubles(), (std::vector<double>{12, 15, 18, 21, 48, 51, 54, 57}));
  // Non-contiguous axes (0, 2) go through a transpose.
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {0, -1}).to_doubles(), (std::vector<double>{60, 92, 124}));
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {0, -1}).shape(), (Shape{3}));
}

TEST(ReduceTest, FloatSumRoundsOnceFromDouble) {
  // 0.1f added ten times: f32 step-by-step accumulation gives 1.0000001;
  // accumulating in double and rounding once gives exactly 1.
  Array x = Array::full(DType::Float32, {10}, Scalar::from_float(0.1));
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {0}).get_double(0), 1.0);
  Array h = Array::full(DType::BFloat16, {300}, Scalar::from_float(1.0));
  EXPECT_EQ(reduce(ReduceOp::Sum, h, {0}).get_double(0), 300.0);  // bf16 stores 300 exactly
}

TEST(ReduceTest, MaxMinPropagateNaNAndEmptyIdentities) {
  Array x = Array::from_doubles(DType::Float32, {2, 2}, {1, NAN, 3, 4});
  Array m = reduce(ReduceOp::Max, x, {1});
  EXPECT_TRUE(std::isnan(m.get_double(0)));
  EXPECT_EQ(m.get_double(1), 4);
  EXPECT_EQ(reduce(ReduceOp::Max, Array::zeros(DType::Float32, {0}), {0}).get_double(0), -INFINITY);
  EXPECT_EQ(reduce(ReduceOp::Min, Array::zeros(DType::Int8, {0}), {0}).get_int(0), 127);
  EXPECT_EQ(reduce(ReduceOp::Prod, Array::zeros(DType::Float32, {0}), {0}).get_double(0), 1.0);
}

TEST(ReduceTest, IntegerSumsWrapAndBoolReductions) {
  Array x = Array::from_ints(DType::Int8, {3}, {100, 100, 100});
  EXPECT_EQ(reduce(ReduceOp::Sum, x, {0}).get_int(0), 44);  // 300 wraps in int8
  Array b = Array::from_bools({2, 2}, {true, false, true, true});
  EXPECT_EQ(reduce(ReduceOp::And, b, {1}).to_ints(), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(reduce(ReduceOp::Or, b, {0}).to_ints(), (std::vector<int64_t>{1, 1}));
  Array u = Array::from_ints(DType::UInt8, {2}, {0x0F, 0x3C});
  EXPECT_EQ(reduce(ReduceOp::And, u, {0}).get_int(0), 0x0C);
}

TEST(ReduceTest, ArgMaxFirstOccurrenceAndNaN) {
  Array x = Array::from_doubles(DType::Float32, {2, 4}, {1, 5, 5, 2, 1, NAN, 7, NAN});
  Array am = reduce(ReduceOp::ArgMax, x, {1});
  EXPECT_EQ(am.dtype(), DType::Int32);
  EXPECT_EQ(am.to_ints(), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(reduce(ReduceOp::ArgMin, x, {1}).to_ints(), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(reduce(ReduceOp::ArgMin, x, {0}).to_ints(), (std::vector<int64_t>{0, 1, 0, 1}));
  EngineError e = expect_error([] { reduce(ReduceOp::ArgMax, Array::zeros(DType::Float32, {0}), {0}); });
  EXPECT_EQ(e.message, "attempt to get argmax of an empty sequence");
}

TEST(ReduceTest, AxisErrors) {
  Array x = arange_f32({2, 3});
  EngineError e = expect_error([&] { reduce(ReduceOp::Sum, x, {2}); });
  EXPECT_EQ(e.type, "ValueError");
  EXPECT_EQ(e.message, "axis 2 is out of bounds for array of dimension 2");
  e = expect_error([&] { reduce(ReduceOp::Sum, x, {0, -2}); });
  EXPECT_EQ(e.message, "duplicate value in 'axis': (0, -2)");
}

TEST(CumulativeTest, ForwardReverseAndNaN) {
  Array x = arange_f32({2, 3});
  EXPECT_EQ(cumulative(ReduceOp::Sum, x, 1, false).to_doubles(), (std::vector<double>{0, 1, 3, 3, 7, 12}));
  EXPECT_EQ(cumulative(ReduceOp::Sum, x, 0, false).to_doubles(), (std::vector<double>{0, 1, 2, 3, 5, 7}));
  EXPECT_EQ(cumulative(ReduceOp::Sum, x, 1, true).to_doubles(), (std::vector<double>{3, 3, 2, 12, 9, 5}));
  EXPECT_EQ(cumulative(ReduceOp::Prod, Array::from_ints(DType::Int32, {4}, {1, 2, 3, 4}), 0, false).to_ints(),
            (std::vector<int64_t>{1, 2, 6, 24}));
  Array m = cumulative(ReduceOp::Max, Array::from_doubles(DType::Float32, {4}, {1, 3, NAN, 2}), 0, false);
  EXPECT_EQ(m.get_double(1), 3);
  EXPECT_TRUE(std::isnan(m.get_double(3)));
}

}  // namespace
}  // namespace rungs::array
