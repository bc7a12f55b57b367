// pl.estimate_cost(fun, *args, **kwargs): trace `fun` on the arguments'
// shapes and dtypes (arrays or jax.ShapeDtypeStructs) and add up JAX's cost
// rules (jax/_src/pallas/cost_estimate.py) over the equations: one flop per
// output element of the binary ops, per input element of the plain unary
// ops, a transcendental per element of exp/log/tanh/..., 2·M·N·K for
// dot_general, repeated squaring for integer_pow; bytes accessed are the
// inputs' and outputs' sizes. Primitives with no rule in JAX cost nothing
// here either (comparisons, selects, reductions, data movement).
#include <cmath>

#include "core/jax/array_value.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/module_lax_tree.h"
#include "core/jax/modules.h"
#include "core/pallas/records.h"
#include "core/python/args.h"
#include "core/python/value_ops.h"

namespace rungs::pallas {

namespace {

using ir::Prim;

struct Cost {
  int64_t flops = 0, transcendentals = 0;
};

int64_t elements(const ir::AVal& a) {
  int64_t n = 1;
  for (int64_t d : a.shape) n *= d;
  return n;
}

const ir::AVal& aval_of(const ir::Jaxpr& j, const ir::Atom& atom, ir::AVal& scratch) {
  if (!atom.is_literal()) return j.vars[static_cast<size_t>(atom.var)];
  scratch = ir::AVal::array(atom.literal.dtype(), atom.literal.shape());
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

void add_eqn_cost(const ir::Jaxpr& j, const ir::Eqn& e, Cost& c) {
  ir::AVal scratch;
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
      ir::AVal s2;
      const ir::AVal& x = aval_of(j, e.inputs[0], scratch);
      const ir::AVal& y = aval_of(j, e.inputs[1], s2);
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
    default:
      for (const ir::JaxprPtr& sub : e.params.jaxprs) {  // jit/run_state bodies: their cost
        for (const ir::Eqn& inner : sub->eqns) add_eqn_cost(*sub, inner, c);
      }
      return;
  }
}

int64_t bytes_of(const ir::AVal& a) { return elements(a) * static_cast<int64_t>(array::itemsize(a.dtype)); }

}  // namespace

Value estimate_cost(Interpreter& ip, CallArgs& call) {
  if (call.positional.empty()) raise(ErrorId::builtin_expected_at_least, call.where, "estimate_cost", 1, "", 0);
  Value fun = call.positional[0];
  Value args = make_tuple(Values(call.positional.begin() + 1, call.positional.end()));
  jax::Flat flat = jax::flatten(ip, args, call.where);
  std::vector<ir::AVal> avals;
  for (const Value& leaf : flat.leaves) {
    if (jax::is_shape_dtype_struct(leaf)) {
      const RecordObj& r = leaf.as<RecordObj>();
      ir::Shape shape;
      for (const Value& d : ip.iterate(r.get("shape"))) shape.push_back(python::to_index(d, call.where));
      avals.push_back(ir::AVal::array(*jax::dtype_of_value(r.get("dtype")), shape));
    } else {
      avals.push_back(jax::to_operand(ip, leaf, call.where, "estimate_cost").aval);
    }
  }
  CallArgs keywords;
  keywords.keywords = call.keywords;
  keywords.where = call.where;
  ir::SubTrace traced = ir::trace_sub("estimate_cost", avals, [&](const std::vector<ir::Operand>& ops) {
    Values leaves;
    for (const ir::Operand& op : ops) leaves.push_back(jax::make_array(op));
    CallArgs inner = keywords;
    inner.positional = jax::unflatten_values(flat.tree, leaves).as<python::TupleObj>().items;
    Value out = ip.call(fun, std::move(inner));
    return jax::to_ops(ip, jax::flatten(ip, out, call.where).leaves, call.where);
  });
  Cost cost;
  for (const ir::Eqn& e : traced.jaxpr->eqns) add_eqn_cost(*traced.jaxpr, e, cost);
  int64_t bytes = 0;
  for (const ir::AVal& a : avals) bytes += bytes_of(a);
  ir::AVal scratch;
  for (const ir::Atom& o : traced.jaxpr->outvars) bytes += bytes_of(aval_of(*traced.jaxpr, o, scratch));
  CallArgs make;
  make.where = call.where;
  make.keywords = {{"flops", Value::integer(cost.flops)},
                   {"transcendentals", Value::integer(cost.transcendentals)},
                   {"bytes_accessed", Value::integer(bytes)}};
  return cost_estimate(ip, make);
}

}  // namespace rungs::pallas
