// The cooperative scheduler: cores run until they block, a signal from
// another core unblocks them on the next pass, a pass that changes nothing
// is a deadlock, and a seed gives a different but repeatable order.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/rungs/tpu_scheduler.h"

namespace rungs::exec {
namespace {

// A scripted core: each step either logs a letter, signals a counter, or
// waits for a counter to be positive (and takes one).
struct Script : SchedulableCore {
  Script(std::string name, std::string steps, std::vector<int>& counters, std::string& log, uint64_t& activity)
      : name(std::move(name)), steps(std::move(steps)), counters(counters), log(log), activity(activity) {}
  Status resume() override {
    while (pc < steps.size()) {
      char op = steps[pc];
      if (op == 'w') {
        if (counters[0] <= 0) return Status::Blocked;
        --counters[0];
        ++activity;
      } else if (op == 's') {
        ++counters[0];
        ++activity;
      } else {
        log += name;
        ++activity;
      }
      ++pc;
    }
    return Status::Done;
  }
  bool finished() const override { return pc >= steps.size(); }
  std::string name, steps;
  std::vector<int>& counters;
  std::string& log;
  uint64_t& activity;
  size_t pc = 0;
};

TEST(TpuSchedulerTest, RunsEachCoreUntilItBlocks) {
  std::vector<int> counters{0};
  std::string log;
  uint64_t activity = 0;
  Script a("a", "xwx", counters, log, activity), b("b", "xxs", counters, log, activity);
  ScheduleOptions opts;
  opts.activity = [&] { return activity; };
  opts.deadlock = [] { throw std::runtime_error("deadlock"); };
  run_cores({&a, &b}, opts);
  EXPECT_EQ(log, "abba");  // a runs to its wait, b runs to the end, a resumes
}

TEST(TpuSchedulerTest, DetectsDeadlock) {
  std::vector<int> counters{0};
  std::string log;
  uint64_t activity = 0;
  Script a("a", "xw", counters, log, activity), b("b", "w", counters, log, activity);
  ScheduleOptions opts;
  opts.activity = [&] { return activity; };
  bool reported = false;
  opts.deadlock = [&] {
    reported = true;
    throw std::runtime_error("deadlock");
  };
  EXPECT_THROW(run_cores({&a, &b}, opts), std::runtime_error);
  EXPECT_TRUE(reported);
  EXPECT_EQ(log, "a");
}

TEST(TpuSchedulerTest, SeededOrderIsRepeatable) {
  auto run = [](int64_t seed) {
    std::vector<int> counters{0};
    std::string log;
    uint64_t activity = 0;
    std::vector<std::unique_ptr<Script>> cores;
    std::vector<SchedulableCore*> ptrs;
    for (char c : std::string("abcdef")) {
      cores.push_back(std::make_unique<Script>(std::string(1, c), "x", counters, log, activity));
      ptrs.push_back(cores.back().get());
    }
    ScheduleOptions opts;
    opts.seed = seed;
    opts.activity = [&] { return activity; };
    run_cores(ptrs, opts);
    return log;
  };
  EXPECT_EQ(run(-1), "abcdef");
  EXPECT_EQ(run(3), run(3));
  EXPECT_NE(run(3), "abcdef");
}

}  // namespace
}  // namespace rungs::exec
