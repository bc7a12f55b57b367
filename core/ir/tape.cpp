#include "core/ir/tape.h"

#include <algorithm>
#include <map>

#include "core/array/ops.h"
#include "core/ir/trace.h"

namespace rungs::ir {

namespace {
thread_local const Tape* g_tape = nullptr;

TapeNodePtr new_node(const Tape* tape) {
  auto n = std::make_shared<TapeNode>();
  n->tape = tape;
  n->order = const_cast<Tape*>(tape)->next_order++;
  return n;
}

// Cotangents may arrive in a broadcast shape; sum them down to the shape of
// the value they belong to (and its dtype).
Array fit(const Array& ct, const Array& like) {
  Array out = ct;
  if (out.shape().size() < like.shape().size()) out = array::broadcast_to(out, like.shape());
  if (out.shape() != like.shape()) {
    size_t lead = out.shape().size() - like.shape().size();
    std::vector<int> axes;
    for (size_t i = 0; i < out.shape().size(); ++i)
      if (i < lead || (like.shape()[i - lead] == 1 && out.shape()[i] != 1)) axes.push_back(static_cast<int>(i));
    if (!axes.empty()) out = array::reduce(array::ReduceOp::Sum, out, axes);
    out = array::reshape(out, like.shape());
  }
  if (out.dtype() != like.dtype()) out = array::convert(out, like.dtype());
  return out;
}

bool differentiable(array::DType t) { return array::is_float(t); }
}  // namespace

const Tape* current_tape() { return g_tape; }
TapeScope::TapeScope(const Tape* tape) : previous_(g_tape) { g_tape = tape; }
TapeScope::~TapeScope() { g_tape = previous_; }

bool on_current_tape(const Operand& op) { return g_tape && op.tape_node && op.tape_node->tape == g_tape; }

Operand tape_leaf(Tape& tape, Array value, int index) {
  Operand op = Operand::concrete(std::move(value));
  auto n = new_node(&tape);
  n->leaf = index;
  n->outputs = {op.value};
  op.tape_node = n;
  return op;
}

static TapeNodePtr node_for(const std::vector<Operand>& inputs, std::vector<Operand>& outputs) {
  auto n = new_node(g_tape);
  for (const Operand& in : inputs) {
    n->inputs.push_back(in.value);
    bool mine = on_current_tape(in);
    n->producers.push_back(mine ? in.tape_node : nullptr);
    n->producer_outputs.push_back(mine ? in.tape_output : 0);
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    n->outputs.push_back(outputs[k].value);
    outputs[k].tape_node = n;
    outputs[k].tape_output = static_cast<int>(k);
  }
  return n;
}

void record_on_tape(Prim prim, const Params& params, const std::vector<Operand>& inputs, std::vector<Operand>& outputs) {
  if (!g_tape) return;
  bool any = false;
  for (const Operand& in : inputs) any = any || on_current_tape(in);
  if (!any) return;
  TapeNodePtr n = node_for(inputs, outputs);
  n->prim = prim;
  n->params = params;
}

void record_custom_vjp(const std::vector<Operand>& inputs, std::vector<Operand>& outputs,
                       std::function<std::vector<std::optional<Array>>(const std::vector<Array>&)> backward) {
  if (!g_tape) return;
  TapeNodePtr n = node_for(inputs, outputs);
  n->custom_backward = std::move(backward);
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
  for (const Operand& o : outputs) visit(o.tape_node);
  while (!stack.empty()) {
    TapeNodePtr n = stack.back();
    stack.pop_back();
    for (const TapeNodePtr& p : n->producers) visit(p);
  }
  std::sort(nodes.begin(), nodes.end(), [](const TapeNodePtr& a, const TapeNodePtr& b) { return a->order < b->order; });
  return nodes;
}

std::vector<std::optional<Array>> forward(const Tape& tape, const std::vector<Operand>& outputs,
                                          const std::vector<std::optional<Array>>& leaf_tangents) {
  std::map<const TapeNode*, std::optional<Array>> tangent;
  for (const TapeNodePtr& n : nodes_behind(tape, outputs)) {
    if (n->leaf >= 0) {
      tangent[n.get()] = leaf_tangents.at(static_cast<size_t>(n->leaf));
      continue;
    }
    std::vector<std::optional<Array>> in;
    bool any = false;
    for (const TapeNodePtr& p : n->producers) {
      in.push_back(p ? tangent[p.get()] : std::nullopt);
      any = any || in.back().has_value();
    }
    if (!any || !differentiable(n->outputs[0].dtype())) continue;
    tangent[n.get()] = n->custom_forward ? n->custom_forward(in).at(0) : jvp_rule(*n, in);
  }
  std::vector<std::optional<Array>> out;
  for (const Operand& o : outputs) out.push_back(o.tape_node && o.tape_node->tape == &tape ? tangent[o.tape_node.get()] : std::nullopt);
  return out;
}

void record_custom_jvp(
    const std::vector<Operand>& inputs, std::vector<Operand>& outputs,
    std::function<std::vector<std::optional<Array>>(const std::vector<std::optional<Array>>&)> forward,
    std::function<std::vector<std::optional<Array>>(const std::vector<Array>&)> backward) {
  if (!g_tape) return;
  TapeNodePtr n = node_for(inputs, outputs);
  n->custom_forward = std::move(forward);
  n->custom_backward = std::move(backward);
}

std::vector<Array> backward(const Tape& tape, const std::vector<Operand>& outputs, const std::vector<Array>& cotangents,
                            const std::vector<AVal>& leaves) {
  // Every node the outputs depend on, latest first.
  std::vector<TapeNodePtr> nodes = nodes_behind(tape, outputs);
  std::reverse(nodes.begin(), nodes.end());
  std::map<const TapeNode*, std::vector<std::optional<Array>>> cts;
  for (const TapeNodePtr& n : nodes) cts[n.get()].resize(n->outputs.size());
  auto accumulate = [](std::optional<Array>& slot, const Array& ct) {
    slot = slot ? array::binary(array::BinaryOp::Add, *slot, ct) : ct;
  };
  for (size_t i = 0; i < outputs.size(); ++i)
    if (outputs[i].tape_node && outputs[i].tape_node->tape == &tape)
      accumulate(cts[outputs[i].tape_node.get()][static_cast<size_t>(outputs[i].tape_output)],
                 fit(cotangents[i], outputs[i].value));

  std::vector<Array> result;
  for (const AVal& a : leaves) result.push_back(Array::zeros(a.dtype, a.shape));
  for (const TapeNodePtr& n : nodes) {
    std::vector<std::optional<Array>>& mine = cts[n.get()];
    if (n->leaf >= 0) {
      if (mine[0]) result[static_cast<size_t>(n->leaf)] = fit(*mine[0], result[static_cast<size_t>(n->leaf)]);
      continue;
    }
    std::vector<std::optional<Array>> in_cts;
    if (n->custom_backward) {
      std::vector<Array> out_cts;
      for (size_t k = 0; k < n->outputs.size(); ++k)
        out_cts.push_back(mine[k] ? *mine[k] : Array::zeros(n->outputs[k].dtype(), n->outputs[k].shape()));
      in_cts = n->custom_backward(out_cts);
    } else {
      if (!mine[0] || !differentiable(n->outputs[0].dtype())) continue;
      in_cts = vjp_rule(*n, *mine[0]);
    }
    for (size_t i = 0; i < n->producers.size() && i < in_cts.size(); ++i) {
      if (!n->producers[i] || !in_cts[i]) continue;
      const TapeNode& p = *n->producers[i];
      size_t k = static_cast<size_t>(n->producer_outputs[i]);
      if (!differentiable(p.outputs[k].dtype())) continue;
      accumulate(cts[n->producers[i].get()][k], fit(*in_cts[i], p.outputs[k]));
    }
    mine.clear();  // free what is no longer needed
  }
  return result;
}

}  // namespace rungs::ir
