#include "core/pallas/pallas_call_jvp.h"

#include "core/errors/error.h"
#include "core/ir/ad_ops.h"
#include "core/ir/jvp_jaxpr.h"
#include "core/pallas/pallas_call_batching.h"

namespace rungs::pallas {

namespace {

void check_supported(const PallasCall& call, const ir::Tape& tape) {
  if (tape.vmapped_at) raise(ErrorId::vmap_out_axes_mismatch, *tape.vmapped_at, "[0]", "None", 0);
  if (!tape.leaf_tangents) raise(ErrorId::grad_pallas_call, call.where);
  for (const GridDim& g : call.grid)
    if (g.dynamic) raise(ErrorId::jvp_pallas_dynamic_grid, call.where);
  if (call.num_scalar_prefetch > 0) raise(ErrorId::jvp_pallas_prefetch, call.where);
  if (!call.aliases.empty()) raise(ErrorId::jvp_pallas_aliasing, call.where);
  if (call.from_core_map) raise(ErrorId::jvp_pallas_mesh, call.where);
}

template <typename T, typename Pred>
void append_tangents(std::vector<T>& out, const std::vector<T>& primal, Pred has) {
  out.insert(out.end(), primal.begin(), primal.end());
  for (size_t i = 0; i < primal.size(); ++i)
    if (has(i)) out.push_back(primal[i]);
}

// The JVP call: inputs, their tangents, outputs, theirs, scratch, theirs.
// Every float input gets a tangent ref (zeros where none flows): JAX pairs
// the tangents' BlockSpecs positionally with all inputs, which only lines up
// when every input has one.
PallasCall jvp_call(const PallasCall& call) {
  size_t n_in = call.inputs.size(), n_out = call.outputs.size();
  const ir::Jaxpr& k = *call.kernel;
  std::vector<bool> has;
  for (int v : k.invars) has.push_back(ir::has_tangent_space(k.vars[static_cast<size_t>(v)]));
  PallasCall j = call;
  j.kernel = ir::jvp_jaxpr(k, has, {static_cast<int>(n_in), static_cast<int>(n_out), static_cast<int>(call.scratch.size())}, {});
  j.inputs.clear();
  j.outputs.clear();
  j.scratch.clear();
  append_tangents(j.inputs, call.inputs, [&](size_t i) { return has[i]; });
  append_tangents(j.outputs, call.outputs, [&](size_t i) { return has[n_in + i]; });
  append_tangents(j.scratch, call.scratch, [&](size_t i) { return has[n_in + n_out + i]; });
  j.param_names.clear();
  std::vector<std::string> names = call.param_names;
  names.resize(k.invars.size());
  size_t at = 0;
  for (size_t g : {n_in, n_out, call.scratch.size()}) {
    for (size_t i = at; i < at + g; ++i) j.param_names.push_back(names[i]);
    for (size_t i = at; i < at + g; ++i)
      if (has[i]) j.param_names.push_back(names[i].empty() ? "" : names[i] + " (tangent)");
    at += g;
  }
  if (j.has_cost_estimate) {
    j.cost.flops *= 2;
    j.cost.transcendentals *= 2;
    j.cost.bytes_accessed *= 2;
  }
  return j;
}

}  // namespace

std::vector<ir::Operand> jvp_pallas_call(const PallasCall& call, const std::vector<ir::Operand>& operands,
                                         const ir::Tape& tape, python::Interpreter& ip) {
  check_supported(call, tape);
  ir::Tangents tangents = ir::forward(tape, operands, *tape.leaf_tangents);
  PallasCall j = jvp_call(call);
  std::vector<ir::Operand> ops;
  for (const ir::Operand& x : operands) ops.push_back(ir::untag(x, &tape));
  for (size_t i = 0; i < operands.size(); ++i) {
    const ir::AVal& a = operands[i].aval;
    if (!ir::has_tangent_space(a)) continue;
    ops.push_back(tangents[i] ? ir::ad::convert(ir::untag(*tangents[i], &tape), a.dtype) : ir::ad::zeros(ir::AVal::array(a.dtype, a.shape)));
  }
  std::vector<ir::Operand> outs;
  {
    ir::AdRoleScope role(ir::AdRole::Jvp);
    outs = run_pallas_call(j, std::move(ops), ip);
  }
  size_t n_out = call.outputs.size();
  std::vector<ir::Operand> primal_outs(outs.begin(), outs.begin() + static_cast<std::ptrdiff_t>(n_out));
  ir::Tangents out_tangents;
  size_t t = n_out;
  for (size_t k = 0; k < n_out; ++k)
    out_tangents.push_back(ir::has_tangent_space(primal_outs[k].aval) ? std::optional<ir::Operand>(outs[t++]) : std::nullopt);
  SourceRange where = call.where;
  ir::record_custom(
      operands, primal_outs, [out_tangents](const ir::Tangents&) { return out_tangents; }, nullptr,
      [where] { raise(ErrorId::grad_pallas_call, where); });
  return primal_outs;
}

}  // namespace rungs::pallas
