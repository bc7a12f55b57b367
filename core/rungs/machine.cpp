#include "core/rungs/machine.h"

#include "core/rungs/ref_transforms.h"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "core/python/interpreter.h"
#include "core/ir/printer.h"
#include "core/ir/rules.h"

namespace rungs::exec {

using ir::Prim;
using ir::PrimCategory;

void Rules::addupdate(Machine& m, int buffer, const Windows& w, const Array& value, const Eqn& eqn) {
  Array old = get(m, buffer, w, eqn);
  swap(m, buffer, w, array::binary(array::BinaryOp::Add, old, value), eqn);
}

void Rules::set(Machine& m, int buffer, const Windows& w, const Array& value, const Eqn& eqn) {
  swap(m, buffer, w, value, eqn);
}

void Rules::debug_check(Machine&, const Eqn&, const Array&) {}  // a no-op unless checkified (SEMANTICS 6.3)

std::vector<Array> Rules::apply_pure(Machine&, const Eqn& eqn, std::vector<Array>& in) {
  return ir::apply_pure(eqn.prim, std::move(in), eqn.params);
}

std::byte* Rules::store_target(Machine&, int, const Windows&, const ir::AVal&, const Eqn&) { return nullptr; }

void Rules::prng_seed(Machine&, const Eqn&, const std::vector<Array>&) {}

std::vector<Array> Rules::prng_random_bits(Machine&, const Eqn& eqn) {
  return {Array::zeros(array::DType::Int32, eqn.params.shape)};  // hardware PRNG not simulated (JAX quirk)
}

Machine::Machine(Rules& rules, python::Interpreter& host) : rules_(rules), host_(host) {}

const Eqn* Machine::current_eqn() const {
  if (frames_.empty()) return nullptr;
  const Frame& f = frames_.back();
  return f.pc < f.jaxpr->eqns.size() ? &f.jaxpr->eqns[f.pc] : nullptr;
}

namespace {
std::vector<Array> arrays_of(const std::vector<RValue>& values) {
  std::vector<Array> out;
  out.reserve(values.size());
  for (const RValue& v : values) out.push_back(v.array);
  return out;
}
}  // namespace

RValue Machine::read(const Frame& f, const ir::Atom& a) const {
  if (a.is_literal()) return RValue::of(a.literal);
  return f.env[static_cast<size_t>(a.var)];
}

void Machine::start(const Jaxpr& jaxpr, const std::vector<RValue>& args) {
  while (!frames_.empty()) {
    recycle(std::move(frames_.back()));
    frames_.pop_back();
  }
  results_.clear();
  fuse_ = elementwise_fusion_enabled() && rules_.fuses_elementwise();
  push(jaxpr, args, FrameKind::Top, nullptr);
}

const Machine::Plan& Machine::plan_of(const Jaxpr& jaxpr) {
  auto [it, fresh] = plans_.try_emplace(&jaxpr);
  Plan& plan = it->second;
  if (!fresh) return plan;
  plan.used.assign(jaxpr.vars.size(), false);
  plan.dying.assign(jaxpr.eqns.size(), 0);
  // Walk backwards: the first read met is a variable's last one. Outvars
  // count as reads after every equation, so they never die.
  for (const ir::Atom& a : jaxpr.outvars)
    if (!a.is_literal()) plan.used[static_cast<size_t>(a.var)] = true;
  for (size_t e = jaxpr.eqns.size(); e-- > 0;) {
    const std::vector<ir::Atom>& in = jaxpr.eqns[e].inputs;
    for (size_t i = in.size(); i-- > 0;) {
      if (in[i].is_literal()) continue;
      size_t v = static_cast<size_t>(in[i].var);
      if (!plan.used[v] && i < 64) plan.dying[e] |= uint64_t{1} << i;
      plan.used[v] = true;
    }
  }
  plan.static_windows.resize(jaxpr.eqns.size());
  plan.has_static.assign(jaxpr.eqns.size(), false);
  for (size_t e = 0; e < jaxpr.eqns.size(); ++e) {
    const Eqn& eqn = jaxpr.eqns[e];
    if (eqn.prim != Prim::Get && eqn.prim != Prim::Swap && eqn.prim != Prim::AddUpdate && eqn.prim != Prim::Load &&
        eqn.prim != Prim::Store)
      continue;
    // Accesses through reshape/bitcast levels never fuse (transformed_access).
    if (ir::has_ref_transforms(eqn.params.indexers)) continue;
    bool is_static = true;
    for (const ir::Indexer& ix : eqn.params.indexers)
      for (const ir::DimIndex& d : ix.dims) is_static = is_static && d.is_static() && d.kind != ir::DimIndex::Kind::Array;
    if (!is_static) continue;
    plan.static_windows[e] = windows(eqn, 0, eqn.params.indexers.size(), {});
    plan.has_static[e] = true;
  }
  plan.groups = plan_fusion(jaxpr, plan.used, plan.has_static);
  plan.group_at.assign(jaxpr.eqns.size(), -1);
  for (size_t g = 0; g < plan.groups.size(); ++g) plan.group_at[plan.groups[g].first] = static_cast<int>(g);
  return plan;
}

const Windows& Machine::all_windows(const Frame& f, const Eqn& eqn, const std::vector<RValue>& in) {
  if (f.plan->has_static[f.pc]) return f.plan->static_windows[f.pc];
  scratch_ = windows(eqn, 0, eqn.params.indexers.size(), in);
  return scratch_;
}

void Machine::recycle(Frame&& f) {
  for (RValue& v : f.env) v.clear();
  f.eqn_inputs.clear();
  f.carry.clear();
  f.stacked.clear();
  f.scoped.clear();
  spare_frames_.push_back(std::move(f));
}

void Machine::push(const Jaxpr& jaxpr, const std::vector<RValue>& args, FrameKind kind, const Eqn* eqn) {
  Frame f;
  if (!spare_frames_.empty()) {
    f = std::move(spare_frames_.back());
    spare_frames_.pop_back();
  }
  f.jaxpr = &jaxpr;
  f.plan = &plan_of(jaxpr);
  f.pc = 0;
  f.iteration = 0;
  f.kind = kind;
  f.eqn = eqn;
  f.env.resize(jaxpr.vars.size());  // placeholders: no allocation
  for (size_t i = 0; i < jaxpr.constvars.size(); ++i)
    f.env[static_cast<size_t>(jaxpr.constvars[i])] = RValue::of(jaxpr.consts[i]);
  for (size_t i = 0; i < jaxpr.invars.size() && i < args.size(); ++i)
    f.env[static_cast<size_t>(jaxpr.invars[i])] = args[i];
  frames_.push_back(std::move(f));
}

Windows Machine::windows(const Eqn& eqn, size_t first, size_t count, const std::vector<RValue>& in) const {
  Windows out;
  for (size_t k = first; k < first + count && k < eqn.params.indexers.size(); ++k) {
    Window w;
    for (const ir::DimIndex& d : eqn.params.indexers[k].dims) {
      WindowDim wd;
      wd.kind = d.kind;
      wd.size = d.size;
      wd.stride = d.stride;
      if (d.is_static()) {
        wd.start = d.start;
      } else if (d.kind == ir::DimIndex::Kind::Array) {
        wd.indices = in[static_cast<size_t>(d.input)].array;
      } else {
        wd.start = in[static_cast<size_t>(d.input)].array.get_int(0);
      }
      // A traced DMA size (pl.ds(start, n)): the value now, floored at 0.
      if (d.dynamic_size()) wd.size = std::max<int64_t>(0, in[static_cast<size_t>(d.size_input)].array.get_int(0));
      w.push_back(std::move(wd));
    }
    out.push_back(std::move(w));
  }
  return out;
}

void Machine::write_outputs(Frame& parent, const Eqn& eqn, std::vector<RValue> values) {
  for (size_t i = 0; i < eqn.outputs.size() && i < values.size(); ++i)
    parent.env[static_cast<size_t>(eqn.outputs[i])] = std::move(values[i]);
  ++parent.pc;
}

Status Machine::run() {
  while (!frames_.empty()) {
    Frame& f = frames_.back();
    if (f.pc >= f.jaxpr->eqns.size()) {
      finish_frame();
      continue;
    }
    if (fuse_) {
      const int group = f.plan->group_at[f.pc];
      if (group >= 0 && run_fused(f, f.plan->groups[static_cast<size_t>(group)])) continue;
    }
    const Eqn& eqn = f.jaxpr->eqns[f.pc];
    ++steps;
    host_.tick();
    if (step(f, eqn) == Status::Blocked) return Status::Blocked;
  }
  return Status::Done;
}

Status Machine::step(Frame& f, const Eqn& eqn) {
  const ir::Params& p = eqn.params;
  switch (ir::prim_category(eqn.prim)) {
    case PrimCategory::Unary:
    case PrimCategory::Binary:
    case PrimCategory::Compare:
    case PrimCategory::Pure: {
      // A value read for the last time is moved out of the frame, so the
      // array is freed as soon as the primitive is done with it. (Only here:
      // pure primitives never block, so they are never re-run, which would
      // read the moved-from variable again.)
      const uint64_t dying = f.plan->dying[f.pc];
      std::vector<Array>& args = pure_args_;  // reused: no allocation per equation
      args.clear();
      for (size_t i = 0; i < eqn.inputs.size(); ++i) {
        const ir::Atom& a = eqn.inputs[i];
        if (a.is_literal()) args.push_back(a.literal);
        else if (i < 64 && (dying >> i & 1)) args.push_back(std::move(f.env[static_cast<size_t>(a.var)].array));
        else args.push_back(f.env[static_cast<size_t>(a.var)].array);
      }
      std::vector<Array> outs = rules_.apply_pure(*this, eqn, args);
      args.clear();
      for (size_t i = 0; i < eqn.outputs.size() && i < outs.size(); ++i)
        f.env[static_cast<size_t>(eqn.outputs[i])] = RValue::of(std::move(outs[i]));
      ++f.pc;
      return Status::Done;
    }
    default: break;
  }
  std::vector<RValue> in;
  in.reserve(eqn.inputs.size());
  for (const ir::Atom& a : eqn.inputs) in.push_back(read(f, a));
  if (ir::prim_category(eqn.prim) == PrimCategory::Control) {
    start_control(eqn, std::move(in));
    return Status::Done;
  }
  if ((eqn.prim == Prim::Get || eqn.prim == Prim::Swap || eqn.prim == Prim::Load || eqn.prim == Prim::Store ||
       eqn.prim == Prim::AddUpdate) &&
      ir::has_ref_transforms(p.indexers)) {
    transformed_access(f, eqn, in);
    return Status::Done;
  }
  switch (eqn.prim) {
    case Prim::Get:
      write_outputs(f, eqn, {RValue::of(rules_.get(*this, in[0].buffer, all_windows(f, eqn, in), eqn))});
      return Status::Done;
    case Prim::Swap: {
      if (eqn.outputs.empty() || !f.plan->used[static_cast<size_t>(eqn.outputs[0])]) {
        rules_.set(*this, in[0].buffer, all_windows(f, eqn, in), in[1].array, eqn);
        write_outputs(f, eqn, {});
        return Status::Done;
      }
      Array old = rules_.swap(*this, in[0].buffer, all_windows(f, eqn, in), in[1].array, eqn);
      write_outputs(f, eqn, {RValue::of(std::move(old))});
      return Status::Done;
    }
    case Prim::AddUpdate:
      rules_.addupdate(*this, in[0].buffer, all_windows(f, eqn, in), in[1].array, eqn);
      write_outputs(f, eqn, {});
      return Status::Done;
    case Prim::Load: {
      size_t next = 1;
      const Array* mask = p.counts.size() > 0 && p.counts[0] ? &in[next++].array : nullptr;
      const Array* other = p.counts.size() > 1 && p.counts[1] ? &in[next++].array : nullptr;
      Array out = rules_.load(*this, in[0].buffer, all_windows(f, eqn, in), mask, other, eqn);
      write_outputs(f, eqn, {RValue::of(std::move(out))});
      return Status::Done;
    }
    case Prim::Store: {
      const Array* mask = !p.counts.empty() && p.counts[0] ? &in[2].array : nullptr;
      Array old = rules_.store(*this, in[0].buffer, all_windows(f, eqn, in), in[1].array, mask, eqn);
      write_outputs(f, eqn, {RValue::of(std::move(old))});
      return Status::Done;
    }
    case Prim::SemaphoreSignal: {
      size_t next = 2;
      int64_t device = 0, core_index = 0;
      const int64_t* dev = nullptr;
      const int64_t* cor = nullptr;
      if (p.counts.size() > 0 && p.counts[0]) {
        device = in[next++].array.get_int(0);
        dev = &device;
      }
      if (p.counts.size() > 1 && p.counts[1]) {
        core_index = in[next++].array.get_int(0);
        cor = &core_index;
      }
      Status s = rules_.semaphore_signal(*this, eqn, in[0].buffer, all_windows(f, eqn, in),
                                         in[1].array.get_int(0), dev, cor);
      if (s == Status::Done) write_outputs(f, eqn, {});
      return s;
    }
    case Prim::SemaphoreWait: {
      Status s = rules_.semaphore_wait(*this, eqn, in[0].buffer, all_windows(f, eqn, in),
                                       in[1].array.get_int(0), p.flag);
      if (s == Status::Done) write_outputs(f, eqn, {});
      return s;
    }
    case Prim::SemaphoreRead:
      write_outputs(f, eqn, {RValue::of(rules_.semaphore_read(*this, eqn, in[0].buffer, all_windows(f, eqn, in)))});
      return Status::Done;
    case Prim::DmaStart: {
      Status s = rules_.dma_start(*this, eqn, in);
      if (s == Status::Done) write_outputs(f, eqn, {});
      return s;
    }
    case Prim::DmaWait: {
      Status s = rules_.dma_wait(*this, eqn, in);
      if (s == Status::Done) write_outputs(f, eqn, {});
      return s;
    }
    case Prim::BarrierSemaphore:
      write_outputs(f, eqn, {RValue::ref(rules_.barrier_semaphore(*this, eqn))});
      return Status::Done;
    case Prim::ProgramId:
      write_outputs(f, eqn, {RValue::of(Array::scalar_int(array::DType::Int32, rules_.program_id(*this, p.n + grid_axis_offset)))});
      return Status::Done;
    case Prim::NumPrograms:
      write_outputs(f, eqn, {RValue::of(Array::scalar_int(array::DType::Int32, rules_.num_programs(*this, p.n + grid_axis_offset)))});
      return Status::Done;
    case Prim::AxisIndex:
      write_outputs(f, eqn, {RValue::of(Array::scalar_int(array::DType::Int32, rules_.axis_index(*this, eqn)))});
      return Status::Done;
    case Prim::DebugPrint:
      rules_.debug_print(*this, eqn, arrays_of(in));
      write_outputs(f, eqn, {});
      return Status::Done;
    case Prim::DebugCheck:
      rules_.debug_check(*this, eqn, in[0].array);
      write_outputs(f, eqn, {});
      return Status::Done;
    case Prim::Delay:
      write_outputs(f, eqn, {});
      return Status::Done;
    case Prim::PrngSeed:
      rules_.prng_seed(*this, eqn, arrays_of(in));
      write_outputs(f, eqn, {});
      return Status::Done;
    case Prim::PrngRandomBits: {
      std::vector<RValue> values;
      for (Array& a : rules_.prng_random_bits(*this, eqn)) values.push_back(RValue::of(std::move(a)));
      write_outputs(f, eqn, std::move(values));
      return Status::Done;
    }
    default: break;
  }
  raise_here(ErrorId::internal_error, std::string("no rule for primitive ") + std::string(ir::prim_name(eqn.prim)));
}

namespace {

// The row of xs and ys that scan step t reads and writes.
int64_t scan_row(const ir::Params& p, int64_t t) { return p.flag ? p.n - 1 - t : t; }

// A scan body's arguments for step t: the consts, the carry, each x's row
// (a view of its storage, not a copy).
std::vector<RValue> scan_step_args(const std::vector<RValue>& in, const ir::Params& p, std::vector<RValue> carry,
                                   int64_t t) {
  size_t nc = static_cast<size_t>(p.counts[0]), nk = static_cast<size_t>(p.counts[1]);
  std::vector<RValue> args(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(nc));
  args.insert(args.end(), std::make_move_iterator(carry.begin()), std::make_move_iterator(carry.end()));
  int64_t row = scan_row(p, t);
  for (size_t i = nc + nk; i < in.size(); ++i) {
    const Array& x = in[i].array;
    array::Shape inner(x.shape().begin() + 1, x.shape().end());
    args.push_back(RValue::of(x.window(row * array::num_elements(inner), inner)));
  }
  return args;
}

void write_scan_row(Array& stacked, int64_t row, const Array& y) {
  if (y.nbytes() == 0) return;
  std::memcpy(stacked.mutable_raw() + row * y.nbytes(), y.raw(), static_cast<size_t>(y.nbytes()));
}

}  // namespace

void Machine::start_control(const Eqn& eqn, std::vector<RValue> in) {
  const ir::Params& p = eqn.params;
  switch (eqn.prim) {
    case Prim::Cond: {
      int64_t n = static_cast<int64_t>(p.jaxprs.size());
      int64_t index = in[0].array.get_int(0);
      index = index < 0 ? 0 : index >= n ? n - 1 : index;  // lax.switch clamps
      std::vector<RValue> operands(in.begin() + 1, in.end());
      push(*p.jaxprs[static_cast<size_t>(index)], operands, FrameKind::Branch, &eqn);
      return;
    }
    case Prim::While: {
      size_t nc = static_cast<size_t>(p.counts[0]), nb = static_cast<size_t>(p.counts[1]);
      std::vector<RValue> cond_args(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(nc));
      std::vector<RValue> carry(in.begin() + static_cast<std::ptrdiff_t>(nc + nb), in.end());
      cond_args.insert(cond_args.end(), carry.begin(), carry.end());
      push(*p.jaxprs[0], cond_args, FrameKind::WhileCond, &eqn);
      frames_.back().eqn_inputs = std::move(in);
      frames_.back().carry = std::move(carry);
      return;
    }
    case Prim::Scan: {  // [consts, carry, xs] -> [carry, ys] (primitives.def)
      size_t nc = static_cast<size_t>(p.counts[0]), nk = static_cast<size_t>(p.counts[1]);
      const Frame& parent = frames_.back();
      std::vector<RValue> stacked;  // every row is written before the scan ends
      for (size_t o = nk; o < eqn.outputs.size(); ++o) {
        const ir::AVal& a = parent.jaxpr->vars[static_cast<size_t>(eqn.outputs[o])];
        stacked.push_back(RValue::of(Array::uninitialized(a.dtype, a.shape).with_weak_type(a.weak_type)));
      }
      std::vector<RValue> carry(in.begin() + static_cast<std::ptrdiff_t>(nc),
                                in.begin() + static_cast<std::ptrdiff_t>(nc + nk));
      if (p.n <= 0) {
        carry.insert(carry.end(), stacked.begin(), stacked.end());
        write_outputs(frames_.back(), eqn, std::move(carry));
        return;
      }
      push(*p.jaxprs[0], scan_step_args(in, p, std::move(carry), 0), FrameKind::ScanBody, &eqn);
      frames_.back().eqn_inputs = std::move(in);
      frames_.back().stacked = std::move(stacked);
      return;
    }
    case Prim::RunScoped: {
      std::vector<RValue> args = in;
      std::vector<int> buffers;
      for (const ir::AVal& a : p.allocs) {
        int b = rules_.allocate_scoped(*this, a, eqn);
        buffers.push_back(b);
        args.push_back(RValue::ref(b));
      }
      push(*p.jaxprs[0], args, FrameKind::RunScoped, &eqn);
      frames_.back().scoped = std::move(buffers);
      return;
    }
    case Prim::Pjit:
      push(*p.jaxprs[0], in, FrameKind::Call, &eqn);
      return;
    default: raise_here(ErrorId::internal_error, "unknown control primitive");
  }
}

void Machine::finish_frame() {
  Frame done = std::move(frames_.back());
  frames_.pop_back();
  finish_frame(done);
  recycle(std::move(done));
}

void Machine::finish_frame(Frame& done) {
  std::vector<RValue> outs;
  outs.reserve(done.jaxpr->outvars.size());
  for (const ir::Atom& a : done.jaxpr->outvars) outs.push_back(read(done, a));
  if (done.kind == FrameKind::Top) {
    results_ = std::move(outs);
    return;
  }
  const Eqn& eqn = *done.eqn;
  const ir::Params& p = eqn.params;
  switch (done.kind) {
    case FrameKind::Branch:
    case FrameKind::Call:
      write_outputs(frames_.back(), eqn, std::move(outs));
      return;
    case FrameKind::RunScoped:
      for (int b : done.scoped) rules_.release_scoped(*this, b);
      write_outputs(frames_.back(), eqn, std::move(outs));
      return;
    case FrameKind::WhileCond: {
      size_t nc = static_cast<size_t>(p.counts[0]), nb = static_cast<size_t>(p.counts[1]);
      if (!outs[0].array.get_bool(0)) {
        write_outputs(frames_.back(), eqn, std::move(done.carry));
        return;
      }
      std::vector<RValue> body_args(done.eqn_inputs.begin() + static_cast<std::ptrdiff_t>(nc),
                                    done.eqn_inputs.begin() + static_cast<std::ptrdiff_t>(nc + nb));
      body_args.insert(body_args.end(), done.carry.begin(), done.carry.end());
      push(*p.jaxprs[1], body_args, FrameKind::WhileBody, &eqn);
      frames_.back().eqn_inputs = std::move(done.eqn_inputs);
      return;
    }
    case FrameKind::WhileBody: {
      size_t nc = static_cast<size_t>(p.counts[0]);
      std::vector<RValue> cond_args(done.eqn_inputs.begin(), done.eqn_inputs.begin() + static_cast<std::ptrdiff_t>(nc));
      cond_args.insert(cond_args.end(), outs.begin(), outs.end());
      push(*p.jaxprs[0], cond_args, FrameKind::WhileCond, &eqn);
      frames_.back().eqn_inputs = std::move(done.eqn_inputs);
      frames_.back().carry = std::move(outs);
      return;
    }
    case FrameKind::ScanBody: {
      size_t nk = static_cast<size_t>(p.counts[1]);
      int64_t row = scan_row(p, done.iteration);
      for (size_t k = 0; k < done.stacked.size(); ++k) write_scan_row(done.stacked[k].array, row, outs[nk + k].array);
      outs.resize(nk);
      int64_t next = done.iteration + 1;
      if (next >= p.n) {
        outs.insert(outs.end(), done.stacked.begin(), done.stacked.end());
        write_outputs(frames_.back(), eqn, std::move(outs));
        return;
      }
      push(*p.jaxprs[0], scan_step_args(done.eqn_inputs, p, std::move(outs), next), FrameKind::ScanBody, &eqn);
      frames_.back().eqn_inputs = std::move(done.eqn_inputs);
      frames_.back().stacked = std::move(done.stacked);
      frames_.back().iteration = next;
      return;
    }
    case FrameKind::Top: break;
  }
}

}  // namespace rungs::exec

namespace rungs::exec {

void Rules::ref_transforms(Machine&, const Eqn&) {}

void Machine::transformed_access(Frame& f, const Eqn& eqn, const std::vector<RValue>& in) {
  rules_.ref_transforms(*this, eqn);
  const std::vector<ir::Indexer>& levels = eqn.params.indexers;
  size_t t = ir::first_ref_transform(levels);
  const Windows& all = all_windows(f, eqn, in);
  Windows base(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(std::min(t, all.size())));
  TransformTail tail;
  tail.levels.assign(levels.begin() + static_cast<std::ptrdiff_t>(t), levels.end());
  tail.windows.assign(all.begin() + static_cast<std::ptrdiff_t>(std::min(t, all.size())), all.end());
  int buffer = in[0].buffer;
  Array before = rules_.get(*this, buffer, base, eqn);
  Array old = apply_tail(before, tail);
  const auto& counts = eqn.params.counts;
  bool masked = (eqn.prim == Prim::Load || eqn.prim == Prim::Store) && !counts.empty() && counts[0];
  if (eqn.prim == Prim::Get || eqn.prim == Prim::Load) {
    // pl.load's mask: masked-off elements read `other` (or what is there).
    if (masked && counts.size() > 1 && counts[1]) old = array::select(in[1].array, old, in[2].array);
    write_outputs(f, eqn, {RValue::of(std::move(old))});
    return;
  }
  Array value = in[1].array;
  if (eqn.prim == Prim::AddUpdate) value = array::binary(array::BinaryOp::Add, old, value);
  if (masked) value = array::select(in[2].array, value, old);  // pl.store's mask keeps masked-off elements
  rules_.set(*this, buffer, base, store_through_tail(before, tail, value), eqn);
  if (eqn.prim == Prim::AddUpdate) {
    write_outputs(f, eqn, {});
    return;
  }
  write_outputs(f, eqn, {RValue::of(std::move(old))});
}

}  // namespace rungs::exec
