// The host tape's VJP rules against central finite differences (in double
// precision over float32 values, so tolerances are loose): every rule must
// give d(sum(w * f(x)))/dx for a fixed random-ish weighting w, which checks
// the cotangent's shape handling as well as the formula.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "core/array/ops.h"
#include "core/ir/tape.h"
#include "core/ir/ad_ops.h"
#include "core/ir/primitive.h"
#include "core/ir/trace.h"

namespace {

using rungs::array::Array;
using rungs::array::DType;
using namespace rungs::ir;

Array f32(std::vector<int64_t> shape, std::vector<double> values) {
  return Array::from_doubles(DType::Float32, std::move(shape), std::move(values));
}

using Fn = std::function<Operand(const std::vector<Operand>&)>;

// Gradient of sum(w * f(args)) with respect to argument `which`, by the tape.
std::vector<double> tape_grad(const Fn& f, const std::vector<Array>& args, size_t which, const Array& w) {
  Tape tape;
  std::vector<Operand> ops;
  for (size_t i = 0; i < args.size(); ++i)
    ops.push_back(i == which ? tape_leaf(tape, Operand::concrete(args[i]), 0) : Operand::concrete(args[i]));
  Operand out;
  {
    TapeScope scope(&tape);
    out = f(ops);
  }
  std::vector<AVal> leaves{AVal::array(args[which].dtype(), args[which].shape())};
  return backward(tape, {out}, {Operand::concrete(w)}, leaves)[0].value.to_doubles();
}

std::vector<double> numeric_grad(const Fn& f, std::vector<Array> args, size_t which, const Array& w) {
  std::vector<double> g;
  auto total = [&](const std::vector<Array>& a) {
    std::vector<Operand> ops;
    for (const Array& x : a) ops.push_back(Operand::concrete(x));
    std::vector<double> y = f(ops).value.to_doubles(), ws = w.to_doubles();
    double s = 0;
    for (size_t i = 0; i < y.size(); ++i) s += y[i] * ws[i % ws.size()];
    return s;
  };
  std::vector<double> base = args[which].to_doubles();
  for (size_t i = 0; i < base.size(); ++i) {
    const double h = 1e-2;
    std::vector<double> up = base, down = base;
    up[i] += h;
    down[i] -= h;
    std::vector<Array> a = args, b = args;
    a[which] = f32(args[which].shape(), up);
    b[which] = f32(args[which].shape(), down);
    g.push_back((total(a) - total(b)) / (2 * h));
  }
  return g;
}

void expect_matches(const Fn& f, const std::vector<Array>& args, const Array& w, const char* what) {
  for (size_t which = 0; which < args.size(); ++which) {
    std::vector<double> t = tape_grad(f, args, which, w), n = numeric_grad(f, args, which, w);
    ASSERT_EQ(t.size(), n.size()) << what;
    for (size_t i = 0; i < t.size(); ++i)
      EXPECT_NEAR(t[i], n[i], 2e-2 * (1 + std::fabs(n[i]))) << what << " argument " << which << " element " << i;
  }
}

const Array kX = f32({2, 3}, {0.3, -0.7, 1.2, 0.5, 0.9, -0.2});
const Array kY = f32({2, 3}, {1.1, 0.4, -0.6, 0.8, -1.3, 0.7});
const Array kW = f32({2, 3}, {1.0, -2.0, 0.5, 1.5, 0.25, -1.0});

TEST(Tape, ElementwiseRulesMatchFiniteDifferences) {
  for (Prim p : {Prim::Neg, Prim::Exp, Prim::Tanh, Prim::Logistic, Prim::Sin, Prim::Cos, Prim::Atan, Prim::Sinh,
                 Prim::Erf, Prim::Square, Prim::Abs}) {
    expect_matches([p](const std::vector<Operand>& a) { return bind1(p, {a[0]}, {}); }, {kX}, kW,
                   std::string(prim_name(p)).c_str());
  }
  Array positive = f32({2, 3}, {0.3, 0.7, 1.2, 0.5, 0.9, 2.0});
  for (Prim p : {Prim::Log, Prim::Sqrt, Prim::Rsqrt, Prim::Log1p})
    expect_matches([p](const std::vector<Operand>& a) { return bind1(p, {a[0]}, {}); }, {positive}, kW,
                   std::string(prim_name(p)).c_str());
  for (Prim p : {Prim::Add, Prim::Sub, Prim::Mul, Prim::Div, Prim::Max, Prim::Min, Prim::Atan2})
    expect_matches([p](const std::vector<Operand>& a) { return bind1(p, {a[0], a[1]}, {}); }, {kX, kY}, kW,
                   std::string(prim_name(p)).c_str());
}

TEST(Tape, DotGeneralAndShapeRulesMatchFiniteDifferences) {
  Params dot;
  dot.dot.lhs_contract = {1};
  dot.dot.rhs_contract = {1};  // x @ y.T: (2, 3) x (2, 3) -> (2, 2)
  Array w22 = f32({2, 2}, {1.0, -0.5, 2.0, 0.75});
  expect_matches([&](const std::vector<Operand>& a) { return bind1(Prim::DotGeneral, {a[0], a[1]}, dot); }, {kX, kY},
                 w22, "dot_general");
  Params t;
  t.axes = {1, 0};
  expect_matches([&](const std::vector<Operand>& a) { return bind1(Prim::Transpose, {a[0]}, t); }, {kX},
                 f32({3, 2}, {1, 2, 3, 4, 5, 6}), "transpose");
  Params r;
  r.axes = {1};
  expect_matches([&](const std::vector<Operand>& a) { return bind1(Prim::ReduceMax, {a[0]}, r); }, {kX},
                 f32({2}, {1.0, -3.0}), "reduce_max");
  expect_matches([&](const std::vector<Operand>& a) { return bind1(Prim::ReduceSum, {a[0]}, r); }, {kX},
                 f32({2}, {1.0, -3.0}), "reduce_sum");
  Params b;
  b.shape = {4, 2, 3};
  b.axes = {1, 2};
  std::vector<double> w4(24);
  for (size_t i = 0; i < w4.size(); ++i) w4[i] = std::sin(static_cast<double>(i));
  expect_matches([&](const std::vector<Operand>& a) { return bind1(Prim::BroadcastInDim, {a[0]}, b); }, {kX},
                 f32({4, 2, 3}, w4), "broadcast_in_dim");
  Params s;
  s.starts = {0, 1};
  s.limits = {2, 3};
  expect_matches([&](const std::vector<Operand>& a) { return bind1(Prim::Slice, {a[0]}, s); }, {kX},
                 f32({2, 2}, {1.0, 2.0, -1.0, 0.5}), "slice");
  Params pad;
  pad.starts = {1, 0};
  pad.limits = {0, 2};
  pad.strides = {0, 1};
  Array zero = f32({}, {0.0});
  std::vector<double> wp(3 * 7);
  for (size_t i = 0; i < wp.size(); ++i) wp[i] = std::cos(static_cast<double>(i));
  expect_matches([&](const std::vector<Operand>& a) { return bind1(Prim::Pad, {a[0], Operand::concrete(zero)}, pad); },
                 {kX}, f32({3, 7}, wp), "pad");
}

TEST(Tape, ValuesOffTheTapeAreConstants) {
  Tape tape;
  Operand x = tape_leaf(tape, Operand::concrete(kX), 0);
  Operand y = Operand::concrete(kY);
  Operand out;
  {
    TapeScope scope(&tape);
    out = bind1(Prim::Mul, {x, y}, {});
  }
  std::vector<Operand> g = backward(tape, {out}, {Operand::concrete(kW)}, {AVal::array(DType::Float32, {2, 3})});
  std::vector<double> want = rungs::array::binary(rungs::array::BinaryOp::Mul, kW, kY).to_doubles();
  EXPECT_EQ(g[0].value.to_doubles(), want);
  // No tape active: nothing is recorded.
  Operand later = bind1(Prim::Mul, {x, y}, {});
  EXPECT_TRUE(later.tapes.empty());
}

// Forward mode: the JVP rules push a tangent to what the VJP rules pull
// back -- <w, J t> by the tape's forward pass equals <J^T w, t>.
double forward_dot(const Fn& f, const Array& x, const Array& t, const Array& w) {
  Tape tape;
  Operand leaf = tape_leaf(tape, Operand::concrete(x), 0);
  Operand out;
  {
    TapeScope scope(&tape);
    out = f({leaf});
  }
  std::optional<Operand> jt = forward(tape, {out}, {Operand::concrete(t)})[0];
  if (!jt) return 0;
  std::vector<double> a = jt->value.to_doubles(), b = w.to_doubles();
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i % b.size()];
  return s;
}

TEST(Tape, JvpRulesAgreeWithVjpRules) {
  const Array t = f32({2, 3}, {0.5, 1.0, -1.5, 0.25, -0.75, 2.0});
  Params r;
  r.axes = {1};
  std::vector<std::pair<std::string, Fn>> cases = {
      {"tanh", [](const std::vector<Operand>& a) { return bind1(Prim::Tanh, {a[0]}, {}); }},
      {"mul", [](const std::vector<Operand>& a) { return bind1(Prim::Mul, {a[0], a[0]}, {}); }},
      {"reduce_max", [r](const std::vector<Operand>& a) { return bind1(Prim::ReduceMax, {a[0]}, r); }},
      {"cumsum", [](const std::vector<Operand>& a) { Params c; c.n = 1; return bind1(Prim::CumSum, {a[0]}, c); }},
      {"erf_inv", [](const std::vector<Operand>& a) { return bind1(Prim::ErfInv, {ad::times(a[0], 0.5)}, {}); }},
  };
  for (const auto& [name, f] : cases) {
    Operand probe = f({Operand::concrete(kX)});
    Array w = probe.aval.shape == kW.shape() ? kW : f32(probe.aval.shape, std::vector<double>(static_cast<size_t>(rungs::array::num_elements(probe.aval.shape)), 1.0));
    std::vector<double> g = tape_grad(f, {kX}, 0, w), tv = t.to_doubles();
    double reverse = 0;
    for (size_t i = 0; i < g.size(); ++i) reverse += g[i] * tv[i];
    EXPECT_NEAR(forward_dot(f, kX, t, w), reverse, 1e-4 * (1 + std::fabs(reverse))) << name;
  }
}

// Second order: the backward pass binds primitives, so run under an outer
// tape it is recorded there; d/dx of (d/dx sin(x) * x) against the formula.
TEST(Tape, BackwardPassIsRecordedOnAnOuterTape) {
  Tape outer, inner;
  Array x0 = f32({}, {0.7});
  Operand x = tape_leaf(outer, Operand::concrete(x0), 0);
  Operand dy;
  {
    TapeScope o(&outer);
    Operand xi = tape_leaf(inner, x, 0);
    Operand y;
    {
      TapeScope i(&inner);
      y = bind1(Prim::Mul, {bind1(Prim::Sin, {xi}, {}), xi}, {});
    }
    dy = backward(inner, {y}, {ad::scalar(DType::Float32, 1.0)}, {x.aval})[0];
  }
  EXPECT_NEAR(dy.value.get_double(0), std::cos(0.7) * 0.7 + std::sin(0.7), 1e-5);
  ASSERT_NE(tag_on(dy, &outer), nullptr) << "the first derivative depends on x on the outer tape";
  Operand d2 = backward(outer, {dy}, {ad::scalar(DType::Float32, 1.0)}, {x.aval})[0];
  EXPECT_NEAR(d2.value.get_double(0), 2 * std::cos(0.7) - 0.7 * std::sin(0.7), 1e-5);
}

// Inside a trace (a kernel body calling jax.grad), the tape records traced
// equations and the backward pass writes the gradient's equations.
TEST(Tape, RecordsTracedEquations) {
  auto trace = std::make_shared<TraceState>(nullptr, "kernel");
  TraceScope scope(trace);
  int v = trace->jaxpr->new_var(AVal::array(DType::Float32, {4}));
  trace->jaxpr->invars.push_back(v);
  Tape tape;
  Operand x = tape_leaf(tape, Operand::of_var(trace, v), 0);
  Operand y;
  {
    TapeScope t(&tape);
    y = bind1(Prim::Exp, {x}, {});
  }
  size_t before = trace->jaxpr->eqns.size();
  Operand g = backward(tape, {y}, {ad::full(y.aval, 1.0)}, {x.aval})[0];
  EXPECT_TRUE(g.traced());
  EXPECT_GT(trace->jaxpr->eqns.size(), before);
}

// Every elementwise primitive with a rule: its VJP against central finite
// differences and its JVP against its VJP, on inputs inside its domain.
TEST(Tape, EveryElementwiseRuleMatchesFiniteDifferencesBothWays) {
  const Array in_unit = f32({2, 3}, {0.2, 0.35, 0.5, 0.6, 0.7, 0.8});
  const Array above_one = f32({2, 3}, {1.5, 1.7, 2.0, 2.2, 2.4, 2.6});
  const Array t = f32({2, 3}, {0.5, 1.0, -1.5, 0.25, -0.75, 2.0});
  int checked = 0;
  for (int i = 0; i < prim_count(); ++i) {
    Prim p = static_cast<Prim>(i);
    PrimCategory c = prim_category(p);
    if (diff_rule_kind(p) != DiffRule::Rule || (c != PrimCategory::Unary && c != PrimCategory::Binary)) continue;
    const Array& x = p == Prim::Acosh ? above_one : in_unit;
    Params params;
    if (p == Prim::IntegerPow) params.n = 3;
    Fn f = c == PrimCategory::Unary ? Fn([p, params](const std::vector<Operand>& a) { return bind1(p, {a[0]}, params); })
                                    : Fn([p](const std::vector<Operand>& a) { return bind1(p, {a[0], a[1]}, {}); });
    std::vector<Array> args = c == PrimCategory::Unary ? std::vector<Array>{x} : std::vector<Array>{x, above_one};
    expect_matches(f, args, kW, std::string(prim_name(p)).c_str());
    std::vector<double> g = tape_grad(f, args, 0, kW), tv = t.to_doubles();
    double reverse = 0;
    for (size_t k = 0; k < g.size(); ++k) reverse += g[k] * tv[k];
    Fn first_only = c == PrimCategory::Unary ? f : Fn([p, &above_one](const std::vector<Operand>& a) {
      return bind1(p, {a[0], Operand::concrete(above_one)}, {});
    });
    EXPECT_NEAR(forward_dot(first_only, x, t, kW), reverse, 1e-3 * (1 + std::fabs(reverse))) << prim_name(p);
    ++checked;
  }
  EXPECT_GE(checked, 35);
}

// Every primitive is classified for differentiation (STYLE habit 11): a
// rule, no gradient, a transformation over sub-jaxprs/refs, or a refusal
// with JAX's "Differentiation rule for '...' not implemented".
TEST(Tape, EveryPrimitiveHasADifferentiationEntry) {
  int rules = 0;
  for (int i = 0; i < prim_count(); ++i) {
    Prim p = static_cast<Prim>(i);
    DiffRule k = diff_rule_kind(p);
    PrimCategory c = prim_category(p);
    if (c == PrimCategory::Control) EXPECT_NE(k, DiffRule::Rule) << prim_name(p);
    if (c == PrimCategory::Grid || c == PrimCategory::Compare) EXPECT_EQ(k, DiffRule::NoGradient) << prim_name(p);
    if (k == DiffRule::Rule) ++rules;
  }
  EXPECT_GT(rules, 50);
  // Refusals raise JAX's text.
  Tape tape;
  Operand x = tape_leaf(tape, Operand::concrete(kX), 0);
  Params sp;
  sp.n = 1;
  Operand y;
  {
    TapeScope scope(&tape);
    y = bind1(Prim::Sort, {x}, sp);
  }
  try {
    backward(tape, {y}, {Operand::concrete(kW)}, {x.aval});
    FAIL() << "sort has no rule yet";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("Differentiation rule for 'sort' not implemented"), std::string::npos) << e.what();
  }
}

}  // namespace
