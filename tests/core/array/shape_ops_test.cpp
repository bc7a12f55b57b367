#include <gtest/gtest.h>

#include <cmath>

#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {
namespace {

Array arange(Shape s, DType t = DType::Int32) { return reshape(iota(t, {num_elements(s)}, 0), s); }

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

TEST(ReshapeTest, SizesAndMinusOne) {
  Array x = arange({6});
  EXPECT_EQ(reshape(x, {2, 3}).shape(), (Shape{2, 3}));
  EXPECT_TRUE(reshape(x, {3, 2}).shares_storage_with(x));
  EXPECT_EQ(resolve_reshape({6}, {-1, 2}), (Shape{3, 2}));
  EngineError e = expect_error([&] { reshape(x, {4}); });
  EXPECT_EQ(e.type, "TypeError");
  EXPECT_EQ(e.message, "cannot reshape array of shape (6,) (size 6) into shape (4,) (size 4)");
  e = expect_error([&] { resolve_reshape({6}, {-1, 4}); });
  EXPECT_EQ(e.message,
            "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of specified axis "
            "sizes (4) does not evenly divide 6");
  e = expect_error([&] { resolve_reshape({6}, {-1, -1}); });
  EXPECT_EQ(e.message, "can only specify one unknown axis size with a `-1` value, got (-1, -1)");
}

TEST(TransposeTest, PermutesAndValidates) {
  Array x = arange({2, 3});
  Array t = transpose(x, {1, 0});
  EXPECT_EQ(t.shape(), (Shape{3, 2}));
  EXPECT_EQ(t.to_ints(), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  Array y = arange({2, 3, 4});
  EXPECT_EQ(transpose(y, {2, 0, 1}).get_int(1), 4);  // out[0,0,1] = y[0,1,0]
  EngineError e = expect_error([&] { transpose(x, {0, 0}); });
  EXPECT_EQ(e.message,
            "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0) for operand "
            "shape (2, 3).");
}

TEST(BroadcastTest, InDimAndTo) {
  Array v = arange({3});
  Array b = broadcast_in_dim(v, {2, 3}, {1});
  EXPECT_EQ(b.to_ints(), (std::vector<int64_t>{0, 1, 2, 0, 1, 2}));
  Array c = broadcast_in_dim(reshape(v, {3, 1}), {3, 2}, {0, 1});
  EXPECT_EQ(c.to_ints(), (std::vector<int64_t>{0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(broadcast_to(Array::scalar(DType::Float32, 7), {2, 2}).to_doubles(), (std::vector<double>{7, 7, 7, 7}));
  EngineError e = expect_error([&] { broadcast_to(v, {4}); });
  EXPECT_EQ(e.message, "Incompatible shapes for broadcasting: (3,) and requested shape (4,)");
  EXPECT_EQ(e.type, "ValueError");
  e = expect_error([&] { broadcast_in_dim(v, {2, 4}, {1}); });
  EXPECT_EQ(e.type, "TypeError");
}

TEST(SqueezeExpandTest, Axes) {
  Array x = arange({1, 3, 1});
  EXPECT_EQ(squeeze(x, {0, 2}).shape(), (Shape{3}));
  EXPECT_EQ(squeeze(x, {-1}).shape(), (Shape{1, 3}));
  EngineError e = expect_error([&] { squeeze(x, {1}); });
  EXPECT_EQ(e.message,
            "cannot select an axis to squeeze out which has size not equal to one, got shape=(1, 3, 1) and "
            "dimensions=(1,)");
  EXPECT_EQ(expand_dims(arange({3}), {0, -1}).shape(), (Shape{1, 3, 1}));
}

TEST(ConcatenateTest, AlongAxes) {
  Array a = arange({2, 2}), b = arange({2, 1});
  Array c = concatenate({a, b}, 1);
  EXPECT_EQ(c.shape(), (Shape{2, 3}));
  EXPECT_EQ(c.to_ints(), (std::vector<int64_t>{0, 1, 0, 2, 3, 1}));
  EXPECT_EQ(concatenate({a, a}, 0).to_ints(), (std::vector<int64_t>{0, 1, 2, 3, 0, 1, 2, 3}));
  EngineError e = expect_error([&] { concatenate({a, b}, 0); });
  EXPECT_EQ(e.message,
            "Cannot concatenate arrays with shapes that differ in dimensions other than the one being "
            "concatenated: concatenating along dimension 0 for shapes [(2, 2), (2, 1)].");
  e = expect_error([&] { concatenate({}, 0); });
  EXPECT_EQ(e.message, "Need at least one array to concatenate.");
}

TEST(PadTest, LowHighInteriorAndNegative) {
  Array x = Array::from_ints(DType::Int32, {3}, {1, 2, 3});
  EXPECT_EQ(pad(x, Scalar::from_int(0), {1}, {2}, {0}).to_ints(), (std::vector<int64_t>{0, 1, 2, 3, 0, 0}));
  EXPECT_EQ(pad(x, Scalar::from_int(9), {0}, {0}, {1}).to_ints(), (std::vector<int64_t>{1, 9, 2, 9, 3}));
  EXPECT_EQ(pad(x, Scalar::from_int(0), {-1}, {1}, {0}).to_ints(), (std::vector<int64_t>{2, 3, 0}));
  EXPECT_EQ(pad(x, Scalar::from_int(0), {-2}, {-1}, {1}).to_ints(), (std::vector<int64_t>{2, 0}));
  Array m = arange({2, 2});
  Array p = pad(m, Scalar::from_int(-1), {1, 0}, {0, 1}, {0, 0});
  EXPECT_EQ(p.shape(), (Shape{3, 3}));
  EXPECT_EQ(p.to_ints(), (std::vector<int64_t>{-1, -1, -1, 0, 1, -1, 2, 3, -1}));
  Array f = pad(Array::zeros(DType::Float32, {2}), Scalar::from_float(NAN), {0}, {2}, {0});
  EXPECT_TRUE(std::isnan(f.get_double(3)));
  EngineError e = expect_error([&] { pad(x, Scalar::from_int(0), {-5}, {0}, {0}); });
  EXPECT_EQ(e.type, "ValueError");
}

TEST(SliceTest, StridesAndRev) {
  Array x = arange({10});
  EXPECT_EQ(slice(x, {1}, {8}, {3}).to_ints(), (std::vector<int64_t>{1, 4, 7}));
  Array m = arange({3, 4});
  EXPECT_EQ(slice(m, {1, 1}, {3, 3}).to_ints(), (std::vector<int64_t>{5, 6, 9, 10}));
  EXPECT_EQ(rev(m, {1}).to_ints(), (std::vector<int64_t>{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8}));
  EXPECT_EQ(rev(m, {0, 1}).get_int(0), 11);
  EngineError e = expect_error([&] { slice(x, {0}, {11}); });
  EXPECT_EQ(e.type, "TypeError");
}

TEST(IotaTileRepeatTest, Values) {
  EXPECT_EQ(iota(DType::Int32, {2, 3}, 1).to_ints(), (std::vector<int64_t>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(iota(DType::Float32, {2, 3}, 0).to_doubles(), (std::vector<double>{0, 0, 0, 1, 1, 1}));
  Array x = Array::from_ints(DType::Int32, {2}, {1, 2});
  EXPECT_EQ(tile(x, {3}).to_ints(), (std::vector<int64_t>{1, 2, 1, 2, 1, 2}));
  EXPECT_EQ(tile(x, {2, 2}).shape(), (Shape{2, 4}));
  EXPECT_EQ(repeat(x, 2, 0).to_ints(), (std::vector<int64_t>{1, 1, 2, 2}));
  EXPECT_EQ(repeat(arange({2, 2}), 2, 1).to_ints(), (std::vector<int64_t>{0, 0, 1, 1, 2, 2, 3, 3}));
}

}  // namespace
}  // namespace rungs::array
