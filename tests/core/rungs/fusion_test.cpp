// Fused elementwise chains (core/rungs/fusion.h) must be invisible: every
// kernel here runs on rungs 1 and 2 with fusion on and off, traced, and the
// documents (values, stdout, per-step events, races) must be identical, while
// the fusion counter proves the fused path actually ran.
#include <gtest/gtest.h>

#include <string>

#include "core/result/engine.h"
#include "core/rungs/fusion.h"

namespace {

using rungs::result::Json;

const char* kPrelude =
    "import jax\nimport jax.numpy as jnp\nfrom jax.experimental import pallas as pl\n"
    "from jax.experimental.pallas import tpu as pltpu\n"
    "x = (jnp.arange(64 * 256, dtype=jnp.float32).reshape(64, 256) % 97.0 - 40.0) / 8.0\n"
    "y = (jnp.arange(64 * 256, dtype=jnp.float32).reshape(64, 256) % 13.0 - 6.0) / 4.0\n";

Json run(const std::string& body, rungs::pallas::Rung rung, bool fused) {
  rungs::exec::set_elementwise_fusion(fused);
  rungs::result::RunOptions o;
  o.rung = rung;
  o.trace = true;
  Json d = rungs::result::run_document(kPrelude + body, o);
  rungs::exec::set_elementwise_fusion(true);
  return d;
}

// Runs `body` both ways on both rungs; returns how many groups ran fused.
int64_t expect_same(const std::string& body, bool ok = true) {
  int64_t fused_groups = 0;
  for (auto rung : {rungs::pallas::Rung::Interpret, rungs::pallas::Rung::Tpu}) {
    Json plain = run(body, rung, false);
    const int64_t before = rungs::exec::fused_group_runs();
    Json fused = run(body, rung, true);
    fused_groups += rungs::exec::fused_group_runs() - before;
    EXPECT_EQ(plain["ok"].get<bool>(), ok) << plain["error"].dump();
    EXPECT_EQ(plain["values"], fused["values"]);
    EXPECT_EQ(plain["stdout"], fused["stdout"]);
    EXPECT_EQ(plain["error"], fused["error"]);
    EXPECT_EQ(plain["calls"].size(), fused["calls"].size());
    if (plain["calls"].size() != fused["calls"].size()) continue;
    for (size_t c = 0; c < plain["calls"].size(); ++c) {
      EXPECT_EQ(plain["calls"][c]["events"], fused["calls"][c]["events"]) << "call " << c;
      EXPECT_EQ(plain["calls"][c]["races"], fused["calls"][c]["races"]) << "call " << c;
    }
  }
  return fused_groups;
}

std::string call(const std::string& kernel, const std::string& extra = "", const std::string& args = "x, y") {
  return kernel +
         "o = pl.pallas_call(k, grid=(4,),\n"
         "    in_specs=[pl.BlockSpec((16, 256), lambda i: (i, 0))] * 2,\n"
         "    out_specs=pl.BlockSpec((16, 256), lambda i: (i, 0)),\n"
         "    out_shape=jax.ShapeDtypeStruct((64, 256), jnp.float32),\n" +
         extra + "    interpret=True)(" + args + ")\n";
}

TEST(Fusion, ScaleAndShiftStoredStraightIntoTheOutputBlock) {
  EXPECT_GT(expect_same(call("def k(x_ref, y_ref, o_ref):\n"
                             "    o_ref[...] = x_ref[...] * 1.5 + 1.0\n")),
            0);
}

TEST(Fusion, TranscendentalsAndSpecialValues) {
  // exp overflows to inf, log of negatives is NaN, division by zero, NaN in max.
  EXPECT_GT(expect_same(call("def k(x_ref, y_ref, o_ref):\n"
                             "    a = jnp.exp(x_ref[...]) - jnp.log(y_ref[...])\n"
                             "    b = jnp.maximum(a, jnp.tanh(x_ref[...]) / y_ref[...])\n"
                             "    o_ref[...] = jax.nn.sigmoid(b) * jnp.sqrt(jnp.abs(x_ref[...])) + x_ref[...] ** 2\n")),
            0);
}

TEST(Fusion, ValuesUsedAfterTheChainStayWhole) {
  // `t` feeds the stored chain and is also reduced and stored again later.
  EXPECT_GT(expect_same(call("def k(x_ref, y_ref, o_ref):\n"
                             "    t = x_ref[...] * 2.0 - y_ref[...]\n"
                             "    o_ref[...] = t * t + 3.0\n"
                             "    o_ref[0:8, :] = t[0:8, :] + jnp.sum(t)\n")),
            0);
}

TEST(Fusion, ReadModifyWriteOfTheSameBlockAcrossRevisits) {
  // Every step revisits block 0: the stored chain reads the block it writes.
  EXPECT_GE(expect_same("def k(x_ref, o_ref):\n"
                        "    @pl.when(pl.program_id(0) == 0)\n"
                        "    def _():\n"
                        "        o_ref[...] = x_ref[...] + 0.5\n"
                        "    o_ref[...] = o_ref[...] * 0.75 + x_ref[...]\n"
                        "o = pl.pallas_call(k, grid=(5,), in_specs=[pl.BlockSpec((64, 256), lambda i: (0, 0))],\n"
                        "    out_specs=pl.BlockSpec((64, 256), lambda i: (0, 0)),\n"
                        "    out_shape=jax.ShapeDtypeStruct((64, 256), jnp.float32), interpret=True)(x)\n"),
            0);
}

TEST(Fusion, AValueReadBeforeTheStoreKeepsItsOldContents) {
  // `old` holds the aliased output block's contents (y) from before the store.
  EXPECT_GT(expect_same("def k(x_ref, y_ref, o_ref, p_ref):\n"
                        "    old = o_ref[...]\n"
                        "    o_ref[...] = x_ref[...] * 3.0 + 1.0\n"
                        "    p_ref[...] = old + o_ref[...]\n"
                        "spec = pl.BlockSpec((16, 256), lambda i: (i, 0))\n"
                        "o, p = pl.pallas_call(k, grid=(4,), in_specs=[spec, spec], out_specs=[spec, spec],\n"
                        "    out_shape=[jax.ShapeDtypeStruct((64, 256), jnp.float32)] * 2,\n"
                        "    input_output_aliases={1: 0}, interpret=True)(x, y)\n"),
            0);
}

TEST(Fusion, ScratchAccumulatorAndStridedColumnBlocks) {
  // Column blocks are strided in the carried array: the chain still fuses,
  // its store goes through the block buffer.
  EXPECT_GT(expect_same("def k(x_ref, o_ref, acc_ref):\n"
                        "    acc_ref[...] = x_ref[...] * 2.0 + 1.0\n"
                        "    o_ref[...] = acc_ref[...] - x_ref[...] / 4.0\n"
                        "spec = pl.BlockSpec((64, 128), lambda i: (0, i))\n"
                        "o = pl.pallas_call(k, grid=(2,), in_specs=[spec], out_specs=spec,\n"
                        "    out_shape=jax.ShapeDtypeStruct((64, 256), jnp.float32),\n"
                        "    scratch_shapes=[pltpu.VMEM((64, 128), jnp.float32)], interpret=True)(x)\n"),
            0);
}

TEST(Fusion, OtherDtypesRunUnfusedAndOnlyTheFloat32TailFuses) {
  EXPECT_GT(expect_same(call("def k(x_ref, y_ref, o_ref):\n"
                             "    a = x_ref[...].astype(jnp.bfloat16) * 3 + 1\n"
                             "    b = (x_ref[...] > y_ref[...]).astype(jnp.int32) * 7 - 2\n"
                             "    o_ref[...] = a.astype(jnp.float32) + b.astype(jnp.float32)\n")),
            0);
}

TEST(Fusion, ErrorsAreTheUnfusedErrors) {
  // A dtype mismatch is refused while tracing, fused or not.
  expect_same(call("def k(x_ref, y_ref, o_ref):\n"
                   "    o_ref[...] = jax.lax.add(x_ref[...], y_ref[...].astype(jnp.int32)) * 2.0\n"),
              false);
}

}  // namespace
