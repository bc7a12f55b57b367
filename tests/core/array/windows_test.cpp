// dynamic_slice / dynamic_update_slice clamp their starts like XLA, which is
// what makes interpret mode silently read the last valid block for an
// out-of-range block index (SEMANTICS 3.4).
#include <gtest/gtest.h>

#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {
namespace {

Array arange(Shape s) { return reshape(iota(DType::Int32, {num_elements(s)}, 0), s); }

TEST(DynamicSliceTest, ClampsStartsIntoRange) {
  Array x = arange({8});
  EXPECT_EQ(dynamic_slice(x, {2}, {3}).to_ints(), (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(dynamic_slice(x, {7}, {3}).to_ints(), (std::vector<int64_t>{5, 6, 7}));  // clamped to 5
  EXPECT_EQ(dynamic_slice(x, {100}, {4}).to_ints(), (std::vector<int64_t>{4, 5, 6, 7}));
  EXPECT_EQ(dynamic_slice(x, {-3}, {2}).to_ints(), (std::vector<int64_t>{0, 1}));  // no negative wrap
  Array m = arange({4, 4});
  EXPECT_EQ(dynamic_slice(m, {3, -1}, {2, 2}).to_ints(), (std::vector<int64_t>{8, 9, 12, 13}));
  EXPECT_EQ(clamp_start(10, 8, 3), 5);
  EXPECT_EQ(clamp_start(-1, 8, 3), 0);
  try {
    dynamic_slice(x, {0}, {9});
    FAIL();
  } catch (const EngineError& e) {
    EXPECT_EQ(e.type, "TypeError");
    EXPECT_EQ(e.message,
              "dynamic_slice slice_sizes must be less than or equal to operand shape, got slice_sizes (9,) for "
              "operand shape (8,).");
  }
}

TEST(DynamicUpdateSliceTest, ClampsAndLeavesInputUntouched) {
  Array x = Array::zeros(DType::Int32, {3, 4});
  Array u = Array::full(DType::Int32, {2, 2}, Scalar::from_int(1));
  Array y = dynamic_update_slice(x, u, {5, 1});  // row start clamped to 1
  EXPECT_EQ(y.to_ints(), (std::vector<int64_t>{0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0}));
  EXPECT_EQ(x.to_ints(), std::vector<int64_t>(12, 0));
  EXPECT_FALSE(x.shares_storage_with(y));
}

TEST(CopyWindowTest, InAndOutWithoutClamping) {
  Array src = arange({4, 6});
  Array block = Array::zeros(DType::Int32, {2, 3});
  copy_window_out(src, {1, 2}, block);
  EXPECT_EQ(block.to_ints(), (std::vector<int64_t>{8, 9, 10, 14, 15, 16}));
  Array dst = Array::zeros(DType::Int32, {4, 6});
  copy_window_in(dst, {2, 3}, block);
  EXPECT_EQ(dst.get_int(2 * 6 + 3), 8);
  EXPECT_EQ(dst.get_int(3 * 6 + 5), 16);
  EXPECT_EQ(dst.get_int(0), 0);
  // Float16 rows copy as raw 2-byte words.
  Array h = Array::from_doubles(DType::Float16, {2, 2}, {1, 2, 3, 4});
  Array hb = Array::zeros(DType::Float16, {1, 2});
  copy_window_out(h, {1, 0}, hb);
  EXPECT_EQ(hb.to_doubles(), (std::vector<double>{3, 4}));
}

}  // namespace
}  // namespace rungs::array
