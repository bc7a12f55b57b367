#include "core/ir/jvp_jaxpr.h"

#include "core/errors/error.h"
#include "core/ir/ad_ops.h"
#include "core/ir/primitive.h"
#include "core/ir/tape.h"
#include "core/ir/trace.h"

namespace rungs::ir {

bool has_tangent_space(const AVal& aval) {
  return array::is_float(aval.dtype) && aval.semaphore == SemaphoreKind::None;
}

namespace {

struct Dual {
  Operand primal;
  std::optional<Operand> tangent;
};
using Duals = std::vector<Dual>;

Duals jvp_eval(const Jaxpr& j, const Duals& args);

std::vector<AVal> out_avals(const Jaxpr& j, const Eqn& e) {
  std::vector<AVal> avals;
  for (int v : e.outputs) avals.push_back(j.vars[static_cast<size_t>(v)]);
  return avals;
}

Duals primal_only(const std::vector<Operand>& outs) {
  Duals d;
  for (const Operand& o : outs) d.push_back({o, std::nullopt});
  return d;
}

Operand tangent_or_zeros(const Dual& d) { return d.tangent ? *d.tangent : ad::zeros_like(d.primal); }

// The primals of `ins[from, to)` followed by their tangents (all of those
// with a tangent space when `instantiate`, else the ones present).
void append_group(std::vector<Operand>& out, std::vector<bool>& has, const Duals& ins, size_t from, size_t to,
                  bool instantiate) {
  for (size_t i = from; i < to; ++i) out.push_back(ins[i].primal);
  for (size_t i = from; i < to; ++i) {
    bool want = instantiate ? has_tangent_space(ins[i].primal.aval) : ins[i].tangent.has_value();
    has.push_back(want);
    if (want) out.push_back(tangent_or_zeros(ins[i]));
  }
}

// Splits a control primitive's outputs [group primals, group tangents, ...]
// back into duals, for groups of sizes `groups` whose tangents are those of
// the float values among `avals`.
Duals regroup(const std::vector<Operand>& outs, const std::vector<AVal>& avals, const std::vector<int>& groups) {
  Duals d;
  size_t at = 0, a = 0;
  for (int g : groups) {
    size_t first = d.size();
    for (int k = 0; k < g; ++k) d.push_back({outs[at++], std::nullopt});
    for (int k = 0; k < g; ++k, ++a)
      if (has_tangent_space(avals[a])) d[first + static_cast<size_t>(k)].tangent = outs[at++];
  }
  return d;
}

std::vector<AVal> doubled_avals(const std::vector<AVal>& avals, const std::vector<int>& groups) {
  std::vector<AVal> out;
  size_t a = 0;
  for (int g : groups) {
    for (int k = 0; k < g; ++k) out.push_back(avals[a + static_cast<size_t>(k)]);
    for (int k = 0; k < g; ++k)
      if (has_tangent_space(avals[a + static_cast<size_t>(k)])) out.push_back(avals[a + static_cast<size_t>(k)]);
    a += static_cast<size_t>(g);
  }
  return out;
}

std::vector<bool> present(const Duals& d, size_t from, size_t to) {
  std::vector<bool> out;
  for (size_t i = from; i < to; ++i) out.push_back(d[i].tangent.has_value());
  return out;
}

// Refs: the tangent of a read is the same read of the tangent ref, and a
// write writes the value's tangent (zeros when it has none) there too.
Duals state_jvp(const Jaxpr& j, const Eqn& e, const Duals& in) {
  std::vector<Operand> ins;
  for (const Dual& d : in) ins.push_back(d.primal);
  std::vector<AVal> avals = out_avals(j, e);
  Duals out = primal_only(record(e.prim, ins, e.params, avals));
  bool any = false;
  for (const Dual& d : in) any = any || d.tangent.has_value();
  if (!any) return out;
  std::vector<Operand> t_ins = ins;
  switch (e.prim) {
    case Prim::Get:
    case Prim::Load: {
      if (!in[0].tangent) return out;
      t_ins[0] = *in[0].tangent;
      if (e.prim == Prim::Load && e.params.counts.size() > 1 && e.params.counts[1]) t_ins.back() = tangent_or_zeros(in.back());
      out[0].tangent = record(e.prim, t_ins, e.params, avals)[0];
      return out;
    }
    case Prim::Swap:
    case Prim::Store:
    case Prim::AddUpdate: {
      if (!in[0].tangent) return out;
      if (e.prim == Prim::AddUpdate && !in[1].tangent) return out;
      t_ins[0] = *in[0].tangent;
      t_ins[1] = tangent_or_zeros(in[1]);
      std::vector<Operand> t_out = record(e.prim, t_ins, e.params, avals);
      if (!t_out.empty()) out[0].tangent = t_out[0];
      return out;
    }
    default: raise_here(ErrorId::grad_rule_missing, std::string(prim_name(e.prim)));
  }
}

Duals cond_jvp(const Jaxpr& j, const Eqn& e, const Duals& in) {
  size_t n = in.size();
  std::vector<bool> has = present(in, 1, n);
  Params p = e.params;
  int n_out = static_cast<int>(e.outputs.size());
  for (JaxprPtr& branch : p.jaxprs) branch = jvp_jaxpr(*branch, has, {static_cast<int>(n - 1)}, {n_out});
  std::vector<Operand> ins{in[0].primal};
  std::vector<bool> unused;
  append_group(ins, unused, in, 1, n, false);
  std::vector<AVal> avals = out_avals(j, e);
  return regroup(record(Prim::Cond, ins, p, doubled_avals(avals, {n_out})), avals, {n_out});
}

Duals while_jvp(const Jaxpr& j, const Eqn& e, const Duals& in) {
  size_t cn = static_cast<size_t>(e.params.counts[0]), bn = static_cast<size_t>(e.params.counts[1]), n = in.size();
  int n_carry = static_cast<int>(n - cn - bn);
  std::vector<bool> carry_has;
  for (size_t i = cn + bn; i < n; ++i) carry_has.push_back(has_tangent_space(in[i].primal.aval));
  Params p = e.params;
  std::vector<bool> cond_has(cn, false), body_has = present(in, cn, cn + bn);
  cond_has.insert(cond_has.end(), carry_has.begin(), carry_has.end());
  body_has.insert(body_has.end(), carry_has.begin(), carry_has.end());
  p.jaxprs[0] = jvp_jaxpr(*e.params.jaxprs[0], cond_has, {static_cast<int>(cn), n_carry}, {1});
  p.jaxprs[1] = jvp_jaxpr(*e.params.jaxprs[1], body_has, {static_cast<int>(bn), n_carry}, {n_carry});
  std::vector<Operand> ins;
  std::vector<bool> has;
  for (size_t i = 0; i < cn; ++i) ins.push_back(in[i].primal);
  append_group(ins, has, in, cn, cn + bn, false);
  size_t body_consts = ins.size() - cn;
  append_group(ins, has, in, cn + bn, n, true);
  p.counts[1] = static_cast<int64_t>(body_consts);
  std::vector<AVal> avals = out_avals(j, e);
  return regroup(record(Prim::While, ins, p, doubled_avals(avals, {n_carry})), avals, {n_carry});
}

Duals scan_jvp(const Jaxpr& j, const Eqn& e, const Duals& in) {
  size_t nc = static_cast<size_t>(e.params.counts[0]), ncar = static_cast<size_t>(e.params.counts[1]), n = in.size();
  const Jaxpr& body = *e.params.jaxprs[0];
  int n_ys = static_cast<int>(body.outvars.size() - ncar);
  std::vector<bool> has = present(in, 0, nc);
  for (size_t i = nc; i < nc + ncar; ++i) has.push_back(has_tangent_space(in[i].primal.aval));
  std::vector<bool> xs_has = present(in, nc + ncar, n);
  has.insert(has.end(), xs_has.begin(), xs_has.end());
  Params p = e.params;
  p.jaxprs[0] = jvp_jaxpr(body, has, {static_cast<int>(nc), static_cast<int>(ncar), static_cast<int>(n - nc - ncar)},
                          {static_cast<int>(ncar), n_ys});
  std::vector<Operand> ins;
  std::vector<bool> unused;
  append_group(ins, unused, in, 0, nc, false);
  size_t consts = ins.size();
  append_group(ins, unused, in, nc, nc + ncar, true);
  size_t carry = ins.size() - consts;
  append_group(ins, unused, in, nc + ncar, n, false);
  p.counts[0] = static_cast<int64_t>(consts);
  p.counts[1] = static_cast<int64_t>(carry);
  std::vector<AVal> avals = out_avals(j, e);
  std::vector<int> groups{static_cast<int>(ncar), n_ys};
  return regroup(record(Prim::Scan, ins, p, doubled_avals(avals, groups)), avals, groups);
}

Duals run_scoped_jvp(const Jaxpr& j, const Eqn& e, const Duals& in) {
  Params p = e.params;
  std::vector<bool> has = present(in, 0, in.size());
  for (const AVal& a : e.params.allocs) {
    has.push_back(has_tangent_space(a));
    if (has_tangent_space(a)) p.allocs.push_back(a);
  }
  int n_out = static_cast<int>(e.outputs.size());
  p.jaxprs[0] = jvp_jaxpr(*e.params.jaxprs[0], has, {static_cast<int>(in.size()), static_cast<int>(e.params.allocs.size())},
                          {n_out});
  std::vector<Operand> ins;
  std::vector<bool> unused;
  append_group(ins, unused, in, 0, in.size(), false);
  std::vector<AVal> avals = out_avals(j, e);
  return regroup(record(Prim::RunScoped, ins, p, doubled_avals(avals, {n_out})), avals, {n_out});
}

Duals eqn_jvp(const Jaxpr& j, const Eqn& e, const Duals& in) {
  std::vector<Operand> ins;
  Tangents t;
  bool any = false;
  for (const Dual& d : in) {
    ins.push_back(d.primal);
    t.push_back(d.tangent);
    any = any || d.tangent.has_value();
  }
  switch (prim_category(e.prim)) {
    case PrimCategory::Unary: case PrimCategory::Binary: case PrimCategory::Compare: case PrimCategory::Pure: {
      std::vector<Operand> outs = ir::bind(e.prim, ins, e.params);
      Duals out = primal_only(outs);
      if (!any) return out;
      Tangents to = jvp_rule(e.prim, e.params, ins, outs, t);
      for (size_t k = 0; k < out.size() && k < to.size(); ++k)
        if (to[k] && has_tangent_space(outs[k].aval)) out[k].tangent = ad::convert(*to[k], outs[k].aval.dtype);
      return out;
    }
    case PrimCategory::State: return state_jvp(j, e, in);
    case PrimCategory::Grid: case PrimCategory::Effect: return primal_only(record(e.prim, ins, e.params, out_avals(j, e)));
    case PrimCategory::Control: break;
  }
  switch (e.prim) {
    case Prim::Cond: return cond_jvp(j, e, in);
    case Prim::While: return while_jvp(j, e, in);
    case Prim::Scan: return scan_jvp(j, e, in);
    case Prim::RunScoped: return run_scoped_jvp(j, e, in);
    case Prim::Pjit: return jvp_eval(*e.params.jaxprs[0], in);
    default: raise_here(ErrorId::grad_rule_missing, std::string(prim_name(e.prim)));
  }
}

Duals jvp_eval(const Jaxpr& j, const Duals& args) {
  std::vector<Dual> env(j.vars.size());
  for (size_t i = 0; i < j.invars.size(); ++i) env[static_cast<size_t>(j.invars[i])] = args[i];
  for (size_t i = 0; i < j.constvars.size(); ++i) env[static_cast<size_t>(j.constvars[i])] = {Operand::concrete(j.consts[i]), std::nullopt};
  auto read = [&](const Atom& a) { return a.is_literal() ? Dual{Operand::concrete(a.literal), std::nullopt} : env[static_cast<size_t>(a.var)]; };
  SourceRange saved = current_source();
  for (const Eqn& e : j.eqns) {
    set_current_source(e.source);
    Duals in;
    for (const Atom& a : e.inputs) in.push_back(read(a));
    Duals out = eqn_jvp(j, e, in);
    for (size_t k = 0; k < e.outputs.size() && k < out.size(); ++k) env[static_cast<size_t>(e.outputs[k])] = out[k];
  }
  set_current_source(saved);
  Duals outs;
  for (const Atom& a : j.outvars) outs.push_back(read(a));
  return outs;
}

}  // namespace

JaxprPtr jvp_jaxpr(const Jaxpr& j, const std::vector<bool>& has_tangent, const std::vector<int>& in_groups,
                   const std::vector<int>& out_groups) {
  std::vector<AVal> avals;
  std::vector<std::pair<size_t, bool>> slots;  // per new invar: which old invar, tangent?
  size_t at = 0;
  for (int g : in_groups) {
    for (size_t i = at; i < at + static_cast<size_t>(g); ++i) {
      avals.push_back(j.vars[static_cast<size_t>(j.invars[i])]);
      slots.push_back({i, false});
    }
    for (size_t i = at; i < at + static_cast<size_t>(g); ++i)
      if (has_tangent[i]) {
        avals.push_back(j.vars[static_cast<size_t>(j.invars[i])]);
        slots.push_back({i, true});
      }
    at += static_cast<size_t>(g);
  }
  SubTrace st = trace_sub("jvp", avals, [&](const std::vector<Operand>& args) {
    Duals in(j.invars.size());
    for (size_t k = 0; k < args.size(); ++k) {
      if (slots[k].second) in[slots[k].first].tangent = args[k];
      else in[slots[k].first].primal = args[k];
    }
    Duals outs = jvp_eval(j, in);
    std::vector<Operand> result;
    std::vector<bool> unused;
    size_t from = 0;
    for (int g : out_groups) {
      append_group(result, unused, outs, from, from + static_cast<size_t>(g), true);
      from += static_cast<size_t>(g);
    }
    return result;
  });
  if (st.num_captured != 0) raise_here(ErrorId::internal_error, "a differentiated jaxpr captured an outer value");
  return st.jaxpr;
}

}  // namespace rungs::ir
