// JAX's cost rules (jax/_src/pallas/cost_estimate.py) over a jaxpr: one
// flop per output element of the binary ops, per input element of the plain
// unary ops, a transcendental per element of exp/log/tanh/..., 2·M·N·K for
// dot_general, repeated squaring for integer_pow. Primitives with no rule in
// JAX cost nothing here either (comparisons, selects, reductions, data
// movement); sub-jaxprs (jit, run_state bodies) add their own cost once.
#include "core/ir/cost.h"

#include <cmath>

namespace rungs::ir {

namespace {

int64_t elements(const AVal& a) {
  int64_t n = 1;
  for (int64_t d : a.shape) n *= d;
  return n;
}

const AVal& aval_of(const Jaxpr& j, const Atom& atom, AVal& scratch) {
  if (!atom.is_literal()) return j.vars[static_cast<size_t>(atom.var)];
  scratch = AVal::array(atom.literal.dtype(), atom.literal.shape());
  return scratch;
}

int64_t integer_pow_cost(int64_t y) {
  if (y == 0 || y == 1) return 0;
  int64_t m = y < 0 ? -y : y;
  int64_t highest_bit = static_cast<int64_t>(std::floor(std::log2(static_cast<double>(m))));
  int64_t bits = 0;
  for (int64_t v = y < 0 ? -y : y; v; v >>= 1) bits += v & 1;  // CPython's y.bit_count() counts |y|
  return highest_bit + bits + (y < 0 ? 1 : 0);
}

void add_eqn_cost(const Jaxpr& j, const Eqn& e, JaxprCost& c) {
  AVal scratch;
  switch (e.prim) {
    case Prim::Add: case Prim::Mul: case Prim::Sub: case Prim::Div: case Prim::Min: case Prim::Max:
    case Prim::Or: case Prim::And: case Prim::Xor:
      c.flops += elements(j.vars[static_cast<size_t>(e.outputs[0])]);
      return;
    case Prim::Neg: case Prim::Floor: case Prim::Ceil: case Prim::Round: case Prim::Not:
      c.flops += elements(aval_of(j, e.inputs[0], scratch));
      return;
    case Prim::Cos: case Prim::Sin: case Prim::Tan: case Prim::Sinh: case Prim::Cosh: case Prim::Tanh:
    case Prim::Acos: case Prim::Asin: case Prim::Atan: case Prim::Exp: case Prim::Log: case Prim::Logistic:
    case Prim::Sqrt:
      c.transcendentals += elements(aval_of(j, e.inputs[0], scratch));
      return;
    case Prim::IntegerPow:
      c.flops += elements(aval_of(j, e.inputs[0], scratch)) * integer_pow_cost(e.params.n);
      return;
    case Prim::DotGeneral: {
      AVal s2;
      const AVal& x = aval_of(j, e.inputs[0], scratch);
      const AVal& y = aval_of(j, e.inputs[1], s2);
      const auto& d = e.params.dot;
      auto has = [](const auto& dims, size_t i) {
        for (auto v : dims) if (static_cast<size_t>(v) == i) return true;
        return false;
      };
      int64_t flops = 2;
      for (auto k : d.lhs_contract) flops *= x.shape[static_cast<size_t>(k)];
      for (size_t i = 0; i < x.shape.size(); ++i) if (!has(d.lhs_contract, i)) flops *= x.shape[i];
      for (size_t i = 0; i < y.shape.size(); ++i)
        if (!has(d.rhs_contract, i) && !has(d.rhs_batch, i)) flops *= y.shape[i];
      c.flops += flops;
      return;
    }
    case Prim::PallasCall:  // costed by its lowering (a custom call's estimate, or the interpreter's loop)
      return;
    default:
      for (const JaxprPtr& sub : e.params.jaxprs) {  // jit/run_state bodies: their cost
        for (const Eqn& inner : sub->eqns) add_eqn_cost(*sub, inner, c);
      }
      return;
  }
}


}  // namespace

JaxprCost jaxpr_cost(const Jaxpr& j) {
  JaxprCost c;
  for (const Eqn& e : j.eqns) add_eqn_cost(j, e, c);
  return c;
}

int64_t aval_bytes(const AVal& a) { return elements(a) * static_cast<int64_t>(array::itemsize(a.dtype)); }

int64_t atom_bytes(const Jaxpr& j, const Atom& atom) {
  AVal scratch;
  return aval_bytes(aval_of(j, atom, scratch));
}

}  // namespace rungs::ir
