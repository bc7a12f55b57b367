#include "core/pallas/pallas_call_batching.h"

#include "core/ir/tape.h"
#include "core/pallas/device_mesh.h"
#include "core/pallas/pallas_call_jvp.h"
#include "core/pallas/pallas_call_lowering.h"

#include "core/errors/error.h"
#include "core/ir/batching.h"

namespace rungs::pallas {

namespace {
using ir::BatchFramePtr;
using ir::Operand;

// The block mapping of an operand batched along `dim` (-1: not batched):
// the index map takes the new grid index first and, for a batched operand,
// returns it as the block index of a squeezed dim inserted at `dim`.
BlockMapping batch_mapping(const BlockMapping& m, int64_t size, int dim) {
  BlockMapping b = m;
  auto j = std::make_shared<ir::Jaxpr>(*m.index_map);
  int batch_index = j->new_var(ir::AVal::array(array::DType::Int32, {}));
  j->invars.insert(j->invars.begin(), batch_index);
  if (dim >= 0) {
    j->outvars.insert(j->outvars.begin() + dim, ir::Atom::of_var(batch_index));
    b.array.shape.insert(b.array.shape.begin() + dim, size);
    b.dims.insert(b.dims.begin() + dim, BlockDim{BlockDimKind::Squeezed, 1, 0, 0});
    b.block_shape.insert(b.block_shape.begin() + dim, 1);
  }
  b.index_map = j;
  return b;
}

// `call` with the batch of `size` as a new leading grid dim; dims[i] is
// operand i's batch axis (-1 when not batched). Outputs batch along axis 0.
PallasCall batch_call(const PallasCall& call, int64_t size, const std::vector<int>& dims) {
  PallasCall b = call;
  b.grid.insert(b.grid.begin(), GridDim{size, false, ""});
  b.num_vmapped_dims += 1;
  for (size_t j = 0; j < call.inputs.size(); ++j)
    b.inputs[j] = batch_mapping(call.inputs[j], size, dims[static_cast<size_t>(call.num_scalar_prefetch) + j]);
  for (size_t j = 0; j < call.outputs.size(); ++j) {
    b.outputs[j] = batch_mapping(call.outputs[j], size, 0);
  }
  if (b.has_cost_estimate) {
    b.cost.flops *= size;
    b.cost.transcendentals *= size;
    b.cost.bytes_accessed *= size;
  }
  return b;
}

std::vector<Operand> batched_outputs(std::vector<Operand> outs, const BatchFramePtr& frame) {
  std::vector<Operand> result;
  for (Operand& o : outs) result.push_back(ir::make_batched(std::move(o), 0, frame));
  return result;
}

// The call for example b of `frame`: a grid bound batched there takes that
// example's size (a bound batched further out stays batched).
PallasCall example_call(const PallasCall& call, const BatchFramePtr& frame, int64_t b) {
  PallasCall c = call;
  for (GridDim& g : c.grid) {
    if (!g.batched_bound || !ir::batched_at(*g.batched_bound, frame)) continue;
    Operand e = ir::example(*g.batched_bound, frame, b);
    if (e.batch) {
      g.batched_bound = std::make_shared<const Operand>(std::move(e));
    } else {
      g.size = e.value.get_int(0);
      g.batched_bound.reset();
    }
  }
  return c;
}

bool grid_batched_at(const PallasCall& call, const BatchFramePtr& frame) {
  for (const GridDim& g : call.grid)
    if (g.batched_bound && ir::batched_at(*g.batched_bound, frame)) return true;
  return false;
}

// One call per example, results stacked: JAX's fallback for batched scalar
// prefetch or grid bounds (and its treatment of a batch of one).
std::vector<Operand> explicit_loop(const PallasCall& call, const std::vector<Operand>& operands,
                                   const BatchFramePtr& frame, python::Interpreter& ip) {
  std::vector<std::vector<Operand>> per_output(call.outputs.size());
  for (int64_t b = 0; b < frame->size; ++b) {
    std::vector<Operand> ops;
    for (const Operand& x : operands) ops.push_back(ir::example(x, frame, b));
    std::vector<Operand> outs = run_pallas_call(example_call(call, frame, b), std::move(ops), ip);
    for (size_t k = 0; k < outs.size(); ++k) per_output[k].push_back(std::move(outs[k]));
  }
  std::vector<Operand> stacked;
  for (size_t k = 0; k < per_output.size(); ++k)
    stacked.push_back(per_output[k].empty() ? ir::empty_stack(call.outputs[k].array) : ir::stack_examples(per_output[k]));
  return batched_outputs(std::move(stacked), frame);
}

// An aliased input must be batched along axis 0 like its output: broadcast
// an unbatched one, move another axis to the front.
void align_aliased_inputs(const PallasCall& call, std::vector<Operand>& operands, const BatchFramePtr& frame) {
  for (const auto& alias : call.aliases) {
    Operand& x = operands[static_cast<size_t>(alias.first)];
    if (ir::batched_at(x, frame) && x.batch->dim == 0) continue;
    x = ir::make_batched(ir::stacked_at_front(x, frame), 0, frame);
  }
}

std::vector<Array> concrete_values(const std::vector<Operand>& operands) {
  std::vector<Array> values;
  for (const Operand& x : operands) values.push_back(x.value);
  return values;
}

std::vector<BatchFramePtr> device_frames() {
  std::vector<BatchFramePtr> frames;
  for (const BatchFramePtr& f : ir::open_frames())
    if (f->device) frames.push_back(f);
  return frames;
}

// Under jax.shard_map every device runs the kernel on its own operands,
// together (remote DMAs and semaphores reach across): split each operand
// per device, run all devices in one go, stack each output back into a
// value batched at the mesh frames.
DeviceMesh mesh_of(const std::vector<BatchFramePtr>& frames) {
  DeviceMesh mesh;
  for (const BatchFramePtr& f : frames) {
    mesh.names.push_back(f->axis_name);
    mesh.sizes.push_back(f->size);
  }
  return mesh;
}

std::vector<Operand> run_on_devices(const PallasCall& call, const std::vector<Operand>& operands,
                                    const std::vector<BatchFramePtr>& frames, python::Interpreter& ip) {
  DeviceMesh mesh = mesh_of(frames);
  int64_t n = mesh.count();
  std::vector<std::vector<Array>> per_device(static_cast<size_t>(n));
  for (int64_t d = 0; d < n; ++d) {
    std::vector<int64_t> c = mesh.coords(d);
    for (const Operand& op : operands) {
      Operand x = op;
      for (size_t k = frames.size(); k-- > 0;) x = ir::example(x, frames[k], c[k]);
      if (x.batch || x.traced()) raise(ErrorId::vmap_pallas_devices, call.where);
      per_device[static_cast<size_t>(d)].push_back(x.value);
    }
  }
  if (!device_executor()) raise(ErrorId::internal_error, call.where, "no multi-device executor installed");
  std::vector<std::vector<Array>> outs = device_executor()(call, per_device, mesh, ip);
  std::vector<Operand> result;
  for (size_t k = 0; k < call.outputs.size(); ++k) {
    std::vector<Operand> examples;
    for (int64_t d = 0; d < n; ++d) examples.push_back(Operand::concrete(outs[static_cast<size_t>(d)][k]));
    Operand stacked = ir::stack_examples(examples);
    ir::Shape shape = mesh.sizes;
    shape.insert(shape.end(), stacked.aval.shape.begin() + 1, stacked.aval.shape.end());
    Operand cur = Operand::concrete(array::reshape(stacked.value, shape));
    for (const BatchFramePtr& f : frames) cur = ir::make_batched(std::move(cur), 0, f);
    result.push_back(std::move(cur));
  }
  return result;
}
}  // namespace

DeviceMesh current_device_mesh() { return mesh_of(device_frames()); }

std::vector<Operand> run_pallas_call(const PallasCall& call, std::vector<Operand> operands, python::Interpreter& ip) {
  ir::TracePtr trace = ir::current_trace();
  if (trace && trace->purpose == "kernel" && !jax::lowering_active(ip)) raise(ErrorId::pallas_nested_call, call.where);
  std::vector<Operand> with_bounds = operands;
  for (const GridDim& g : call.grid)
    if (g.batched_bound) with_bounds.push_back(*g.batched_bound);
  BatchFramePtr frame = ir::innermost_frame(with_bounds);
  if (!frame && jax::lowering_active(ip)) return lower_pallas_call(call, operands, ip);
  // Differentiated operands: JAX's JVP rule (forward mode), or its refusal
  // of reverse mode (a custom_vjp around the call runs its rules untaped).
  if (const ir::Tape* tape = ir::innermost_tape_of(operands)) return jvp_pallas_call(call, operands, *tape, ip);
  if (!frame || frame->device) {
    std::vector<BatchFramePtr> devices = device_frames();
    if (!devices.empty()) return run_on_devices(call, operands, devices, ip);
  }
  if (!frame) {
    if (!executor()) raise(ErrorId::internal_error, call.where, "no pallas_call executor installed");
    std::vector<Operand> outs;
    for (Array& a : executor()(call, concrete_values(operands), ip)) outs.push_back(Operand::concrete(std::move(a)));
    return outs;
  }
  if (call.from_core_map) raise(ErrorId::vmap_pallas_mesh, call.where);
  bool prefetch_batched = false;
  for (int i = 0; i < call.num_scalar_prefetch; ++i)
    prefetch_batched = prefetch_batched || ir::batched_at(operands[static_cast<size_t>(i)], frame);
  if (frame->size == 1 || prefetch_batched || grid_batched_at(call, frame))
    return explicit_loop(call, operands, frame, ip);

  align_aliased_inputs(call, operands, frame);
  std::vector<int> dims;
  std::vector<Operand> fulls;
  for (const Operand& x : operands) {
    bool mine = ir::batched_at(x, frame);
    dims.push_back(mine ? x.batch->dim : -1);
    fulls.push_back(mine ? x.batch->full : x);
  }
  return batched_outputs(run_pallas_call(batch_call(call, frame->size, dims), std::move(fulls), ip), frame);
}

}  // namespace rungs::pallas
