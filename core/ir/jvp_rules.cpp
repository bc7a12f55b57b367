// The JVP rule of each primitive (tape.h): the tangents of its outputs from
// its primal inputs and outputs and its inputs' tangents -- JAX's
// primitive_jvps for the primitives the engine knows. Rules bind
// primitives (ad_ops.h): the same rule pushes tangents eagerly (jax.jvp on
// the host), writes a JVP jaxpr (a kernel differentiated for pallas_call's
// JVP rule, jvp_jaxpr.h), and is recorded on outer tapes (higher order).
#include "core/errors/error.h"
#include "core/ir/ad_ops.h"
#include "core/ir/ad_rules.h"
#include "core/ir/primitive.h"
#include "core/ir/tape.h"

namespace rungs::ir {

using namespace ad;

DiffRule diff_rule_kind(Prim p) {
  switch (p) {
    // Integer- or boolean-valued results, grid queries, effects: no tangent.
    case Prim::Eq: case Prim::Ne: case Prim::Lt: case Prim::Le: case Prim::Gt: case Prim::Ge:
    case Prim::Sign: case Prim::Floor: case Prim::Ceil: case Prim::Round: case Prim::IsFinite:
    case Prim::ArgMax: case Prim::ArgMin: case Prim::Iota: case Prim::RandomBits: case Prim::Threefry2x32:
    case Prim::And: case Prim::Or: case Prim::Xor: case Prim::Not: case Prim::ShiftLeft:
    case Prim::ShiftRightArithmetic: case Prim::ShiftRightLogical: case Prim::PopulationCount: case Prim::Clz:
    case Prim::ReduceAnd: case Prim::ReduceOr: case Prim::BitcastConvertType: case Prim::TpuBitcast: case Prim::NextAfter:
    case Prim::ProgramId: case Prim::NumPrograms: case Prim::AxisIndex: case Prim::DebugPrint:
    case Prim::DebugCheck: case Prim::Delay: case Prim::PrngSeed: case Prim::PrngRandomBits:
    case Prim::SemaphoreSignal: case Prim::SemaphoreWait: case Prim::SemaphoreRead: case Prim::BarrierSemaphore:
      return DiffRule::NoGradient;
    // Not differentiated yet: "Differentiation rule for '...' not implemented".
    case Prim::ReduceProd: case Prim::CumProd: case Prim::CumMax: case Prim::CumMin: case Prim::Sort:
    case Prim::DmaStart: case Prim::DmaWait: case Prim::Pjit:
      return DiffRule::Refused;
    // Differentiated as a whole by the transformation (jvp_jaxpr.cpp, the
    // pallas_call rule): sub-jaxprs and refs.
    case Prim::Cond: case Prim::While: case Prim::Scan: case Prim::RunScoped: case Prim::PallasCall:
    case Prim::Get: case Prim::Swap: case Prim::AddUpdate: case Prim::Load: case Prim::Store:
      return DiffRule::Transformation;
    default: return DiffRule::Rule;
  }
}

namespace {

std::optional<Operand> sum_terms(std::optional<Operand> a, const Operand& b) {
  return a ? add(*a, b) : b;
}

// A linear primitive applied to the tangents (zeros for float inputs
// without one; integer inputs stay primal).
Operand linear_jvp(Prim prim, const Params& params, const std::vector<Operand>& primals, const Tangents& t) {
  std::vector<Operand> in;
  for (size_t i = 0; i < primals.size(); ++i) {
    if (t[i]) in.push_back(*t[i]);
    else in.push_back(is_float(primals[i]) ? zeros_like(primals[i]) : primals[i]);
  }
  return bind1(prim, in, params);
}

}  // namespace

Tangents jvp_rule(Prim prim, const Params& params, const std::vector<Operand>& primals,
                  const std::vector<Operand>& outputs, const Tangents& t) {
  const Operand& y = outputs[0];
  DiffRule kind = diff_rule_kind(prim);
  if (kind == DiffRule::NoGradient) return Tangents(outputs.size());
  if (kind != DiffRule::Rule) raise_here(ErrorId::grad_rule_missing, std::string(prim_name(prim)));
  if (prim == Prim::Scatter && static_cast<array::UpdateMode>(params.n) != array::UpdateMode::Set &&
      static_cast<array::UpdateMode>(params.n) != array::UpdateMode::Add)
    raise_here(ErrorId::grad_rule_missing, "scatter");
  if (linear_primitive(prim)) return {linear_jvp(prim, params, primals, t)};
  std::optional<Operand> out;
  switch (prim) {
    case Prim::DotGeneral:
      if (t[0]) out = bind1(Prim::DotGeneral, {*t[0], primals[1]}, params);
      if (t[1]) out = sum_terms(out, bind1(Prim::DotGeneral, {primals[0], *t[1]}, params));
      return {out};
    case Prim::ReduceMax:
    case Prim::ReduceMin:
      // The tangent averaged over the positions that attain the extreme.
      if (!t[0]) return {std::nullopt};
      return {reduce_sum(mul(*t[0], reduce_chooser_weights(primals[0], y, params.axes)), params.axes)};
    case Prim::Clamp: {
      if (!t[1]) return {std::nullopt};
      const Operand &lo = primals[0], &v = primals[1], &hi = primals[2];
      Operand inside = binary(Prim::And, bind1(Prim::Ge, {v, lo}, {}), bind1(Prim::Le, {v, hi}, {}));
      return {select(inside, *t[1], zeros_like(*t[1]))};
    }
    default: break;
  }
  Tangents partials = elementwise_partials(prim, params, primals, y);
  if (partials.empty()) raise_here(ErrorId::grad_rule_missing, std::string(prim_name(prim)));
  for (size_t i = 0; i < t.size() && i < partials.size(); ++i)
    if (t[i] && partials[i]) out = sum_terms(out, mul(*t[i], *partials[i]));
  if (out && out->aval.shape != y.aval.shape) out = broadcast_to(*out, y.aval.shape);
  return {out};
}

}  // namespace rungs::ir
