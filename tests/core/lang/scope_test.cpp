// Scope resolver and post-parse check tests: which names are local, and
// CPython's symtable/compiler errors with their positions.
#include "core/lang/scope.h"

#include <gtest/gtest.h>

#include <string>

#include "core/errors/error.h"
#include "core/lang/parser.h"

namespace rungs::lang {
namespace {

std::string error_of(const std::string& src) {
  try {
    parse_module(src);
  } catch (const EngineError& e) {
    return e.type + ": " + e.message + " @" + std::to_string(e.where.line) + ":" +
           std::to_string(e.where.col);
  }
  return "no error";
}

using Names = std::vector<std::string>;

const FunctionDef& first_def(const Module& m) {
  return static_cast<const FunctionDef&>(*m.body.at(0));
}

TEST(Scope, LocalsAreParamsThenBindings) {
  auto m = parse_module(
      "def f(a, *args, k, **kw):\n"
      "  x = 1\n  y += 1\n  for i, (j, *r) in z: pass\n"
      "  with c as w: pass\n  try: pass\n  except E as e: pass\n"
      "  import numpy as np\n  from jax import lax\n  def g(): pass\n  del d\n"
      "  [t for t in x]\n");
  EXPECT_EQ(first_def(*m).scope.locals,
            (Names{"a", "args", "k", "kw", "x", "y", "i", "j", "r", "w", "e", "np", "lax", "g",
                   "d"}));
}

TEST(Scope, GlobalAndNonlocalAreNotLocals) {
  auto m = parse_module(
      "def f():\n  total = 0\n  def g():\n    nonlocal total\n    global count\n"
      "    total += 1\n    count = 2\n    v = 3\n");
  const auto& f = first_def(*m);
  EXPECT_EQ(f.scope.locals, (Names{"total", "g"}));
  const auto& g = static_cast<const FunctionDef&>(*f.body[1]);
  EXPECT_EQ(g.scope.locals, (Names{"v"}));
  EXPECT_EQ(g.scope.globals, (Names{"count"}));
  EXPECT_EQ(g.scope.nonlocals, (Names{"total"}));
}

TEST(Scope, LambdaScope) {
  auto m = parse_module("f = lambda a, b=1: a + b\n");
  const auto& assign = static_cast<const Assign&>(*m->body[0]);
  EXPECT_EQ(static_cast<const Lambda&>(*assign.value).scope.locals, (Names{"a", "b"}));
}

TEST(ScopeErrors, SymtableTexts) {
  EXPECT_EQ(error_of("def f():\n  print(x)\n  global x"),
            "SyntaxError: name 'x' is used prior to global declaration @3:3");
  EXPECT_EQ(error_of("def f():\n  x = 1\n  global x"),
            "SyntaxError: name 'x' is assigned to before global declaration @3:3");
  EXPECT_EQ(error_of("def f(x):\n  global x"), "SyntaxError: name 'x' is parameter and global @2:3");
  EXPECT_EQ(error_of("nonlocal x"), "SyntaxError: nonlocal declaration not allowed at module level @1:1");
  EXPECT_EQ(error_of("def f():\n  nonlocal x"), "SyntaxError: no binding for nonlocal 'x' found @2:3");
  EXPECT_EQ(error_of("def f(a, a): pass"),
            "SyntaxError: duplicate argument 'a' in function definition @1:10");
  EXPECT_EQ(error_of("def f():\n  global x\n  x: int = 1"),
            "SyntaxError: annotated name 'x' can't be global @3:3");
}

TEST(ScopeErrors, NonlocalFindsEnclosingBinding) {
  EXPECT_EQ(error_of("def f():\n  x = 1\n  def g():\n    nonlocal x\n"), "no error");
  EXPECT_EQ(error_of("def f(x):\n  def g():\n    def h():\n      nonlocal x\n"), "no error");
}

TEST(Checks, CompilerTexts) {
  EXPECT_EQ(error_of("return 1"), "SyntaxError: 'return' outside function @1:1");
  EXPECT_EQ(error_of("def f():\n  break"), "SyntaxError: 'break' outside loop @2:3");
  EXPECT_EQ(error_of("for x in y:\n  def g():\n    continue"),
            "SyntaxError: 'continue' not properly in loop @3:5");
  EXPECT_EQ(error_of("while x:\n  pass\nelse:\n  break"), "SyntaxError: 'break' outside loop @4:3");
  EXPECT_EQ(error_of("a, *b, *c = d"), "SyntaxError: multiple starred expressions in assignment @1:1");
  EXPECT_EQ(error_of("*a = b"), "SyntaxError: starred assignment target must be in a list or tuple @1:1");
  EXPECT_EQ(error_of("x = *a"), "SyntaxError: can't use starred expression here @1:5");
  EXPECT_EQ(error_of("f(x=1, x=2)"), "SyntaxError: keyword argument repeated: x @1:8");
  EXPECT_EQ(error_of("for x in y:\n  if x: break\nelse:\n  pass\nprint(*a, *b)"), "no error");
}

}  // namespace
}  // namespace rungs::lang

namespace rungs::lang {
namespace {

TEST(Scope, AsyncDefIsAResumableCoroutine) {
  auto m = parse_module("async def f(x):\n  return x\nasync def g(y):\n  v = await f(y)\n  return v\n");
  const auto& f = static_cast<const FunctionDef&>(*m->body.at(0));
  EXPECT_TRUE(f.scope.coroutine);
  EXPECT_TRUE(f.scope.generator);  // runs as a generator body even without an await
  EXPECT_EQ(f.range.col, 1);
  const auto& g = static_cast<const FunctionDef&>(*m->body.at(1));
  const auto& assign = static_cast<const Assign&>(*g.body.at(0));
  ASSERT_EQ(assign.value->kind, NodeKind::YieldFrom);
  EXPECT_TRUE(static_cast<const YieldFrom&>(*assign.value).is_await);
}

TEST(Scope, AwaitOutsideAnAsyncDefIsCPythonsSyntaxError) {
  EXPECT_EQ(error_of("await f()\n"), "SyntaxError: 'await' outside function @1:1");
  EXPECT_EQ(error_of("def g():\n    x = await f()\n"), "SyntaxError: 'await' outside async function @2:9");
  EXPECT_EQ(error_of("async def g():\n    return lambda: await x\n"),
            "SyntaxError: 'await' outside async function @2:20");
  EXPECT_EQ(error_of("async def g():\n    yield 1\n"),
            "NotImplementedError: 'async for', 'async with', async generators and async comprehensions are not "
            "supported by Rungs @2:5");
}

}  // namespace
}  // namespace rungs::lang
