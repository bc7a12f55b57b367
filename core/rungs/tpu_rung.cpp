// The kernel-call algorithm of TPU interpret mode (SEMANTICS 4.4, steps
// 1-20): set up HBM and kernel buffers, split the grid across cores, run
// the cores (tpu_core_loop.cpp) under the cooperative scheduler, read the
// outputs back from HBM and print the semaphore exit warning.
#include "core/rungs/tpu_rung.h"

#include <functional>
#include <memory>

#include "core/array/ops.h"
#include "core/array/random.h"
#include "core/python/interpreter.h"
#include "core/rungs/tpu_core_loop.h"
#include "core/rungs/tpu_state.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

using pallas::BlockDimKind;
using pallas::BlockMapping;
using pallas::PallasCall;

TpuPolicy policy_from_params(const pallas::InterpretParams& p) {
  TpuPolicy policy;
  policy.uninitialized_memory = p.uninitialized_memory;
  // Only "raise" raises; any other string reads the uninitialised value (JAX).
  policy.oob_reads = p.out_of_bounds_reads == "raise" ? TpuPolicy::OutOfBounds::Raise
                                                      : TpuPolicy::OutOfBounds::Uninitialized;
  policy.dma_mode = p.dma_execution_mode == "eager" ? TpuPolicy::DmaMode::Eager : TpuPolicy::DmaMode::OnWait;
  policy.detect_races = p.detect_races;
  policy.skip_floating_point_ops = p.skip_floating_point_ops;
  policy.padded_bounds = p.buffer_bounds == "padded";
  policy.num_cores = p.num_cores_or_threads < 1 ? 1 : p.num_cores_or_threads;
  policy.vector_clock_size = p.vector_clock_size;
  policy.random_seed = p.random_seed.value_or(0);
  policy.grid_point_recorder = p.grid_point_recorder;
  policy.allow_hbm_in_run_scoped = p.allow_hbm_allocation_in_run_scoped;
  return policy;
}

TpuState& tpu_state(python::Interpreter& host) {
  return host.state<TpuState>();
}

namespace {

// Pad to whole blocks with the fill value. TPU interpret mode ignores
// Element padding (lo, hi) but rounds every dim, Element ones included, up
// to a multiple of its block size (interpret_utils.pad_to_block_dimension).
Array pad_to_blocks(const Array& a, const BlockMapping& m, array::Scalar fill) {
  std::vector<int64_t> lo(a.shape().size(), 0), hi;
  bool any = false;
  for (size_t d = 0; d < a.shape().size(); ++d) {
    int64_t b = m.block_shape[d] > 0 ? m.block_shape[d] : 1, n = a.shape()[d];
    int64_t padded = (n + b - 1) / b * b;
    hi.push_back(padded - n);
    any = any || padded != n;
  }
  if (!any) return a;
  return array::pad(a, fill, lo, hi, lo);
}

class Simulation {
 public:
  // operands[d]: device d's operands (one device outside jax.shard_map).
  Simulation(const PallasCall& call, const std::vector<std::vector<Array>>& operands, const pallas::DeviceMesh* mesh,
             TpuShared& shared)
      : call_(call), operands_(operands), shared_(shared), setup_(call, shared) {
    setup_.ctx.mesh = mesh;
  }

  std::vector<std::vector<Array>> run();

 private:
  void allocate_operands();
  void allocate_kernel_buffers();
  void split_grid();
  [[noreturn]] void deadlock(const std::vector<std::unique_ptr<CoreLoop>>& cores);
  std::vector<Array> read_outputs(int device);
  void exit_check();
  // One buffer per device, each with its own content, all with one id.
  BufferKey allocate_per_device(Space space, const std::function<Array(int)>& content, const std::string& role);
  int buffer_ref(Space space, const BufferKey& key, const array::Shape& shape, array::DType dtype, int operand);
  int semaphore_ref(const array::Shape& shape);
  [[noreturn]] void refuse_semaphore_output(ir::SemaphoreKind kind);
  void carry_semaphore_in(int handle, size_t input);
  Array semaphore_out(size_t block, int device);
  int resident_alias(size_t block) const;

  const PallasCall& call_;
  const std::vector<std::vector<Array>>& operands_;
  TpuShared& shared_;
  TpuSetup setup_;
};

BufferKey Simulation::allocate_per_device(Space space, const std::function<Array(int)>& content, const std::string& role) {
  BufferKey first;
  for (int d = 0; d < shared_.num_devices; ++d) {
    BufferKey k = shared_.allocate_on_device(space, d, content(d), role);
    if (d == 0) first = k;
    if (k.id != first.id) raise(ErrorId::internal_error, call_.where, "devices allocated different buffer ids");
  }
  return first;
}

int Simulation::buffer_ref(Space space, const BufferKey& key, const array::Shape& shape, array::DType dtype,
                           int operand) {
  TpuRef r;
  r.space = space;
  r.id = key.id;
  r.shape = shape;
  r.dtype = dtype;
  r.operand = operand;
  return setup_.ctx.add_ref(std::move(r));
}

int Simulation::semaphore_ref(const array::Shape& shape) {
  TpuRef r;
  r.semaphore = true;
  r.space = Space::Semaphore;
  r.shape = shape;
  r.dtype = array::DType::Int32;
  r.id = shared_.semaphores.allocate_all_cores(array::num_elements(shape));  // same ids on every core
  return setup_.ctx.add_ref(std::move(r));
}

// A semaphore output (out_shape=pltpu.SemaphoreType.DMA(())). JAX's TPU
// interpreter first fills every output with its uninitialised value, which
// its get_uninitialized_value has none for a semaphore dtype ("nan + dma_sem");
// with uninitialized_memory="zero", jnp.full fails on the extended dtype.
void Simulation::refuse_semaphore_output(ir::SemaphoreKind kind) {
  const char* name = kind == ir::SemaphoreKind::Dma ? "dma_sem"
                     : kind == ir::SemaphoreKind::Barrier ? "barrier_semaphore" : "semaphore";
  if (shared_.policy.uninitialized_memory == "nan") raise(ErrorId::uninitialized_mode, call_.where, "nan", name);
  raise(ErrorId::semaphore_output_interpret, call_.where);
}

// The chip: a semaphore handed from one pallas_call to the next is the same
// hardware semaphore, so the count the first call left (DMAs it started
// and did not wait for, completed by then) is where the next call starts.
// The count travels as the output's int32 value; it lands on each device's
// first core.
void Simulation::carry_semaphore_in(int handle, size_t input) {
  const TpuRef& r = setup_.ctx.refs[static_cast<size_t>(handle)];
  size_t np = call_.prefetch.size();
  for (int d = 0; d < shared_.num_devices; ++d) {
    const Array& v = operands_[static_cast<size_t>(d)][np + input];
    if (v.size() != array::num_elements(r.shape)) continue;
    for (int64_t k = 0; k < v.size(); ++k) {
      Semaphore& s = shared_.semaphores.get(r.id + k);
      s.count[static_cast<size_t>(shared_.global_core(d, 0))] += v.get_int(k);
    }
  }
}

// A semaphore output's value: its counts at kernel exit, summed over the
// device's cores (int32, the semaphore's shape).
Array Simulation::semaphore_out(size_t block, int device) {
  const TpuRef& r = setup_.ctx.refs[static_cast<size_t>(setup_.block_handles[block])];
  Array out = Array::full(array::DType::Int32, r.shape, array::Scalar::from_int(0));
  int32_t* p = out.mutable_data<int32_t>();
  for (int64_t k = 0; k < out.size(); ++k) {
    const Semaphore& s = shared_.semaphores.get(r.id + k);
    for (int c = 0; c < shared_.cores_per_device; ++c) p[k] += static_cast<int32_t>(s.count[static_cast<size_t>(shared_.global_core(device, c))]);
  }
  return out;
}

// The chip: an output aliased to an input that is one and the same memory
// the kernel sees directly -- both semaphores (a semaphore passed through
// a call), or both whole arrays in VMEM (out_shape=pltpu.VMEM(...)) in a
// call without a grid -- is the input's buffer, so the kernel sees the
// input's semaphore or data as the output too (JAX's async-copy-into-VMEM
// tests rely on it). The interpreters keep separate buffers, as JAX's TPU
// interpreter does. Returns the input's block, or -1.
int Simulation::resident_alias(size_t block) const {
  size_t np = call_.prefetch.size(), ni = call_.inputs.size();
  if (shared_.policy.interpreter_quirks || block < ni) return -1;
  const BlockMapping& out = call_.outputs[block - ni];
  for (const auto& [i, o] : call_.aliases) {
    if (static_cast<size_t>(o) != block - ni || i < static_cast<int>(np)) continue;
    const BlockMapping& in = call_.inputs[static_cast<size_t>(i) - np];
    if (tpu_space(in.space) == Space::Semaphore && tpu_space(out.space) == Space::Semaphore)
      return i - static_cast<int>(np);
    if (call_.num_iterations() != 1) continue;
    // out_shape a VMEM memory ref, the input's spec explicitly VMEM: not the
    // default blocks, which the pipeline copies in and out of fresh buffers.
    bool vmem = out.array.space == ir::MemorySpace::TpuVmem && in.space == ir::MemorySpace::TpuVmem &&
                tpu_space(out.space) == Space::Vmem;
    if (vmem && in.trivial_window() && out.trivial_window() && in.ref_shape == in.array.shape) return i - static_cast<int>(np);
  }
  return -1;
}

// Steps 7-11: HBM buffers for the (padded) inputs and the outputs, aliases,
// and a private SMEM copy of every scalar-prefetch value per core.
void Simulation::allocate_operands() {
  size_t np = call_.prefetch.size(), ni = call_.inputs.size(), no = call_.outputs.size();
  for (size_t j = 0; j < ni; ++j) {
    const BlockMapping& m = call_.inputs[j];
    auto padded = [&](int d) { return pad_to_blocks(operands_[static_cast<size_t>(d)][np + j], m, shared_.fill(m.array.dtype)); };
    setup_.hbm.push_back(allocate_per_device(Space::Hbm, padded, "input"));
  }
  std::vector<int> alias_of(no, -1), prefetch_alias(no, -1);
  for (const auto& [i, o] : call_.aliases) {
    int input = i - static_cast<int>(np);
    if (input >= 0) {
      alias_of[static_cast<size_t>(o)] = input;
    } else {
      if (shared_.policy.interpreter_quirks) raise(ErrorId::tpu_alias_prefetch, call_.where);
      prefetch_alias[static_cast<size_t>(o)] = i;
    }
  }
  for (size_t o = 0; o < no; ++o) {
    const BlockMapping& m = call_.outputs[o];
    setup_.aliased.push_back(alias_of[o] >= 0);
    if (alias_of[o] >= 0) {  // the output *is* the input's HBM buffer
      setup_.hbm.push_back(setup_.hbm[static_cast<size_t>(alias_of[o])]);
      continue;
    }
    if (m.array.semaphore != ir::SemaphoreKind::None && shared_.policy.interpreter_quirks)
      refuse_semaphore_output(m.array.semaphore);
    // An output aliased to a scalar-prefetch operand (chip model) starts as
    // that operand's value.
    auto fresh = [&](int d) {
      Array v = prefetch_alias[o] >= 0 ? operands_[static_cast<size_t>(d)][static_cast<size_t>(prefetch_alias[o])]
                                       : shared_.fresh(m.array.dtype, m.array.shape, FreshInfo{"hbm", "output", 0, 0});
      return pad_to_blocks(v, m, shared_.fill(m.array.dtype));
    };
    setup_.hbm.push_back(allocate_per_device(Space::Hbm, fresh, "output"));
  }
  for (size_t i = 0; i < np; ++i) {
    const Array& first = operands_[0][i];
    BufferKey key = allocate_per_device(Space::Smem, [&](int d) { return operands_[static_cast<size_t>(d)][i]; }, "prefetch");
    int h = buffer_ref(Space::Smem, key, first.shape(), first.dtype(), -1);
    setup_.prefetch.push_back(h);
    setup_.kernel_args.push_back(h);
  }
}

// Step 12: the buffers the kernel body sees, after the prefetch refs.
void Simulation::allocate_kernel_buffers() {
  size_t ni = call_.inputs.size(), no = call_.outputs.size();
  for (size_t j = 0; j < ni + no; ++j) {
    const BlockMapping& m = j < ni ? call_.inputs[j] : call_.outputs[j - ni];
    setup_.ctx.mappings.push_back(&m);
    Space space = tpu_space(m.space);
    int h;
    if (space == Space::Hbm) {  // the kernel gets the operand's HBM buffer itself
      h = buffer_ref(Space::Hbm, setup_.hbm[j], m.array.shape, m.array.dtype, -1);
    } else if (int in = resident_alias(j); in >= 0) {
      h = setup_.block_handles[static_cast<size_t>(in)];
    } else if (space == Space::Semaphore) {
      h = semaphore_ref(m.ref_shape);
      if (j < ni && !shared_.policy.interpreter_quirks) carry_semaphore_in(h, j);
    } else {
      FreshInfo info{space_name(space), "block", 0, 0};
      BufferKey key = shared_.allocate(space, -1, shared_.fresh(m.array.dtype, m.ref_shape, info), "block");
      h = buffer_ref(space, key, m.ref_shape, m.array.dtype, static_cast<int>(j));
    }
    // A semaphore operand has no block to copy in or out either.
    setup_.in_hbm.push_back(space == Space::Hbm || space == Space::Semaphore);
    setup_.block_handles.push_back(h);
    setup_.kernel_args.push_back(h);
  }
  for (const ir::AVal& a : call_.scratch) {
    if (a.semaphore != ir::SemaphoreKind::None) {
      setup_.kernel_args.push_back(semaphore_ref(a.shape));
      continue;
    }
    // JAX asserts on HBM scratch; Rungs allocates it once per device.
    Space space = tpu_space(a.space);
    FreshInfo info{space_name(space), "scratch", 0, 0};
    BufferKey key = shared_.allocate(space, -1, shared_.fresh(a.dtype, a.shape, info), "scratch");
    setup_.kernel_args.push_back(buffer_ref(space, key, a.shape, a.dtype, -1));
  }
}

// Step 14 (SEMANTICS 4.9): which dims are parallel, their permutation, and
// how many consecutive iterations each core takes.
void Simulation::split_grid() {
  setup_.grid = call_.grid_sizes();
  setup_.num_iterations = call_.num_iterations();
  size_t n = setup_.grid.size();
  std::vector<bool> parallel(n, false);
  const std::vector<std::string>& sem = call_.compiler.dimension_semantics;
  for (size_t d = 0; d < n && d < sem.size(); ++d) parallel[d] = sem[d] == "parallel";
  if (call_.from_core_map) parallel.assign(n, true);
  for (size_t d = 1; d < sem.size() && d < n; ++d)
    if (parallel[d] && !parallel[d - 1]) raise(ErrorId::tpu_parallel_prefix, call_.where);
  std::vector<int64_t> sizes;
  int64_t p = 1;
  for (size_t d = 0; d < n; ++d) {
    if (!parallel[d]) continue;
    if (call_.grid[d].dynamic && shared_.policy.interpreter_quirks)
      raise(ErrorId::tpu_dynamic_parallel_dim, call_.where, d);
    sizes.push_back(setup_.grid[d]);
    p *= setup_.grid[d];
  }
  setup_.perms.assign(n, {});
  if (shared_.policy.permute_parallel_dims && !call_.from_core_map && !sizes.empty()) {
    std::vector<std::vector<int64_t>> perms = array::pallas_grid_permutations(shared_.policy.random_seed, sizes);
    size_t k = 0;
    for (size_t d = 0; d < n; ++d)
      if (parallel[d]) setup_.perms[d] = perms[k++];
  }
  int64_t cores = shared_.cores_per_device;  // every device walks the whole grid
  int64_t points_per_core = (p + cores - 1) / cores;
  setup_.iters_per_core = p > 0 ? points_per_core * (setup_.num_iterations / p) : 0;
}

void Simulation::deadlock(const std::vector<std::unique_ptr<CoreLoop>>& cores) {
  std::string lines;
  SourceRange where = call_.where;
  bool first = true;
  for (const auto& c : cores) {
    if (c->finished()) continue;
    const CoreState& st = c->rules().state;
    const Semaphore& s = shared_.semaphores.get(st.wait_semaphore);
    int64_t count = s.count[static_cast<size_t>(st.core)];
    if (!lines.empty()) lines += "\n";
    std::string who = shared_.num_devices > 1 ? "device " + std::to_string(shared_.device_of(st.core)) + " core " +
                                                    std::to_string(shared_.local_core(st.core))
                                              : "core " + std::to_string(st.core);
    lines += "  " + who + " at grid point " + int_tuple_str(st.point) + " (iteration " +
             std::to_string(st.step) + ") waits on semaphore " + std::to_string(st.wait_semaphore) + " for " +
             std::to_string(st.wait_value) + "; its count on core " + std::to_string(st.core) + " is " +
             std::to_string(count);
    if (first && st.wait_eqn) where = st.wait_eqn->source;
    first = false;
    Event e;
    e.kind = "deadlock";
    e.core = st.core;
    e.step = st.step;
    if (st.wait_eqn) e.source = st.wait_eqn->source;
    e.fields["semaphore"] = st.wait_semaphore;
    e.fields["value"] = st.wait_value;
    e.fields["count"] = count;
    shared_.sink.event(std::move(e));
  }
  raise(ErrorId::tpu_deadlock, where, lines);
}

// Step 18: the outputs, [0:s] of each HBM buffer, read on the device's core 0.
std::vector<Array> Simulation::read_outputs(int device) {
  std::vector<Array> outs;
  size_t ni = call_.inputs.size();
  Accessor who;
  who.core = shared_.global_core(device, 0);
  who.site.source = call_.where;
  who.site.frame = "pallas_call";
  for (size_t o = 0; o < call_.outputs.size(); ++o) {
    if (tpu_space(call_.outputs[o].space) == Space::Semaphore) {
      outs.push_back(semaphore_out(ni + o, device));
      continue;
    }
    Range r;
    for (int64_t s : call_.outputs[o].array.shape) r.push_back(RangeDim::slice(0, s));
    outs.push_back(shared_.get(shared_.on_device(setup_.hbm[ni + o], device), r, who));
  }
  return outs;
}

// Step 19: a warning, not an error (JAX has a TODO to make it raise).
void Simulation::exit_check() {
  if (!shared_.policy.exit_semaphore_check) return;
  auto nonzero = shared_.semaphores.nonzero();
  if (nonzero.empty()) return;
  const auto& [s, core] = nonzero.front();
  shared_.host.write_stdout("Semaphore " + std::to_string(s->id) + " has non-zero count for " +
                            std::to_string(shared_.device_of(core)) + " (global core " + std::to_string(core) +
                            ") at kernel exit: " + std::to_string(s->count[static_cast<size_t>(core)]) + "\n");
}

std::vector<std::vector<Array>> Simulation::run() {
  allocate_operands();
  allocate_kernel_buffers();
  split_grid();
  shared_.sync_clocks();  // happens-before from set-up to every core
  std::vector<std::unique_ptr<CoreLoop>> cores;
  std::vector<SchedulableCore*> ptrs;
  for (int c = 0; c < shared_.num_cores; ++c) {
    cores.push_back(std::make_unique<CoreLoop>(setup_, c));
    ptrs.push_back(cores.back().get());
  }
  ScheduleOptions opts;
  opts.seed = shared_.policy.schedule_seed;
  opts.activity = [this] { return shared_.activity; };
  opts.deadlock = [this, &cores] { deadlock(cores); };
  run_cores(ptrs, opts);
  shared_.sync_clocks();
  std::vector<std::vector<Array>> outs;
  for (int d = 0; d < shared_.num_devices; ++d) outs.push_back(read_outputs(d));
  exit_check();
  return outs;
}

}  // namespace

std::vector<std::vector<Array>> run_tpu_simulator(const PallasCall& call, const std::vector<std::vector<Array>>& operands,
                                                  const pallas::DeviceMesh* mesh, python::Interpreter& host,
                                                  CallRecord* record, const TpuPolicy& policy) {
  TpuState& st = tpu_state(host);
  if (record) record->rung = policy.rung;
  if (st.failed && policy.auto_reset_after_failure) {  // see tpu_state.h
    ++st.auto_resets;
    if (record) record->notes["tpu_state"] = "reset automatically: the previous kernel failed (" + st.failure + ")";
    st.shared.reset();
    st.policy.reset();
    st.failed = false;
    st.failure.clear();
  }
  int64_t cores = call.from_core_map ? std::max<int64_t>(1, call.num_iterations()) : std::max<int64_t>(1, policy.num_cores);
  int64_t devices = std::max<int64_t>(1, static_cast<int64_t>(operands.size()));
  int64_t clock_size = 2 * cores * devices;
  if (policy.vector_clock_size) {
    if (cores * devices >= *policy.vector_clock_size)
      raise(ErrorId::tpu_vector_clock_size, call.where, *policy.vector_clock_size, cores * devices);
    clock_size = *policy.vector_clock_size;
  }
  st.shared.reset();
  if (record) record->cores_per_device = cores;
  st.policy = std::make_unique<TpuPolicy>(policy);
  st.policy->num_cores = cores;
  st.shared = std::make_unique<TpuShared>(*st.policy, static_cast<int>(devices), static_cast<int>(cores), clock_size,
                                          host, record);
  ++st.kernels;
  std::vector<std::vector<Array>> outs;
  try {
    Simulation sim(call, operands, mesh, *st.shared);
    outs = sim.run();
  } catch (const EngineError& e) {
    st.failed = true;
    st.failure = e.type + ": " + e.message;
    st.races_found = st.shared->races.races_found();
    throw;
  } catch (...) {
    st.failed = true;
    st.failure = "interrupted";
    throw;
  }
  st.races_found = st.shared->races.races_found();
  if (record) {
    record->remote_dmas = st.shared->remote_dmas;
    record->remote_bytes = st.shared->remote_bytes;
  }
  st.shared.reset();  // JAX's clean-up barrier drops the memory of a finished kernel
  st.policy.reset();
  return outs;
}

std::vector<Array> run_tpu_simulator(const PallasCall& call, const std::vector<Array>& operands,
                                     python::Interpreter& host, CallRecord* record, const TpuPolicy& policy) {
  return run_tpu_simulator(call, {operands}, nullptr, host, record, policy)[0];
}

std::vector<std::vector<Array>> run_tpu_rung(const PallasCall& call, const std::vector<std::vector<Array>>& operands,
                                             const pallas::DeviceMesh* mesh, python::Interpreter& host,
                                             CallRecord* record) {
  return run_tpu_simulator(call, operands, mesh, host, record, policy_from_params(call.interpret));
}

std::vector<Array> run_tpu_rung(const PallasCall& call, const std::vector<Array>& operands, python::Interpreter& host,
                                CallRecord* record) {
  return run_tpu_simulator(call, operands, host, record, policy_from_params(call.interpret));
}

}  // namespace rungs::exec
