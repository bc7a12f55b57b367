#include "core/array/array.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/errors/error.h"

namespace rungs::array {
namespace {

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

TEST(ArrayTest, FactoriesAndAccessors) {
  Array z = Array::zeros(DType::Int16, {2, 3});
  EXPECT_EQ(z.rank(), 2);
  EXPECT_EQ(z.size(), 6);
  EXPECT_EQ(z.nbytes(), 12);
  EXPECT_EQ(z.get_int(5), 0);
  Array f = Array::full(DType::Float32, {2}, Scalar::from_float(2.5));
  EXPECT_EQ(f.get_double(1), 2.5);
  Array s = Array::scalar(DType::BFloat16, 3.14159);
  EXPECT_EQ(s.rank(), 0);
  EXPECT_EQ(s.get_double(0), 3.140625);
  EXPECT_EQ(Array::scalar_int(DType::UInt32, 4294967295LL).get_int(0), 4294967295LL);
  Array b = Array::from_bools({2}, {true, false});
  EXPECT_TRUE(b.get_bool(0));
  EXPECT_FALSE(b.get_bool(1));
  Array d = Array::from_doubles(DType::Int8, {3}, {1.9, -1.9, 300.0});
  EXPECT_EQ(d.to_ints(), (std::vector<int64_t>{1, -1, 127}));  // truncate, saturate
  Array w = Array::from_ints(DType::Int8, {2}, {200, -129});
  EXPECT_EQ(w.to_ints(), (std::vector<int64_t>{-56, 127}));  // ints wrap
  EXPECT_EQ(Array().size(), 0);
}

TEST(ArrayTest, ScalarKinds) {
  EXPECT_EQ(Scalar::from_float(-2.7).as_int(), -2);
  EXPECT_EQ(Scalar::from_float(NAN).as_int(), 0);
  EXPECT_EQ(Scalar::from_bool(true).as_double(), 1.0);
  EXPECT_EQ(Array::full(DType::Bool, {}, Scalar::from_float(0.5)).get_bool(0), true);
}

TEST(ArrayTest, CopyOnWrite) {
  Array a = Array::from_ints(DType::Int32, {3}, {1, 2, 3});
  Array b = a;
  EXPECT_TRUE(a.shares_storage_with(b));
  b.mutable_data<int32_t>()[0] = 9;  // copies first
  EXPECT_FALSE(a.shares_storage_with(b));
  EXPECT_EQ(a.get_int(0), 1);
  EXPECT_EQ(b.get_int(0), 9);
  Array c = a.with_weak_type(true);
  EXPECT_TRUE(c.weak_type());
  EXPECT_TRUE(c.shares_storage_with(a));
  EXPECT_FALSE(a.weak_type());
}

TEST(ArrayTest, ShapeHelpers) {
  EXPECT_EQ(shape_str({}), "()");
  EXPECT_EQ(shape_str({3}), "(3,)");
  EXPECT_EQ(shape_str({2, 3}), "(2, 3)");
  EXPECT_EQ(strides_of({2, 3, 4}), (std::vector<int64_t>{12, 4, 1}));
  EXPECT_EQ(num_elements({}), 1);
  EXPECT_EQ(num_elements({1 << 30, 1 << 30, 1 << 30}), INT64_MAX);  // saturates
  EngineError e = expect_error([] { Array::zeros(DType::Float32, {2, -1}); });
  EXPECT_EQ(e.type, "ValueError");
  EXPECT_EQ(e.message, "negative dimensions are not allowed");
  e = expect_error([] { Array::from_doubles(DType::Float32, {4}, {1, 2}); });
  EXPECT_EQ(e.message, "cannot reshape array of size 2 into shape (4,)");
  e = expect_error([] { Array::zeros(DType::Float32, {2}).item_double(); });
  EXPECT_EQ(e.type, "TypeError");
}

// window(): a contiguous run of rows as an array without a copy; writing
// it copies just the window, and the array it came from never changes.
TEST(Array, WindowSharesStorageAndCopiesOnWrite) {
  Array a = Array::from_doubles(DType::Float32, {4, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  Array w = a.window(6, {2, 3});
  EXPECT_TRUE(w.shares_storage_with(a));
  EXPECT_EQ(w.shape(), (Shape{2, 3}));
  EXPECT_EQ(w.to_doubles(), (std::vector<double>{6, 7, 8, 9, 10, 11}));
  w.mutable_data<float>()[0] = 100;
  EXPECT_FALSE(w.shares_storage_with(a));
  EXPECT_EQ(w.to_doubles(), (std::vector<double>{100, 7, 8, 9, 10, 11}));
  EXPECT_EQ(a.get_double(6), 6);
  Array inner = a.window(3, {3}).window(1, {2});  // windows of windows add up
  EXPECT_EQ(inner.to_doubles(), (std::vector<double>{4, 5}));
  expect_error([&] { a.window(11, {2}); });
}

}  // namespace
}  // namespace rungs::array
