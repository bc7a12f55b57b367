// The happens-before race detector on its own: unordered overlapping
// accesses race, ordered or disjoint ones do not, and the report has JAX's
// "RACE DETECTED" text plus a record with both sources.
#include <gtest/gtest.h>

#include "core/rungs/race_detector.h"

namespace rungs::exec {
namespace {

VectorClock clock(std::vector<int> v) {
  VectorClock c(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    for (int k = 0; k < v[i]; ++k) c.inc(static_cast<int64_t>(i));
  return c;
}

TEST(RaceDetectorTest, ReportsUnorderedOverlappingWriteThenRead) {
  RaceDetector d;
  BufferKey key{Space::Vmem, 102, 0, 0};
  Range whole = {RangeDim::slice(0, 8), RangeDim::slice(0, 128)};
  AccessSite dma{{3, 5, 3, 40}, "kernel.py:3:4 (kernel)", 0};
  AccessSite read{{4, 5, 4, 30}, "kernel.py:4:4 (kernel)", 0};
  EXPECT_FALSE(d.check_write({100, 0}, clock({1, 0, 1, 0}), key, whole, dma, {8, 128}).has_value());
  auto r = d.check_read({0, 0}, clock({2, 0, 0, 0}), key, whole, read, {8, 128});
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->text,
            "RACE DETECTED\n"
            "  read of ('vmem', 102, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (0, 0), kernel.py:4:4 (kernel)\n"
            "  clock: [2 0 0 0]\n"
            "  write of ('vmem', 102, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (100, 0), kernel.py:3:4 (kernel)\n"
            "  clock: [1 0 1 0]\n\n");
  ASSERT_EQ(r->races.size(), 1u);
  EXPECT_EQ(r->races[0].first_kind, "write");
  EXPECT_EQ(r->races[0].second_kind, "read");
  EXPECT_EQ(r->races[0].first_source.line, 3);
  EXPECT_EQ(r->races[0].second_source.line, 4);
  EXPECT_TRUE(d.races_found());
}

TEST(RaceDetectorTest, OrderedOrDisjointAccessesDoNotRace) {
  RaceDetector d;
  BufferKey key{Space::Hbm, 101, 0, 0};
  Range top = {RangeDim::slice(0, 8), RangeDim::slice(0, 128)};
  Range bottom = {RangeDim::slice(8, 16), RangeDim::slice(0, 128)};
  AccessSite s{{}, "pallas_call", 0};
  EXPECT_FALSE(d.check_write({0, 0}, clock({1, 0}), key, top, s, {16, 128}));
  EXPECT_FALSE(d.check_write({0, 1}, clock({0, 1}), key, bottom, s, {16, 128}));  // disjoint
  EXPECT_FALSE(d.check_read({0, 1}, clock({1, 2}), key, top, s, {16, 128}));      // after core 0's write
  EXPECT_FALSE(d.races_found());
  // Core 0 writes the bottom half without having seen core 1's write: race.
  auto r = d.check_write({0, 0}, clock({2, 0}), key, bottom, s, {16, 128});
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->races[0].first_thread, "(0, 1)");
  EXPECT_EQ(r->races[0].second_thread, "(0, 0)");
}

}  // namespace
}  // namespace rungs::exec
