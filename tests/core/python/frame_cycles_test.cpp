// break_frame_cycle (frame_cycles.h): a returning frame that only closures
// it defined keep alive is freed; one that anything outside still reaches
// (the closure itself, or a container holding it) is kept.
#include <gtest/gtest.h>

#include <memory>

#include "core/python/frame_cycles.h"
#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

struct Frame {
  EnvPtr env = std::make_shared<Env>();
  std::shared_ptr<FunctionObj> closure = std::make_shared<FunctionObj>();
  Frame() {
    closure->closure = env;
    env->vars["data"] = make_list({Value::integer(1), Value::integer(2)});
  }
};

TEST(FrameCycles, FrameHeldOnlyByItsOwnClosureIsCleared) {
  Interpreter ip;  // the thread's heap for the Collectables below
  Frame f;
  f.env->vars["kernel"] = Value::object(f.closure);
  std::weak_ptr<FunctionObj> weak = f.closure;
  f.closure.reset();
  break_frame_cycle(f.env);
  EXPECT_TRUE(f.env->vars.empty());
  EXPECT_TRUE(weak.expired());  // the closure went with the frame's variables
}

TEST(FrameCycles, EscapedClosureKeepsItsFrame) {
  Interpreter ip;
  Frame f;
  f.env->vars["kernel"] = Value::object(f.closure);  // and f.closure still held here
  break_frame_cycle(f.env);
  EXPECT_EQ(f.env->vars.size(), 2u);
  f.env->vars.clear();  // these Collectables are in no heap: end the cycle (LSan)
}

TEST(FrameCycles, ContainerHeldOutsideThatReachesTheClosureKeepsTheFrame) {
  Interpreter ip;
  Frame f;
  Value specs = make_list({Value::object(f.closure)});
  f.closure.reset();
  f.env->vars["specs"] = specs;  // `specs` is also held by this test
  break_frame_cycle(f.env);
  EXPECT_EQ(f.env->vars.size(), 2u);
  f.env->vars.clear();  // these Collectables are in no heap: end the cycle (LSan)
}

TEST(FrameCycles, SharedConstantThatDoesNotReachTheClosureIsNoObstacle) {
  Interpreter ip;
  Frame f;
  Value shared = make_list({Value::integer(7)});  // a module constant, say
  f.env->vars["spec"] = make_tuple({Value::object(f.closure), shared});
  f.closure.reset();
  break_frame_cycle(f.env);
  EXPECT_TRUE(f.env->vars.empty());
  EXPECT_EQ(shared.as<ListObj>().items.size(), 1u);
}

TEST(FrameCycles, ProgramsKeepTheirClosuresWorking) {
  EXPECT_EQ(test_programs::run("def make(n):\n"
                               "    data = [n] * 3\n"
                               "    def total():\n"
                               "        return sum(data)\n"
                               "    helper = lambda: total()\n"
                               "    return helper\n"
                               "fs = [make(i) for i in range(3)]\n"
                               "print([f() for f in fs])\n"),
            "[0, 3, 6]\n");
}

}  // namespace
}  // namespace rungs::python
