// Rung 1's block store (core/rungs/interpret_blocks.h) skips copies that
// cannot change a result: blocks shared with their carried array, write-backs
// of unwritten blocks, outputs filled with NaN only where no step wrote. These
// programs check the results are still SEMANTICS 3.4's: every block cut out
// before its step and written back after it.
#include <gtest/gtest.h>

#include "core/result/engine.h"

namespace {

using rungs::result::Json;

Json run(const std::string& body) {
  rungs::result::RunOptions o;
  o.rung = rungs::pallas::Rung::Interpret;
  std::string src =
      "import jax\nimport jax.numpy as jnp\nfrom jax.experimental import pallas as pl\n"
      "x = jnp.arange(32 * 256, dtype=jnp.float32).reshape(32, 256)\n" +
      body;
  Json d = rungs::result::run_document(src, o);
  EXPECT_TRUE(d["ok"].get<bool>()) << d["error"].dump();
  return d;
}

TEST(InterpretBlocks, OutputBlocksNoStepWroteStayNaN) {
  // Row blocks (contiguous) and column blocks (strided); only even steps write.
  for (const char* spec : {"(8, 256), lambda i: (i, 0)", "(32, 64), lambda i: (0, i)"}) {
    Json d = run(std::string("def k(x_ref, o_ref):\n"
                             "    @pl.when(pl.program_id(0) % 2 == 0)\n"
                             "    def _():\n"
                             "        o_ref[...] = x_ref[...] + 1.0\n"
                             "o = pl.pallas_call(k, grid=(4,), in_specs=[pl.BlockSpec(") +
                 spec + ")], out_specs=pl.BlockSpec(" + spec +
                 "), out_shape=jax.ShapeDtypeStruct((32, 256), jnp.float32), interpret=True)(x)\n"
                 "a, b = o[0, 0], o[31, 255]\n"
                 "c = jnp.sum(jnp.isnan(o))\n");
    EXPECT_EQ(d["values"]["a"]["data"][0], 1.0) << spec;      // block 0: written
    EXPECT_EQ(d["values"]["b"]["data"][0], "NaN") << spec;    // block 3: never written
    EXPECT_EQ(d["values"]["c"]["data"][0], 32 * 256 / 2) << spec;
  }
}

TEST(InterpretBlocks, ReadingAnUnwrittenOutputBlockSeesNaNThenEarlierWrites) {
  // Steps 0,1 visit block 0, steps 2,3 block 1: += reads NaN the first time,
  // then the value step 0 wrote back.
  Json d = run(
      "def k(o_ref):\n"
      "    @pl.when(pl.program_id(0) == 0)\n"
      "    def _():\n"
      "        o_ref[...] = jnp.zeros_like(o_ref)\n"
      "    o_ref[...] += 1.0\n"
      "o = pl.pallas_call(k, grid=(4,), out_specs=pl.BlockSpec((16, 256), lambda i: (i // 2, 0)),\n"
      "    out_shape=jax.ShapeDtypeStruct((32, 256), jnp.float32), interpret=True)()\n"
      "a, b = o[0, 0], o[16, 0]\n");
  EXPECT_EQ(d["values"]["a"]["data"][0], 2.0);
  EXPECT_EQ(d["values"]["b"]["data"][0], "NaN");
}

TEST(InterpretBlocks, WritesToAnInputBlockPersistButNeverReachTheCallersArray) {
  // The kernel doubles part of its input block; the next visit of that block
  // sees it (inputs are written back), the caller's x does not change.
  Json d = run(
      "def k(x_ref, o_ref):\n"
      "    o_ref[...] = x_ref[...]\n"
      "    x_ref[0:4, :] = x_ref[0:4, :] * 2.0\n"
      "o = pl.pallas_call(k, grid=(3,), in_specs=[pl.BlockSpec((8, 256), lambda i: (0, 0))],\n"
      "    out_specs=pl.BlockSpec((8, 256), lambda i: (i, 0)),\n"
      "    out_shape=jax.ShapeDtypeStruct((32, 256), jnp.float32), interpret=True)(x)\n"
      "a, b, c = o[0, 1], o[8, 1], o[16, 1]\n"
      "e = x[0, 1]\n");
  EXPECT_EQ(d["values"]["a"]["data"][0], 1.0);
  EXPECT_EQ(d["values"]["b"]["data"][0], 2.0);
  EXPECT_EQ(d["values"]["c"]["data"][0], 4.0);
  EXPECT_EQ(d["values"]["e"]["data"][0], 1.0);
}

TEST(InterpretBlocks, WholeArrayBlocksAndRevisitsKeepEveryWrite) {
  // One block that is the whole array, written a row at a time over 4 steps.
  Json d = run(
      "def k(o_ref):\n"
      "    i = pl.program_id(0)\n"
      "    @pl.when(i == 0)\n"
      "    def _():\n"
      "        o_ref[...] = jnp.zeros_like(o_ref)\n"
      "    o_ref[pl.ds(i, 1), :] = jnp.full((1, 256), i + 1, jnp.float32)\n"
      "o = pl.pallas_call(k, grid=(4,), out_specs=pl.BlockSpec((32, 256), lambda i: (0, 0)),\n"
      "    out_shape=jax.ShapeDtypeStruct((32, 256), jnp.float32), interpret=True)()\n"
      "s = jnp.sum(o, axis=1)[:5]\n");
  EXPECT_EQ(d["values"]["s"]["data"], Json::array({256.0, 512.0, 768.0, 1024.0, 0.0}));
}

}  // namespace
