#include "core/ir/batching.h"

#include <algorithm>

#include "core/errors/error.h"
#include "core/ir/rules.h"

namespace rungs::ir {

namespace {
thread_local std::vector<BatchFramePtr> g_frames;

Operand bind_one(Prim prim, const Operand& x, const Params& p) { return ir::bind(prim, {x}, p)[0]; }

Params axes_params(std::vector<int64_t> axes) {
  Params p;
  p.axes = std::move(axes);
  return p;
}

// The examples' type with the batch axis in front: (B, *shape).
Shape with_front(int64_t size, const Shape& shape) {
  Shape s{size};
  s.insert(s.end(), shape.begin(), shape.end());
  return s;
}

// x (one example's value, maybe rank-0) broadcast to (B, *out_shape).
Operand broadcast_to_front(const Operand& x, int64_t size, const Shape& out_shape, bool x_is_stacked) {
  Params p;
  p.shape = with_front(size, out_shape);
  size_t rank = x_is_stacked ? x.aval.shape.size() - 1 : x.aval.shape.size();
  if (x_is_stacked) p.axes.push_back(0);
  // NumPy-style trailing alignment (only rank-0 and equal ranks reach here).
  size_t offset = out_shape.size() - rank;
  for (size_t i = 0; i < rank; ++i) p.axes.push_back(static_cast<int64_t>(1 + offset + i));
  if (p.shape == x.aval.shape) return x;
  return bind_one(Prim::BroadcastInDim, x, p);
}

}  // namespace

Operand empty_stack(const AVal& example) {
  Params p;
  p.shape = with_front(0, example.shape);
  Operand zero = Operand::concrete(Array::scalar(example.dtype, 0).with_weak_type(example.weak_type));
  return bind_one(Prim::BroadcastInDim, zero, p);
}

namespace {

bool is_elementwise(Prim prim) {
  PrimCategory c = prim_category(prim);
  return c == PrimCategory::Unary || c == PrimCategory::Binary || c == PrimCategory::Compare ||
         prim == Prim::ConvertElementType || prim == Prim::BitcastConvertType || prim == Prim::TpuBitcast || prim == Prim::SelectN ||
         prim == Prim::Clamp;
}

bool is_axis_reduction(Prim prim) {
  switch (prim) {
    case Prim::ReduceSum: case Prim::ReduceMax: case Prim::ReduceMin: case Prim::ReduceProd:
    case Prim::ReduceAnd: case Prim::ReduceOr: case Prim::ArgMax: case Prim::ArgMin:
      return true;
    default:
      return false;
  }
}

bool is_cumulative(Prim prim) {
  return prim == Prim::CumSum || prim == Prim::CumProd || prim == Prim::CumMax || prim == Prim::CumMin;
}

std::vector<AVal> example_avals(const std::vector<Operand>& inputs) {
  std::vector<AVal> avals;
  for (const Operand& x : inputs) avals.push_back(x.aval);
  return avals;
}

// Elementwise: every operand stacked to (B, *out_shape), one primitive call.
std::vector<Operand> elementwise_rule(Prim prim, const std::vector<Operand>& inputs, const Params& params,
                                      const BatchFramePtr& frame) {
  std::vector<AVal> outs = abstract_eval(prim, example_avals(inputs), params);  // JAX's checks, per example
  std::vector<Operand> stacked;
  for (const Operand& x : inputs) {
    bool mine = batched_at(x, frame);
    Operand s = mine ? stacked_at_front(x, frame) : x;
    stacked.push_back(broadcast_to_front(s, frame->size, outs[0].shape, mine));
  }
  std::vector<Operand> result;
  for (Operand& full : ir::bind(prim, stacked, params)) result.push_back(make_batched(std::move(full), 0, frame));
  return result;
}

// Reductions and scans along axes: the same call with every axis shifted by one.
std::vector<Operand> axis_rule(Prim prim, const Operand& x, Params params, const BatchFramePtr& frame) {
  abstract_eval(prim, {x.aval}, params);
  if (is_cumulative(prim)) params.n += 1;
  for (int64_t& a : params.axes) a += 1;
  return {make_batched(bind_one(prim, stacked_at_front(x, frame), params), 0, frame)};
}

// sort (lax's _sort_batch_rule): every operand with the batch axis in
// front, the unbatched ones broadcast to it, one sort along dimension + 1.
std::vector<Operand> sort_rule(const std::vector<Operand>& inputs, Params params, const BatchFramePtr& frame) {
  abstract_eval(Prim::Sort, example_avals(inputs), params);  // JAX's checks, per example
  std::vector<Operand> stacked;
  for (const Operand& x : inputs) stacked.push_back(stacked_at_front(x, frame));
  params.n += 1;
  std::vector<Operand> result;
  for (Operand& full : ir::bind(Prim::Sort, stacked, params)) result.push_back(make_batched(std::move(full), 0, frame));
  return result;
}

// Any other primitive: once per example, results stacked (JAX's explicit loop).
std::vector<Operand> loop_rule(Prim prim, const std::vector<Operand>& inputs, const Params& params,
                               const BatchFramePtr& frame) {
  if (frame->size == 0) {  // no example to run: empty results of the examples' types
    std::vector<Operand> result;
    for (const AVal& out : abstract_eval(prim, example_avals(inputs), params))
      result.push_back(make_batched(empty_stack(out), 0, frame));
    return result;
  }
  std::vector<std::vector<Operand>> per_output;
  for (int64_t b = 0; b < frame->size; ++b) {
    std::vector<Operand> ins;
    for (const Operand& x : inputs) ins.push_back(example(x, frame, b));
    std::vector<Operand> outs = ir::bind(prim, ins, params);
    per_output.resize(outs.size());
    for (size_t k = 0; k < outs.size(); ++k) per_output[k].push_back(std::move(outs[k]));
  }
  std::vector<Operand> result;
  for (const std::vector<Operand>& examples : per_output)
    result.push_back(make_batched(stack_examples(examples), 0, frame));
  return result;
}
}  // namespace

BatchScope::BatchScope(int64_t size, std::string axis_name, bool device) : frame_(std::make_shared<BatchFrame>()) {
  frame_->size = size;
  frame_->device = device;
  frame_->level = static_cast<int>(g_frames.size());
  frame_->axis_name = std::move(axis_name);
  g_frames.push_back(frame_);
}

BatchScope::~BatchScope() {
  frame_->finished = true;
  g_frames.pop_back();
}

const std::vector<BatchFramePtr>& open_frames() { return g_frames; }

BatchFramePtr frame_named(const std::string& axis_name) {
  for (size_t i = g_frames.size(); i-- > 0;)
    if (!axis_name.empty() && g_frames[i]->axis_name == axis_name) return g_frames[i];
  return nullptr;
}

Operand make_batched(Operand full, int dim, const BatchFramePtr& frame) {
  Operand x;
  x.aval = full.aval;
  x.aval.shape.erase(x.aval.shape.begin() + dim);
  auto b = std::make_shared<Batched>();
  b->full = std::move(full);
  b->dim = dim;
  b->frame = frame;
  x.batch = std::move(b);
  return x;
}

bool batched_at(const Operand& x, const BatchFramePtr& frame) { return x.batch && x.batch->frame == frame; }

BatchFramePtr innermost_frame(const std::vector<Operand>& ops) {
  BatchFramePtr best;
  for (const Operand& x : ops) {
    if (!x.batch) continue;
    if (x.batch->frame->finished) raise_here(ErrorId::unexpected_tracer, aval_str(x.aval));
    if (!best || x.batch->frame->level > best->level) best = x.batch->frame;
  }
  return best;
}

Operand move_axis(const Operand& x, int from, int to) {
  if (from == to) return x;
  std::vector<int64_t> perm;
  for (int64_t i = 0; i < static_cast<int64_t>(x.aval.shape.size()); ++i)
    if (i != from) perm.push_back(i);
  perm.insert(perm.begin() + to, from);
  return bind_one(Prim::Transpose, x, axes_params(perm));
}

Operand stacked_at_front(const Operand& x, const BatchFramePtr& frame) {
  if (batched_at(x, frame)) return move_axis(x.batch->full, x.batch->dim, 0);
  return broadcast_to_front(x, frame->size, x.aval.shape, false);
}

Operand example(const Operand& x, const BatchFramePtr& frame, int64_t b) {
  if (!batched_at(x, frame)) return x;
  const Operand& full = x.batch->full;
  size_t d = static_cast<size_t>(x.batch->dim);
  Params p;
  p.starts.assign(full.aval.shape.size(), 0);
  p.limits = full.aval.shape;
  p.strides.assign(full.aval.shape.size(), 1);
  p.starts[d] = b;
  p.limits[d] = b + 1;
  Operand slice = bind_one(Prim::Slice, full, p);
  return bind_one(Prim::Squeeze, slice, axes_params({static_cast<int64_t>(d)}));
}

Operand stack_examples(const std::vector<Operand>& examples) {
  std::vector<Operand> expanded;
  for (const Operand& e : examples) expanded.push_back(bind_one(Prim::ExpandDims, e, axes_params({0})));
  if (expanded.size() == 1) return expanded[0];
  Params p;
  p.n = 0;
  return ir::bind(Prim::Concatenate, expanded, p)[0];
}

std::vector<Operand> bind_batched(Prim prim, const std::vector<Operand>& inputs, const Params& params) {
  BatchFramePtr frame = innermost_frame(inputs);
  if (is_elementwise(prim)) return elementwise_rule(prim, inputs, params, frame);
  if ((is_axis_reduction(prim) || is_cumulative(prim)) && inputs.size() == 1)
    return axis_rule(prim, inputs[0], params, frame);
  if (prim == Prim::Sort) return sort_rule(inputs, params, frame);
  PrimCategory c = prim_category(prim);
  if (c == PrimCategory::Pure) return loop_rule(prim, inputs, params, frame);
  raise_here(ErrorId::batching_rule_missing, prim_name(prim));
}

}  // namespace rungs::ir
