// The result document's contract (DESIGN.md): shape, non-finite floats as
// strings, error positions, and the exit of a program that fails midway
// keeping the values computed so far.
#include <gtest/gtest.h>

#include "core/result/engine.h"

namespace {

using rungs::result::Json;

Json run(const std::string& src, const std::string& rung = "auto") {
  rungs::result::RunOptions o;
  o.rung = rungs::result::parse_rung_option(rung);
  return rungs::result::run_document(src, o);
}

TEST(Document, HasTheContractShape) {
  Json d = run("import jax.numpy as jnp\nx = jnp.array([1.0, 2.0])\nprint('hi')\n");
  EXPECT_TRUE(d["ok"].get<bool>());
  EXPECT_EQ(d["stdout"], "hi\n");
  EXPECT_EQ(d["values"]["x"]["dtype"], "float32");
  EXPECT_EQ(d["values"]["x"]["shape"], Json::array({2}));
  EXPECT_EQ(d["values"]["x"]["data"], Json::array({1.0, 2.0}));
  EXPECT_TRUE(d["error"].is_null());
  EXPECT_TRUE(d["calls"].is_array());
}

TEST(Document, ValuesIncludeArraysInsideTopLevelContainers) {
  Json d = run("import jax.numpy as jnp\nouts = [jnp.ones(2), {'m': jnp.zeros(1), 3: jnp.ones(1)}]\npair = (jnp.arange(2), 5)\n");
  std::vector<std::string> names;
  for (auto it = d["values"].begin(); it != d["values"].end(); ++it) names.push_back(it.key());
  EXPECT_EQ(names, (std::vector<std::string>{"outs[0]", "outs[1]['m']", "outs[1][3]", "pair[0]"}));
  EXPECT_EQ(d["values"]["pair[0]"]["dtype"], "int32");
  EXPECT_EQ(d["host"]["platform"], "cpu");
}

TEST(Document, NonFiniteFloatsAreStrings) {
  Json d = run("import jax.numpy as jnp\nx = jnp.array([jnp.nan, jnp.inf, -jnp.inf, 0.5])\n");
  EXPECT_EQ(d["values"]["x"]["data"], Json::array({"NaN", "Infinity", "-Infinity", 0.5}));
}

TEST(Document, WarningsAreCPythonsStderrLinesAtTheUsersLine) {
  Json quiet = run("x = 1\n");
  EXPECT_FALSE(quiet.contains("warnings"));
  Json d = run("import warnings\nwarnings.warn('slow path', UserWarning)\nimport jax\n"
               "from jax.experimental.shard_map import shard_map\n"
               "m = jax.make_mesh((1,), ('x',))\nf = shard_map(lambda a: a, m, in_specs=None, out_specs=None)\n");
  ASSERT_TRUE(d.contains("warnings"));
  EXPECT_EQ(d["warnings"][0], "kernel.py:2: UserWarning: slow path");
  // Raised inside the library's own Python, reported where the program called it.
  EXPECT_EQ(d["warnings"][1],
            "kernel.py:6: DeprecationWarning: jax.experimental.shard_map is deprecated in v0.8.0. Used jax.shard_map instead.");
}

TEST(Document, ErrorsCarryTypePositionAndRegistryId) {
  Json d = run("import jax.numpy as jnp\nx = jnp.zeros(3)\ny = undefined_thing + 1\nz = 2\n");
  EXPECT_FALSE(d["ok"].get<bool>());
  EXPECT_EQ(d["error"]["type"], "NameError");
  EXPECT_EQ(d["error"]["message"], "name 'undefined_thing' is not defined");
  EXPECT_EQ(d["error"]["line"], 3);
  EXPECT_EQ(d["error"]["col"], 5);
  EXPECT_EQ(d["error"]["end_col"], 20);
  EXPECT_EQ(d["error"]["id"], "name_not_defined");
  // Values computed before the error are still reported.
  EXPECT_TRUE(d["values"].contains("x"));
  EXPECT_FALSE(d["values"].contains("z"));
}

TEST(Document, SyntaxErrorsAreLocated) {
  Json d = run("x = (1 +\n");
  EXPECT_EQ(d["error"]["type"], "SyntaxError");
  EXPECT_GE(d["error"]["line"].get<int>(), 1);
  EXPECT_GE(d["error"]["col"].get<int>(), 1);
}

TEST(Document, CallsRecordTheKernelAndItsJaxpr) {
  Json d = run(R"(import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0
y = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)(jnp.zeros(8))
)");
  ASSERT_TRUE(d["ok"].get<bool>()) << d.dump();
  ASSERT_EQ(d["calls"].size(), 1u);
  EXPECT_EQ(d["calls"][0]["kernel"], "k");
  EXPECT_EQ(d["calls"][0]["rung"], "interpret");
  EXPECT_NE(d["calls"][0]["jaxpr"].get<std::string>().find("add"), std::string::npos);
  EXPECT_EQ(d["calls"][0]["operands"][0]["name"], "x_ref");
  EXPECT_EQ(d["values"]["y"]["data"][0], 1.0);
}

}  // namespace

// The memory figure in a MemoryError counts the run's own arrays only: tables
// the engine builds on first use (here the builtins, for `range`) must not be
// charged to whichever run happened to build them. Each ctest test is a fresh
// process, so the first run below is the first use.
TEST(Document, MemoryErrorsCountTheSameOnTheFirstRunAsLater) {
  const std::string src =
      "import jax.numpy as jnp\nxs = []\nfor i in range(10):\n"
      "    xs.append(jnp.zeros((1000, 1000), jnp.float32))\n";
  rungs::result::RunOptions o;
  o.max_memory = 10'000'000;
  Json first = rungs::result::run_document(src, o);
  Json second = rungs::result::run_document(src, o);
  ASSERT_FALSE(first["ok"].get<bool>());
  EXPECT_EQ(first["error"]["type"], "MemoryError");
  EXPECT_EQ(first["error"]["message"], second["error"]["message"]);
}
