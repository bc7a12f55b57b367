// Reverse-mode differentiation on the host, as jax.grad / jax.vjp see a
// program: values stay concrete (Python control flow on them works, as it
// does under JAX's JVP tracers) and, while a Tape is active, every primitive
// bound on a value that depends on a differentiated input is recorded as a
// TapeNode (its primal inputs and outputs). The backward pass walks the
// nodes in reverse creation order and applies one VJP rule per primitive
// (vjp_rules.cpp, the transpose table of this transformation), or a
// custom_vjp's own backward function.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/ir/jaxpr.h"

namespace rungs::ir {

struct Operand;
class Tape;

struct TapeNode {
  Prim prim = Prim::Copy;
  Params params;
  std::vector<Array> inputs;                         // primal inputs
  std::vector<std::shared_ptr<TapeNode>> producers;  // per input: its node (nullptr: a constant)
  std::vector<int> producer_outputs;                 // which output of that node
  std::vector<Array> outputs;                        // primal outputs
  int leaf = -1;                                     // >= 0: differentiated input number `leaf`
  int64_t order = 0;                                 // creation order
  const Tape* tape = nullptr;
  // A custom_vjp call: its backward function, cotangents of the outputs in,
  // cotangents of the inputs out (nullopt: zero).
  std::function<std::vector<std::optional<Array>>(const std::vector<Array>&)> custom_backward;
  // A custom_jvp call: its JVP rule, input tangents (nullopt: zero) in,
  // output tangents out, for forward mode (reverse mode uses custom_backward).
  std::function<std::vector<std::optional<Array>>(const std::vector<std::optional<Array>>&)> custom_forward;
};
using TapeNodePtr = std::shared_ptr<TapeNode>;

class Tape {
 public:
  int64_t next_order = 0;
};

// The innermost active tape (nullptr when none); a TapeScope makes one current.
const Tape* current_tape();
class TapeScope {
 public:
  explicit TapeScope(const Tape* tape);
  ~TapeScope();
  TapeScope(const TapeScope&) = delete;
  TapeScope& operator=(const TapeScope&) = delete;

 private:
  const Tape* previous_;
};

// An operand recorded on the current tape (its node belongs to it).
bool on_current_tape(const Operand& op);
// A differentiated input: `value` as leaf number `index` of `tape`.
Operand tape_leaf(Tape& tape, Array value, int index);
// Records an eagerly computed equation when any input is on the current
// tape; attaches the new node to `outputs`.
void record_on_tape(Prim prim, const Params& params, const std::vector<Operand>& inputs, std::vector<Operand>& outputs);
// A custom_vjp call: outputs computed by the forward rule, `backward` maps
// output cotangents to input cotangents.
void record_custom_vjp(const std::vector<Operand>& inputs, std::vector<Operand>& outputs,
                       std::function<std::vector<std::optional<Array>>(const std::vector<Array>&)> backward);

// A custom_jvp call: `forward` pushes tangents through its rule, `backward`
// pulls cotangents back through the same (linear) rule.
void record_custom_jvp(
    const std::vector<Operand>& inputs, std::vector<Operand>& outputs,
    std::function<std::vector<std::optional<Array>>(const std::vector<std::optional<Array>>&)> forward,
    std::function<std::vector<std::optional<Array>>(const std::vector<Array>&)> backward);

// Cotangents of `leaves` leaves (zeros where nothing reached them) given
// cotangents of `outputs` (on `tape`; others are ignored).
std::vector<Array> backward(const Tape& tape, const std::vector<Operand>& outputs, const std::vector<Array>& cotangents,
                            const std::vector<AVal>& leaves);

// Tangents of `outputs` (nullopt: zero) given tangents of the leaves, by
// pushing them forward through the recorded nodes in creation order
// (forward mode: jax.jvp, linearize, jacfwd).
std::vector<std::optional<Array>> forward(const Tape& tape, const std::vector<Operand>& outputs,
                                          const std::vector<std::optional<Array>>& leaf_tangents);

// One primitive's JVP: the tangent of its output from its inputs' tangents
// (nullopt: zero), in vjp_rules.cpp beside the VJPs it shares formulas with.
std::optional<Array> jvp_rule(const TapeNode& node, const std::vector<std::optional<Array>>& tangents);

// One primitive's VJP: cotangents of its inputs from its output's cotangent
// (vjp_rules.cpp). nullopt: no gradient flows to that input.
std::vector<std::optional<Array>> vjp_rule(const TapeNode& node, const Array& ct);

}  // namespace rungs::ir
