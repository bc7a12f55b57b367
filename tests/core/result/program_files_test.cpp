// Programs of several files: the run options' `files` and `package`, how
// imports find and run those modules (core/python/import_files.cpp), and
// how the result document names the file an error is in.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/errors/error.h"
#include "core/result/engine.h"
#include "core/result/run_options.h"

namespace rungs::result {
namespace {

using Json = nlohmann::json;

// Runs `main` with the given files (a JSON object of path: source) and
// extra options; returns the result document.
Json run_with(const std::string& main, const Json& files, const Json& extra = Json::object()) {
  Json options = extra;
  options["files"] = files;
  options["rung"] = "interpret";
  return Json::parse(run_to_json(main, parse_options(options.dump())));
}

std::string refusal(const std::string& options) {
  try {
    parse_options(options);
  } catch (const EngineError& e) {
    return e.message;
  }
  return "accepted";
}

TEST(ProgramFiles, SiblingModuleRunsOnceAndKeepsItsOwnGlobals) {
  Json doc = run_with(
      "import util\nimport util as again\nx = 5\nprint(util.f(), again is util, util.count)\n",
      {{"util.py", "print('loading')\nx = 1\ncount = 0\ndef f():\n    global count\n    count += 1\n    return x\n"}});
  ASSERT_TRUE(doc["ok"].get<bool>()) << doc["error"].dump();
  // util's f reads util's x, not the program's; its `global` writes util's count.
  EXPECT_EQ(doc["stdout"], "loading\n1 True 1\n");
}

TEST(ProgramFiles, ErrorInAModuleNamesThatFileInErrorAndTraceback) {
  Json doc = run_with("import helpers\nhelpers.check(3)\n",
                      {{"helpers.py", "def check(n):\n    if n > 2:\n        raise ValueError('too big')\n"}});
  ASSERT_FALSE(doc["ok"].get<bool>());
  const Json& e = doc["error"];
  EXPECT_EQ(e["type"], "ValueError");
  EXPECT_EQ(e["file"], "helpers.py");
  EXPECT_EQ(e["line"], 3);
  ASSERT_EQ(e["traceback"].size(), 2u);
  EXPECT_FALSE(e["traceback"][0].contains("file"));  // the main program's frame
  EXPECT_EQ(e["traceback"][0]["line"], 2);
  EXPECT_EQ(e["traceback"][1]["file"], "helpers.py");
  EXPECT_EQ(e["traceback"][1]["function"], "check");
}

TEST(ProgramFiles, ErrorsInTheMainProgramCarryNoFile) {
  Json doc = run_with("import helpers\n1 / 0\n", {{"helpers.py", "X = 1\n"}});
  EXPECT_EQ(doc["error"]["type"], "ZeroDivisionError");
  EXPECT_FALSE(doc["error"].contains("file"));
}

TEST(ProgramFiles, PackagesImportTheirParentFirstAndResolveRelativeImports) {
  Json files = {{"pkg/__init__.py", "print('pkg')\nfrom .core import value\n"},
                {"pkg/core.py", "from . import consts\nvalue = consts.K * 2\n"},
                {"pkg/consts.py", "K = 21\n"}};
  Json doc = run_with("import pkg.core\nprint(pkg.value, pkg.core.value, pkg.consts.K)\n", files);
  ASSERT_TRUE(doc["ok"].get<bool>()) << doc["error"].dump();
  EXPECT_EQ(doc["stdout"], "pkg\n42 42 21\n");
}

TEST(ProgramFiles, MainProgramInAPackageUsesItsPackageForRelativeImports) {
  Json files = {{"app/__init__.py", ""}, {"app/util.py", "NAME = 'util'\n"}};
  Json doc = run_with("from .util import NAME\nprint(NAME, __package__)\n", files, {{"package", "app"}});
  ASSERT_TRUE(doc["ok"].get<bool>()) << doc["error"].dump();
  EXPECT_EQ(doc["stdout"], "util app\n");
  Json plain = run_with("from .util import NAME\n", files);
  EXPECT_EQ(plain["error"]["message"], "attempted relative import with no known parent package");
}

TEST(ProgramFiles, MissingParentIsWhatCPythonNames) {
  Json doc = run_with("import torch.nn\n", Json::object());
  EXPECT_EQ(doc["error"]["message"], "No module named 'torch'");
  Json inner = run_with("import pkg.nope\n", {{"pkg/__init__.py", ""}});
  EXPECT_EQ(inner["error"]["message"], "No module named 'pkg.nope'");
}

TEST(ProgramFiles, AFailedModuleIsNotKept) {
  Json doc = run_with(
      "try:\n    import flaky\nexcept RuntimeError:\n    print('failed once')\nimport flaky\n",
      {{"flaky.py", "print('running')\nraise RuntimeError('no')\n"}});
  EXPECT_EQ(doc["stdout"], "running\nfailed once\nrunning\n");
  EXPECT_EQ(doc["error"]["file"], "flaky.py");
  EXPECT_EQ(doc["error"]["line"], 2);
}

TEST(ProgramFiles, CircularImportSeesTheHalfMadeModule) {
  Json files = {{"a.py", "import b\nA = 1\n"}, {"b.py", "import a\ndef late():\n    return a.A\n"}};
  Json doc = run_with("import a\nimport b\nprint(b.late())\n", files);
  ASSERT_TRUE(doc["ok"].get<bool>()) << doc["error"].dump();
  EXPECT_EQ(doc["stdout"], "1\n");
}

TEST(ProgramFiles, EngineModulesWinOverFilesOfTheSameName) {
  Json doc = run_with("import math\nprint(math.floor(2.5))\n", {{"math.py", "floor = None\n"}});
  EXPECT_EQ(doc["stdout"], "2\n");
}

TEST(ProgramFiles, AKernelInAModuleIsLocatedThere) {
  Json files = {{"kern.py",
                 "import jax, jax.numpy as jnp\nfrom jax.experimental import pallas as pl\n"
                 "def body(x_ref, o_ref):\n    o_ref[...] = x_ref[...] * 2\n"
                 "def run(x):\n    return pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),"
                 " interpret=True)(x)\n"}};
  Json doc = run_with("import jax.numpy as jnp\nimport kern\nprint(kern.run(jnp.ones((8, 128)))[0, 0])\n", files);
  ASSERT_TRUE(doc["ok"].get<bool>()) << doc["error"].dump();
  EXPECT_EQ(doc["stdout"], "2.0\n");
  ASSERT_EQ(doc["calls"].size(), 1u);
  EXPECT_EQ(doc["calls"][0]["source"]["file"], "kern.py");  // the pallas_call's own line
  EXPECT_EQ(doc["calls"][0]["source"]["line"], 6);
}

TEST(ProgramFiles, OptionsRefuseWhatNoImportCouldReach) {
  EXPECT_EQ(refusal(R"({"files": {"../up.py": ""}})"),
            "option 'files': '../up.py' is not a module path (like util.py or pkg/mod.py)");
  EXPECT_EQ(refusal(R"({"files": {"notes.txt": ""}})"),
            "option 'files': 'notes.txt' is not a module path (like util.py or pkg/mod.py)");
  EXPECT_EQ(refusal(R"({"files": {"util.py": 3}})"), "option 'files': 'util.py' must map to a string, got an integer 3");
  EXPECT_EQ(refusal(R"({"files": []})"), "option 'files' must be an object of path: source, got an array");
  EXPECT_EQ(refusal(R"({"package": "a..b"})"),
            "option 'package' must be a dotted module name like \"pkg.sub\", got \"a..b\"");
  EXPECT_EQ(refusal(R"({"files": {"pkg/mod.py": "", "pkg/__init__.py": ""}, "package": "pkg"})"), "accepted");
}

}  // namespace
}  // namespace rungs::result
