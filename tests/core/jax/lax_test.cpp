// jax.lax through the interpreter: strict primitives on host arrays, the
// control-flow functions run eagerly on the host, JAX's carry and branch
// type errors, and the scan / while / cond equations they record inside a
// trace (their operand layout is documented at the top of module_lax.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/errors/error.h"
#include "core/ir/jaxpr.h"

#include "tests/core/jax/module_test_util.h"

namespace rungs::jax {
namespace {

using moduletest::f32;
using moduletest::i32;

const std::string kImport = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n";

std::string lax_run(const std::string& body) { return moduletest::run(kImport + body); }
std::string lax_error(const std::string& body) { return moduletest::error_of(kImport + body); }
std::string lax_trace(const std::string& body, const std::vector<ir::AVal>& avals) {
  return moduletest::trace(kImport + body, "f", avals);
}

TEST(Lax, StrictBinaryOps) {
  EXPECT_EQ(lax_run("print(lax.add(jnp.ones(3), 1), lax.mul(2.0, jnp.arange(2.0)))\n"), "[2. 2. 2.] [0. 2.]\n");
  EXPECT_EQ(lax_error("lax.add(jnp.float32(1), jnp.int32(1))\n"),
            "TypeError: lax.add requires arguments to have the same dtypes, got float32, int32.");
  EXPECT_EQ(lax_error("lax.add(jnp.ones(3, jnp.int32), 1.5)\n"),
            "TypeError: lax.add requires arguments to have the same dtypes, got int32, float32.");
  EXPECT_EQ(lax_error("lax.add(jnp.ones(3), jnp.ones((2, 3)))\n"),
            "TypeError: add: arrays must have the same number of dimensions, got {1, 2}");
  // Size-1 dimensions broadcast in lax too (_try_broadcast_shapes); only
  // unequal sizes other than 1 are refused, naming every shape.
  EXPECT_EQ(lax_run("print(lax.add(jnp.ones(3), jnp.ones(1)), lax.mul(jnp.ones((2, 1)), jnp.ones((1, 3))).shape)\n"),
            "[2. 2. 2.] (2, 3)\n");
  EXPECT_EQ(lax_error("lax.sub(jnp.ones(3), jnp.ones(4))\n"),
            "TypeError: sub got incompatible shapes for broadcasting: (3,), (4,).");
  EXPECT_EQ(lax_error("lax.exp(jnp.arange(3))\n"),
            "TypeError: exp does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating.");
  EXPECT_EQ(lax_run("print(lax.div(7, 2), lax.rem(-7, 2), lax.max(jnp.arange(3), 1))\n"), "3 -1 [1 1 2]\n");
  EXPECT_EQ(lax_run("print(lax.shift_right_logical(jnp.int32(-16), 28), lax.lt(1.0, 2.0))\n"), "15 True\n");
}

TEST(Lax, Unary) {
  EXPECT_EQ(lax_run("print(lax.rsqrt(jnp.array([4.0])), lax.integer_pow(jnp.arange(4), 3))\n"), "[0.5] [ 0  1  8 27]\n");
  EXPECT_EQ(lax_run("print(lax.round(jnp.array([0.5, 1.5, 2.5])))\n"), "[1. 2. 3.]\n");
  EXPECT_EQ(lax_run("print(lax.round(jnp.array([0.5, 1.5, 2.5]), lax.RoundingMethod.TO_NEAREST_EVEN))\n"),
            "[0. 2. 2.]\n");
  EXPECT_EQ(lax_run("print(lax.neg(jnp.arange(2)), lax.abs(-2.5), lax.logistic(0.0), lax.square(3))\n"),
            "[ 0 -1] 2.5 0.5 9\n");
  EXPECT_EQ(lax_run("print(lax.convert_element_type(jnp.array([1.7, -1.7]), jnp.int32))\n"), "[ 1 -1]\n");
  EXPECT_EQ(lax_run("print(lax.bitcast_convert_type(jnp.float32(1.0), jnp.int32))\n"), "1065353216\n");
}

TEST(Lax, Structural) {
  EXPECT_EQ(lax_run("print(lax.dynamic_slice(jnp.arange(10), (8,), (4,)), lax.dynamic_slice(jnp.arange(10), (-5,), (2,)))\n"),
            "[6 7 8 9] [5 6]\n");
  EXPECT_EQ(lax_run("print(lax.dynamic_update_slice(jnp.zeros(5), jnp.ones(2), (1,)))\n"), "[0. 1. 1. 0. 0.]\n");
  EXPECT_EQ(lax_run("print(lax.dynamic_slice_in_dim(jnp.arange(10).reshape(2, 5), 1, 2, axis=1))\n"), "[[1 2]\n [6 7]]\n");
  EXPECT_EQ(lax_run("print(lax.dynamic_index_in_dim(jnp.arange(6).reshape(3, 2), 1, keepdims=False))\n"), "[2 3]\n");
  EXPECT_EQ(lax_run("print(lax.slice(jnp.arange(10), (2,), (8,), (2,)), lax.slice_in_dim(jnp.arange(5), 1, 3))\n"),
            "[2 4 6] [1 2]\n");
  EXPECT_EQ(lax_run("print(lax.pad(jnp.arange(3), 0, [(1, 2, 1)]))\n"), "[0 0 0 1 0 2 0 0]\n");
  EXPECT_EQ(lax_run("print(lax.broadcasted_iota(jnp.int32, (2, 3), 1), lax.iota(jnp.float32, 2))\n"),
            "[[0 1 2]\n [0 1 2]] [0. 1.]\n");
  EXPECT_EQ(lax_run("print(lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 4)), (((1,), (0,)), ((), ()))))\n"),
            "[[3. 3. 3. 3.]\n [3. 3. 3. 3.]]\n");
  EXPECT_EQ(lax_run("print(lax.dot(jnp.ones((2, 3)), jnp.ones(3)))\n"), "[3. 3.]\n");
  EXPECT_EQ(lax_run("print(lax.select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))\n"), "[1. 0.]\n");
  EXPECT_EQ(lax_run("print(lax.select_n(jnp.array([0, 1, 2]), jnp.zeros(3), jnp.ones(3), jnp.full(3, 2.0)))\n"),
            "[0. 1. 2.]\n");
  EXPECT_EQ(lax_run("print(lax.clamp(0, jnp.array([-1, 5, 2]), 3))\n"), "[0 3 2]\n");
  EXPECT_EQ(lax_run("print(lax.reduce_sum(jnp.ones((2, 3)), (1,)), lax.reduce_max(jnp.arange(4), (0,)))\n"),
            "[3. 3.] 3\n");
  EXPECT_EQ(lax_run("print(lax.argmax(jnp.array([1, 3, 2]), 0, jnp.int32), lax.cumsum(jnp.arange(4), reverse=True))\n"),
            "1 [6 6 5 3]\n");
  EXPECT_EQ(lax_run("print(lax.cummax(jnp.array([1, 3, 2])), lax.rev(jnp.arange(3), (0,)), lax.sort(jnp.array([3, 1, 2])))\n"),
            "[1 3 3] [2 1 0] [1 2 3]\n");
  EXPECT_EQ(lax_run("x = jnp.zeros((2, 3))\n"
                    "print(lax.reshape(x, (3, 2)).shape, lax.transpose(x, (1, 0)).shape, lax.expand_dims(x, (0,)).shape)\n"
                    "print(lax.squeeze(jnp.zeros((1, 3)), (0,)).shape, lax.broadcast_in_dim(jnp.ones(3), (2, 3), (1,)).shape)\n"
                    "print(lax.broadcast(jnp.ones(3), (2,)).shape, lax.concatenate([x, x], 1).shape)\n"),
            "(3, 2) (3, 2) (1, 2, 3)\n(3,) (2, 3)\n(2, 3) (2, 6)\n");
  EXPECT_EQ(lax_error("lax.concatenate([jnp.ones(2), jnp.zeros(1, jnp.int32)], 0)\n"),
            "TypeError: lax.concatenate requires arguments to have the same dtypes, got float32, int32.");
  EXPECT_EQ(lax_error("lax.pad(jnp.arange(3), 0.0, [(1, 1, 0)])\n"),
            "TypeError: pad operand and padding_value must be same dtype: got int32 and float32.");
  EXPECT_EQ(lax_error("lax.dot(jnp.ones((2, 3)), jnp.ones(2))\n"), "TypeError: Incompatible shapes for dot: got (2, 3) and (2,).");
}

TEST(LaxControl, EagerLoops) {
  EXPECT_EQ(lax_run("print(lax.fori_loop(0, 5, lambda i, c: c + i, 0))\n"), "10\n");
  EXPECT_EQ(lax_run("print(lax.fori_loop(0, 3, lambda i, c: c * 2.0, jnp.ones(2)))\n"), "[8. 8.]\n");
  EXPECT_EQ(lax_run("print(lax.fori_loop(0, 3, lambda i, c: (c[0] + 1, c[1] * 2), (0, 1.0)))\n"),
            "(Array(3, dtype=int32, weak_type=True), Array(8., dtype=float32, weak_type=True))\n");
  EXPECT_EQ(lax_run("print(lax.fori_loop(2, 1, lambda i, c: c + 1, 7))\n"), "7\n");
  EXPECT_EQ(lax_run("print(lax.while_loop(lambda c: c < 10, lambda c: c * 2, 1))\n"), "16\n");
  EXPECT_EQ(lax_run("r = lax.while_loop(lambda s: s['i'] < 3, lambda s: {'i': s['i'] + 1, 'acc': s['acc'] * 2.0},\n"
                    "                  {'i': 0, 'acc': jnp.ones(2)})\nprint(r['i'], r['acc'])\n"),
            "3 [8. 8.]\n");
  // A weak (Python scalar) init the body widens is promoted, as in JAX.
  EXPECT_EQ(lax_run("print(repr(lax.fori_loop(0, 4, lambda i, c: c + 0.5, 0)))\n"), "Array(2., dtype=float32)\n");
}

TEST(LaxControl, EagerBranches) {
  EXPECT_EQ(lax_run("print(lax.cond(True, lambda x: x + 1, lambda x: x - 1, 5))\n"), "6\n");
  EXPECT_EQ(lax_run("print(lax.cond(jnp.int32(0), lambda: 1.0, lambda: 2.0))\n"), "2.0\n");
  EXPECT_EQ(lax_run("print(lax.switch(5, [lambda x: x, lambda x: x * 10], 3), lax.switch(-2, [lambda: 0, lambda: 1]))\n"),
            "30 0\n");
  EXPECT_EQ(lax_run("a, b = lax.cond(False, lambda x, y: (x, y), lambda x, y: (y, x), 1, 2)\nprint(a, b)\n"), "2 1\n");
}

TEST(LaxControl, CarryErrors) {
  EXPECT_EQ(lax_error("lax.fori_loop(0, 3, lambda i, c: c.astype(jnp.int32), jnp.zeros(3))\n"),
            "TypeError: scan body function carry input and carry output must have equal types, but they differ:\n\n"
            "The input carry component loop_carry[1] has type float32[3] but the corresponding output carry component "
            "has type int32[3], so the dtypes do not match.\n\n"
            "Revise the function so that all output types match the corresponding input types.");
  EXPECT_EQ(lax_error("lax.while_loop(lambda c: c.sum() < 3.0, lambda c: jnp.concatenate([c, jnp.ones(1)]), jnp.zeros(1))\n"),
            "TypeError: while_loop body function carry input and carry output must have equal types, but they differ:\n\n"
            "The input carry c has type float32[1] but the corresponding output carry component has type float32[2], "
            "so the shapes do not match.\n\n"
            "Revise the function so that all output types match the corresponding input types.");
  EXPECT_EQ(lax_error("lax.fori_loop(0, 2, lambda i, c: (c[0], c[1][:1]), (jnp.ones(2, jnp.int32), jnp.ones(2)))\n"),
            "TypeError: scan body function carry input and carry output must have equal types, but they differ:\n\n"
            "The input carry component loop_carry[1][1] has type float32[2] but the corresponding output carry "
            "component has type float32[1], so the shapes do not match.\n\n"
            "Revise the function so that all output types match the corresponding input types.");
  EXPECT_EQ(lax_error("lax.fori_loop(0, 2, lambda i, c: (c, c), jnp.ones(2))\n"),
            "TypeError: scan body function carry input and carry output must have the same pytree structure, but they "
            "differ:\n\nThe input carry component loop_carry[1] is a <class 'ArrayImpl'> but the corresponding component "
            "of the carry output is a <class 'tuple'>, so their Python types differ.\n\n"
            "Revise the function so that the carry output has the same pytree structure as the carry input.");
  EXPECT_EQ(lax_error("lax.while_loop(lambda v: v < 5.0, lambda v: v + 1.0, jnp.ones(3))\n"),
            "TypeError: cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[3])].");
  EXPECT_EQ(lax_error("lax.fori_loop(0, 3, 5, 0)\n"), "TypeError: lax.fori_loop: body_fun argument should be callable.");
  EXPECT_EQ(lax_error("lax.fori_loop(jnp.int8(0), 3.0, lambda i, c: c, 0)\n"),
            "TypeError: lower and upper arguments to fori_loop must have equal types, got int8 and float32");
}

TEST(LaxControl, BranchErrors) {
  EXPECT_EQ(lax_error("lax.cond(jnp.array([True, False]), lambda: 1, lambda: 2)\n"),
            "TypeError: Pred must be a scalar, got [ True False] of shape (2,).");
  EXPECT_EQ(lax_error("lax.cond(1.5, lambda: 1, lambda: 2)\n"),
            "TypeError: Pred type must be either boolean or number, got float32.");
  EXPECT_EQ(lax_error("lax.switch(1.0, [lambda: 1, lambda: 2])\n"), "TypeError: Index type must be an integer, got 1.0 as float32");
  EXPECT_EQ(lax_error("lax.switch(0, [])\n"), "ValueError: Empty branch sequence");
  EXPECT_EQ(lax_error("lax.cond(True, 1, lambda: 2)\n"),
            "TypeError: lax.cond: true_fun and false_fun arguments should be callable.");
  // Host branches are checked as JAX checks the traced ones
  // (conditionals.py's _check_branch_outputs), even the branch not taken.
  EXPECT_EQ(lax_error("def one():\n  return 1.0\nlax.cond(True, one, lambda: 1)\n"),
            "TypeError: cond branches must have equal output types but they differ.\n\n"
            "true_fun is one at t.py:4\nfalse_fun is <lambda> at t.py:6\n\n"
            "The output of true_fun has type float32[] but the corresponding output of false_fun has type int32[], "
            "so the dtypes do not match.\n\nRevise true_fun and/or false_fun so that all output types match.");
  EXPECT_EQ(lax_error("lax.switch(0, [lambda: (1.0, 2.0), lambda: [1.0, 2.0]])\n"),
            "TypeError: switch branch outputs must have the same pytree structure, but they differ:\n\n"
            "branch 0 is <lambda> at t.py:4\nbranch1 is <lambda> at t.py:4\n\n"
            "branch 0 output is a <class 'tuple'> but branch1 output is a <class 'list'>, so their Python types "
            "differ.\n\nRevise branch 0 and/or branch1 so that they have the same pytree structure.");
}

// ---- inside a trace: one equation per construct ----

TEST(LaxTrace, ForiLoopStaticBoundsIsScan) {
  EXPECT_EQ(lax_trace("def f(x):\n  return lax.fori_loop(0, 5, lambda i, c: c * 1.5 + 1.0, x)\n", {f32({})}),
            "{ lambda ; a:f32[]. let\n"
            "    b:i32[] c:f32[] = scan[\n"
            "      jaxpr={ lambda ; d:i32[] e:f32[]. let\n"
            "          f:i32[] = add d 1:i32[]\n"
            "          g:f32[] = mul e 1.5:f32[]\n"
            "          h:f32[] = add g 1.0:f32[]\n"
            "        in (f, h) }\n"
            "      length=5\n"
            "      num_carry=2\n"
            "      num_consts=0\n"
            "      reverse=False\n"
            "    ] 0:i32[] a\n"
            "  in (c,) }");
}

TEST(LaxTrace, ForiLoopCapturesBecomeConsts) {
  std::string j = lax_trace("def f(x, y):\n  return lax.fori_loop(0, 2, lambda i, c: c + y, x)\n", {f32({4}), f32({4})});
  EXPECT_NE(j.find("jaxpr={ lambda ; e:f32[4] f:i32[] g:f32[4]. let"), std::string::npos) << j;
  EXPECT_NE(j.find("num_consts=1"), std::string::npos) << j;
  EXPECT_NE(j.find("] b 0:i32[] a"), std::string::npos) << j;
}

TEST(LaxTrace, ForiLoopTracedBoundIsWhile) {
  EXPECT_EQ(lax_trace("def f(x, n):\n  return lax.fori_loop(0, n, lambda i, c: c * 2.0, x)\n", {f32({}), i32({})}),
            "{ lambda ; a:f32[] b:i32[]. let\n"
            "    c:i32[] d:i32[] e:f32[] = while[\n"
            "      body_jaxpr={ lambda ; f:i32[] g:i32[] h:f32[]. let\n"
            "          i:i32[] = add f 1:i32[]\n"
            "          j:f32[] = mul h 2.0:f32[]\n"
            "        in (i, g, j) }\n"
            "      body_nconsts=0\n"
            "      cond_jaxpr={ lambda ; k:i32[] l:i32[] m:f32[]. let\n"
            "          n:bool[] = lt k l\n"
            "        in (n,) }\n"
            "      cond_nconsts=0\n"
            "    ] 0:i32[] b a\n"
            "  in (e,) }");
}

TEST(LaxTrace, WhileLoopWithTupleCarry) {
  std::string j = lax_trace("def f(x):\n"
                            "  i, y = lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * x), (0, x))\n"
                            "  return y\n",
                            {f32({2})});
  EXPECT_NE(j.find("= while["), std::string::npos) << j;
  EXPECT_NE(j.find("body_nconsts=1"), std::string::npos) << j;
  EXPECT_NE(j.find("cond_nconsts=0"), std::string::npos) << j;
  EXPECT_NE(j.find("] a 0:i32[] a"), std::string::npos) << j;
}

TEST(LaxTrace, CondConvertsPredAndOrdersBranchesFalseFirst) {
  EXPECT_EQ(lax_trace("def f(x):\n  return lax.cond(x.sum() > 0, lambda v: v * 2.0, lambda v: v / 2.0, x)\n", {f32({3})}),
            "{ lambda ; a:f32[3]. let\n"
            "    b:f32[] = reduce_sum[axes=(0,)] a\n"
            "    c:bool[] = gt b 0.0:f32[]\n"
            "    d:i32[] = convert_element_type[new_dtype=int32 weak_type=False] c\n"
            "    e:f32[3] = cond[\n"
            "      branches=(\n"
            "        { lambda ; f:f32[3]. let\n"
            "          g:f32[3] = div f 2.0:f32[]\n"
            "        in (g,) }\n"
            "        { lambda ; h:f32[3]. let\n"
            "          i:f32[3] = mul h 2.0:f32[]\n"
            "        in (i,) }\n"
            "      )\n"
            "    ] d a\n"
            "  in (e,) }");
}

TEST(LaxTrace, CondConstsAreSharedByAllBranches) {
  std::string j = lax_trace("def f(x, w):\n  return lax.cond(x.sum() > 0, lambda v: v * w, lambda v: v - w, x)\n",
                            {f32({3}), f32({3})});
  EXPECT_NE(j.find("] e b b a"), std::string::npos) << j;
}

TEST(LaxTrace, SwitchClampsIndex) {
  std::string j = lax_trace("def f(i, x):\n  return lax.switch(i, [lambda v: v + 1.0, lambda v: v + 2.0, lambda v: v + 3.0], x)\n",
                            {i32({}), f32({2})});
  EXPECT_NE(j.find("c:i32[] = clamp 0:i32[] a 2:i32[]"), std::string::npos) << j;
  EXPECT_NE(j.find("] c b"), std::string::npos) << j;
}

TEST(LaxTrace, TracedCarryErrorAndWeakPromotion) {
  std::string message;
  try {
    lax_trace("def f(x):\n  return lax.fori_loop(0, 3, lambda i, c: c.astype(jnp.int32), x)\n", {f32({2})});
  } catch (const EngineError& e) {
    message = e.type + ": " + e.message;
  }
  EXPECT_EQ(message.substr(0, 59), "TypeError: scan body function carry input and carry output ");
  EXPECT_NE(message.find("loop_carry[1] has type float32[2]"), std::string::npos) << message;
  // A Python-scalar init the body widens to float32 is promoted and retraced.
  std::string j = lax_trace("def f(x):\n  return lax.fori_loop(0, 3, lambda i, c: c + x.sum(), 0)\n", {f32({2})});
  EXPECT_NE(j.find("] a 0:i32[] 0.0:f32[]"), std::string::npos) << j;
}

TEST(LaxTrace, DynamicSliceWrapsNegativeTracedStarts) {
  EXPECT_EQ(lax_trace("def f(x, i):\n  return lax.dynamic_slice(x, (i,), (2,))\n", {f32({8}), i32({})}),
            "{ lambda ; a:f32[8] b:i32[]. let\n"
            "    c:bool[] = lt b 0:i32[]\n"
            "    d:i32[] = add b 8:i32[]\n"
            "    e:i32[] = select_n c b d\n"
            "    f:f32[2] = dynamic_slice[slice_sizes=(2,)] a e\n"
            "  in (f,) }");
}

TEST(LaxTrace, PythonScalarBranchResultsAndNoneCarry) {
  std::string j = lax_trace("def f(x):\n  return lax.cond(x.sum() > 0, lambda: 1.0, lambda: 2.0)\n", {f32({2})});
  EXPECT_NE(j.find("{ lambda ;. let  in (2.0:f32[],) }"), std::string::npos) << j;
  // A loop whose carry is None only threads the index (a kernel writing refs).
  j = lax_trace("def f(x):\n  lax.fori_loop(0, 4, lambda i, c: None, None)\n  return x\n", {f32({2})});
  EXPECT_NE(j.find("num_carry=1"), std::string::npos) << j;
}

}  // namespace
}  // namespace rungs::jax
