// The per-thread memory budget: refusals happen before allocating, live and
// peak bytes are tracked, and arrays that outlive their scope never refund a
// budget they were not charged to.
#include "core/array/memory_budget.h"

#include <gtest/gtest.h>

#include "core/array/array.h"
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

TEST(MemoryBudgetTest, RefusesHugeArraysWithoutAllocating) {
  ScopedMemoryBudget scope(64 << 20, 1 << 24);
  EngineError e = expect_error([] { Array::zeros(DType::Float32, {1000000000}); });
  EXPECT_EQ(e.type, "MemoryError");
  EXPECT_EQ(e.message, "array of shape (1000000000,) has 1000000000 elements, more than the limit of 16777216 elements");
  EXPECT_EQ(memory_budget().live_bytes, 0);
  // 40 GB, refused by the byte limit even with a generous element cap.
  ScopedMemoryBudget big(64 << 20, int64_t{1} << 40);
  e = expect_error([] { Array::uninitialized(DType::Float32, {10000000000}); });
  EXPECT_EQ(e.type, "MemoryError");
  EXPECT_EQ(e.message,
            "memory limit exceeded: allocating 40000000000 bytes would bring the program to 40000000000 bytes, "
            "over the limit of 67108864 bytes (raise it with --max-memory)");
  e = expect_error([] { Array::zeros(DType::Float32, {1 << 30, 1 << 30, 1 << 30}); });
  EXPECT_EQ(e.type, "MemoryError");
}

TEST(MemoryBudgetTest, TracksLiveAndPeakBytes) {
  ScopedMemoryBudget scope(1000, 1000);
  {
    Array a = Array::zeros(DType::Float32, {100});  // 400 bytes
    EXPECT_EQ(memory_budget().live_bytes, 400);
    Array b = Array::zeros(DType::Float32, {100});
    EXPECT_EQ(memory_budget().live_bytes, 800);
    EngineError e = expect_error([] { Array::zeros(DType::Float32, {100}); });
    EXPECT_EQ(e.message,
              "memory limit exceeded: allocating 400 bytes would bring the program to 1200 bytes, over the "
              "limit of 1000 bytes (raise it with --max-memory)");
  }
  EXPECT_EQ(memory_budget().live_bytes, 0);
  EXPECT_EQ(memory_budget().peak_bytes, 800);
}

TEST(MemoryBudgetTest, ArraysOutlivingTheirScopeDoNotCorruptTheOuterBudget) {
  const int64_t outer_live = memory_budget().live_bytes;
  Array survivor;
  {
    ScopedMemoryBudget scope(1 << 20, 1 << 20);
    survivor = Array::zeros(DType::Float32, {256});
  }
  EXPECT_EQ(memory_budget().live_bytes, outer_live);
  survivor = Array();  // freed after the scope: no refund to the outer budget
  EXPECT_EQ(memory_budget().live_bytes, outer_live);
}

}  // namespace
}  // namespace rungs::array
