// The typed run contract: options and params are parsed once, checked
// against the engine's own tables, and anything unknown or mistyped is
// refused naming it; the schema exports those same tables.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/errors/error.h"
#include "core/result/engine.h"
#include "core/result/run_options.h"
#include "core/result/schema.h"

namespace rungs::result {
namespace {

// "id: message" of what parsing refuses, or "accepted".
template <typename F>
std::string refusal(F&& parse) {
  try {
    parse();
  } catch (const EngineError& e) {
    return std::string(error_info(e.id).name) + ": " + e.message;
  }
  return "accepted";
}

TEST(RunOptions, RungsComeFromTheTable) {
  EXPECT_EQ(parse_rung_option("auto"), std::nullopt);
  EXPECT_EQ(parse_rung_option("tpu"), pallas::Rung::Tpu);
  EXPECT_EQ(refusal([] { parse_rung_option("gpu"); }),
            "bad_run_option: rung must be one of auto, interpret, tpu, chip, got 'gpu'");
}

TEST(RunOptions, PlatformIsAutoCpuOrTpu) {
  EXPECT_EQ(parse_platform_option("auto"), "");
  EXPECT_EQ(parse_options(R"({"platform": "tpu"})").platform, "tpu");
  EXPECT_EQ(refusal([] { parse_platform_option("gpu"); }), "bad_run_option: platform must be one of auto, cpu, tpu, got 'gpu'");
  EXPECT_EQ(refusal([] { parse_options(R"({"platform": 1})"); }), "bad_run_option: option 'platform' must be a string, got an integer 1");
}

TEST(RunOptions, UnknownParamIsRefusedByName) {
  std::string r = refusal([] { parse_params(R"({"detect_race": true})"); });
  EXPECT_EQ(r.rfind("unknown_run_param: unknown param 'detect_race'; known params: detect_races, ", 0), 0u) << r;
}

TEST(RunOptions, ParamTypesAndRangesAreChecked) {
  EXPECT_EQ(refusal([] { parse_params(R"({"detect_races": "yes"})"); }),
            "bad_run_param: param 'detect_races' must be true or false, got a string \"yes\"");
  EXPECT_EQ(refusal([] { parse_params(R"({"num_cores_or_threads": 17})"); }),
            "bad_run_param: param 'num_cores_or_threads' must be a whole number from 1 to 16, got an integer 17");
  EXPECT_EQ(refusal([] { parse_params(R"({"dma_execution_mode": "later"})"); }),
            "bad_run_param: param 'dma_execution_mode' must be one of 'on_wait', 'eager', got a string \"later\"");
  EXPECT_EQ(refusal([] { parse_params(R"({"random_seed": null, "generation": "V5E"})"); }), "accepted");
  EXPECT_EQ(refusal([] { parse_params(R"({"random_seed": 1.5})"); }),
            "bad_run_param: param 'random_seed' must be a whole number from 0 to 2147483647 or null, got a number 1.5");
  EXPECT_EQ(refusal([] { parse_params(R"({"random_seed": [1]})"); }).rfind("bad_run_param: param 'random_seed'", 0), 0u);
  EXPECT_NE(refusal([] { parse_params(R"({"generation": "v99"})"); }).find("must be one of 'v2'"), std::string::npos);
  EXPECT_EQ(refusal([] { parse_params("[1]"); }), "bad_run_option: params must be a JSON object, got an array");
}

TEST(RunOptions, OptionsObjectRefusesUnknownKeys) {
  EXPECT_EQ(refusal([] { parse_options(R"({"colour": 1})"); }).rfind("bad_run_option: unknown option 'colour'", 0), 0u);
  RunOptions o = parse_options(R"({"rung": "chip", "trace": true, "params": {"detect_races": true}, "maxSteps": 9})");
  EXPECT_EQ(o.rung, pallas::Rung::Chip);
  EXPECT_TRUE(o.trace);
  ASSERT_EQ(o.params.size(), 1u);
  EXPECT_STREQ(o.params[0].field->name, "detect_races");
  EXPECT_EQ(o.max_steps, 9);
}

TEST(RunOptions, ParamsReachTheRun) {
  // A chip_order_seed override permutes the chip's parallel grid; detect_races
  // makes rung 2 report the race of two cores writing one block.
  const char* src =
      "import jax, jax.numpy as jnp\nfrom jax.experimental import pallas as pl\n"
      "from jax.experimental.pallas import tpu as pltpu\n"
      "def k(x_ref, o_ref):\n    o_ref[...] = x_ref[...] + 1\n"
      "x = jnp.zeros((16, 128), jnp.float32)\n"
      "y = pl.pallas_call(k, grid=(2,), in_specs=[pl.BlockSpec((8, 128), lambda i: (0, 0))],\n"
      "    out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)), out_shape=x,\n"
      "    compiler_params=pltpu.CompilerParams(dimension_semantics=('parallel',)),\n"
      "    interpret=pltpu.InterpretParams())(x)\n";
  RunOptions plain;
  EXPECT_TRUE(run_document(src, plain)["calls"][0]["races"].empty());
  RunOptions racing = parse_options(R"({"params": {"detect_races": true, "num_cores_or_threads": 2}})");
  EXPECT_FALSE(run_document(src, racing)["calls"][0]["races"].empty());
}

TEST(Schema, ExportsTheTablesWithDefaultsAndCategories) {
  auto schema = nlohmann::json::parse(schema_to_json());
  ASSERT_EQ(schema["rungs"].size(), 3u);
  EXPECT_EQ(schema["rungs"][1]["name"], "tpu");
  bool saw_seed = false;
  for (const auto& p : schema["params"]) {
    EXPECT_NE(pallas::find_param(p["name"].get<std::string>()), nullptr);
    if (p["name"] == "random_seed") {
      saw_seed = true;
      EXPECT_TRUE(p["default"].is_null());
      EXPECT_EQ(p["type"], "int or null");
    }
    if (p["name"] == "num_cores_or_threads") EXPECT_EQ(p["default"], 1);
  }
  EXPECT_TRUE(saw_seed);
  std::map<std::string, std::string> category;
  for (const auto& e : schema["errors"]) category[e["id"]] = e["category"];
  EXPECT_EQ(category["syntax_unclosed_bracket"], "parse");
  EXPECT_EQ(category["chip_block_tiling"], "compile");
  EXPECT_EQ(category["tpu_oob_read"], "kernel");
  EXPECT_EQ(category["step_limit"], "runtime");
  EXPECT_EQ(category["unknown_run_param"], "usage");
}

TEST(Check, ParsesWithoutRunning) {
  auto ok = nlohmann::json::parse(check_to_json("while True:\n    pass\n"));
  EXPECT_TRUE(ok["ok"].get<bool>());
  auto bad = nlohmann::json::parse(check_to_json("def f(:\n    pass\n", "k.py"));
  ASSERT_FALSE(bad["ok"].get<bool>());
  EXPECT_EQ(bad["diagnostics"][0]["type"], "SyntaxError");
  EXPECT_EQ(bad["diagnostics"][0]["line"], 1);
  EXPECT_EQ(bad["diagnostics"][0]["category"], "parse");
}

}  // namespace
}  // namespace rungs::result
