#include "core/rungs/tpu_rules.h"

#include <algorithm>
#include <limits>

#include "core/python/interpreter.h"
#include "core/ir/rules.h"
#include "core/pallas/checkify.h"
#include "core/rungs/debug_print.h"
#include "core/rungs/ref_transforms.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

using pallas::BlockDimKind;

BufferKey TpuContext::key(int handle, int core) const {
  const TpuRef& r = refs[static_cast<size_t>(handle)];
  return shared.key_for(r.space, r.id, r.core >= 0 ? r.core : core);
}

std::string frame_text(const std::string& filename, const SourceRange& where, const std::string& function) {
  std::string s = filename + ":" + std::to_string(where.line);
  if (where.col > 1) s += ":" + std::to_string(where.col - 1);
  return s + " (" + function + ")";
}

CoreRules::CoreRules(TpuContext& ctx, int core) : ctx_(ctx) { state.core = core; }

const char* CoreRules::rung_name() const { return "tpu"; }

Accessor CoreRules::accessor(const Eqn* eqn) const {
  Accessor a;
  a.core = state.core;
  a.thread = ThreadKey{ctx_.shared.device_of(state.core), ctx_.shared.local_core(state.core)};
  a.site.step = state.step;
  if (eqn) {
    a.site.source = eqn->source;
    if (ctx_.shared.policy.detect_races)
      a.site.frame = frame_text(ctx_.shared.host.file_name(eqn->source.file), eqn->source, ctx_.call.kernel_name);
  } else {  // the interpreter's own block copies and read-back
    a.site.source = ctx_.call.where;
    a.site.frame = "pallas_call";
  }
  return a;
}

const TpuRef& CoreRules::buffer_ref(int handle, const char* prim, const Eqn& eqn) const {
  const TpuRef& r = ctx_.refs[static_cast<size_t>(handle)];
  if (!r.semaphore && r.space == Space::Hbm) raise(ErrorId::tpu_hbm_direct, eqn.source, prim);
  return r;
}

Range CoreRules::range_of(const Windows& w, const Eqn& eqn) const {
  for (const Window& level : w)
    for (const WindowDim& d : level)
      if (d.kind == ir::DimIndex::Kind::Array || d.kind == ir::DimIndex::Kind::NewAxis)
        raise(ErrorId::tpu_advanced_indexers, eqn.source);
  return range_from_windows(w);
}

int64_t CoreRules::semaphore_id(int handle, const Windows& w, const Eqn& eqn, size_t first, size_t count) const {
  const TpuRef& r = ctx_.refs[static_cast<size_t>(handle)];
  if (ir::has_ref_transforms(eqn.params.indexers, first, count)) {
    Array ids = Array::zeros(array::DType::Int32, r.shape);
    for (int64_t i = 0; i < ids.size(); ++i) ids.set_from_int(i, r.id + i);
    Windows base;
    TransformTail tail;
    split_levels(eqn, first, std::min(count, eqn.params.indexers.size() - std::min(first, eqn.params.indexers.size())),
                 w, base, tail);
    return apply_tail(generic_get(ids, base), tail).get_int(0);
  }
  Range rg = normalized(range_of(w, eqn), r.shape);
  int64_t flat = 0;
  for (size_t d = 0; d < r.shape.size(); ++d) flat = flat * r.shape[d] + (d < rg.size() ? rg[d].start : 0);
  return r.id + flat;
}

Array CoreRules::float_placeholder(Array v) const {
  // skip_floating_point_ops: every float value in the environment reads +inf.
  if (!ctx_.shared.policy.skip_floating_point_ops || !array::is_float(v.dtype())) return v;
  return Array::full(v.dtype(), v.shape(), array::Scalar::from_float(std::numeric_limits<double>::infinity()));
}

// The box of an in/out block buffer the kernel touched, in the operand's
// array coordinates (squeezed dims take the window's own index).
void CoreRules::note(int handle, const Range& r, bool write) {
  if (!state.step_event) return;
  const TpuRef& ref = ctx_.refs[static_cast<size_t>(handle)];
  if (ref.operand < 0) return;
  size_t j = static_cast<size_t>(ref.operand);
  const pallas::BlockMapping& m = *ctx_.mappings[j];
  Box inner = box_of(r, ref.shape), out;
  const std::vector<int64_t>& start = state.starts[j];
  size_t k = 0;
  for (size_t d = 0; d < m.dims.size(); ++d) {
    if (m.dims[d].kind == BlockDimKind::Squeezed) {
      out.start.push_back(start[d]);
      out.size.push_back(1);
    } else if (k < inner.start.size()) {
      out.start.push_back(start[d] + inner.start[k]);
      out.size.push_back(inner.size[k]);
      ++k;
    }
  }
  for (OperandStep& os : state.step_event->operands)
    if (os.operand == ref.operand) (write ? os.writes : os.reads).push_back(std::move(out));
}

Array CoreRules::get(Machine&, int b, const Windows& w, const Eqn& eqn) {
  buffer_ref(b, "get_p", eqn);
  Range r = range_of(w, eqn);
  Array v = ctx_.shared.get(ctx_.key(b, state.core), r, accessor(&eqn));
  note(b, r, false);
  return float_placeholder(std::move(v));
}

Array CoreRules::swap(Machine&, int b, const Windows& w, const Array& value, const Eqn& eqn) {
  buffer_ref(b, "swap_p", eqn);
  Range r = range_of(w, eqn);
  Array old = ctx_.shared.swap(ctx_.key(b, state.core), r, value, nullptr, accessor(&eqn));
  note(b, r, true);
  return float_placeholder(std::move(old));
}

Array CoreRules::load(Machine&, int b, const Windows& w, const Array* mask, const Array*, const Eqn& eqn) {
  if (mask) raise(ErrorId::tpu_masked_load, eqn.source);
  buffer_ref(b, "load_p", eqn);
  Range r = range_of(w, eqn);
  Array v = ctx_.shared.get(ctx_.key(b, state.core), r, accessor(&eqn));
  note(b, r, false);
  return float_placeholder(std::move(v));
}

Array CoreRules::store(Machine&, int b, const Windows& w, const Array& value, const Array* mask, const Eqn& eqn) {
  buffer_ref(b, "swap_p", eqn);
  Range r = range_of(w, eqn);
  Array old = ctx_.shared.swap(ctx_.key(b, state.core), r, value, mask, accessor(&eqn));
  note(b, r, true);
  return float_placeholder(std::move(old));
}

int CoreRules::allocate_scoped(Machine&, const ir::AVal& aval, const Eqn& eqn) {
  if (!eqn.params.text.empty()) raise(ErrorId::tpu_run_scoped_collective, eqn.source);
  TpuRef r;
  r.shape = aval.shape;
  r.dtype = aval.dtype;
  r.core = state.core;
  if (aval.semaphore != ir::SemaphoreKind::None) {
    r.semaphore = true;
    r.space = Space::Semaphore;
    r.id = ctx_.shared.semaphores.allocate(state.core, array::num_elements(aval.shape));
    return ctx_.add_ref(std::move(r));
  }
  r.space = tpu_space(aval.space);
  if (r.space == Space::Hbm && !ctx_.shared.policy.allow_hbm_in_run_scoped)
    raise(ErrorId::tpu_hbm_run_scoped, eqn.source);
  FreshInfo info{space_name(r.space), "run_scoped", state.core, 0};
  BufferKey key = ctx_.shared.allocate(r.space, state.core, ctx_.shared.fresh(aval.dtype, aval.shape, info), "run_scoped");
  r.id = key.id;
  return ctx_.add_ref(std::move(r));
}

void CoreRules::release_scoped(Machine&, int b) {
  const TpuRef& r = ctx_.refs[static_cast<size_t>(b)];
  if (r.semaphore) return;  // run_scoped semaphores are never freed (JAX)
  BufferKey key = ctx_.key(b, state.core);
  ctx_.shared.memory.release(key);
  if (ctx_.shared.sink.tracing()) {
    Event e;
    e.kind = "free";
    e.core = state.core;
    e.step = state.step;
    e.fields["space"] = std::string(space_name(key.space));
    e.fields["buffer"] = key.id;
    ctx_.shared.sink.event(std::move(e));
  }
}

Status CoreRules::semaphore_signal(Machine&, const Eqn& eqn, int sem, const Windows& w, int64_t inc,
                                   const int64_t* device, const int64_t* core) {
  TpuShared& sh = ctx_.shared;
  int target_device = device ? checked_device(*device, "semaphore_signal", eqn) : sh.device_of(state.core);
  // Without core_index the target is core 0, not the signalling core (JAX's
  // interpreter); the chip signals its own core.
  int local = core ? static_cast<int>(*core) : sh.policy.interpreter_quirks ? 0 : sh.local_core(state.core);
  if (local < 0 || local >= sh.cores_per_device) {
    if (!sh.policy.interpreter_quirks) raise(ErrorId::chip_core_index, eqn.source, local, sh.cores_per_device);
    raise(ErrorId::tpu_core_index, eqn.source, local, sh.cores_per_device);
  }
  int target = sh.global_core(target_device, local);
  sh.signal(state.core, semaphore_id(sem, w, eqn), inc, target, accessor(&eqn).site);
  state.progressed = true;
  return Status::Done;
}

Status CoreRules::wait_for(int64_t sem, int64_t value, const Eqn& eqn) {
  bool first = !state.waiting || state.wait_eqn != &eqn;
  Status s = ctx_.shared.wait(state.core, sem, value, first, accessor(&eqn).site);
  state.waiting = s == Status::Blocked;
  state.wait_semaphore = sem;
  state.wait_value = value;
  state.wait_eqn = &eqn;
  if (s == Status::Done) state.progressed = true;
  return s;
}

Status CoreRules::semaphore_wait(Machine&, const Eqn& eqn, int sem, const Windows& w, int64_t value, bool decrement) {
  if (!decrement) raise(ErrorId::tpu_non_decrementing_wait, eqn.source);
  return wait_for(semaphore_id(sem, w, eqn), value, eqn);
}

Array CoreRules::semaphore_read(Machine&, const Eqn& eqn, int sem, const Windows& w) {
  if (ctx_.shared.policy.interpreter_quirks) raise(ErrorId::tpu_semaphore_read, eqn.source);
  // The chip lowers it (tpu.sem_read): this core's count.
  const Semaphore& s = ctx_.shared.semaphores.get(semaphore_id(sem, w, eqn));
  return Array::full(array::DType::Int32, {}, array::Scalar::from_int(s.count[static_cast<size_t>(state.core)]));
}

namespace {
bool has_dynamic_size(const Eqn& eqn) {
  for (const ir::Indexer& ix : eqn.params.indexers)
    for (const ir::DimIndex& d : ix.dims)
      if (d.dynamic_size()) return true;
  return false;
}
}  // namespace

void CoreRules::ref_transforms(Machine&, const Eqn& eqn) {
  refuse_interpret_transforms(eqn, 0, eqn.params.indexers.size());
}

void CoreRules::refuse_interpret_transforms(const Eqn& eqn, size_t first, size_t count) const {
  if (!ctx_.shared.policy.interpreter_quirks) return;
  size_t t = ir::first_ref_transform(eqn.params.indexers, first, count);
  if (t < std::min(first + count, eqn.params.indexers.size()))
    raise(ErrorId::tpu_transform_indices, eqn.source,
          eqn.params.indexers[t].kind == ir::Indexer::Kind::Reshape ? "ReshapeTransform" : "BitcastTransform");
}

Status CoreRules::dma_start(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) {
  const std::vector<int64_t>& c = eqn.params.counts;
  size_t n0 = static_cast<size_t>(c[0]), n1 = static_cast<size_t>(c[1]), n2 = static_cast<size_t>(c[2]);
  size_t n3 = static_cast<size_t>(c[3]);
  bool has_src_sem = c.size() > 4 && c[4], has_device = c.size() > 5 && c[5];
  TpuShared& sh = ctx_.shared;
  int dst_core = state.core;  // the same local core of the target device
  if (has_device) {
    int device = checked_device(in[has_src_sem ? 4 : 3].array.get_int(0), "make_async_remote_copy", eqn);
    dst_core = sh.global_core(device, sh.local_core(state.core));
  }
  DmaRequest req;
  req.src = ctx_.key(in[0].buffer, state.core);
  req.dst = ctx_.key(in[1].buffer, dst_core);
  req.dst_core = dst_core;
  // to_range(src_transforms), then to_range(dst_transforms), in the callback.
  refuse_interpret_transforms(eqn, 0, n0);
  refuse_interpret_transforms(eqn, n0, n1);
  Windows src_w, dst_w;
  split_levels(eqn, 0, n0, m.windows(eqn, 0, n0, in), src_w, req.src_tail);
  split_levels(eqn, n0, n1, m.windows(eqn, n0, n1, in), dst_w, req.dst_tail);
  req.src_range = range_of(src_w, eqn);
  req.dst_range = range_of(dst_w, eqn);
  if (has_dynamic_size(eqn)) {
    // A traced pl.ds size: the trace could only check the static dims, so
    // the two windows are compared now (numpy's broadcast in JAX's write).
    const TpuRef& src = ctx_.refs[static_cast<size_t>(in[0].buffer)];
    const TpuRef& dst = ctx_.refs[static_cast<size_t>(in[1].buffer)];
    array::Shape a = read_shape(req.src_range, src.shape), b = read_shape(req.dst_range, dst.shape);
    array::DType da = src.dtype, db = dst.dtype;  // the views past any reshape/bitcast
    if (!req.src_tail.empty()) tail_type(req.src_tail, a, da);
    if (!req.dst_tail.empty()) tail_type(req.dst_tail, b, db);
    if (a != b) raise(ErrorId::dma_shape_mismatch, eqn.source, array::shape_str(a), array::shape_str(b));
  }
  req.dst_sem = semaphore_id(in[2].buffer, m.windows(eqn, n0 + n1, n2, in), eqn, n0 + n1, n2);
  if (has_src_sem) req.src_sem = semaphore_id(in[3].buffer, m.windows(eqn, n0 + n1 + n2, n3, in), eqn, n0 + n1 + n2, n3);
  ctx_.shared.dma_start(state.core, req, accessor(&eqn).site);
  state.progressed = true;
  return Status::Done;
}

Status CoreRules::dma_wait(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) {
  const std::vector<int64_t>& c = eqn.params.counts;
  size_t n0 = static_cast<size_t>(c[0]), n1 = static_cast<size_t>(c[1]);
  int64_t sem = semaphore_id(in[0].buffer, m.windows(eqn, 0, n0, in), eqn, 0, n0);
  // The wait is for the byte size of the (transformed) ref it was given.
  const TpuRef& sized = ctx_.refs[static_cast<size_t>(in[1].buffer)];
  Windows w;
  TransformTail tail;  // ref.reshape / ref.bitcast levels (state.transform_type in JAX)
  split_levels(eqn, n0, n1, m.windows(eqn, n0, n1, in), w, tail);
  Range r = range_of(w, eqn);
  array::Shape shape = read_shape(r, sized.shape);
  array::DType dtype = sized.dtype;
  if (!tail.empty()) tail_type(tail, shape, dtype);
  int64_t bytes = array::num_elements(shape) * array::itemsize(dtype);
  return wait_for(sem, bytes, eqn);
}

int CoreRules::barrier_semaphore(Machine&, const Eqn& eqn) {
  if (!ctx_.call.compiler.collective_id) raise(ErrorId::tpu_barrier_without_collective_id, eqn.source);
  int64_t id = *ctx_.call.compiler.collective_id;
  ctx_.shared.semaphores.ensure_fixed(id);
  for (const auto& [cid, handle] : barrier_refs_)
    if (cid == id) return handle;
  TpuRef r;
  r.semaphore = true;
  r.space = Space::Semaphore;
  r.id = id;
  r.dtype = array::DType::Int32;
  int handle = ctx_.add_ref(std::move(r));
  barrier_refs_.emplace_back(id, handle);
  return handle;
}

int64_t CoreRules::program_id(Machine&, int64_t axis) { return state.point[static_cast<size_t>(axis)]; }

int64_t CoreRules::num_programs(Machine&, int64_t axis) { return ctx_.call.grid[static_cast<size_t>(axis)].size; }

int64_t CoreRules::axis_index(Machine&, const Eqn& eqn) {
  // A mesh axis of the enclosing shard_map (n < 0): this device's coordinate.
  if (eqn.params.n < 0) return device_coordinate(eqn.params.text, eqn);
  // A named grid axis: the current (permuted) coordinate; under core_map the
  // one grid axis is the core axis, whose point is the core id.
  return state.point[static_cast<size_t>(eqn.params.n)];
}

int64_t CoreRules::device_coordinate(const std::string& axis, const Eqn& eqn) const {
  const pallas::DeviceMesh* mesh = ctx_.mesh;
  int a = mesh ? mesh->axis(axis) : -1;
  if (a < 0) raise(ErrorId::unbound_axis_name, eqn.source, axis);
  return mesh->coords(ctx_.shared.device_of(state.core))[static_cast<size_t>(a)];
}

int CoreRules::checked_device(int64_t device, const char* what, const Eqn& eqn) const {
  int n = ctx_.shared.num_devices;
  if (device < 0 || device >= n) raise(ErrorId::tpu_multi_device, eqn.source, what, device, n, n - 1);
  return static_cast<int>(device);
}

void CoreRules::debug_print(Machine&, const Eqn& eqn, const std::vector<Array>& args) {
  run_debug_print(ctx_.shared.host, eqn.params.text, args, ctx_.shared.policy.tpu_log_format);
}

void CoreRules::debug_check(Machine&, const Eqn& eqn, const Array& cond) {
  // A no-op unless the pallas_call runs under checkify (SEMANTICS 6.3), on
  // this rung as on rung 1: checkify transforms the call before it runs.
  if (!ctx_.shared.policy.debug_checks_run) return;
  pallas::CheckifyState& state = pallas::checkify_state(ctx_.shared.host);
  if (state.depth > 0 && !state.failure && !cond.get_bool(0)) state.failure = pallas::failed_check_text(eqn.params.text);
}

// The chip model counts operations and skip_floating_point_ops fills whole
// outputs: both need each equation whole.
bool CoreRules::fuses_elementwise() const {
  const TpuPolicy& p = ctx_.shared.policy;
  return !p.pure_override && !p.skip_floating_point_ops;
}

std::vector<Array> CoreRules::apply_pure(Machine& m, const Eqn& eqn, std::vector<Array>& in) {
  const TpuPolicy& p = ctx_.shared.policy;
  if (p.pure_override)
    if (auto out = p.pure_override(eqn, in)) return *out;
  if (p.skip_floating_point_ops && !eqn.outputs.empty()) {
    // Equations whose outputs are all floating point are not evaluated.
    const ir::Jaxpr* j = m.current_jaxpr();
    bool all_float = j != nullptr;
    for (int v : eqn.outputs) all_float = all_float && array::is_float(j->vars[static_cast<size_t>(v)].dtype);
    if (all_float) {
      std::vector<Array> out;
      for (int v : eqn.outputs) {
        const ir::AVal& a = j->vars[static_cast<size_t>(v)];
        out.push_back(Array::full(a.dtype, a.shape, array::Scalar::from_float(std::numeric_limits<double>::infinity())));
      }
      return out;
    }
    std::vector<Array> outs = Rules::apply_pure(m, eqn, in);
    for (Array& a : outs) a = float_placeholder(std::move(a));
    return outs;
  }
  return Rules::apply_pure(m, eqn, in);
}

void CoreRules::prng_seed(Machine& m, const Eqn& eqn, const std::vector<Array>& seeds) {
  if (ctx_.shared.policy.hardware_prng) state.prng.seed(seeds);
  else Rules::prng_seed(m, eqn, seeds);
}

std::vector<Array> CoreRules::prng_random_bits(Machine& m, const Eqn& eqn) {
  if (ctx_.shared.policy.hardware_prng) return {state.prng.draw(eqn.params.shape)};
  return Rules::prng_random_bits(m, eqn);
}

}  // namespace rungs::exec
