#include "core/ir/discharge.h"

#include <algorithm>
#include <limits>

namespace rungs::ir {

namespace {

bool is_ref(const Jaxpr& j, const Atom& a) { return !a.is_literal() && j.vars[static_cast<size_t>(a.var)].is_ref(); }

Array int_literal(int64_t v) { return Array::scalar_int(DType::Int32, v); }

// The generic uninitialised value (SEMANTICS 3.2) as a literal.
Array uninit_literal(DType t) {
  if (array::is_float(t)) return Array::scalar(t, std::numeric_limits<double>::quiet_NaN());
  if (t == DType::Int16 || array::is_unsigned_int(t)) return Array::scalar_int(t, 0);
  if (t == DType::Bool) return Array::scalar_bool(false);
  return Array::scalar_int(t, array::int_min(t));
}

// Builds one pure jaxpr. Refs are tracked through "cells": a cell holds the
// variable carrying a ref's current value, and every reference to the same
// ref (an invar, a capture into an inlined body) shares its cell.
class Builder {
 public:
  explicit Builder(bool& complete) : out_(std::make_shared<Jaxpr>()), complete_(complete) {}

  JaxprPtr result() { return out_; }
  Jaxpr& out() { return *out_; }

  // Per source-jaxpr environment: source var -> new var, or ref var -> cell.
  struct Env {
    const Jaxpr* src;
    std::vector<int> var;   // new var (non-ref)
    std::vector<int> cell;  // cell id (ref)
  };
  Env env_for(const Jaxpr& src) {
    Env e{&src, std::vector<int>(src.vars.size(), -1), std::vector<int>(src.vars.size(), -1)};
    for (size_t i = 0; i < src.constvars.size(); ++i)
      e.var[static_cast<size_t>(src.constvars[i])] = new_invar(src.vars[static_cast<size_t>(src.constvars[i])]);
    return e;
  }
  int new_invar(AVal aval) {
    if (aval.semaphore != SemaphoreKind::None) aval.dtype = DType::Int16;  // generic mode's semaphore dtype
    aval.semaphore = SemaphoreKind::None;
    aval.kind = AVal::Kind::Array;
    int v = out_->new_var(aval);
    out_->invars.push_back(v);
    return v;
  }
  int new_cell(int var) {
    cells_.push_back(var);
    return static_cast<int>(cells_.size()) - 1;
  }
  int cell_value(int cell) const { return cells_[static_cast<size_t>(cell)]; }
  void set_cell(int cell, int var) { cells_[static_cast<size_t>(cell)] = var; }

  Atom atom(const Env& e, const Atom& a) {
    if (a.is_literal()) return a;
    if (e.src->vars[static_cast<size_t>(a.var)].is_ref()) return Atom::of_var(cell_value(e.cell[static_cast<size_t>(a.var)]));
    return Atom::of_var(e.var[static_cast<size_t>(a.var)]);
  }

  std::vector<int> emit(Prim p, std::vector<Atom> in, const Params& params, const std::vector<AVal>& outs,
                        SourceRange source) {
    Eqn e;
    e.prim = p;
    e.inputs = std::move(in);
    e.params = params;
    e.source = source;
    for (AVal a : outs) {
      a.kind = AVal::Kind::Array;
      e.outputs.push_back(out_->new_var(a));
    }
    std::vector<int> vars = e.outputs;
    out_->eqns.push_back(std::move(e));
    return vars;
  }

  void run(Env& e);  // process every equation of e.src

 private:
  void state_read(Env& e, const Eqn& eqn, bool write, bool add, bool pallas);
  void copy_stateful(Env& e, const Eqn& eqn);
  void control(Env& e, const Eqn& eqn);
  JaxprPtr sub(const Jaxpr& src, std::vector<int>& ref_positions);

  JaxprPtr out_;
  std::vector<int> cells_;
  bool& complete_;
};

// One indexer level as (starts, sizes, squeezed dims), or false when the
// level cannot be expressed with slices (integer-array indices).
bool window_of(Builder::Env& e, const Eqn& eqn, const Indexer& ix, Builder& b, std::vector<Atom>& starts,
               Shape& sizes, std::vector<int64_t>& squeeze, bool& full, bool& is_static, const Shape& shape) {
  full = true;
  is_static = true;
  for (size_t d = 0; d < ix.dims.size(); ++d) {
    const DimIndex& di = ix.dims[d];
    if (di.kind == DimIndex::Kind::Array || di.kind == DimIndex::Kind::NewAxis) return false;
    if (di.kind == DimIndex::Kind::Slice && di.stride != 1) return false;
    Atom start = di.is_static() ? Atom::of_literal(int_literal(di.start)) : b.atom(e, eqn.inputs[static_cast<size_t>(di.input)]);
    if (!di.is_static()) is_static = false;
    int64_t size = di.kind == DimIndex::Kind::Index ? 1 : di.size;
    if (di.kind == DimIndex::Kind::Index) squeeze.push_back(static_cast<int64_t>(d));
    if (!(di.is_static() && di.start == 0 && di.kind == DimIndex::Kind::Slice && size == shape[d])) full = false;
    starts.push_back(start);
    sizes.push_back(size);
  }
  return true;
}

void Builder::copy_stateful(Env& e, const Eqn& eqn) {
  // Left as it is (a DMA, a semaphore op, a composed view): the printout
  // shows it stateful, and the discharge is marked incomplete.
  complete_ = false;
  Eqn copy = eqn;
  for (Atom& a : copy.inputs) a = atom(e, a);
  copy.outputs.clear();
  for (int o : eqn.outputs) {
    AVal a = e.src->vars[static_cast<size_t>(o)];
    int v = out_->new_var(a);
    copy.outputs.push_back(v);
    if (a.is_ref()) e.cell[static_cast<size_t>(o)] = new_cell(v);
    else e.var[static_cast<size_t>(o)] = v;
  }
  out_->eqns.push_back(std::move(copy));
}

void Builder::state_read(Env& e, const Eqn& eqn, bool write, bool add, bool pallas) {
  if (eqn.params.indexers.size() != 1 || !eqn.params.indexers[0].is_index()) return copy_stateful(e, eqn);
  int cell = e.cell[static_cast<size_t>(eqn.inputs[0].var)];
  int cur = cell_value(cell);
  const AVal& ref_aval = out_->vars[static_cast<size_t>(cur)];
  std::vector<Atom> starts;
  Shape sizes;
  std::vector<int64_t> squeeze;
  bool full = false, is_static = false;
  if (!window_of(e, eqn, eqn.params.indexers[0], *this, starts, sizes, squeeze, full, is_static, ref_aval.shape))
    return copy_stateful(e, eqn);
  AVal window = AVal::array(ref_aval.dtype, sizes);
  Shape squeezed;
  for (size_t d = 0; d < sizes.size(); ++d)
    if (std::find(squeeze.begin(), squeeze.end(), static_cast<int64_t>(d)) == squeeze.end()) squeezed.push_back(sizes[d]);
  auto read_old = [&]() -> int {
    if (full) return cur;
    int v;
    if (is_static) {
      Params p;
      for (size_t d = 0; d < sizes.size(); ++d) {
        p.starts.push_back(starts[d].literal.get_int(0));
        p.limits.push_back(p.starts.back() + sizes[d]);
      }
      v = emit(Prim::Slice, {Atom::of_var(cur)}, p, {window}, eqn.source)[0];
    } else {
      Params p;
      p.shape = sizes;
      std::vector<Atom> in{Atom::of_var(cur)};
      in.insert(in.end(), starts.begin(), starts.end());
      v = emit(Prim::DynamicSlice, in, p, {window}, eqn.source)[0];
    }
    if (squeeze.empty()) return v;
    Params p;
    p.axes = squeeze;
    return emit(Prim::Squeeze, {Atom::of_var(v)}, p, {AVal::array(ref_aval.dtype, squeezed)}, eqn.source)[0];
  };
  if (!write) {  // get / load
    e.var[static_cast<size_t>(eqn.outputs[0])] = read_old();
    return;
  }
  const bool masked = pallas && !eqn.params.counts.empty() && eqn.params.counts[0];
  Atom value = atom(e, eqn.inputs[1]);
  int old = (add || masked || !eqn.outputs.empty()) ? read_old() : -1;
  if (!eqn.outputs.empty()) e.var[static_cast<size_t>(eqn.outputs[0])] = old;
  if (add) value = Atom::of_var(emit(Prim::Add, {Atom::of_var(old), value}, {}, {AVal::array(ref_aval.dtype, squeezed)}, eqn.source)[0]);
  if (masked) {
    Atom mask = atom(e, eqn.inputs[2]);
    value = Atom::of_var(emit(Prim::SelectN, {mask, Atom::of_var(old), value}, {}, {AVal::array(ref_aval.dtype, squeezed)}, eqn.source)[0]);
  }
  if (full) {
    if (value.is_literal()) return copy_stateful(e, eqn);
    set_cell(cell, value.var);
    return;
  }
  Atom update = value;
  if (!squeeze.empty()) {
    Params p;
    p.shape = sizes;
    update = Atom::of_var(emit(Prim::Reshape, {value}, p, {window}, eqn.source)[0]);
  }
  std::vector<Atom> in{Atom::of_var(cur), update};
  in.insert(in.end(), starts.begin(), starts.end());
  set_cell(cell, emit(Prim::DynamicUpdateSlice, in, {}, {ref_aval}, eqn.source)[0]);
}

// A sub-jaxpr discharged on its own: ref invars become array invars and the
// final ref values are appended to its outvars (ref_positions lists which
// invars were refs, in order).
JaxprPtr Builder::sub(const Jaxpr& src, std::vector<int>& ref_positions) {
  Builder b(complete_);
  Env e = b.env_for(src);
  std::vector<int> ref_cells;
  for (size_t i = 0; i < src.invars.size(); ++i) {
    int v = src.invars[i];
    int nv = b.new_invar(src.vars[static_cast<size_t>(v)]);
    if (src.vars[static_cast<size_t>(v)].is_ref()) {
      e.cell[static_cast<size_t>(v)] = b.new_cell(nv);
      ref_positions.push_back(static_cast<int>(i));
      ref_cells.push_back(e.cell[static_cast<size_t>(v)]);
    } else {
      e.var[static_cast<size_t>(v)] = nv;
    }
  }
  b.run(e);
  for (const Atom& a : src.outvars) b.out().outvars.push_back(b.atom(e, a));
  for (int c : ref_cells) b.out().outvars.push_back(Atom::of_var(b.cell_value(c)));
  return b.result();
}

void Builder::control(Env& e, const Eqn& eqn) {
  const Params& p = eqn.params;
  if (eqn.prim == Prim::RunScoped || eqn.prim == Prim::Pjit) {
    // Inline the body: captures share the outer cells; fresh allocations
    // start as the uninitialised value.
    const Jaxpr& body = *p.jaxprs[0];
    Env inner = env_for(body);
    size_t n_in = eqn.inputs.size();
    for (size_t i = 0; i < body.invars.size(); ++i) {
      int v = body.invars[i];
      const AVal& aval = body.vars[static_cast<size_t>(v)];
      if (i < n_in) {
        const Atom& outer = eqn.inputs[i];
        if (aval.is_ref()) inner.cell[static_cast<size_t>(v)] = e.cell[static_cast<size_t>(outer.var)];
        else inner.var[static_cast<size_t>(v)] = atom(e, outer).var;
        continue;
      }
      DType t = aval.semaphore != SemaphoreKind::None ? DType::Int16 : aval.dtype;
      Params bp;
      bp.shape = aval.shape;
      int init = emit(Prim::BroadcastInDim, {Atom::of_literal(uninit_literal(t))}, bp, {AVal::array(t, aval.shape)}, eqn.source)[0];
      inner.cell[static_cast<size_t>(v)] = new_cell(init);
    }
    run(inner);
    for (size_t i = 0; i < eqn.outputs.size(); ++i) e.var[static_cast<size_t>(eqn.outputs[i])] = atom(inner, body.outvars[i]).var;
    return;
  }
  if (eqn.prim == Prim::Cond) {
    std::vector<JaxprPtr> branches;
    std::vector<int> refs;
    for (const JaxprPtr& br : p.jaxprs) {
      refs.clear();
      branches.push_back(sub(*br, refs));
    }
    Params np = p;
    np.jaxprs = branches;
    std::vector<Atom> in;
    for (const Atom& a : eqn.inputs) in.push_back(atom(e, a));
    std::vector<AVal> outs;
    for (const Atom& o : branches[0]->outvars)
      outs.push_back(o.is_literal() ? AVal::array(o.literal.dtype(), {}) : branches[0]->vars[static_cast<size_t>(o.var)]);
    std::vector<int> vars = emit(Prim::Cond, in, np, outs, eqn.source);
    size_t k = eqn.outputs.size();
    for (size_t i = 0; i < k; ++i) e.var[static_cast<size_t>(eqn.outputs[i])] = vars[i];
    for (size_t r = 0; r < refs.size(); ++r)  // operand index = ref position + 1 (after the index)
      set_cell(e.cell[static_cast<size_t>(eqn.inputs[static_cast<size_t>(refs[r]) + 1].var)], vars[k + r]);
    return;
  }
  if (eqn.prim == Prim::Scan) {
    // Refs among the consts become extra carries after the original ones
    // (before the xs); the body's final ref values move to match, before the ys.
    std::vector<int> refs;
    JaxprPtr body = sub(*p.jaxprs[0], refs);
    size_t nc = static_cast<size_t>(p.counts[0]), nk = static_cast<size_t>(p.counts[1]);
    std::vector<int> const_vars, carry_vars, ref_vars, xs_vars;
    std::vector<Atom> consts, carries, ref_vals, xs;
    for (size_t i = 0; i < eqn.inputs.size(); ++i) {
      int bv = body->invars[i];
      bool ref = is_ref(*e.src, eqn.inputs[i]);
      auto& vars = ref ? ref_vars : i < nc ? const_vars : i < nc + nk ? carry_vars : xs_vars;
      auto& vals = ref ? ref_vals : i < nc ? consts : i < nc + nk ? carries : xs;
      vars.push_back(bv);
      vals.push_back(atom(e, eqn.inputs[i]));
    }
    body->invars = const_vars;
    for (const std::vector<int>* v : {&carry_vars, &ref_vars, &xs_vars}) body->invars.insert(body->invars.end(), v->begin(), v->end());
    size_t nys = eqn.outputs.size() - nk;
    std::vector<Atom> outs_atoms(body->outvars.begin(), body->outvars.begin() + static_cast<std::ptrdiff_t>(nk));
    outs_atoms.insert(outs_atoms.end(), body->outvars.begin() + static_cast<std::ptrdiff_t>(nk + nys), body->outvars.end());
    outs_atoms.insert(outs_atoms.end(), body->outvars.begin() + static_cast<std::ptrdiff_t>(nk),
                      body->outvars.begin() + static_cast<std::ptrdiff_t>(nk + nys));
    body->outvars = outs_atoms;
    Params np = p;
    np.jaxprs = {body};
    np.counts = {static_cast<int64_t>(consts.size()), static_cast<int64_t>(carries.size() + ref_vals.size())};
    std::vector<Atom> in = consts;
    for (const std::vector<Atom>* v : {&carries, &ref_vals, &xs}) in.insert(in.end(), v->begin(), v->end());
    std::vector<AVal> outs;
    for (size_t i = consts.size(); i < consts.size() + carries.size() + ref_vals.size(); ++i)
      outs.push_back(in[i].is_literal() ? AVal::array(in[i].literal.dtype(), {}) : out_->vars[static_cast<size_t>(in[i].var)]);
    for (size_t y = 0; y < nys; ++y) outs.push_back(e.src->vars[static_cast<size_t>(eqn.outputs[nk + y])]);
    std::vector<int> vars = emit(Prim::Scan, in, np, outs, eqn.source);
    for (size_t i = 0; i < nk; ++i) e.var[static_cast<size_t>(eqn.outputs[i])] = vars[i];
    for (size_t y = 0; y < nys; ++y) e.var[static_cast<size_t>(eqn.outputs[nk + y])] = vars[nk + ref_vals.size() + y];
    size_t r = 0;
    for (size_t i = 0; i < eqn.inputs.size(); ++i)
      if (is_ref(*e.src, eqn.inputs[i]))
        set_cell(e.cell[static_cast<size_t>(eqn.inputs[i].var)], vars[carries.size() + r++]);
    return;
  }
  copy_stateful(e, eqn);  // while loops over refs stay stateful in the printout
}

void Builder::run(Env& e) {
  for (const Eqn& eqn : e.src->eqns) {
    switch (eqn.prim) {
      case Prim::Get: state_read(e, eqn, false, false, false); continue;
      case Prim::Load: state_read(e, eqn, false, false, true); continue;
      case Prim::Swap: state_read(e, eqn, true, false, false); continue;
      case Prim::Store: state_read(e, eqn, true, false, true); continue;
      case Prim::AddUpdate: state_read(e, eqn, true, true, false); continue;
      case Prim::Cond:
      case Prim::Scan:
      case Prim::RunScoped:
      case Prim::Pjit: {
        bool touches_refs = false;
        for (const Atom& a : eqn.inputs) touches_refs = touches_refs || is_ref(*e.src, a);
        if (touches_refs || eqn.prim == Prim::RunScoped) {
          control(e, eqn);
          continue;
        }
        break;
      }
      default: break;
    }
    if (prim_category(eqn.prim) == PrimCategory::State) {
      copy_stateful(e, eqn);
      continue;
    }
    Eqn copy = eqn;
    for (Atom& a : copy.inputs) a = atom(e, a);
    copy.outputs.clear();
    for (int o : eqn.outputs) {
      int v = out_->new_var(e.src->vars[static_cast<size_t>(o)]);
      copy.outputs.push_back(v);
      e.var[static_cast<size_t>(o)] = v;
    }
    out_->eqns.push_back(std::move(copy));
  }
}

}  // namespace

Discharged discharge_state(const Jaxpr& kernel) {
  Discharged d;
  Builder b(d.complete);
  std::vector<int> refs;
  d.jaxpr = [&] {
    Builder::Env e = b.env_for(kernel);
    std::vector<int> cells;
    for (int v : kernel.invars) {
      int nv = b.new_invar(kernel.vars[static_cast<size_t>(v)]);
      if (kernel.vars[static_cast<size_t>(v)].is_ref()) {
        e.cell[static_cast<size_t>(v)] = b.new_cell(nv);
        cells.push_back(e.cell[static_cast<size_t>(v)]);
      } else {
        e.var[static_cast<size_t>(v)] = nv;
      }
    }
    b.run(e);
    for (int c : cells) b.out().outvars.push_back(Atom::of_var(b.cell_value(c)));
    return b.result();
  }();
  return d;
}

}  // namespace rungs::ir
