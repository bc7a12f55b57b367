#include "core/rungs/tpu_core_loop.h"

#include "core/jax/array_value.h"
#include "core/python/interpreter.h"
#include "core/rungs/index_map.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

using pallas::BlockDimKind;
using pallas::BlockMapping;

namespace {
std::vector<int64_t> unravel(int64_t flat, const std::vector<int64_t>& grid) {
  std::vector<int64_t> idx(grid.size(), 0);
  for (size_t d = grid.size(); d-- > 0;) {
    if (grid[d] > 0) {
      idx[d] = flat % grid[d];
      flat /= grid[d];
    }
  }
  return idx;
}

// The next point in row-major order, wrapping to all zeros after the last.
std::vector<int64_t> next_index(std::vector<int64_t> idx, const std::vector<int64_t>& grid) {
  for (size_t d = grid.size(); d-- > 0;) {
    if (++idx[d] < grid[d]) break;
    idx[d] = 0;
  }
  return idx;
}

std::vector<int64_t> encode(const Range& r) {
  std::vector<int64_t> k;
  for (const RangeDim& d : r) k.insert(k.end(), {d.is_index ? 1 : 0, d.start, d.stop, d.step});
  return k;
}

const char* block_dim_class(BlockDimKind k) {
  return k == BlockDimKind::BoundedSlice ? "<class 'jax._src.pallas.core.BoundedSlice'>"
                                         : "<class 'jax._src.pallas.core.Indirect'>";
}
}  // namespace

CoreLoop::CoreLoop(TpuSetup& setup, int core)
    : s_(setup), rules_(setup.ctx, core), machine_(rules_, setup.ctx.shared.host) {
  machine_.core = core;
  machine_.grid_axis_offset = setup.ctx.call.num_vmapped_dims;
  size_t n = setup.ctx.mappings.size(), no = setup.ctx.call.outputs.size();
  rules_.state.starts.resize(n);
  last_range_.resize(no);
  visits_.resize(no);
  left_blocks_.resize(no);
}

std::vector<int64_t> CoreLoop::permuted(const std::vector<int64_t>& loop_idx) const {
  std::vector<int64_t> p = loop_idx;
  for (size_t d = 0; d < p.size(); ++d)
    if (!s_.perms[d].empty()) p[d] = s_.perms[d][static_cast<size_t>(p[d])];
  return p;
}

std::vector<CoreLoop::Window> CoreLoop::windows_at(const std::vector<int64_t>& point) {
  std::vector<Window> out;
  for (const BlockMapping* m : s_.ctx.mappings) {
    Window w;
    w.block_index = eval_index_map(*m, point, s_.prefetch, rules_, s_.ctx.shared.host);
    for (const pallas::BlockDim& d : m->dims)
      if (d.kind == BlockDimKind::BoundedSlice || d.kind == BlockDimKind::Indirect)
        raise(ErrorId::unsupported_block_dim_type, s_.ctx.call.where, block_dim_class(d.kind));
    w.start = block_start(*m, w.block_index);
    out.push_back(std::move(w));
  }
  return out;
}

// JAX's block window: pl.ds(start, size) per dim, the bare start for a
// squeezed dim.
Range CoreLoop::block_range(size_t j, const Window& w) const {
  const BlockMapping& m = *s_.ctx.mappings[j];
  Range r;
  for (size_t d = 0; d < m.dims.size(); ++d) {
    if (m.dims[d].kind == BlockDimKind::Squeezed) r.push_back(RangeDim::index(w.start[d]));
    else r.push_back(RangeDim::slice(w.start[d], w.start[d] + m.block_shape[d]));
  }
  return r;
}

std::string CoreLoop::param_name(size_t j) const {
  const pallas::PallasCall& call = s_.ctx.call;
  size_t p = call.prefetch.size() + j;
  return p < call.param_names.size() && !call.param_names[p].empty() ? call.param_names[p] : "unknown";
}

void CoreLoop::record_point() {
  const python::Value& recorder = s_.ctx.shared.policy.grid_point_recorder;
  if (recorder.is_none()) return;
  python::Interpreter& host = s_.ctx.shared.host;
  python::Values args{s_.token,
                    jax::make_array(Array::from_ints(array::DType::Int32, {static_cast<int64_t>(point_.size())}, point_)),
                    jax::make_array(Array::scalar_int(array::DType::Int32, rules_.state.core))};
  // The callback gets (token, grid point, core) and returns the token that
  // the next call receives.
  s_.token = host.call(recorder, std::move(args), s_.ctx.call.where);
}

void CoreLoop::copy_event(const char* kind, size_t j, const Window& w) {
  if (!s_.ctx.shared.sink.tracing()) return;
  Event e;
  e.kind = kind;
  e.step = it_;
  e.core = rules_.state.core;
  e.source = s_.ctx.call.where;
  e.fields["operand"] = static_cast<int64_t>(j);
  e.fields["block_index"] = w.block_index;
  e.fields["start"] = w.start;
  e.fields["size"] = s_.ctx.mappings[j]->block_shape;
  s_.ctx.shared.sink.event(std::move(e));
}

void CoreLoop::begin_iteration() {
  TpuShared& sh = s_.ctx.shared;
  const pallas::PallasCall& call = s_.ctx.call;
  CoreState& st = rules_.state;
  st.point = point_;
  st.step = it_;
  st.step_event = nullptr;
  record_point();
  next_loop_idx_ = next_index(loop_idx_, s_.grid);
  next_point_ = permuted(next_loop_idx_);
  next_ = windows_at(next_point_);
  recording_ = sh.sink.tracing();
  if (recording_) {
    event_ = StepEvent();
    event_.step = it_;
    event_.point = point_;
    event_.core = st.core;
    event_.stdout_offset = sh.host.stdout_text().size();
    for (size_t j = 0; j < cur_.size(); ++j) {
      OperandStep os;
      os.operand = static_cast<int>(j);
      os.block_index = cur_[j].block_index;
      os.start = cur_[j].start;
      os.landed = cur_[j].start;  // no clamping on this rung
      event_.operands.push_back(std::move(os));
    }
    st.step_event = &event_;
  }
  Accessor pallas = rules_.accessor(nullptr);
  size_t ni = call.inputs.size();
  for (size_t j = 0; j < cur_.size(); ++j) st.starts[j] = cur_[j].start;
  for (size_t j = 0; j < ni; ++j) {
    const BlockMapping& m = *s_.ctx.mappings[j];
    if (s_.in_hbm[j]) {
      if (m.ref_shape != m.block_shape) raise(ErrorId::tpu_hbm_input_block, call.where, j);
      continue;
    }
    if (it_ != first_ && cur_[j].start == prev_[j].start) continue;
    BlockCopy bc{cur_[j].block_index, param_name(j), point_};
    Array v = sh.get(sh.on_device(s_.hbm[j], sh.device_of(st.core)), block_range(j, cur_[j]), pallas, &bc);
    sh.store(s_.ctx.key(s_.block_handles[j], st.core), Range{}, v, pallas);
    copy_event("copy_in", j, cur_[j]);
  }
  reload_revisited_outputs(pallas);
  std::vector<RValue> args;
  args.reserve(s_.kernel_args.size());
  for (int h : s_.kernel_args) args.push_back(RValue::ref(h));
  machine_.start(*call.kernel, std::move(args));
}

void CoreLoop::end_iteration() {
  TpuShared& sh = s_.ctx.shared;
  const pallas::PallasCall& call = s_.ctx.call;
  size_t ni = call.inputs.size(), no = call.outputs.size();
  Accessor pallas = rules_.accessor(nullptr);
  for (size_t o = 0; o < no; ++o) {
    size_t j = ni + o;
    const BlockMapping& m = *s_.ctx.mappings[j];
    if (s_.in_hbm[j]) {
      if (m.ref_shape != m.block_shape) raise(ErrorId::tpu_hbm_output_block, call.where, o);
      continue;
    }
    if (it_ + 1 != bound_ && cur_[j].start == next_[j].start) continue;
    BlockCopy bc{cur_[j].block_index, param_name(j), point_};
    Array v = sh.get(s_.ctx.key(s_.block_handles[j], rules_.state.core), Range{}, pallas);
    sh.store(sh.on_device(s_.hbm[j], sh.device_of(rules_.state.core)), block_range(j, cur_[j]), v, pallas, &bc);
    copy_event("copy_out", j, cur_[j]);
    left_blocks_[o].insert(encode(block_range(j, cur_[j])));
  }
  check_revisits();
  rules_.state.step_event = nullptr;
  if (recording_) sh.sink.step(std::move(event_));
  prev_ = std::move(cur_);
  cur_ = std::move(next_);
  loop_idx_ = next_loop_idx_;
  point_ = next_point_;
  ++it_;
}

// pl.Buffered(1, revisit=pl.RevisitMode.ANY): Mosaic inserts the DMAs that
// restore an output block's state when the grid comes back to it after
// leaving it, so the window holds what was written back then (core/pallas
// records the mode; JAX lowers ANY only single-buffered).
void CoreLoop::reload_revisited_outputs(const Accessor& pallas) {
  TpuShared& sh = s_.ctx.shared;
  const pallas::PallasCall& call = s_.ctx.call;
  size_t ni = call.inputs.size(), no = call.outputs.size();
  for (size_t o = 0; o < no; ++o) {
    size_t j = ni + o;
    if (s_.in_hbm[j] || !s_.ctx.mappings[j]->revisit_any) continue;
    if (it_ != first_ && cur_[j].start == prev_[j].start) continue;
    Range r = block_range(j, cur_[j]);
    if (!left_blocks_[o].count(encode(r))) continue;
    BlockCopy bc{cur_[j].block_index, param_name(j), point_};
    Array v = sh.get(sh.on_device(s_.hbm[j], sh.device_of(rules_.state.core)), r, pallas, &bc);
    sh.store(s_.ctx.key(s_.block_handles[j], rules_.state.core), Range{}, v, pallas);
    copy_event("copy_in", j, cur_[j]);
  }
}

// An output block may be visited by consecutive iterations (a reduction),
// but re-entering one after leaving it is an error on this rung (SEMANTICS
// 4.4). Tracked per core; HBM and aliased outputs are exempt.
void CoreLoop::check_revisits() {
  if (!s_.ctx.shared.policy.check_revisits) return;
  const pallas::PallasCall& call = s_.ctx.call;
  size_t ni = call.inputs.size(), no = call.outputs.size();
  std::vector<std::optional<Range>> ranges(no);
  for (size_t o = 0; o < no; ++o)
    if (!s_.in_hbm[ni + o] && !s_.aliased[o]) ranges[o] = block_range(ni + o, cur_[ni + o]);
  if (have_last_) {
    for (size_t o = 0; o < no; ++o) {
      if (!ranges[o] || *ranges[o] == last_range_[o]) continue;
      auto seen = visits_[o].find(encode(*ranges[o]));
      if (seen != visits_[o].end())
        raise(ErrorId::tpu_revisited_block, call.where, range_str(*ranges[o]), o, int_tuple_str(loop_idx_),
              int_tuple_str(seen->second.first), int_tuple_str(seen->second.second));
    }
  }
  have_last_ = true;
  for (size_t o = 0; o < no; ++o) {
    if (!ranges[o]) continue;
    auto [entry, fresh] = visits_[o].try_emplace(encode(*ranges[o]), loop_idx_, loop_idx_);
    if (!fresh) entry->second.second = loop_idx_;
    last_range_[o] = *ranges[o];
  }
}

Status CoreLoop::resume() {
  TpuShared& sh = s_.ctx.shared;
  while (true) {
    switch (phase_) {
      case Phase::Start: {
        int64_t c = sh.local_core(rules_.state.core);  // each device walks the whole grid
        first_ = c * s_.iters_per_core;
        bound_ = std::min((c + 1) * s_.iters_per_core, s_.num_iterations);
        if (first_ >= bound_) {
          phase_ = Phase::Finished;
          return Status::Done;
        }
        loop_idx_ = unravel(first_, s_.grid);
        point_ = permuted(loop_idx_);
        rules_.state.point = point_;
        rules_.state.step = first_;
        cur_ = windows_at(point_);
        prev_ = cur_;
        it_ = first_;
        ++sh.activity;
        phase_ = Phase::Begin;
        break;
      }
      case Phase::Begin:
        begin_iteration();
        phase_ = Phase::Body;
        break;
      case Phase::Body:
        if (machine_.run() == Status::Blocked) return Status::Blocked;
        phase_ = Phase::End;
        break;
      case Phase::End:
        end_iteration();
        ++sh.activity;
        phase_ = it_ < bound_ ? Phase::Begin : Phase::Finished;
        break;
      case Phase::Finished: return Status::Done;
    }
  }
}

}  // namespace rungs::exec
