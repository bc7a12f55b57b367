// The buffer operations of the TPU memory model: NumPy-style clipping on
// reads, all-or-nothing bounds on writes, writes into padding dropped, and
// the v6e tiling that buffer_bounds="padded" uses (SEMANTICS 4.3, 5.1).
#include <gtest/gtest.h>

#include "core/rungs/tpu_memory.h"

namespace rungs::exec {
namespace {

using array::Array;
using array::DType;

Buffer make(array::Shape logical, array::Shape content) {
  Buffer b;
  b.logical = logical;
  b.content = Array::full(DType::Int32, content, array::Scalar::from_int(-1));
  return b;
}

TEST(TpuMemoryTest, PaddedShapesFollowV6eTiling) {
  EXPECT_EQ(padded_content_shape({10, 150}, DType::Float32, Space::Vmem), (array::Shape{16, 256}));
  EXPECT_EQ(padded_content_shape({2, 150}, DType::Float32, Space::Vmem), (array::Shape{2, 256}));
  EXPECT_EQ(padded_content_shape({10, 128}, DType::BFloat16, Space::Vmem), (array::Shape{16, 128}));
  EXPECT_EQ(padded_content_shape({3, 10, 150}, DType::Int8, Space::Hbm), (array::Shape{3, 16, 256}));
  EXPECT_EQ(padded_content_shape({100}, DType::Float32, Space::Vmem), (array::Shape{128}));
  EXPECT_EQ(padded_content_shape({100}, DType::BFloat16, Space::Vmem), (array::Shape{256}));
  EXPECT_EQ(padded_content_shape({10, 150}, DType::Float32, Space::Smem), (array::Shape{10, 150}));  // never padded
  EXPECT_EQ(padded_content_shape({}, DType::Float32, Space::Vmem), (array::Shape{}));
}

TEST(TpuMemoryTest, ReadsClipToTheContent) {
  Buffer b = make({8}, {8});
  auto all = buffer_read(b, {});
  ASSERT_TRUE(all.has_value());
  EXPECT_EQ(all->shape(), (array::Shape{8}));
  auto part = buffer_read(b, {RangeDim::slice(4, 12)});
  ASSERT_TRUE(part.has_value());
  EXPECT_EQ(part->shape(), (array::Shape{4}));  // the caller sees 4 != 8: partly out of bounds
  EXPECT_FALSE(buffer_read(b, {RangeDim::slice(8, 12)}).has_value());
  EXPECT_FALSE(buffer_read(b, {RangeDim::index(9)}).has_value());
}

TEST(TpuMemoryTest, WritesAreAllOrNothingAndPaddingSwallowsThem) {
  Buffer b = make({10, 4}, {16, 4});  // padded content
  Array ones = Array::full(DType::Int32, {8, 4}, array::Scalar::from_int(1));
  EXPECT_TRUE(buffer_write(b, {RangeDim::slice(4, 12), RangeDim::slice(0, 4)}, ones));
  EXPECT_EQ(b.content.get_int(9 * 4), 1);    // row 9: logical, written
  EXPECT_EQ(b.content.get_int(10 * 4), -1);  // row 10: padding, dropped
  EXPECT_FALSE(buffer_write(b, {RangeDim::slice(12, 20), RangeDim::slice(0, 4)}, ones));  // past the content
  EXPECT_EQ(b.content.get_int(12 * 4), -1);
  Array row = Array::full(DType::Int32, {4}, array::Scalar::from_int(7));
  EXPECT_TRUE(buffer_write(b, {RangeDim::index(10)}, row));  // inside the content, outside the logical shape
  EXPECT_EQ(b.content.get_int(10 * 4), -1);
}

TEST(TpuMemoryTest, IdsAndSharing) {
  TpuMemory m;
  EXPECT_EQ(m.next_buffer_id(0, 0), 100);
  EXPECT_EQ(m.next_buffer_id(0, 0), 101);
  EXPECT_EQ(m.next_buffer_id(0, 1), 100);  // per core counters
  BufferKey k{Space::Hbm, 100, 0, 0};
  m.allocate(k, Array::zeros(DType::Int32, {2}), {2}, 2);
  m.allocate(k, Array::zeros(DType::Int32, {2}), {2}, 2);  // second core: same buffer
  EXPECT_TRUE(m.release(k));
  EXPECT_NE(m.find(k), nullptr);  // one core still in scope
  EXPECT_TRUE(m.release(k));
  EXPECT_EQ(m.find(k), nullptr);
  EXPECT_EQ(k.str(), "('hbm', 100, 0, 0)");
}

}  // namespace
}  // namespace rungs::exec
