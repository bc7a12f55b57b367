// NumPy indexing semantics (shapes and values checked against numpy 1.24)
// plus JAX's out-of-bounds modes (jax/_src/lax/slicing.py GatherScatterMode:
// the default mode=None is FILL_OR_DROP for gathers and scatters alike).
#include <gtest/gtest.h>

#include <cmath>

#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {
namespace {

using I = IndexItem;

Array arange(Shape s, DType t = DType::Int32) { return reshape(iota(t, {num_elements(s)}, 0), s); }
Array idx(std::vector<int64_t> v) { return Array::from_ints(DType::Int32, {static_cast<int64_t>(v.size())}, v); }
I all() { return I::slice(std::nullopt, std::nullopt, std::nullopt); }
IndexSpec spec(std::vector<I> items) { return IndexSpec{std::move(items)}; }

TEST(IndexTest, BasicIntsSlicesNewaxisEllipsis) {
  Array x = arange({2, 3, 4});
  Array a = index(x, spec({I::integer(1)}));
  EXPECT_EQ(a.shape(), (Shape{3, 4}));
  EXPECT_EQ(a.get_int(0), 12);
  Array b = index(x, spec({I::ellipsis(), I::slice(std::nullopt, std::nullopt, -2)}));
  EXPECT_EQ(b.shape(), (Shape{2, 3, 2}));
  EXPECT_EQ(b.to_ints(), (std::vector<int64_t>{3, 1, 7, 5, 11, 9, 15, 13, 19, 17, 23, 21}));
  Array c = index(x, spec({I::new_axis(), I::integer(0), all(), I::integer(1)}));
  EXPECT_EQ(c.shape(), (Shape{1, 3}));
  EXPECT_EQ(c.to_ints(), (std::vector<int64_t>{1, 5, 9}));
  Array d = index(x, spec({I::integer(1), I::integer(-1), I::slice(-3, std::nullopt, std::nullopt)}));
  EXPECT_EQ(d.to_ints(), (std::vector<int64_t>{21, 22, 23}));
  EXPECT_EQ(index(x, spec({I::slice(5, 9, std::nullopt)})).shape(), (Shape{0, 3, 4}));
}

TEST(IndexTest, AdvancedIndicesAndTheirPlacement) {
  Array x = arange({2, 3, 4});
  Array a = index(x, spec({I::int_array(idx({0, 1})), I::int_array(idx({2, 0}))}));
  EXPECT_EQ(a.shape(), (Shape{2, 4}));
  EXPECT_EQ(a.to_ints(), (std::vector<int64_t>{8, 9, 10, 11, 12, 13, 14, 15}));
  // Adjacent advanced indices stay in place.
  Array b = index(x, spec({all(), I::int_array(idx({0, 2})), I::int_array(idx({1, 3}))}));
  EXPECT_EQ(b.shape(), (Shape{2, 2}));
  EXPECT_EQ(b.to_ints(), (std::vector<int64_t>{1, 11, 13, 23}));
  // Separated by a slice: the broadcast dims go first.
  Array c = index(x, spec({I::int_array(idx({0, 1})), all(), I::int_array(idx({1, 3}))}));
  EXPECT_EQ(c.shape(), (Shape{2, 3}));
  EXPECT_EQ(c.to_ints(), (std::vector<int64_t>{1, 5, 9, 15, 19, 23}));
  // An int counts as an advanced index once arrays are present.
  Array d = index(x, spec({I::integer(0), all(), I::int_array(idx({1, 3}))}));
  EXPECT_EQ(d.shape(), (Shape{2, 3}));
  EXPECT_EQ(d.to_ints(), (std::vector<int64_t>{1, 5, 9, 3, 7, 11}));
  // A 2-d index array broadcast in place, with newaxis and a strided slice.
  Array col = Array::from_ints(DType::Int32, {2, 1}, {0, 1});
  Array e = index(x, spec({all(), I::new_axis(), I::int_array(col), I::slice(std::nullopt, std::nullopt, 3)}));
  EXPECT_EQ(e.shape(), (Shape{2, 1, 2, 1, 2}));
  EXPECT_EQ(e.to_ints(), (std::vector<int64_t>{0, 3, 4, 7, 12, 15, 16, 19}));
  EXPECT_EQ(index_shape(x.shape(), spec({I::int_array(idx({0, 1})), all(), I::int_array(idx({1, 3}))})),
            (Shape{2, 3}));
}

TEST(IndexTest, BooleanMasks) {
  Array x = arange({2, 3, 4});
  Array mask = binary(BinaryOp::Gt, x, Array::full(DType::Int32, {2, 3, 4}, Scalar::from_int(20)));
  EXPECT_EQ(index(x, spec({I::bool_array(mask)})).to_ints(), (std::vector<int64_t>{21, 22, 23}));
  Array row = Array::from_bools({2}, {true, false});
  EXPECT_EQ(index(x, spec({I::bool_array(row)})).shape(), (Shape{1, 3, 4}));
  EXPECT_EQ(index(x, spec({I::bool_array(Array::scalar_bool(true))})).shape(), (Shape{1, 2, 3, 4}));
  try {
    index(x, spec({I::bool_array(Array::from_bools({3}, {true, true, false}))}));
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.type, "IndexError");
    EXPECT_EQ(e.message, "boolean index did not match shape of indexed array in index 0: got (3,), expected (2,)");
  }
}

TEST(IndexTest, OutOfBoundsModes) {
  Array x = arange({8}, DType::Float32);
  Array ix = idx({1, 10, -1, -9});
  Array fill = index(x, spec({I::int_array(ix)}));  // default: FillOrDrop
  EXPECT_EQ(fill.get_double(0), 1);
  EXPECT_TRUE(std::isnan(fill.get_double(1)));
  EXPECT_EQ(fill.get_double(2), 7);
  EXPECT_TRUE(std::isnan(fill.get_double(3)));
  EXPECT_EQ(index(x, spec({I::int_array(ix)}), IndexMode::Clip).to_doubles(), (std::vector<double>{1, 7, 7, 0}));
  EXPECT_EQ(index(x, spec({I::int_array(ix)}), IndexMode::FillOrDrop, Scalar::from_float(-1)).get_double(1), -1);
  Array xi = arange({8});
  EXPECT_EQ(index(xi, spec({I::int_array(ix)})).get_int(1), INT32_MIN);
  EXPECT_EQ(index(arange({8}, DType::UInt8), spec({I::int_array(ix)})).get_int(1), 255);
  // A static int out of range goes through the same gather (JAX does not raise)...
  EXPECT_TRUE(std::isnan(index(x, spec({I::integer(10)})).get_double(0)));
  // ...unless the caller asks for NumPy's strictness.
  try {
    check_int_indices(x.shape(), spec({I::integer(10)}));
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.type, "IndexError");
    EXPECT_EQ(e.message, "index 10 is out of bounds for axis 0 with size 8");
  }
}

TEST(IndexTest, Errors) {
  Array x = arange({2, 3});
  try {
    index(x, spec({I::integer(0), I::integer(0), I::integer(0)}));
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.message, "Too many indices: 2-dimensional array indexed with 3 regular indices.");
  }
  try {
    index(x, spec({I::ellipsis(), I::ellipsis()}));
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.message, "an index can only have a single ellipsis ('...')");
  }
  try {
    index(x, spec({I::slice(std::nullopt, std::nullopt, 0)}));
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.message, "slice step cannot be zero");
  }
  try {
    index(x, spec({I::int_array(Array::zeros(DType::Float32, {1}))}));
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.type, "TypeError");
  }
}

TEST(IndexUpdateTest, InPlaceWritesUnsharedStorageAndCopiesSharedStorage) {
  // Alone, the array is written where it is (a NumPy array's `z[i] = v`).
  Array z = Array::zeros(DType::Float32, {4});
  const std::byte* before = z.raw();
  index_update_in_place(z, spec({I::integer(2)}), Array::scalar(DType::Float32, 5), UpdateMode::Set);
  EXPECT_EQ(z.raw(), before);
  EXPECT_EQ(z.to_doubles(), (std::vector<double>{0, 0, 5, 0}));
  // Shared with another value, it is copied first and the other keeps its values.
  Array held = z;
  index_update_in_place(z, spec({I::integer(0)}), Array::scalar(DType::Float32, 1), UpdateMode::Add);
  EXPECT_NE(z.raw(), held.raw());
  EXPECT_EQ(z.to_doubles(), (std::vector<double>{1, 0, 5, 0}));
  EXPECT_EQ(held.to_doubles(), (std::vector<double>{0, 0, 5, 0}));
}

TEST(IndexUpdateTest, SetAddWithDuplicatesAndDrops) {
  Array z = Array::zeros(DType::Float32, {4});
  Array ones = Array::scalar(DType::Float32, 1);
  Array added = index_update(z, spec({I::int_array(idx({0, 0, 2, 9}))}), ones, UpdateMode::Add);
  EXPECT_EQ(added.to_doubles(), (std::vector<double>{2, 0, 1, 0}));  // 9 dropped
  EXPECT_EQ(z.to_doubles(), (std::vector<double>{0, 0, 0, 0}));    // input untouched
  Array set = index_update(z, spec({I::int_array(idx({1, 1}))}), Array::from_doubles(DType::Float32, {2}, {5, 6}),
                           UpdateMode::Set);
  EXPECT_EQ(set.get_double(1), 6);  // last write wins
  Array clip = index_update(z, spec({I::int_array(idx({9}))}), ones, UpdateMode::Set, IndexMode::Clip);
  EXPECT_EQ(clip.to_doubles(), (std::vector<double>{0, 0, 0, 1}));
  Array m = arange({2, 3});
  Array row = index_update(m, spec({I::integer(1), I::slice(0, 2, std::nullopt)}), Array::scalar_int(DType::Int32, -1),
                           UpdateMode::Set);
  EXPECT_EQ(row.to_ints(), (std::vector<int64_t>{0, 1, 2, -1, -1, 5}));
  Array mx = index_update(m, spec({all(), I::integer(0)}), Array::from_ints(DType::Int32, {2}, {2, 2}), UpdateMode::Max);
  EXPECT_EQ(mx.to_ints(), (std::vector<int64_t>{2, 1, 2, 3, 4, 5}));
  // Updates are converted to the array's dtype (float -> int truncates).
  Array cv = index_update(m, spec({I::integer(0), I::integer(0)}), Array::scalar(DType::Float32, 7.9), UpdateMode::Set);
  EXPECT_EQ(cv.get_int(0), 7);
  Array mask = Array::from_bools({2, 3}, {true, false, true, false, false, true});
  Array masked = index_update(m, spec({I::bool_array(mask)}), Array::scalar_int(DType::Int32, 0), UpdateMode::Set);
  EXPECT_EQ(masked.to_ints(), (std::vector<int64_t>{0, 1, 0, 3, 4, 0}));
}

}  // namespace
}  // namespace rungs::array
