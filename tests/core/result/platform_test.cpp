// The host-platform rule (core/result/platform.h) and what it changes: the
// devices a run reports and how host float32 matmuls round.
#include <gtest/gtest.h>

#include "core/result/engine.h"
#include "core/result/platform.h"

namespace {

using rungs::result::platform_for_run;
using rungs::result::program_targets_tpu;
using rungs::result::RunOptions;

TEST(PlatformRule, KernelsWithoutInterpretTargetATpu) {
  EXPECT_TRUE(program_targets_tpu("y = pl.pallas_call(k, out_shape=s)(x)\n"));
  EXPECT_TRUE(program_targets_tpu("@pl.kernel\ndef f(x_ref): pass\n"));
  EXPECT_TRUE(program_targets_tpu("f = pl.pallas_call(k, out_shape=s, interpret=False)\n"));
  EXPECT_TRUE(program_targets_tpu("def run(x, interpret=False):\n  return pl.pallas_call(k, interpret=interpret)(x)\n"));
}

TEST(PlatformRule, AskingForInterpretModeTargetsTheCpuHost) {
  EXPECT_FALSE(program_targets_tpu("y = pl.pallas_call(k, out_shape=s, interpret=True)(x)\n"));
  EXPECT_FALSE(program_targets_tpu("INTERPRET = True\ny = pl.pallas_call(k, interpret=INTERPRET)(x)\n"));
  EXPECT_FALSE(program_targets_tpu("y = pl.pallas_call(k, interpret=pltpu.InterpretParams())(x)\n"));
  EXPECT_FALSE(program_targets_tpu("pltpu.set_tpu_interpret_mode()\ny = pl.pallas_call(k)(x)\n"));
  EXPECT_FALSE(program_targets_tpu("import jax\nprint(jax.numpy.ones(3))\n"));  // no kernel at all
}

TEST(PlatformRule, TheCallerAndAForcedRungComeFirst) {
  RunOptions o;
  const char* tpu_program = "y = pl.pallas_call(k)(x)\n";
  EXPECT_EQ(platform_for_run(o, tpu_program), "tpu");
  o.rung = rungs::pallas::Rung::Interpret;
  EXPECT_EQ(platform_for_run(o, tpu_program), "cpu");
  o.rung = rungs::pallas::Rung::Chip;
  EXPECT_EQ(platform_for_run(o, "print(1)\n"), "tpu");
  o.platform = "cpu";
  EXPECT_EQ(platform_for_run(o, tpu_program), "cpu");
}

std::string stdout_of(const std::string& source, RunOptions options) {
  auto doc = rungs::result::run_document(source, options);
  EXPECT_TRUE(doc["ok"].get<bool>()) << doc.dump();
  return doc["stdout"].get<std::string>();
}

TEST(PlatformRule, TheTpuHostRoundsFloat32MatmulsAndTheCpuHostDoesNot) {
  const std::string program =
      "import jax, jax.numpy as jnp\n"
      "a = jnp.full((1, 4), 1.0 + 2.0 ** -12, jnp.float32)\n"
      "b = jnp.ones((4, 1), jnp.float32)\n"
      "print(float((a @ b)[0, 0]) == 4.0, jax.default_backend())\n";
  RunOptions o;
  o.platform = "tpu";
  EXPECT_EQ(stdout_of(program, o), "True tpu\n");  // 1 + 2^-12 rounds to 1 in bfloat16
  o.platform = "cpu";
  EXPECT_EQ(stdout_of(program, o), "False cpu\n");
}

}  // namespace
