// Vector clocks of the race detector: ticks, joins, the happens-before
// order, NumPy-style printing, and the seeded virtual-slot generator.
#include <gtest/gtest.h>

#include "core/errors/error.h"
#include "core/rungs/vector_clock.h"

namespace rungs::exec {
namespace {

TEST(VectorClockTest, TicksJoinsAndOrders) {
  VectorClock a(4), b(4);
  a.inc(0);
  EXPECT_EQ(a.str(), "[1 0 0 0]");
  EXPECT_TRUE(b.lt(a));
  EXPECT_TRUE(a.ordered(b));
  b.inc(1);
  EXPECT_FALSE(a.ordered(b));  // concurrent: neither happened before the other
  b.update(a);                 // b learns about a (a semaphore wait, say)
  EXPECT_EQ(b.str(), "[1 1 0 0]");
  EXPECT_TRUE(a.lt(b));
  EXPECT_FALSE(b.lt(b));       // strictly smaller somewhere is required
  EXPECT_FALSE(b.ordered(b));  // an access is not ordered with itself
  EXPECT_THROW(a.inc(4), EngineError);
}

TEST(VectorClockTest, PrintsLikeNumpy) {
  VectorClock c(3);
  for (int i = 0; i < 12; ++i) c.inc(0);
  c.inc(2);
  EXPECT_EQ(c.str(), "[12  0  1]");
  EXPECT_EQ(VectorClock(0).str(), "[]");
}

TEST(SlotGeneratorTest, StaysInRangeAndIsDeterministic) {
  SlotGenerator g(7), h(7);
  for (int i = 0; i < 200; ++i) {
    int64_t v = g.uniform(2, 4);
    EXPECT_GE(v, 2);
    EXPECT_LT(v, 4);
    EXPECT_EQ(v, h.uniform(2, 4));
  }
}

}  // namespace
}  // namespace rungs::exec
