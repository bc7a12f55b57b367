// The range predicates of TPU interpret mode: JAX's own unit test of
// is_range_out_of_bounds_for_shape (SEMANTICS T35), the race detector's
// overlap test, view composition, clipping and the Python text of ranges.
#include <gtest/gtest.h>

#include "core/errors/error.h"
#include "core/rungs/tpu_range.h"

namespace rungs::exec {
namespace {

RangeDim S(int64_t a, int64_t b) {  // slice(a, b): no step
  RangeDim d = RangeDim::slice(a, b);
  d.step_none = true;
  return d;
}
RangeDim S(int64_t a, int64_t b, int64_t c) { return RangeDim::slice(a, b, c); }
RangeDim I(int64_t i) { return RangeDim::index(i); }

TEST(TpuRangeTest, OutOfBoundsPredicateMatchesT35) {
  EXPECT_FALSE(range_out_of_bounds({I(5)}, {10}));
  EXPECT_TRUE(range_out_of_bounds({I(10)}, {10}));
  EXPECT_FALSE(range_out_of_bounds({S(0, 10)}, {10}));
  EXPECT_TRUE(range_out_of_bounds({S(0, 11)}, {10}));
  EXPECT_FALSE(range_out_of_bounds({S(0, 10, 2)}, {10}));
  EXPECT_TRUE(range_out_of_bounds({S(0, 11, 2)}, {10}));   // last element 10
  EXPECT_FALSE(range_out_of_bounds({S(0, 10, 100)}, {5}));  // only element 0
  EXPECT_TRUE(range_out_of_bounds({S(5, 10, 100)}, {5}));
  EXPECT_FALSE(range_out_of_bounds({S(5, 5, 1)}, {10}));    // empty slices are never out of bounds
  EXPECT_FALSE(range_out_of_bounds({S(15, 15, 1)}, {10}));
  EXPECT_TRUE(range_out_of_bounds({S(15, 15)}, {10}));      // a step-less slice compares its stop
  EXPECT_TRUE(range_out_of_bounds({I(0), S(0, 129, 1)}, {8, 128}));
  EXPECT_TRUE(range_out_of_bounds({I(-1)}, {8}));           // Rungs: negative is out of bounds
}

TEST(TpuRangeTest, OverlapPredicate) {
  EXPECT_TRUE(ranges_overlap({S(0, 8, 1)}, {S(4, 12, 1)}));
  EXPECT_FALSE(ranges_overlap({S(0, 8, 1)}, {S(8, 16, 1)}));
  EXPECT_TRUE(ranges_overlap({I(3)}, {S(0, 4, 1)}));
  EXPECT_FALSE(ranges_overlap({I(4)}, {S(0, 4, 1)}));
  EXPECT_TRUE(ranges_overlap({I(2)}, {I(2)}));
  // Every dim must overlap; a missing dim is slice(None).
  EXPECT_FALSE(ranges_overlap({S(0, 8, 1), S(0, 128, 1)}, {S(0, 8, 1), S(128, 256, 1)}));
  EXPECT_TRUE(ranges_overlap({S(0, 8, 1)}, {S(0, 8, 1), S(128, 256, 1)}));
  EXPECT_TRUE(ranges_overlap({}, {S(2, 3, 1)}));
  EXPECT_FALSE(ranges_overlap({}, {S(3, 3, 1)}));  // slice(None) vs an empty slice
  // JAX's test is start-based: an empty slice at the start of another overlaps it.
  EXPECT_TRUE(ranges_overlap({S(5, 5, 1)}, {S(5, 10, 1)}));
  EXPECT_TRUE(ranges_overlap({}, {}));
  // Strided slices: compared by their covering span (JAX asserts step 1).
  EXPECT_TRUE(ranges_overlap({S(0, 8, 2)}, {S(6, 7, 1)}));
  EXPECT_FALSE(ranges_overlap({S(0, 8, 2)}, {S(7, 9, 1)}));
}

TEST(TpuRangeTest, ComposesViewLevelsLikeJax) {
  // x.at[pl.ds(4, 8), 1] on an (8, 4, 128) ref: one level of three dims.
  Window w1 = {{ir::DimIndex::Kind::Slice, 4, 8, 1, {}},
               {ir::DimIndex::Kind::Index, 1, 0, 1, {}},
               {ir::DimIndex::Kind::Slice, 0, 128, 1, {}}};
  EXPECT_EQ(range_str(range_from_windows({w1})), "(slice(4, 12, 1), 1, slice(0, 128, 1))");
  // o.at[pl.ds(0, 8)].at[0].at[pl.ds(0, 4), pl.ds(0, 4)] on (16, 16, 16).
  Window a = {{ir::DimIndex::Kind::Slice, 0, 8, 1, {}}, {ir::DimIndex::Kind::Slice, 0, 16, 1, {}},
              {ir::DimIndex::Kind::Slice, 0, 16, 1, {}}};
  Window b = {{ir::DimIndex::Kind::Index, 0, 0, 1, {}}, {ir::DimIndex::Kind::Slice, 0, 16, 1, {}},
              {ir::DimIndex::Kind::Slice, 0, 16, 1, {}}};
  Window c = {{ir::DimIndex::Kind::Slice, 0, 4, 1, {}}, {ir::DimIndex::Kind::Slice, 2, 4, 1, {}}};
  EXPECT_EQ(range_str(range_from_windows({a, b, c})), "(0, slice(0, 4, 1), slice(2, 6, 1))");
  // A strided view of a strided view.
  Window s1 = {{ir::DimIndex::Kind::Slice, 1, 4, 2, {}}};
  Window s2 = {{ir::DimIndex::Kind::Slice, 1, 2, 1, {}}};
  EXPECT_EQ(range_str(range_from_windows({s1, s2})), "(slice(3, 7, 2),)");
  Window adv = {{ir::DimIndex::Kind::Array, 0, 0, 1, {}}};
  EXPECT_THROW(range_from_windows({adv}), EngineError);
}

TEST(TpuRangeTest, ClipsAndShapes) {
  auto c = clip_range({S(4, 12, 1), I(1), S(0, 128, 1)}, {8, 4, 128});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(range_str(*c), "(slice(4, 8, 1), 1, slice(0, 128, 1))");
  EXPECT_FALSE(clip_range({S(8, 16, 1), S(0, 128, 1)}, {8, 128}).has_value());
  EXPECT_FALSE(clip_range({I(10), S(0, 128, 1)}, {10, 128}).has_value());
  EXPECT_EQ(read_shape({S(4, 12, 1), I(1)}, {8, 4, 128}), (array::Shape{8, 128}));
  EXPECT_EQ(range_str(normalized({}, {2, 3})), "(slice(0, 2, None), slice(0, 3, None))");
  EXPECT_EQ(int_tuple_str({2, 0}), "(2, 0)");
  EXPECT_EQ(int_tuple_str({1}), "(1,)");
  EXPECT_EQ(int_tuple_str({}), "()");
  Box b = box_of({I(3), S(0, 8, 2)}, {4, 8});
  EXPECT_EQ(b.start, (std::vector<int64_t>{3, 0}));
  EXPECT_EQ(b.size, (std::vector<int64_t>{1, 7}));
}

}  // namespace
}  // namespace rungs::exec
