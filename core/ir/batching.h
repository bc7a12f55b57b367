// vmap's batching, the way JAX's BatchTrace does it, at the level of
// primitives.
//
// Inside `jax.vmap(f)(xs)`, f runs once, on batched values: an Operand whose
// `batch` says "I stand for B examples stacked along axis `dim` of `full`"
// while its `aval` is one example's type (what `x.shape` shows in f). Every
// primitive bound on a batched value goes through a batching rule here:
// elementwise primitives and reductions run once on the stacked array with
// the batch axis moved to the front; any other primitive runs once per
// example and the results are stacked (correct for every pure primitive,
// the way JAX's explicit-loop fallback is). pallas_call has its own rule
// (core/pallas/pallas_call_batching.cpp): the batch becomes a leading grid
// dimension. Nested vmaps are frames: a value batched by an inner vmap has a
// `full` that may itself be batched by an outer one, and each rule works at
// the innermost frame among its inputs, binding the outer levels' work as
// ordinary (recursively batched) primitives.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/ir/trace.h"

namespace rungs::ir {

struct BatchFrame {
  int64_t size = 0;
  int level = 0;          // 0 for the outermost vmap
  std::string axis_name;  // vmap(axis_name=...), "" when not given
  bool finished = false;  // set when the vmap returns; later use is an escaped tracer
  // A mesh axis of jax.shard_map: the examples are devices. Collectives see
  // vmap and mesh axes alike; pallas_call runs once per device under it.
  bool device = false;
};
using BatchFramePtr = std::shared_ptr<BatchFrame>;

struct Batched {
  Operand full;  // the examples stacked along `dim` (possibly batched by an outer frame)
  int dim = 0;
  BatchFramePtr frame;
};

// Opens one vmap level for the lifetime of the scope.
class BatchScope {
 public:
  BatchScope(int64_t size, std::string axis_name, bool device = false);
  ~BatchScope();
  BatchScope(const BatchScope&) = delete;
  BatchScope& operator=(const BatchScope&) = delete;
  const BatchFramePtr& frame() const { return frame_; }

 private:
  BatchFramePtr frame_;
};

// The open frames, outermost first.
const std::vector<BatchFramePtr>& open_frames();
// The open frame named `axis_name` (the innermost of that name), or nullptr.
BatchFramePtr frame_named(const std::string& axis_name);

// A batched value of `frame` whose examples are stacked along `dim` of `full`.
Operand make_batched(Operand full, int dim, const BatchFramePtr& frame);
bool batched_at(const Operand& x, const BatchFramePtr& frame);
// The innermost frame among the operands' batches (nullptr when none is
// batched); raises UnexpectedTracerError for a value of a finished vmap.
BatchFramePtr innermost_frame(const std::vector<Operand>& ops);

// The frame's examples of `x` stacked along axis 0: its full value with the
// batch axis moved to the front, or `x` broadcast when not batched there.
Operand stacked_at_front(const Operand& x, const BatchFramePtr& frame);
// Example b of `x` at `frame` (x itself when it is not batched there).
Operand example(const Operand& x, const BatchFramePtr& frame, int64_t b);
// Per-example values stacked along a new axis 0 (at least one example).
Operand stack_examples(const std::vector<Operand>& examples);
// No examples of type `example`: an array of shape (0, *example.shape).
Operand empty_stack(const AVal& example);
// `x` with axis `from` moved to position `to` (a transpose; no-op when equal).
Operand move_axis(const Operand& x, int from, int to);

// bind() when an input is batched: the primitive's batching rule.
std::vector<Operand> bind_batched(Prim prim, const std::vector<Operand>& inputs, const Params& params);

}  // namespace rungs::ir
