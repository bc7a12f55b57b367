// pl.estimate_cost(fun, *args, **kwargs): trace `fun` on the arguments'
// shapes and dtypes (arrays or jax.ShapeDtypeStructs) and add up JAX's cost
// rules (jax/_src/pallas/cost_estimate.py) over the equations: one flop per
// output element of the binary ops, per input element of the plain unary
// ops, a transcendental per element of exp/log/tanh/..., 2·M·N·K for
// dot_general, repeated squaring for integer_pow; bytes accessed are the
// inputs' and outputs' sizes. Primitives with no rule in JAX cost nothing
// here either (comparisons, selects, reductions, data movement).
#include "core/ir/cost.h"
#include "core/jax/array_value.h"
#include "core/jax/jit_lowering.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/module_lax_tree.h"
#include "core/jax/modules.h"
#include "core/pallas/records.h"
#include "core/python/args.h"
#include "core/python/value_ops.h"

namespace rungs::pallas {

Value estimate_cost(Interpreter& ip, CallArgs& call) {
  if (call.positional.empty()) raise(ErrorId::builtin_expected_at_least, call.where, "estimate_cost", 1, "", 0);
  Value fun = call.positional[0];
  Value args = make_tuple(Values(call.positional.begin() + 1, call.positional.end()));
  jax::Flat flat = jax::flatten(ip, args, call.where);
  std::vector<ir::AVal> avals;
  for (const Value& leaf : flat.leaves) avals.push_back(jax::abstract_leaf(ip, leaf, call.where, "estimate_cost"));
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
  ir::JaxprCost cost = ir::jaxpr_cost(*traced.jaxpr);
  int64_t bytes = 0;
  for (const ir::AVal& a : avals) bytes += ir::aval_bytes(a);
  for (const ir::Atom& o : traced.jaxpr->outvars) bytes += ir::atom_bytes(*traced.jaxpr, o);
  CallArgs make;
  make.where = call.where;
  make.keywords = {{"flops", Value::integer(cost.flops)},
                   {"transcendentals", Value::integer(cost.transcendentals)},
                   {"bytes_accessed", Value::integer(bytes)}};
  return cost_estimate(ip, make);
}

}  // namespace rungs::pallas
