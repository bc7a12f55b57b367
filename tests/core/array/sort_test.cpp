#include <gtest/gtest.h>

#include <cmath>

#include "core/array/ops.h"

namespace rungs::array {
namespace {

TEST(SortTest, NaNLastAndSignedZerosEqual) {
  Array x = Array::from_doubles(DType::Float32, {6}, {3, NAN, -0.0, 0.0, -INFINITY, 1});
  Array s = sort(x, 0);
  EXPECT_EQ(s.get_double(0), -INFINITY);
  EXPECT_TRUE(std::signbit(s.get_double(1)));  // -0.0 stays before 0.0 (stable, equal keys)
  EXPECT_FALSE(std::signbit(s.get_double(2)));
  EXPECT_EQ(s.get_double(3), 1);
  EXPECT_EQ(s.get_double(4), 3);
  EXPECT_TRUE(std::isnan(s.get_double(5)));
  EXPECT_EQ(argsort(x, 0).to_ints(), (std::vector<int64_t>{4, 2, 3, 5, 0, 1}));
}

TEST(SortTest, StableAlongAnyAxis) {
  Array x = Array::from_ints(DType::Int32, {2, 3}, {2, 1, 2, 0, 5, 0});
  EXPECT_EQ(sort(x, 1).to_ints(), (std::vector<int64_t>{1, 2, 2, 0, 0, 5}));
  EXPECT_EQ(argsort(x, 1).to_ints(), (std::vector<int64_t>{1, 0, 2, 0, 2, 1}));
  EXPECT_EQ(sort(x, 0).to_ints(), (std::vector<int64_t>{0, 1, 0, 2, 5, 2}));
  EXPECT_EQ(argsort(x, -2).to_ints(), (std::vector<int64_t>{1, 0, 1, 0, 1, 0}));
}

TEST(SortTest, MultiOperandLexicographic) {
  Array k1 = Array::from_ints(DType::Int32, {4}, {1, 0, 1, 0});
  Array k2 = Array::from_ints(DType::Int32, {4}, {5, 9, 2, 1});
  Array v = Array::from_doubles(DType::Float32, {4}, {10, 20, 30, 40});
  std::vector<Array> r = sort_multi({k1, k2, v}, 0, 2);
  EXPECT_EQ(r[0].to_ints(), (std::vector<int64_t>{0, 0, 1, 1}));
  EXPECT_EQ(r[1].to_ints(), (std::vector<int64_t>{1, 9, 2, 5}));
  EXPECT_EQ(r[2].to_doubles(), (std::vector<double>{40, 20, 30, 10}));
}

}  // namespace
}  // namespace rungs::array
