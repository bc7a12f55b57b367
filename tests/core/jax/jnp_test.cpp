// jax.numpy through the interpreter: small programs run on the host and
// compared by their printed output (NumPy's formatting, which JAX arrays
// print with), result dtypes and weak types, errors with JAX's texts, and
// the jaxprs jnp functions record inside a trace. Expected values were
// computed by hand or with NumPy on float32 data.
//
// This file also defines the helpers the other module tests share
// (declared in module_test_util.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/jax/array_value.h"
#include "core/python/interpreter.h"
#include "core/jax/modules.h"
#include "core/ir/printer.h"
#include "core/lang/parser.h"
#include "tests/core/jax/module_test_util.h"

namespace rungs::jax::moduletest {

// stdout of a program.
std::string run(const std::string& src) {
  register_jax_modules();
  Interpreter ip;
  ip.exec_module(lang::parse_module(src, "t.py"));
  return ip.stdout_text();
}

// "Type: message" of the error a program raises ("no error" otherwise).
std::string error_of(const std::string& src) {
  register_jax_modules();
  Interpreter ip;
  try {
    ip.exec_module(lang::parse_module(src, "t.py"));
  } catch (const EngineError& e) {
    return e.type + ": " + e.message;
  }
  return "no error";
}

// The jaxpr of function `fn` (defined by `src`) traced on arguments of the
// given types, as JAX's make_jaxpr would print it. A tuple result gives
// several outvars.
std::string trace(const std::string& src, const std::string& fn, const std::vector<ir::AVal>& avals) {
  register_jax_modules();
  Interpreter ip;
  ip.exec_module(lang::parse_module(src, "t.py"));
  Value f = ip.globals()->vars.at(fn);
  auto t = std::make_shared<ir::TraceState>(nullptr, "test");
  Values args;
  for (const ir::AVal& a : avals) {
    int v = t->jaxpr->new_var(a);
    t->jaxpr->invars.push_back(v);
    args.push_back(make_array(ir::Operand::of_var(t, v)));
  }
  {
    ir::TraceScope scope(t);
    Value out = ip.call(f, args);
    Values outs = out.is(ObjKind::Tuple) ? out.as<TupleObj>().items : Values{out};
    for (const Value& o : outs) t->jaxpr->outvars.push_back(ir::lift(t, o.as<ArrayObj>().op));
  }
  t->finished = true;
  return ir::print_jaxpr(*t->jaxpr);
}

ir::AVal f32(array::Shape s) { return ir::AVal::array(array::DType::Float32, std::move(s)); }
ir::AVal i32(array::Shape s) { return ir::AVal::array(array::DType::Int32, std::move(s)); }

}  // namespace rungs::jax::moduletest

namespace rungs::jax {
namespace {

using moduletest::error_of;
using moduletest::f32;
using moduletest::run;
using moduletest::trace;

const std::string kImport = "import jax\nimport jax.numpy as jnp\n";

std::string jnp_run(const std::string& body) { return run(kImport + body); }
std::string jnp_error(const std::string& body) { return error_of(kImport + body); }

TEST(Jnp, Creation) {
  EXPECT_EQ(jnp_run("print(jnp.zeros((2, 3)))\n"), "[[0. 0. 0.]\n [0. 0. 0.]]\n");
  EXPECT_EQ(jnp_run("print(jnp.ones(3, dtype=jnp.int32))\n"), "[1 1 1]\n");
  EXPECT_EQ(jnp_run("print(jnp.empty(2))\n"), "[0. 0.]\n");
  EXPECT_EQ(jnp_run("x = jnp.full((2,), 1.5)\nprint(x, x.dtype.name, x.weak_type)\n"), "[1.5 1.5] float32 True\n");
  EXPECT_EQ(jnp_run("x = jnp.full((2,), 3, dtype=jnp.float32)\nprint(x, x.weak_type)\n"), "[3. 3.] False\n");
  EXPECT_EQ(jnp_run("print(jnp.eye(3, k=1))\n"), "[[0. 1. 0.]\n [0. 0. 1.]\n [0. 0. 0.]]\n");
  EXPECT_EQ(jnp_run("print(jnp.identity(2, dtype=jnp.int32))\n"), "[[1 0]\n [0 1]]\n");
  EXPECT_EQ(jnp_run("print(jnp.array([[1, 2], [3, 4]]).dtype.name)\n"), "int32\n");
  EXPECT_EQ(jnp_run("print(jnp.asarray([1.0, 2.0], dtype=jnp.int32))\n"), "[1 2]\n");
  EXPECT_EQ(jnp_run("print(jnp.array(3, ndmin=2).shape)\n"), "(1, 1)\n");
}

TEST(Jnp, Like) {
  EXPECT_EQ(jnp_run("print(jnp.zeros_like(jnp.arange(3)))\n"), "[0 0 0]\n");
  EXPECT_EQ(jnp_run("print(jnp.ones_like(jnp.arange(3), dtype=jnp.float32))\n"), "[1. 1. 1.]\n");
  EXPECT_EQ(jnp_run("print(jnp.full_like(jnp.arange(3), 7.9))\n"), "[7 7 7]\n");
  EXPECT_EQ(jnp_run("print(jnp.zeros_like(jnp.arange(3), shape=(2, 2)))\n"), "[[0 0]\n [0 0]]\n");
  EXPECT_EQ(jnp_run("s = jax.ShapeDtypeStruct((2,), jnp.int32)\nprint(jnp.ones_like(s))\n"), "[1 1]\n");
  EXPECT_EQ(jnp_run("print(jnp.empty_like(jnp.ones((1, 2))))\n"), "[[0. 0.]]\n");
}

TEST(Jnp, Arange) {
  EXPECT_EQ(jnp_run("print(jnp.arange(5))\n"), "[0 1 2 3 4]\n");
  EXPECT_EQ(jnp_run("print(jnp.arange(5.0))\n"), "[0. 1. 2. 3. 4.]\n");
  EXPECT_EQ(jnp_run("print(jnp.arange(2, 8, 2))\n"), "[2 4 6]\n");
  EXPECT_EQ(jnp_run("print(jnp.arange(0.0, 1.0, 0.25))\n"), "[0.   0.25 0.5  0.75]\n");
  EXPECT_EQ(jnp_run("print(jnp.arange(3, dtype=jnp.float32))\n"), "[0. 1. 2.]\n");
  EXPECT_EQ(jnp_run("print(jnp.arange(5, 1, -2))\n"), "[5 3]\n");
  EXPECT_EQ(jnp_run("print(jnp.arange(0, 1, 0.3).shape)\n"), "(4,)\n");
  EXPECT_EQ(jnp_error("jnp.arange(0, 10, 0)\n"), "ZeroDivisionError: division by zero");
}

TEST(Jnp, Linspace) {
  EXPECT_EQ(jnp_run("print(jnp.linspace(0, 1, 5))\n"), "[0.   0.25 0.5  0.75 1.  ]\n");
  EXPECT_EQ(jnp_run("print(jnp.linspace(0, 1, 5, endpoint=False))\n"), "[0.  0.2 0.4 0.6 0.8]\n");
  EXPECT_EQ(jnp_run("print(jnp.linspace(0, 10, 3, dtype=jnp.int32))\n"), "[ 0  5 10]\n");
  EXPECT_EQ(jnp_run("print(jnp.linspace(2.0, 3.0, 1))\n"), "[2.]\n");
  EXPECT_EQ(jnp_run("print(jnp.linspace(0, 1).shape)\n"), "(50,)\n");
  EXPECT_EQ(jnp_error("jnp.linspace(0, 1, -1)\n"), "ValueError: Number of samples, -1, must be non-negative.");
}

TEST(Jnp, ResultDtypes) {
  // int32 array * Python float: the lattice join of i32 and f* is f*, a
  // weakly typed float32 (JAX's type promotion table).
  EXPECT_EQ(jnp_run("y = jnp.arange(8) * 2.0\nprint(y.dtype.name, y.weak_type)\n"), "float32 True\n");
  EXPECT_EQ(jnp_run("y = jnp.arange(8) * jnp.float32(2)\nprint(y.dtype.name, y.weak_type)\n"), "float32 False\n");
  EXPECT_EQ(jnp_run("y = jnp.sum(jnp.array([True, False, True]))\nprint(y, y.dtype.name)\n"), "2 int32\n");
  EXPECT_EQ(jnp_run("y = jnp.mean(jnp.arange(4))\nprint(y, y.dtype.name)\n"), "1.5 float32\n");
  EXPECT_EQ(jnp_run("print(jnp.sqrt(jnp.arange(4)).dtype.name)\n"), "float32\n");
  EXPECT_EQ(jnp_run("y = jnp.exp(2)\nprint(y.dtype.name, y.weak_type)\n"), "float32 True\n");
  EXPECT_EQ(jnp_run("print(jnp.divide(jnp.arange(3), 2))\n"), "[0.  0.5 1. ]\n");
  EXPECT_EQ(jnp_run("print(jnp.add(jnp.int8(1), 1).dtype.name)\n"), "int8\n");
  EXPECT_EQ(jnp_run("print(jnp.result_type(jnp.int8, jnp.uint8).name)\n"), "int16\n");
  EXPECT_EQ(jnp_run("print(jnp.result_type(1, 2.0).name, jnp.promote_types(jnp.int32, jnp.float32).name)\n"),
            "float32 float32\n");
  EXPECT_EQ(jnp_run("print(jnp.astype(jnp.arange(3), jnp.float32))\n"), "[0. 1. 2.]\n");
  EXPECT_EQ(jnp_run("print(jnp.ndim(jnp.ones((2, 3))), jnp.shape([1, 2]), jnp.size(jnp.ones((2, 3)), 1))\n"),
            "2 (2,) 3\n");
}

TEST(Jnp, Elementwise) {
  EXPECT_EQ(jnp_run("print(jnp.abs(jnp.array([-1, 2])), jnp.negative(jnp.array([1.0])))\n"), "[1 2] [-1.]\n");
  EXPECT_EQ(jnp_run("print(jnp.square(jnp.arange(3)), jnp.sign(jnp.array([-2.0, 0.0, 3.0])))\n"), "[0 1 4] [-1.  0.  1.]\n");
  EXPECT_EQ(jnp_run("print(jnp.allclose(jnp.exp(jnp.arange(3.0)), jnp.array([1.0, 2.7182817, 7.389056])))\n"), "True\n");
  EXPECT_EQ(jnp_run("print(jnp.floor(jnp.array([1.5, -1.5])), jnp.ceil(jnp.array([1.5, -1.5])))\n"),
            "[ 1. -2.] [ 2. -1.]\n");
  EXPECT_EQ(jnp_run("print(jnp.trunc(jnp.array([1.7, -1.7])), jnp.floor(jnp.arange(2)).dtype.name)\n"), "[ 1. -1.] int32\n");
  // jnp.round rounds half to even.
  EXPECT_EQ(jnp_run("print(jnp.round(jnp.array([0.5, 1.5, 2.5, -0.5, 1.25])))\n"), "[ 0.  2.  2. -0.  1.]\n");
  EXPECT_EQ(jnp_run("print(jnp.round(jnp.array([1.25, 2.75]), 1), jnp.rint(jnp.array([2.5, 3.5])))\n"),
            "[1.2 2.8] [2. 4.]\n");
  EXPECT_EQ(jnp_run("print(jnp.floor_divide(jnp.array([-7, 7]), 2), jnp.remainder(jnp.array([-7, 7]), 3))\n"),
            "[-4  3] [2 1]\n");
  EXPECT_EQ(jnp_run("print(jnp.power(jnp.arange(4), 2), jnp.power(2.0, jnp.arange(3.0)))\n"), "[0 1 4 9] [1. 2. 4.]\n");
  EXPECT_EQ(jnp_run("print(jnp.maximum(jnp.arange(3), 1), jnp.minimum(jnp.arange(3), 1.5))\n"), "[1 1 2] [0.  1.  1.5]\n");
  EXPECT_EQ(jnp_run("print(jnp.clip(jnp.arange(6), 1, 4), jnp.clip(jnp.arange(3), a_max=1))\n"), "[1 1 2 3 4 4] [0 1 1]\n");
  EXPECT_EQ(jnp_run("print(jnp.reciprocal(jnp.array([2.0, 4.0])), jnp.arctan2(1.0, 1.0) * 4)\n"), "[0.5  0.25] 3.1415927\n");
  EXPECT_EQ(jnp_run("print(jnp.add(True, True), jnp.multiply(jnp.array([True, False]), True))\n"), "True [ True False]\n");
}

TEST(Jnp, LogicalBitwiseCompare) {
  EXPECT_EQ(jnp_run("print(jnp.logical_and(jnp.array([1, 0, 2]), True), jnp.logical_not(jnp.array([0, 3])))\n"),
            "[ True False  True] [ True False]\n");
  EXPECT_EQ(jnp_run("print(jnp.logical_xor(True, False), jnp.logical_or(jnp.array([0.0]), 0))\n"), "True [False]\n");
  EXPECT_EQ(jnp_run("print(jnp.bitwise_and(12, 10), jnp.bitwise_or(12, 10), jnp.bitwise_xor(12, 10))\n"), "8 14 6\n");
  EXPECT_EQ(jnp_run("print(jnp.invert(jnp.array([0], jnp.uint8)), jnp.left_shift(1, 4), jnp.right_shift(-16, 2))\n"),
            "[255] 16 -4\n");
  EXPECT_EQ(jnp_run("a = jnp.arange(3)\nprint(jnp.equal(a, 1), jnp.less_equal(a, 1), jnp.greater(a, 0.5))\n"),
            "[False  True False] [ True  True False] [False  True  True]\n");
}

TEST(Jnp, NanInf) {
  const char* prog = "x = jnp.array([jnp.nan, jnp.inf, -jnp.inf, 1.0])\n"
                     "print(jnp.isnan(x), jnp.isinf(x), jnp.isfinite(x))\n"
                     "print(jnp.nan_to_num(x))\n"
                     "print(jnp.isnan(jnp.arange(2)))\n";
  EXPECT_EQ(jnp_run(prog),
            "[ True False False False] [False  True  True False] [False False False  True]\n"
            "[ 0.0000000e+00  3.4028235e+38 -3.4028235e+38  1.0000000e+00]\n"
            "[False False]\n");
  EXPECT_EQ(jnp_run("print(jnp.nan_to_num(jnp.array([jnp.nan, jnp.inf]), nan=-1.0, posinf=9.0))\n"), "[-1.  9.]\n");
}

TEST(Jnp, Reductions) {
  const char* prog = "x = jnp.arange(12.0).reshape(3, 4)\n"
                     "print(jnp.sum(x, axis=0))\n"
                     "print(jnp.max(x, axis=1, keepdims=True))\n"
                     "print(jnp.min(x), jnp.amax(x), jnp.prod(jnp.arange(1, 5)))\n"
                     "print(jnp.argmax(x, axis=1), jnp.argmin(x))\n"
                     "print(jnp.sum(x, axis=(0, 1)), jnp.mean(x, axis=-1))\n"
                     "print(jnp.all(x >= 0), jnp.any(x > 10, axis=0))\n";
  EXPECT_EQ(jnp_run(prog),
            "[12. 15. 18. 21.]\n"
            "[[ 3.]\n [ 7.]\n [11.]]\n"
            "0.0 11.0 24\n"
            "[3 3 3] 0\n"
            "66.0 [1.5 5.5 9.5]\n"
            "True [False False False  True]\n");
  EXPECT_EQ(jnp_run("print(jnp.cumsum(jnp.arange(5)), jnp.cumprod(jnp.arange(1, 5)))\n"), "[ 0  1  3  6 10] [ 1  2  6 24]\n");
  EXPECT_EQ(jnp_run("print(jnp.cumsum(jnp.ones((2, 2)), axis=1))\n"), "[[1. 2.]\n [1. 2.]]\n");
  EXPECT_EQ(jnp_run("x = jnp.arange(8.0)\nprint(jnp.var(x), jnp.std(x, ddof=1))\n"), "5.25 2.4494898\n");
  EXPECT_EQ(jnp_run("print(jnp.count_nonzero(jnp.array([0, 1, 2, 0])))\n"), "2\n");
  EXPECT_EQ(jnp_run("print(jnp.sum(jnp.arange(3), initial=10), jnp.max(jnp.arange(3), initial=5))\n"), "13 5\n");
  EXPECT_EQ(jnp_error("jnp.max(jnp.zeros((0,)))\n"),
            "ValueError: zero-size array to reduction operation max which has no identity");
  EXPECT_EQ(jnp_error("jnp.sum(jnp.ones(3), axis=1)\n"), "ValueError: axis 1 is out of bounds for array of dimension 1");
  EXPECT_EQ(jnp_error("jnp.sum([1, 2])\n"),
            "TypeError: sum requires ndarray or scalar arguments, got <class 'list'> at position 0.");
}

TEST(Jnp, SortAndCompare) {
  EXPECT_EQ(jnp_run("print(jnp.sort(jnp.array([3, 1, 2])), jnp.argsort(jnp.array([3, 1, 2])))\n"), "[1 2 3] [1 2 0]\n");
  EXPECT_EQ(jnp_run("print(jnp.sort(jnp.array([3, 1, 2]), descending=True))\n"), "[3 2 1]\n");
  EXPECT_EQ(jnp_run("print(jnp.argsort(jnp.array([1, 3, 1]), descending=True))\n"), "[1 0 2]\n");
  EXPECT_EQ(jnp_run("print(jnp.isclose(jnp.array([1.0, 1.1]), 1.0), jnp.allclose(1.0, 1.0 + 1e-6))\n"),
            "[ True False] True\n");
  EXPECT_EQ(jnp_run("print(jnp.allclose(jnp.array([jnp.nan]), jnp.nan), jnp.allclose(jnp.nan, jnp.nan, equal_nan=True))\n"),
            "False True\n");
  EXPECT_EQ(jnp_run("print(jnp.array_equal(jnp.arange(3), jnp.arange(3)), jnp.array_equal(jnp.ones(2), jnp.ones(3)))\n"),
            "True False\n");
}

TEST(Jnp, Dtypes) {
  EXPECT_EQ(jnp_run("i = jnp.iinfo(jnp.int8)\nprint(i.min, i.max, i.bits)\nprint(jnp.iinfo(jnp.int32))\n"),
            "-128 127 8\niinfo(min=-2147483648, max=2147483647, dtype=int32)\n");
  EXPECT_EQ(jnp_run("f = jnp.finfo(jnp.float32)\nprint(f.eps, f.max, f.tiny, f.bits)\n"),
            "1.1920929e-07 3.4028235e+38 1.1754944e-38 32\n");
  EXPECT_EQ(jnp_run("print(jnp.finfo(jnp.float32))\n"),
            "finfo(resolution=1e-06, min=-3.4028235e+38, max=3.4028235e+38, dtype=float32)\n");
  EXPECT_EQ(jnp_error("jnp.iinfo(jnp.float32)\n"), "ValueError: Invalid integer data type 'f'.");
  EXPECT_EQ(jnp_error("jnp.finfo(jnp.int32)\n"), "ValueError: data type <class 'numpy.int32'> not inexact");
  EXPECT_EQ(jnp_run("print(jnp.issubdtype(jnp.float32, jnp.floating), jnp.issubdtype(jnp.int8, jnp.floating))\n"),
            "True False\n");
  EXPECT_EQ(jnp_run("print(jnp.pi, jnp.e, jnp.inf, jnp.newaxis)\n"), "3.141592653589793 2.718281828459045 inf None\n");
  EXPECT_EQ(jnp_run("print(jnp.dtype('float32').name, jnp.float64(1.5).dtype.name)\n"), "float32 float32\n");
}

TEST(Jnp, Shapes) {
  EXPECT_EQ(jnp_run("x = jnp.arange(6)\nprint(jnp.reshape(x, (2, -1)))\nprint(jnp.transpose(jnp.reshape(x, (2, 3))))\n"),
            "[[0 1 2]\n [3 4 5]]\n[[0 3]\n [1 4]\n [2 5]]\n");
  EXPECT_EQ(jnp_run("z = jnp.zeros((2, 3, 4))\nprint(jnp.moveaxis(z, 0, -1).shape, jnp.swapaxes(z, 0, 2).shape)\n"),
            "(3, 4, 2) (4, 3, 2)\n");
  EXPECT_EQ(jnp_run("print(jnp.transpose(jnp.zeros((2, 3, 4)), (1, 0, 2)).shape)\n"), "(3, 2, 4)\n");
  EXPECT_EQ(jnp_run("print(jnp.expand_dims(jnp.ones(3), (0, 2)).shape, jnp.squeeze(jnp.ones((1, 3, 1))).shape)\n"),
            "(1, 3, 1) (3,)\n");
  EXPECT_EQ(jnp_run("print(jnp.broadcast_to(jnp.arange(3), (2, 3)))\n"), "[[0 1 2]\n [0 1 2]]\n");
  EXPECT_EQ(jnp_run("print(jnp.concatenate([jnp.arange(2), jnp.arange(3)]))\n"), "[0 1 0 1 2]\n");
  EXPECT_EQ(jnp_run("print(jnp.concatenate([jnp.ones((1, 2)), jnp.zeros((1, 2))], axis=None))\n"), "[1. 1. 0. 0.]\n");
  EXPECT_EQ(jnp_run("print(jnp.stack([jnp.arange(2), jnp.arange(2)], axis=1))\n"), "[[0 0]\n [1 1]]\n");
  EXPECT_EQ(jnp_run("print(jnp.vstack([jnp.arange(2), jnp.arange(2)]).shape, jnp.hstack([jnp.arange(2), jnp.arange(3)]))\n"),
            "(2, 2) [0 1 0 1 2]\n");
  EXPECT_EQ(jnp_run("print(jnp.split(jnp.arange(6), 3))\n"),
            "[Array([0, 1], dtype=int32), Array([2, 3], dtype=int32), Array([4, 5], dtype=int32)]\n");
  EXPECT_EQ(jnp_run("a, b = jnp.split(jnp.arange(5), [2])\nprint(a, b)\n"), "[0 1] [2 3 4]\n");
  EXPECT_EQ(jnp_run("print(jnp.tile(jnp.arange(3), 2), jnp.repeat(jnp.arange(3), 2))\n"), "[0 1 2 0 1 2] [0 0 1 1 2 2]\n");
  EXPECT_EQ(jnp_run("print(jnp.tile(jnp.arange(2), (2, 2)))\n"), "[[0 1 0 1]\n [0 1 0 1]]\n");
  EXPECT_EQ(jnp_run("print(jnp.repeat(jnp.arange(4).reshape(2, 2), 2, axis=1))\n"), "[[0 0 1 1]\n [2 2 3 3]]\n");
  EXPECT_EQ(jnp_run("print(jnp.repeat(jnp.arange(3), jnp.array([1, 0, 2])))\n"), "[0 2 2]\n");
  EXPECT_EQ(jnp_run("print(jnp.flip(jnp.arange(3)), jnp.roll(jnp.arange(5), 2), jnp.pad(jnp.arange(3), 1))\n"),
            "[2 1 0] [3 4 0 1 2] [0 0 1 2 0]\n");
  EXPECT_EQ(jnp_run("print(jnp.triu(jnp.ones((3, 3))))\n"), "[[1. 1. 1.]\n [0. 1. 1.]\n [0. 0. 1.]]\n");
  EXPECT_EQ(jnp_run("print(jnp.atleast_2d(jnp.arange(2)).shape, jnp.ravel(jnp.ones((2, 2))).shape)\n"), "(1, 2) (4,)\n");
  EXPECT_EQ(jnp_error("jnp.split(jnp.arange(5), 2)\n"), "ValueError: array split does not result in an equal division");
  EXPECT_EQ(jnp_error("jnp.stack([jnp.ones(2), jnp.ones(3)])\n"), "ValueError: All input arrays must have the same shape.");
  EXPECT_EQ(jnp_error("jnp.concatenate([jnp.ones(2), jnp.ones((2, 2))])\n"),
            "ValueError: Cannot concatenate arrays with different numbers of dimensions: got (2,), (2, 2).");
}

TEST(Jnp, Where) {
  EXPECT_EQ(jnp_run("x = jnp.arange(4)\nprint(jnp.where(x > 1, x, -1))\n"), "[-1 -1  2  3]\n");
  EXPECT_EQ(jnp_run("print(jnp.where(jnp.array([1, 0]), 1.5, 0).dtype.name)\n"), "float32\n");
  // One argument: the indices where the condition holds (jnp.nonzero), one array per dim.
  EXPECT_EQ(jnp_run("print(jnp.where(jnp.arange(3) > 0))\n"), "(Array([1, 2], dtype=int32),)\n");
  EXPECT_EQ(jnp_run("print(jnp.where(jnp.eye(2), size=3, fill_value=-1)[1])\n"), "[ 0  1 -1]\n");
  EXPECT_EQ(jnp_error("jnp.where(True, 1)\n"),
            "ValueError: Either both or neither of the x and y arguments should be provided to jax.numpy.where, got 1 and None.");
}

TEST(Jnp, Products) {
  const char* prog = "x = jnp.arange(12.0).reshape(3, 4)\n"
                     "print(jnp.einsum('ij,jk->ik', x, x.T))\n"
                     "print(jnp.array_equal(jnp.einsum('ij,jk', x, x.T), jnp.dot(x, x.T)))\n"
                     "print(jnp.einsum('ij->ji', x).shape, jnp.einsum('ij->', x), jnp.einsum('ij->j', x))\n"
                     "b = jnp.ones((2, 3, 4))\n"
                     "print(jnp.einsum('bij,bjk->bik', b, jnp.ones((2, 4, 5))).shape)\n"
                     "print(jnp.matmul(b, jnp.ones((4, 2))).shape, jnp.tensordot(x, x.T, axes=1).shape)\n"
                     "print(jnp.outer(jnp.arange(3), jnp.arange(2)))\n"
                     "print(jnp.inner(jnp.arange(3.0), jnp.arange(3.0)), jnp.vdot(jnp.ones(3), jnp.ones(3)))\n";
  EXPECT_EQ(jnp_run(prog),
            "[[ 14.  38.  62.]\n [ 38. 126. 214.]\n [ 62. 214. 366.]]\n"
            "True\n"
            "(4, 3) 66.0 [12. 15. 18. 21.]\n"
            "(2, 3, 5)\n"
            "(2, 3, 2) (3, 3)\n"
            "[[0 0]\n [0 1]\n [0 2]]\n"
            "5.0 3.0\n");
  EXPECT_EQ(jnp_error("jnp.einsum('ij,jk', jnp.ones((2, 3)))\n"),
            "ValueError: Number of einsum subscripts must be equal to the number of operands.");
  EXPECT_EQ(jnp_error("jnp.einsum('ii->i', jnp.ones((2, 2)))\n").substr(0, 40), "NotImplementedError: jnp.einsum subscrip");
}

// ---- traced behaviour: the equations JAX would record ----

TEST(JnpTrace, MeanIsSumThenDiv) {
  EXPECT_EQ(trace(kImport + "def f(x):\n  return jnp.mean(x)\n", "f", {f32({8})}),
            "{ lambda ; a:f32[8]. let\n"
            "    b:f32[] = reduce_sum[axes=(0,)] a\n"
            "    c:f32[] = div b 8.0:f32[]\n"
            "  in (c,) }");
}

TEST(JnpTrace, ZerosAndArange) {
  EXPECT_EQ(trace(kImport + "def f(x):\n  return x + jnp.zeros((8,)) + jnp.arange(8)\n", "f", {f32({8})}),
            "{ lambda ; a:f32[8]. let\n"
            "    b:f32[8] = broadcast_in_dim[broadcast_dimensions=() shape=(8,) sharding=None] 0.0:f32[]\n"
            "    c:f32[8] = add a b\n"
            "    d:i32[8] = iota[dimension=0 dtype=int32 shape=(8,) sharding=None]\n"
            "    e:f32[8] = convert_element_type[new_dtype=float32 weak_type=False] d\n"
            "    f:f32[8] = add c e\n"
            "  in (f,) }");
}

TEST(JnpTrace, FloatFunctionOnIntConverts) {
  EXPECT_EQ(trace(kImport + "def f(x):\n  return jnp.sqrt(x)\n", "f", {moduletest::i32({4})}),
            "{ lambda ; a:i32[4]. let\n"
            "    b:f32[4] = convert_element_type[new_dtype=float32 weak_type=False] a\n"
            "    c:f32[4] = sqrt b\n"
            "  in (c,) }");
}

TEST(JnpTrace, WhereAndEinsum) {
  std::string j = trace(kImport + "def f(x):\n  return jnp.where(x > 0, x, 0.0)\n", "f", {f32({4})});
  EXPECT_NE(j.find("gt a 0.0:f32[]"), std::string::npos) << j;
  EXPECT_NE(j.find("select_n"), std::string::npos) << j;
  j = trace(kImport + "def f(a, b):\n  return jnp.einsum('ij,kj->ik', a, b)\n", "f", {f32({2, 3}), f32({4, 3})});
  EXPECT_NE(j.find("dimension_numbers=(([1], [1]), ([], []))"), std::string::npos) << j;
  EXPECT_NE(j.find("preferred_element_type=float32"), std::string::npos) << j;
}

}  // namespace
}  // namespace rungs::jax
