#include "core/rungs/fusion.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/ir/primitive.h"
#include "core/ir/rules.h"
#include "core/python/interpreter.h"
#include "core/rungs/machine.h"

namespace rungs::exec {

namespace {

// RUNGS_NO_FUSION=1 in the environment starts with fusion off (benchmarks).
std::atomic<bool> g_fusion{std::getenv("RUNGS_NO_FUSION") == nullptr};

// Below this, a group is not worth planning (its blocks fit in L1 anyway).
constexpr int64_t kMinElements = 1024;

// An equation that can join a float32 group over `shape`: an elementwise
// primitive with a float32 kernel (rules.h apply_f32_span), one float32
// output of that shape, every input a float32 literal, rank-0 value or
// value of that very shape.
bool fits(const ir::Jaxpr& j, const ir::Eqn& e, const array::Shape& shape) {
  const ir::PrimCategory c = ir::prim_category(e.prim);
  if ((c != ir::PrimCategory::Unary && c != ir::PrimCategory::Binary) || e.outputs.size() != 1) return false;
  const ir::AVal& out = j.vars[static_cast<size_t>(e.outputs[0])];
  if (out.shape != shape || out.dtype != array::DType::Float32) return false;
  for (const ir::Atom& a : e.inputs) {
    if (a.is_literal()) {
      if (a.literal.dtype() != array::DType::Float32 || a.literal.size() != 1) return false;
      continue;
    }
    const ir::AVal& v = j.vars[static_cast<size_t>(a.var)];
    if (v.is_ref() || v.dtype != array::DType::Float32 || (!v.shape.empty() && v.shape != shape)) return false;
  }
  const float* none[3] = {nullptr, nullptr, nullptr};
  const int64_t unit[3] = {1, 1, 1};
  return e.inputs.size() <= 3 && ir::apply_f32_span(e.prim, e.params, none, unit, nullptr, 0);
}

// Per variable: how many times equations read it and the last equation that does.
struct Reads {
  std::vector<int> count;
  std::vector<size_t> last;
};

Reads count_reads(const ir::Jaxpr& j) {
  Reads r;
  r.count.assign(j.vars.size(), 0);
  r.last.assign(j.vars.size(), 0);
  for (size_t e = 0; e < j.eqns.size(); ++e)
    for (const ir::Atom& a : j.eqns[e].inputs)
      if (!a.is_literal()) {
        ++r.count[static_cast<size_t>(a.var)];
        r.last[static_cast<size_t>(a.var)] = e;
      }
  for (const ir::Atom& a : j.outvars)
    if (!a.is_literal()) {
      ++r.count[static_cast<size_t>(a.var)];
      r.last[static_cast<size_t>(a.var)] = std::numeric_limits<size_t>::max();
    }
  return r;
}

// Sources, live-outs and the store of one group.
void describe(const ir::Jaxpr& j, const Reads& reads, const std::vector<bool>& used,
              const std::vector<bool>& static_windows, FusedGroup& g) {
  const size_t end = g.first + g.count;
  std::vector<int> slot_of(j.vars.size(), -1);
  for (size_t k = 0; k < g.count; ++k) slot_of[static_cast<size_t>(j.eqns[g.first + k].outputs[0])] = static_cast<int>(k);
  g.inputs.resize(g.count);
  for (size_t k = 0; k < g.count; ++k)
    for (const ir::Atom& a : j.eqns[g.first + k].inputs) {
      FusedInput in;
      if (!a.is_literal()) {
        int slot = slot_of[static_cast<size_t>(a.var)];
        in.kind = slot >= 0 ? FusedInput::Kind::Local : FusedInput::Kind::Outer;
        in.var = a.var;
        in.slot = slot;
      }
      g.inputs[k].push_back(in);
    }
  g.live_out.assign(g.count, false);
  for (size_t k = 0; k < g.count; ++k) {
    size_t v = static_cast<size_t>(j.eqns[g.first + k].outputs[0]);
    g.live_out[k] = used[v] && reads.last[v] >= end;
  }
  // `ref[...] = value` right after, the only reader of a group value.
  if (end >= j.eqns.size()) return;
  const ir::Eqn& s = j.eqns[end];
  if (s.prim != ir::Prim::Swap || !static_windows[end] || s.inputs.size() < 2 || s.inputs[0].is_literal() ||
      s.inputs[1].is_literal())
    return;
  if (!s.outputs.empty() && used[static_cast<size_t>(s.outputs[0])]) return;
  size_t v = static_cast<size_t>(s.inputs[1].var);
  if (slot_of[v] < 0 || reads.count[v] != 1) return;
  g.store_eqn = static_cast<int>(end);
  g.stored_slot = slot_of[v];
  g.live_out[static_cast<size_t>(slot_of[v])] = false;
}

std::atomic<int64_t> g_fused_runs{0};

}  // namespace

void set_elementwise_fusion(bool on) { g_fusion = on; }
int64_t fused_group_runs() { return g_fused_runs; }
bool elementwise_fusion_enabled() { return g_fusion; }

std::vector<FusedGroup> plan_fusion(const ir::Jaxpr& j, const std::vector<bool>& used,
                                    const std::vector<bool>& static_windows) {
  std::vector<FusedGroup> groups;
  Reads reads = count_reads(j);
  for (size_t e = 0; e < j.eqns.size();) {
    const ir::Eqn& head = j.eqns[e];
    if (head.outputs.size() != 1) {
      ++e;
      continue;
    }
    FusedGroup g;
    g.first = e;
    g.shape = j.vars[static_cast<size_t>(head.outputs[0])].shape;
    g.elements = array::num_elements(g.shape);
    while (e < j.eqns.size() && fits(j, j.eqns[e], g.shape)) ++e;
    g.count = e - g.first;
    if (g.count == 0) {
      ++e;
      continue;
    }
    if (g.elements < kMinElements) continue;
    describe(j, reads, used, static_windows, g);
    if (g.count >= 2 || g.store_eqn >= 0) groups.push_back(std::move(g));
  }
  return groups;
}

// ------------------------------------------------------------ execution

bool Machine::run_fused(Frame& f, const FusedGroup& g) {
  const ir::Jaxpr& j = *f.jaxpr;
  // The operands the avals promised (float32, rank 0 or the group's size),
  // and each result's weak type as apply_pure would give it.
  std::vector<bool> weak(g.count);
  for (size_t k = 0; k < g.count; ++k) {
    const Eqn& e = j.eqns[g.first + k];
    bool w = true;
    for (size_t i = 0; i < e.inputs.size(); ++i) {
      const FusedInput& in = g.inputs[k][i];
      if (in.kind == FusedInput::Kind::Literal) {
        w = w && e.inputs[i].literal.weak_type();
      } else if (in.kind == FusedInput::Kind::Local) {
        w = w && weak[static_cast<size_t>(in.slot)];
      } else {
        const RValue& v = f.env[static_cast<size_t>(in.var)];
        if (v.is_ref() || v.array.dtype() != array::DType::Float32 ||
            (v.array.rank() != 0 && v.array.size() != g.elements))
          return false;  // not as planned: run it unfused
        w = w && v.array.weak_type();
      }
    }
    weak[k] = w;
  }
  float* store_to = nullptr;
  if (g.store_eqn >= 0) {
    const Eqn& s = j.eqns[static_cast<size_t>(g.store_eqn)];
    const ir::AVal& value = j.vars[static_cast<size_t>(s.inputs[1].var)];
    store_to = reinterpret_cast<float*>(rules_.store_target(*this, f.env[static_cast<size_t>(s.inputs[0].var)].buffer,
                                        f.plan->static_windows[static_cast<size_t>(g.store_eqn)], value, s));
  }
  // Where each result goes: a whole array (read after the group, or the
  // stored value when the rung gave no memory: the swap then runs as usual),
  // the ref's memory, or a chunk-sized register.
  std::vector<Array> whole(g.count, Array::placeholder());
  std::vector<float*> dest(g.count, nullptr);
  for (size_t k = 0; k < g.count; ++k) {
    const bool stored = static_cast<int>(k) == g.stored_slot;
    if (g.live_out[k] || (stored && !store_to)) {
      whole[k] = Array::uninitialized(array::DType::Float32, g.shape).with_weak_type(weak[k]);
      dest[k] = whole[k].mutable_data<float>();
    } else if (stored) {
      dest[k] = store_to;
    }
  }
  std::vector<float> registers(g.count * static_cast<size_t>(kFusionChunk));
  std::vector<const float*> at(g.count);  // where slot k's current chunk is
  const float* in[3];
  int64_t strides[3];
  for (int64_t first = 0; first < g.elements; first += kFusionChunk) {
    const int64_t len = std::min(kFusionChunk, g.elements - first);
    for (size_t k = 0; k < g.count; ++k) {
      const Eqn& e = j.eqns[g.first + k];
      for (size_t i = 0; i < e.inputs.size(); ++i) {
        const FusedInput& src = g.inputs[k][i];
        if (src.kind == FusedInput::Kind::Literal) {
          in[i] = e.inputs[i].literal.data<float>();
          strides[i] = 0;
        } else if (src.kind == FusedInput::Kind::Local) {
          in[i] = at[static_cast<size_t>(src.slot)];
          strides[i] = 1;
        } else {
          const Array& x = f.env[static_cast<size_t>(src.var)].array;
          in[i] = x.data<float>() + (x.rank() == 0 ? 0 : first);
          strides[i] = x.rank() == 0 ? 0 : 1;
        }
      }
      float* out = dest[k] ? dest[k] + first : registers.data() + k * static_cast<size_t>(kFusionChunk);
      ir::apply_f32_span(e.prim, e.params, in, strides, out, len);
      at[k] = out;
    }
  }
  for (size_t k = 0; k < g.count; ++k)
    if (whole[k].size() > 0) f.env[static_cast<size_t>(j.eqns[g.first + k].outputs[0])] = RValue::of(std::move(whole[k]));
  // Outer values read for the last time inside the group are dropped, as the
  // unfused loop would have (so later in-place updates find them unshared).
  for (size_t k = 0; k < g.count; ++k) {
    const uint64_t dying = f.plan->dying[g.first + k];
    for (size_t i = 0; i < g.inputs[k].size() && i < 64; ++i)
      if (g.inputs[k][i].kind == FusedInput::Kind::Outer && (dying >> i & 1))
        f.env[static_cast<size_t>(g.inputs[k][i].var)].clear();
  }
  const size_t done = g.count + (store_to ? 1 : 0);  // a fused store replaced its swap
  ++g_fused_runs;
  steps += static_cast<int64_t>(done);
  host_.tick(static_cast<int64_t>(done));
  f.pc += done;
  return true;
}

}  // namespace rungs::exec
