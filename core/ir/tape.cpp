#include "core/ir/tape.h"

#include <algorithm>
#include <map>

#include "core/ir/ad_ops.h"

namespace rungs::ir {

namespace {
// Active tapes, outermost first; a nullptr hides the ones below it.
thread_local std::vector<const Tape*> g_tapes;

std::vector<const Tape*> active_tapes() {
  std::vector<const Tape*> out;
  for (const Tape* t : g_tapes) {
    if (!t) out.clear();
    else out.push_back(t);
  }
  return out;
}

TapeNodePtr new_node(const Tape* tape) {
  auto n = std::make_shared<TapeNode>();
  n->tape = tape;
  n->order = const_cast<Tape*>(tape)->next_order++;
  return n;
}

bool differentiable(const Operand& x) { return ad::is_float(x); }

void set_tag(Operand& op, const TapeNodePtr& node, int output) {
  for (TapeTag& t : op.tapes)
    if (t.node->tape == node->tape) {
      t = TapeTag{node, output};
      return;
    }
  op.tapes.push_back(TapeTag{node, output});
}

// A node of `tape` over `inputs`; `outputs` are stored as they are now
// (tagged for outer tapes only) and then tagged with the new node.
TapeNodePtr node_for(const Tape* tape, const std::vector<Operand>& inputs, std::vector<Operand>& outputs) {
  auto n = new_node(tape);
  n->inputs = inputs;
  for (const Operand& in : inputs) {
    const TapeTag* t = tag_on(in, tape);
    n->producers.push_back(t ? t->node : nullptr);
    n->producer_outputs.push_back(t ? t->output : 0);
  }
  n->outputs = outputs;
  for (size_t k = 0; k < outputs.size(); ++k) set_tag(outputs[k], n, static_cast<int>(k));
  return n;
}

bool any_on(const std::vector<Operand>& inputs, const Tape* tape) {
  for (const Operand& in : inputs)
    if (tag_on(in, tape)) return true;
  return false;
}
}  // namespace

namespace {
thread_local AdRole g_role = AdRole::None;
}
AdRole current_ad_role() { return g_role; }
const char* ad_role_name(AdRole role) {
  switch (role) {
    case AdRole::Forward: return "forward";
    case AdRole::Backward: return "backward";
    case AdRole::Jvp: return "jvp";
    default: return "";
  }
}
AdRoleScope::AdRoleScope(AdRole role) : previous_(g_role) { g_role = role; }
AdRoleScope::~AdRoleScope() { g_role = previous_; }

const Tape* current_tape() { return g_tapes.empty() ? nullptr : g_tapes.back(); }
TapeScope::TapeScope(const Tape* tape) { g_tapes.push_back(tape); }
TapeScope::~TapeScope() { g_tapes.pop_back(); }

const TapeTag* tag_on(const Operand& op, const Tape* tape) {
  for (const TapeTag& t : op.tapes)
    if (t.node->tape == tape) return &t;
  return nullptr;
}

bool on_current_tape(const Operand& op) {
  if (op.tapes.empty()) return false;
  for (const Tape* t : active_tapes())
    if (tag_on(op, t)) return true;
  return false;
}

const Tape* innermost_tape_of(const std::vector<Operand>& ops) {
  std::vector<const Tape*> tapes = active_tapes();
  for (auto it = tapes.rbegin(); it != tapes.rend(); ++it)
    if (any_on(ops, *it)) return *it;
  return nullptr;
}

Operand untag(Operand op, const Tape* tape) {
  op.tapes.erase(std::remove_if(op.tapes.begin(), op.tapes.end(), [&](const TapeTag& t) { return t.node->tape == tape; }),
                 op.tapes.end());
  return op;
}

Operand tape_leaf(Tape& tape, Operand value, int index) {
  auto n = new_node(&tape);
  n->leaf = index;
  n->outputs = {value};
  set_tag(value, n, 0);
  return value;
}

void record_on_tape(Prim prim, const Params& params, const std::vector<Operand>& inputs, std::vector<Operand>& outputs) {
  for (const Tape* tape : active_tapes()) {
    if (!any_on(inputs, tape)) continue;
    TapeNodePtr n = node_for(tape, inputs, outputs);
    n->prim = prim;
    n->params = params;
  }
}

void record_custom(const std::vector<Operand>& inputs, std::vector<Operand>& outputs,
                   std::function<Tangents(const Tangents&)> forward,
                   std::function<Tangents(const std::vector<Operand>&)> backward, std::function<void()> refuse) {
  std::vector<const Tape*> tapes = active_tapes();
  if (tapes.empty()) return;
  // Custom rules are recorded on the innermost tape their inputs are on
  // (outer tapes see what the rules bind when they run).
  for (auto it = tapes.rbegin(); it != tapes.rend(); ++it) {
    if (!any_on(inputs, *it)) continue;
    TapeNodePtr n = node_for(*it, inputs, outputs);
    n->custom_forward = std::move(forward);
    n->custom_backward = std::move(backward);
    n->refuse_backward = std::move(refuse);
    return;
  }
}

// Every node `outputs` depend on, in creation order.
static std::vector<TapeNodePtr> nodes_behind(const Tape& tape, const std::vector<Operand>& outputs) {
  std::vector<TapeNodePtr> nodes, stack;
  std::map<const TapeNode*, bool> seen;
  auto visit = [&](const TapeNodePtr& n) {
    if (!n || n->tape != &tape || seen[n.get()]) return;
    seen[n.get()] = true;
    nodes.push_back(n);
    stack.push_back(n);
  };
  for (const Operand& o : outputs)
    if (const TapeTag* t = tag_on(o, &tape)) visit(t->node);
  while (!stack.empty()) {
    TapeNodePtr n = stack.back();
    stack.pop_back();
    for (const TapeNodePtr& p : n->producers) visit(p);
  }
  std::sort(nodes.begin(), nodes.end(), [](const TapeNodePtr& a, const TapeNodePtr& b) { return a->order < b->order; });
  return nodes;
}

Tangents forward(const Tape& tape, const std::vector<Operand>& outputs, const Tangents& leaf_tangents) {
  std::map<const TapeNode*, Tangents> tangent;
  for (const TapeNodePtr& n : nodes_behind(tape, outputs)) {
    if (n->leaf >= 0) {
      tangent[n.get()] = {leaf_tangents.at(static_cast<size_t>(n->leaf))};
      continue;
    }
    Tangents in;
    bool any = false;
    for (size_t i = 0; i < n->producers.size(); ++i) {
      const TapeNodePtr& p = n->producers[i];
      in.push_back(p ? tangent[p.get()].at(static_cast<size_t>(n->producer_outputs[i])) : std::nullopt);
      any = any || in.back().has_value();
    }
    Tangents out(n->outputs.size());
    if (any) out = n->custom_forward ? n->custom_forward(in) : jvp_rule(n->prim, n->params, n->inputs, n->outputs, in);
    out.resize(n->outputs.size());
    for (size_t k = 0; k < out.size(); ++k)
      if (out[k] && !differentiable(n->outputs[k])) out[k].reset();
    tangent[n.get()] = std::move(out);
  }
  Tangents out;
  for (const Operand& o : outputs) {
    const TapeTag* t = tag_on(o, &tape);
    out.push_back(t ? tangent[t->node.get()].at(static_cast<size_t>(t->output)) : std::nullopt);
  }
  return out;
}

std::vector<Operand> backward(const Tape& tape, const std::vector<Operand>& outputs, const std::vector<Operand>& cotangents,
                              const std::vector<AVal>& leaves) {
  // Every node the outputs depend on, latest first.
  std::vector<TapeNodePtr> nodes = nodes_behind(tape, outputs);
  std::reverse(nodes.begin(), nodes.end());
  std::map<const TapeNode*, Tangents> cts;
  for (const TapeNodePtr& n : nodes) cts[n.get()].resize(n->outputs.size());
  auto accumulate = [](std::optional<Operand>& slot, const Operand& ct) { slot = slot ? ad::add(*slot, ct) : ct; };
  for (size_t i = 0; i < outputs.size(); ++i)
    if (const TapeTag* t = tag_on(outputs[i], &tape))
      accumulate(cts[t->node.get()][static_cast<size_t>(t->output)], ad::fit(cotangents[i], outputs[i].aval));

  std::vector<std::optional<Operand>> result(leaves.size());
  for (const TapeNodePtr& n : nodes) {
    Tangents& mine = cts[n.get()];
    if (n->leaf >= 0) {
      if (mine[0]) result[static_cast<size_t>(n->leaf)] = ad::fit(*mine[0], leaves[static_cast<size_t>(n->leaf)]);
      continue;
    }
    if (n->refuse_backward) n->refuse_backward();
    Tangents in_cts;
    if (n->custom_backward) {
      std::vector<Operand> out_cts;
      for (size_t k = 0; k < n->outputs.size(); ++k) out_cts.push_back(mine[k] ? *mine[k] : ad::zeros_like(n->outputs[k]));
      in_cts = n->custom_backward(out_cts);
    } else {
      if (!mine[0] || !differentiable(n->outputs[0])) continue;
      in_cts = vjp_rule(*n, *mine[0]);
    }
    for (size_t i = 0; i < n->producers.size() && i < in_cts.size(); ++i) {
      if (!n->producers[i] || !in_cts[i]) continue;
      const TapeNode& p = *n->producers[i];
      size_t k = static_cast<size_t>(n->producer_outputs[i]);
      if (!differentiable(p.outputs[k])) continue;
      accumulate(cts[n->producers[i].get()][k], ad::fit(*in_cts[i], p.outputs[k].aval));
    }
    mine.clear();  // free what is no longer needed
  }
  std::vector<Operand> out;
  for (size_t i = 0; i < leaves.size(); ++i) out.push_back(result[i] ? *result[i] : ad::fit(ad::zeros(leaves[i]), leaves[i]));
  return out;
}

}  // namespace rungs::ir
