// Differentiation on the host, as jax.grad / jax.vjp / jax.jvp see a
// program: primal values stay what they are (concrete on the host, so
// Python control flow on them works as under JAX's JVP tracers; traced
// variables inside a kernel body) and, while a Tape is active, every
// primitive bound on a value that depends on a differentiated input is
// recorded as a TapeNode (its primal inputs and outputs). The backward pass
// walks the nodes in reverse creation order and applies one VJP rule per
// primitive (vjp_rules.cpp), or a custom_vjp's own backward function; the
// forward pass pushes tangents through one JVP rule per primitive
// (jvp_rules.cpp). Rules bind primitives (ad_ops.h), so a backward pass run
// while an outer tape is active is itself recorded there: tapes nest, one
// tag per tape on each value, and grad of grad / jax.hessian work.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/ir/jaxpr.h"
#include "core/ir/trace.h"

namespace rungs::ir {

class Tape;

using Tangents = std::vector<std::optional<Operand>>;  // nullopt: a symbolic zero

struct TapeNode {
  Prim prim = Prim::Copy;
  Params params;
  std::vector<Operand> inputs;                       // primal inputs (tagged for outer tapes)
  std::vector<std::shared_ptr<TapeNode>> producers;  // per input: its node on this tape (nullptr: a constant)
  std::vector<int> producer_outputs;                 // which output of that node
  std::vector<Operand> outputs;                      // primal outputs (tagged for outer tapes only)
  int leaf = -1;                                     // >= 0: differentiated input number `leaf`
  int64_t order = 0;                                 // creation order
  const Tape* tape = nullptr;
  // A custom_vjp call: its backward function, cotangents of the outputs in,
  // cotangents of the inputs out (nullopt: zero).
  std::function<Tangents(const std::vector<Operand>&)> custom_backward;
  // A custom_jvp call or a pallas_call: pushes input tangents (nullopt:
  // zero) to output tangents, for forward mode.
  std::function<Tangents(const Tangents&)> custom_forward;
  // Why reverse mode cannot pass this node (a bare pallas_call): raised by
  // the backward pass, as JAX's linearization fails.
  std::function<void()> refuse_backward;
};
using TapeNodePtr = std::shared_ptr<TapeNode>;

class Tape {
 public:
  int64_t next_order = 0;
  // jax.jvp / jax.jacfwd know the leaves' tangents before the function
  // runs: a pallas_call then runs its JVP kernel once, in place of the
  // primal call, as JAX's JVP rule does. Unknown (reverse mode,
  // linearize): a pallas_call cannot be differentiated, as in JAX.
  std::optional<Tangents> leaf_tangents;
  // jax.jacfwd is JAX's vmap of jvp over a basis, unbatched primal outputs
  // required: set to the jacfwd call, where JAX's vmap refuses a
  // pallas_call (whose batching rule batches every output).
  std::optional<SourceRange> vmapped_at;
};

// Which part of a differentiation is running, so a kernel call can say
// whether it is a custom_vjp's forward or backward rule or a JVP kernel
// (the result document's calls[].autodiff).
enum class AdRole : uint8_t { None, Forward, Backward, Jvp };
AdRole current_ad_role();
const char* ad_role_name(AdRole role);  // "", "forward", "backward", "jvp"
class AdRoleScope {
 public:
  explicit AdRoleScope(AdRole role);
  ~AdRoleScope();
  AdRoleScope(const AdRoleScope&) = delete;
  AdRoleScope& operator=(const AdRoleScope&) = delete;

 private:
  AdRole previous_;
};

// The innermost active tape (nullptr when none). A TapeScope pushes one;
// TapeScope(nullptr) hides every active tape (a custom rule runs untaped).
const Tape* current_tape();
class TapeScope {
 public:
  explicit TapeScope(const Tape* tape);
  ~TapeScope();
  TapeScope(const TapeScope&) = delete;
  TapeScope& operator=(const TapeScope&) = delete;
};

// The tag of `op` on `tape`, or nullptr.
const TapeTag* tag_on(const Operand& op, const Tape* tape);
// An operand recorded on an active tape (it depends on a differentiated input).
bool on_current_tape(const Operand& op);
// The innermost active tape one of `ops` is on (nullptr: none).
const Tape* innermost_tape_of(const std::vector<Operand>& ops);
// `op` without its tag on `tape`.
Operand untag(Operand op, const Tape* tape);
// A differentiated input: `value` (keeping its tags on outer tapes) as leaf
// number `index` of `tape`.
Operand tape_leaf(Tape& tape, Operand value, int index);
// Records an equation on every active tape one of its inputs is on;
// attaches the new nodes to `outputs`.
void record_on_tape(Prim prim, const Params& params, const std::vector<Operand>& inputs, std::vector<Operand>& outputs);
// A call recorded as one node with its own rules (custom_vjp, custom_jvp,
// pallas_call): any of `forward`, `backward`, `refuse` may be empty.
void record_custom(const std::vector<Operand>& inputs, std::vector<Operand>& outputs,
                   std::function<Tangents(const Tangents&)> forward,
                   std::function<Tangents(const std::vector<Operand>&)> backward,
                   std::function<void()> refuse = nullptr);

// Cotangents of `leaves` leaves (zeros where nothing reached them) given
// cotangents of `outputs` (on `tape`; others are ignored).
std::vector<Operand> backward(const Tape& tape, const std::vector<Operand>& outputs, const std::vector<Operand>& cotangents,
                              const std::vector<AVal>& leaves);

// Tangents of `outputs` (nullopt: zero) given tangents of the leaves, by
// pushing them forward through the recorded nodes in creation order
// (forward mode: jax.jvp, linearize, jacfwd).
Tangents forward(const Tape& tape, const std::vector<Operand>& outputs, const Tangents& leaf_tangents);

// One primitive's JVP (jvp_rules.cpp): the tangents of its outputs from its
// primal inputs and outputs and its inputs' tangents (nullopt: zero). Also
// used to differentiate jaxprs (jvp_jaxpr.h).
Tangents jvp_rule(Prim prim, const Params& params, const std::vector<Operand>& primals,
                  const std::vector<Operand>& outputs, const Tangents& tangents);

// One primitive's VJP (vjp_rules.cpp): cotangents of its inputs from its
// output's cotangent. nullopt: no gradient flows to that input.
Tangents vjp_rule(const TapeNode& node, const Operand& ct);

// Does the primitive have a differentiation rule (JVP; and a VJP when it
// carries gradients)? For the rule-table completeness test.
enum class DiffRule { Rule, NoGradient, Refused, Transformation };
DiffRule diff_rule_kind(Prim prim);

}  // namespace rungs::ir
