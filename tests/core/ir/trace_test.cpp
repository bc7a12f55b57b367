// Tracing and printing: equations are recorded under an active trace and
// computed eagerly without one; captured outer values become leading invars
// of sub-jaxprs; the printer follows JAX's text form.
#include <gtest/gtest.h>

#include "core/ir/printer.h"
#include "core/ir/rules.h"
#include "core/ir/trace.h"
#include "core/errors/error.h"

namespace {

using rungs::array::Array;
using rungs::array::DType;
using namespace rungs::ir;

Operand scalar_f32(double v, bool weak = false) { return Operand::concrete(Array::scalar(DType::Float32, v).with_weak_type(weak)); }

TEST(Trace, BindComputesEagerlyWithoutATrace) {
  Operand a = Operand::concrete(Array::from_doubles(DType::Float32, {3}, {1, 2, 3}));
  Operand r = bind1(Prim::Mul, {a, scalar_f32(2)}, {});
  ASSERT_FALSE(r.traced());
  EXPECT_EQ(r.value.to_doubles(), (std::vector<double>{2, 4, 6}));
}

TEST(Trace, BindRecordsUnderATraceAndLiteralsPrintWithTheirType) {
  auto trace = std::make_shared<TraceState>(nullptr, "test");
  {
    TraceScope scope(trace);
    int x = trace->jaxpr->new_var(AVal::array(DType::Float32, {8}));
    trace->jaxpr->invars.push_back(x);
    Operand r = bind1(Prim::Mul, {Operand::of_var(trace, x), scalar_f32(2.0)}, {});
    trace->jaxpr->outvars.push_back(lift(trace, r));
  }
  EXPECT_EQ(print_jaxpr(*trace->jaxpr), "{ lambda ; a:f32[8]. let\n    b:f32[8] = mul a 2.0:f32[]\n  in (b,) }");
  check_jaxpr(*trace->jaxpr);
}

TEST(Trace, SubTracesCaptureOuterValuesAsLeadingInvars) {
  auto outer = std::make_shared<TraceState>(nullptr, "outer");
  TraceScope scope(outer);
  int x = outer->jaxpr->new_var(AVal::array(DType::Float32, {4}));
  outer->jaxpr->invars.push_back(x);
  Operand ox = Operand::of_var(outer, x);
  SubTrace sub = trace_sub("branch", {AVal::array(DType::Float32, {4})}, [&](const std::vector<Operand>& args) {
    return std::vector<Operand>{bind1(Prim::Add, {args[0], ox}, {})};
  });
  ASSERT_EQ(sub.num_captured, 1);
  EXPECT_EQ(sub.captured[0].var, x);
  EXPECT_EQ(sub.jaxpr->invars.size(), 2u);  // capture first, then the argument
  EXPECT_EQ(print_jaxpr(*sub.jaxpr), "{ lambda ; a:f32[4] b:f32[4]. let\n    c:f32[4] = add b a\n  in (c,) }");
}

TEST(Trace, ConcreteArraysInAKernelTraceBecomeConstvars) {
  auto trace = std::make_shared<TraceState>(nullptr, "kernel");
  TraceScope scope(trace);
  int x = trace->jaxpr->new_var(AVal::array(DType::Float32, {2}));
  Operand c = Operand::concrete(Array::from_doubles(DType::Float32, {2}, {5, 6}));
  bind1(Prim::Add, {Operand::of_var(trace, x), c}, {});
  EXPECT_EQ(trace->jaxpr->constvars.size(), 1u);
}

TEST(Trace, EscapedTracersAreReported) {
  Operand leaked;
  {
    auto trace = std::make_shared<TraceState>(nullptr, "kernel");
    TraceScope scope(trace);
    int x = trace->jaxpr->new_var(AVal::array(DType::Float32, {2}));
    leaked = Operand::of_var(trace, x);
    trace->finished = true;
  }
  try {
    bind1(Prim::Neg, {leaked}, {});
    FAIL() << "expected UnexpectedTracerError";
  } catch (const rungs::EngineError& e) {
    EXPECT_EQ(e.type, "UnexpectedTracerError");
  }
}

TEST(Trace, AbstractEvalRaisesLaxDtypeMismatch) {
  try {
    abstract_eval(Prim::Add, {AVal::array(DType::Float32, {2}), AVal::array(DType::Int32, {2})}, {});
    FAIL();
  } catch (const rungs::EngineError& e) {
    EXPECT_EQ(e.type, "TypeError");
    EXPECT_EQ(e.message, "lax.add requires arguments to have the same dtypes, got float32, int32.");
  }
}

TEST(Printer, VariableNamesContinueAlphabetically) {
  Jaxpr j;
  for (int i = 0; i < 28; ++i) j.invars.push_back(j.new_var(AVal::array(DType::Int32, {})));
  std::string text = print_jaxpr(j);
  EXPECT_NE(text.find(" z:i32[] ba:i32[] bb:i32[]."), std::string::npos) << text;
}

TEST(CheckJaxpr, CorruptedJaxprNamesTheEquationAndStaysShort) {
  Jaxpr j;
  int a = j.new_var(AVal::array(DType::Float32, {2}));
  int b = j.new_var(AVal::array(DType::Float32, {2}));
  j.invars.push_back(a);
  Eqn e;
  e.prim = Prim::Neg;
  e.inputs = {Atom::of_var(b)};  // b is never defined
  e.outputs = {j.new_var(AVal::array(DType::Float32, {2}))};
  j.eqns.push_back(e);
  try {
    check_jaxpr(j);
    FAIL();
  } catch (const rungs::EngineError& err) {
    EXPECT_NE(err.message.find("neg"), std::string::npos) << err.message;
    EXPECT_LT(err.message.size(), 400u);
  }
}

}  // namespace
