#include "core/rungs/interpret_rung.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include "core/jax/array_value.h"
#include "core/python/interpreter.h"
#include "core/python/str_format.h"
#include "core/ir/discharge.h"
#include "core/ir/printer.h"
#include "core/pallas/checkify.h"
#include "core/pallas/mode.h"
#include "core/rungs/debug_print.h"
#include "core/rungs/index_map.h"
#include "core/rungs/interpret_blocks.h"
#include "core/rungs/ref_transforms.h"
#include "core/rungs/tpu_scheduler.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

using pallas::BlockMapping;
using pallas::PallasCall;

namespace {

// Remote DMAs under jax.shard_map on this rung. JAX's generic interpreter
// discharges a remote dma_start into an all_gather over the mesh axis: every
// device contributes (its target, its data, its destination window) and
// each device takes the first contribution aimed at it -- or device 0's when
// none is (argmax of an all-false mask; JAX's TODO). So a remote DMA is a
// rendezvous of all devices: the k-th remote DMA of each device meets the
// k-th of every other, and a device that never gets there leaves the
// others waiting (XLA would hang; the scheduler reports a deadlock).
struct RemoteDeposit {
  int64_t target = 0;
  Array data;
  Windows dst;
};
struct RemoteExchange {
  int64_t devices = 1;
  std::map<int64_t, std::vector<std::optional<RemoteDeposit>>> rounds;
  uint64_t activity = 0;
  bool complete(int64_t round) const {
    auto it = rounds.find(round);
    if (it == rounds.end()) return false;
    for (const auto& d : it->second)
      if (!d) return false;
    return true;
  }
};

class InterpretRung : public Rules {
 public:
  InterpretRung(const PallasCall& call, python::Interpreter& host, CallRecord* record,
                const pallas::DeviceMesh* mesh = nullptr, int64_t device = 0, RemoteExchange* exchange = nullptr)
      : call_(call), host_(host), record_(record), mesh_(mesh), device_(device), exchange_(exchange) {}

  // start(), then resume() until Done (it is Blocked only at a remote DMA
  // waiting for the other devices), then outputs().
  void start(const std::vector<Array>& operands);
  Status resume();
  std::vector<Array> outputs();
  bool finished() const { return it_ >= total_; }
  int64_t device() const { return device_; }
  int64_t round() const { return round_; }
  const Eqn* current_eqn() const { return machine_ ? machine_->current_eqn() : nullptr; }

  const char* rung_name() const override { return "interpret"; }

  Array get(Machine&, int b, const Windows& w, const Eqn&) override {
    Array out = generic_get(read(b), w);
    note(b, w, false);
    return out;
  }
  Array swap(Machine&, int b, const Windows& w, const Array& value, const Eqn&) override {
    Array& buf = write(b);
    Array old = generic_get(buf, w);
    generic_set(buf, w, value);
    note(b, w, true);
    return old;
  }
  void set(Machine&, int b, const Windows& w, const Array& value, const Eqn&) override {
    if (!overwrite_block(b, w, value)) generic_set(write(b), w, value);
    note(b, w, true);
  }
  Array load(Machine&, int b, const Windows& w, const Array* mask, const Array* other, const Eqn&) override {
    Array out = generic_load(read(b), w, mask, other);
    note(b, w, false);
    return out;
  }
  Array store(Machine&, int b, const Windows& w, const Array& value, const Array* mask, const Eqn&) override {
    Array old = generic_store(write(b), w, value, mask);
    note(b, w, true);
    return old;
  }
  bool fuses_elementwise() const override { return true; }
  std::byte* store_target(Machine&, int b, const Windows& w, const ir::AVal& value, const Eqn&) override {
    const int64_t n = array::num_elements(value.shape);
    std::byte* out = nullptr;
    if (is_block(b)) {
      const size_t j = static_cast<size_t>(b - first_block_);
      const BlockMapping& m = mapping(j);
      if (covers_whole(m.ref_shape, w) && value.dtype == m.array.dtype && n == array::num_elements(m.ref_shape))
        out = blocks_.direct_write(j);
    } else {
      Array& buf = buffers_[static_cast<size_t>(b)];
      if (covers_whole(buf.shape(), w) && value.dtype == buf.dtype() && n == buf.size()) {
        if (!buf.uniquely_owned()) buf = Array::uninitialized(buf.dtype(), buf.shape());  // overwritten whole
        out = buf.mutable_raw();
      }
    }
    if (out) note(b, w, true);
    return out;
  }
  int allocate_scoped(Machine&, const ir::AVal& aval, const Eqn& eqn) override {
    if (!eqn.params.text.empty()) raise_here(ErrorId::run_scoped_collective);
    return new_buffer(aval);
  }
  void release_scoped(Machine&, int b) override {
    if (b == static_cast<int>(buffers_.size()) - 1) buffers_.pop_back();
  }
  Status semaphore_signal(Machine&, const Eqn&, int sem, const Windows& w, int64_t inc, const int64_t* device,
                          const int64_t* core) override {
    if (device) raise_here(ErrorId::remote_signal_generic);
    if (core) raise_here(ErrorId::multiple_cores_generic);
    add_to_semaphore(sem, w, inc);
    return Status::Done;
  }
  Status semaphore_wait(Machine&, const Eqn&, int sem, const Windows& w, int64_t value, bool decrement) override {
    if (decrement) add_to_semaphore(sem, w, -value);  // never blocks; may go negative (SEMANTICS 3.8)
    return Status::Done;
  }
  Array semaphore_read(Machine&, const Eqn&, int sem, const Windows& w) override {
    return array::convert(generic_get(read(sem), w), array::DType::Int32);
  }
  Status dma_start(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) override {
    const auto& c = eqn.params.counts;
    if (c.size() > 5 && c[5]) {
      if (!exchange_ || !mesh_ || mesh_->names.size() != 1) raise_here(ErrorId::remote_dma_generic);
      return remote_dma_start(m, eqn, in);
    }
    size_t at = 0;
    Windows src_w;
    TransformTail src_tail;  // a source read through ref.reshape / ref.bitcast (transform_array)
    split_levels(eqn, at, static_cast<size_t>(c[0]), m.windows(eqn, at, static_cast<size_t>(c[0]), in), src_w, src_tail);
    at += static_cast<size_t>(c[0]);
    Windows dst_w = m.windows(eqn, at, static_cast<size_t>(c[1]), in);
    at += static_cast<size_t>(c[1]);
    Windows sem_w = m.windows(eqn, at, static_cast<size_t>(c[2]), in);
    Array data = generic_get(read(in[0].buffer), src_w);
    if (!src_tail.empty()) data = apply_tail(data, src_tail);
    note(in[0].buffer, src_w, false);
    generic_set(write(in[1].buffer), dst_w, data);
    note(in[1].buffer, dst_w, true);
    // Generic mode counts elements, capped at the int16 maximum.
    add_to_semaphore(in[2].buffer, sem_w, std::min<int64_t>(data.size(), 32767));
    return Status::Done;
  }
  Status dma_wait(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) override {
    const auto& c = eqn.params.counts;
    Windows sem_w = m.windows(eqn, 0, static_cast<size_t>(c[0]), in);
    Windows ref_w;
    TransformTail tail;
    split_levels(eqn, static_cast<size_t>(c[0]), static_cast<size_t>(c[1]),
                 m.windows(eqn, static_cast<size_t>(c[0]), static_cast<size_t>(c[1]), in), ref_w, tail);
    Array sized = generic_get(read(in[1].buffer), ref_w);
    int64_t n = tail.empty() ? sized.size() : apply_tail(sized, tail).size();
    add_to_semaphore(in[0].buffer, sem_w, -std::min<int64_t>(n, 32767));
    return Status::Done;
  }
  // The discharged kernel keeps get_barrier_semaphore, which XLA on CPU cannot lower.
  int barrier_semaphore(Machine&, const Eqn&) override {
    raise_here(ErrorId::mlir_translation_rule_missing, "get_barrier_semaphore", "cpu");
  }
  int64_t program_id(Machine&, int64_t axis) override { return point_[static_cast<size_t>(axis)]; }
  int64_t num_programs(Machine&, int64_t axis) override { return call_.grid[static_cast<size_t>(axis)].size; }
  int64_t axis_index(Machine&, const Eqn& eqn) override {
    if (eqn.params.n >= 0) return point_[static_cast<size_t>(eqn.params.n)];
    // A mesh axis of the enclosing shard_map: this device's coordinate.
    int a = mesh_ ? mesh_->axis(eqn.params.text) : -1;
    if (a < 0) raise(ErrorId::unbound_axis_name, eqn.source, eqn.params.text);
    return mesh_->coords(device_)[static_cast<size_t>(a)];
  }
  void debug_check(Machine&, const Eqn& eqn, const Array& cond) override {
    // A no-op unless the call runs under checkify (SEMANTICS 6.3).
    pallas::CheckifyState& state = pallas::checkify_state(host_);
    if (state.depth > 0 && !state.failure && !cond.get_bool(0)) state.failure = pallas::failed_check_text(eqn.params.text);
  }
  void debug_print(Machine&, const Eqn& eqn, const std::vector<Array>& args) override {
    run_debug_print(host_, eqn.params.text, args);
  }
  // The generic interpreter hands the kernel to XLA on CPU, which has no
  // lowering for the TPU's hardware generator.
  void prng_seed(Machine&, const Eqn&, const std::vector<Array>&) override {
    raise_here(ErrorId::mlir_translation_rule_missing, "prng_seed", "cpu");
  }
  std::vector<Array> prng_random_bits(Machine&, const Eqn&) override {
    raise_here(ErrorId::mlir_translation_rule_missing, "prng_random_bits", "cpu");
  }

 private:
  int new_buffer(const ir::AVal& aval) {
    array::DType dtype = aval.semaphore != ir::SemaphoreKind::None ? array::DType::Int16 : aval.dtype;
    buffers_.push_back(Array::full(dtype, aval.shape, generic_uninitialized(dtype)));
    return static_cast<int>(buffers_.size()) - 1;
  }
  void add_to_semaphore(int sem, const Windows& w, int64_t delta) {
    Array& buf = write(sem);
    Array cur = generic_get(buf, w);
    Array inc = Array::scalar_int(array::DType::Int16, static_cast<int16_t>(delta));
    generic_set(buf, w, array::binary(array::BinaryOp::Add, cur, inc));
  }
  // Block operands live in blocks_ (see interpret_blocks.h); every other
  // buffer (prefetch, scratch, run_scoped) in buffers_.
  bool is_block(int b) const { return b >= first_block_ && b < first_block_ + static_cast<int>(blocks_.size()); }
  Array& read(int b) {
    if (is_block(b)) return blocks_.read(static_cast<size_t>(b - first_block_));
    return buffers_[static_cast<size_t>(b)];
  }
  Array& write(int b) {
    if (is_block(b)) return blocks_.write(static_cast<size_t>(b - first_block_));
    return buffers_[static_cast<size_t>(b)];
  }
  // `ref[...] = value` over a whole block the kernel has not read this step.
  bool overwrite_block(int b, const Windows& w, const Array& value) {
    if (!is_block(b)) return false;
    const BlockMapping& m = mapping(static_cast<size_t>(b - first_block_));
    return covers_whole(m.ref_shape, w) && blocks_.overwrite(static_cast<size_t>(b - first_block_), value);
  }

  // Record the box a kernel access touched, in array coordinates.
  void note(int b, const Windows& w, bool is_write) {
    if (!step_event_ || !is_block(b)) return;
    size_t j = static_cast<size_t>(b - first_block_);
    auto r = resolve_region(read(b).shape(), w, true);
    if (!r) return;
    const BlockMapping& m = mapping(j);
    OperandStep& os = step_event_->operands[j];
    Box box = r->box();
    Box out;
    size_t k = 0;
    for (size_t d = 0; d < m.dims.size(); ++d) {
      int64_t base = os.landed[d] - pads_[j].lo[d];
      if (m.dims[d].kind == pallas::BlockDimKind::Squeezed) {
        out.start.push_back(base);
        out.size.push_back(1);
      } else {
        out.start.push_back(base + box.start[k]);
        out.size.push_back(box.size[k]);
        ++k;
      }
    }
    (is_write ? os.writes : os.reads).push_back(std::move(out));
  }
  const BlockMapping& mapping(size_t j) const {
    return j < call_.inputs.size() ? call_.inputs[j] : call_.outputs[j - call_.inputs.size()];
  }

  // Deposit this device's part of the rendezvous once, then wait until
  // every device has; then take the contribution aimed here.
  Status remote_dma_start(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) {
    const auto& c = eqn.params.counts;
    size_t n0 = static_cast<size_t>(c[0]), n1 = static_cast<size_t>(c[1]), n2 = static_cast<size_t>(c[2]);
    size_t n3 = static_cast<size_t>(c[3]);
    auto& round = exchange_->rounds[round_];
    round.resize(static_cast<size_t>(exchange_->devices));
    Windows src_w = m.windows(eqn, 0, n0, in);
    if (!round[static_cast<size_t>(device_)]) {
      RemoteDeposit d;
      d.target = in[4].array.get_int(0);
      d.data = generic_get(read(in[0].buffer), src_w);
      d.dst = m.windows(eqn, n0, n1, in);
      note(in[0].buffer, src_w, false);
      round[static_cast<size_t>(device_)] = std::move(d);
      ++exchange_->activity;
    }
    if (!exchange_->complete(round_)) return Status::Blocked;
    size_t from = 0;
    for (size_t s = 0; s < round.size(); ++s)
      if (round[s]->target == device_) {
        from = s;
        break;
      }
    const RemoteDeposit& got = *round[from];
    generic_set(write(in[1].buffer), got.dst, got.data);
    note(in[1].buffer, got.dst, true);
    // Generic mode counts elements, capped at the int16 maximum.
    add_to_semaphore(in[2].buffer, m.windows(eqn, n0 + n1, n2, in), std::min<int64_t>(got.data.size(), 32767));
    int64_t sent = round[static_cast<size_t>(device_)]->data.size();
    add_to_semaphore(in[3].buffer, m.windows(eqn, n0 + n1 + n2, n3, in), std::min<int64_t>(sent, 32767));
    ++round_;
    return Status::Done;
  }

  const PallasCall& call_;
  python::Interpreter& host_;
  CallRecord* record_;
  const pallas::DeviceMesh* mesh_;
  int64_t device_;
  RemoteExchange* exchange_;
  int64_t round_ = 0;  // remote DMAs this device has completed
  // The grid loop's state between resume() calls.
  std::vector<Array> operands_;
  std::vector<int64_t> grid_;
  int64_t total_ = 0, it_ = 0;
  bool in_body_ = false, recording_ = false;
  StepEvent ev_;
  std::unique_ptr<Machine> machine_;
  std::vector<std::unique_ptr<Machine>> index_machines_;
  std::vector<RValue> args_;
  std::vector<int> prefetch_buffers_;
  std::vector<Array> buffers_;
  std::vector<int64_t> point_;
  std::vector<Padding> pads_;
  CarriedBlocks blocks_;  // padded inputs, then outputs (aliased input or NaN)
  int first_block_ = 0;
  StepEvent* step_event_ = nullptr;
};

void InterpretRung::start(const std::vector<Array>& operands) {
  operands_ = operands;
  const size_t np = call_.prefetch.size(), ni = call_.inputs.size(), no = call_.outputs.size();
  // Carried arrays: padded inputs, then outputs (aliased input or NaN).
  for (size_t j = 0; j < ni + no; ++j) {
    const BlockMapping& m = mapping(j);
    pads_.push_back(block_padding(m));
    if (j >= ni) {
      size_t o = j - ni;
      bool has_element_pad = false;
      for (const auto& d : m.dims) has_element_pad = has_element_pad || d.pad_lo || d.pad_hi;
      const Array* aliased = nullptr;
      for (const auto& [i, out] : call_.aliases)
        if (static_cast<size_t>(out) == o) {
          if (has_element_pad) raise_here(ErrorId::element_padding_aliasing);
          aliased = &operands[static_cast<size_t>(i)];
        }
      // _initialize_output_vals: uninitialized_value of a semaphore dtype
      // is jnp.full(shape, 0, dma_sem), which has no rule for it.
      if (!aliased && m.array.semaphore != ir::SemaphoreKind::None) raise(ErrorId::semaphore_output_interpret, call_.where);
      const array::Scalar nan = generic_uninitialized(m.array.dtype);
      if (aliased) blocks_.add(m, pad_array(*aliased, pads_[j], nan));
      else blocks_.add(m, Array::uninitialized(m.array.dtype, pads_[j].padded), /*lazy=*/true, nan);  // NaN, padding included
    } else {
      blocks_.add(m, pad_array(operands[np + j], pads_[j], generic_uninitialized(m.array.dtype)));
    }
  }
  // Buffers the kernel sees: prefetch, one block per operand, scratch.
  for (size_t i = 0; i < np; ++i) {
    buffers_.push_back(operands[i]);
    prefetch_buffers_.push_back(static_cast<int>(i));
  }
  first_block_ = static_cast<int>(buffers_.size());
  for (size_t j = 0; j < ni + no; ++j) buffers_.push_back(Array());
  for (const ir::AVal& s : call_.scratch) new_buffer(s);
  const size_t fixed_buffers = buffers_.size();

  grid_ = call_.grid_sizes();
  total_ = call_.num_iterations();
  point_.assign(grid_.size(), 0);
  machine_ = std::make_unique<Machine>(*this, host_);
  machine_->grid_axis_offset = call_.num_vmapped_dims;
  // Reused every step, so a step allocates nothing of its own.
  for (size_t j = 0; j < ni + no; ++j) index_machines_.push_back(std::make_unique<Machine>(*this, host_));
  for (size_t b = 0; b < fixed_buffers; ++b) args_.push_back(RValue::ref(static_cast<int>(b)));
}

Status InterpretRung::resume() {
  const size_t np = call_.prefetch.size(), ni = call_.inputs.size(), no = call_.outputs.size();
  std::vector<int64_t> bi, start, landed;
  for (; it_ < total_; ++it_) {
    if (!in_body_) {
      ev_ = StepEvent();
      recording_ = record_ && pallas::run_mode_traces(host_) && record_->steps.size() < call_log(host_).max_steps_recorded;
      if (record_ && pallas::run_mode_traces(host_) && !recording_) record_->truncated = true;
      if (recording_) {
        ev_.step = it_;
        ev_.point = point_;
        ev_.stdout_offset = host_.stdout_text().size();
      }
      for (size_t i = 0; i < np; ++i) buffers_[i] = operands_[i];  // prefetch writes never persist
      for (size_t j = 0; j < ni + no; ++j) {
        const BlockMapping& m = mapping(j);
        eval_index_map(m, point_, prefetch_buffers_, *index_machines_[j], bi);
        block_start(m, bi, start);
        clamp_starts(start, pads_[j].padded, m.block_shape, landed);
        blocks_.move_to(j, landed);
        if (recording_) {
          OperandStep os;
          os.operand = static_cast<int>(j);
          os.block_index = bi;
          os.clamped = start != landed;
          os.start = start;
          os.landed = landed;
          ev_.operands.push_back(std::move(os));
        }
      }
      machine_->start(*call_.kernel, args_);
      in_body_ = true;
    }
    step_event_ = recording_ ? &ev_ : nullptr;
    Status s = machine_->run();
    step_event_ = nullptr;
    if (s == Status::Blocked) return s;
    in_body_ = false;
    blocks_.write_back();  // every written block, inputs included (SEMANTICS 3.4)
    if (recording_) record_->steps.push_back(std::move(ev_));
    for (size_t d = grid_.size(); d-- > 0;) {  // next point: last axis fastest
      if (++point_[d] < grid_[d]) break;
      point_[d] = 0;
    }
  }
  return Status::Done;
}

std::vector<Array> InterpretRung::outputs() {
  const size_t ni = call_.inputs.size(), no = call_.outputs.size();
  std::vector<Array> outs;
  for (size_t o = 0; o < no; ++o) outs.push_back(unpad_array(blocks_.take(ni + o), pads_[ni + o], call_.outputs[o].array.shape));
  return outs;
}

// One device's rung as the scheduler sees it.
class DeviceRun : public SchedulableCore {
 public:
  explicit DeviceRun(InterpretRung& rung) : rung_(rung) {}
  Status resume() override { return rung_.resume(); }
  bool finished() const override { return rung_.finished(); }

 private:
  InterpretRung& rung_;
};

}  // namespace

std::vector<Array> run_interpret_rung(const PallasCall& call, const std::vector<Array>& operands,
                                      python::Interpreter& host, CallRecord* record) {
  check_generic_dma_sizes(*call.kernel);
  if (call.debug) {  // SEMANTICS 3.12: the discharged (pure) kernel jaxpr
    ir::Discharged pure = ir::discharge_state(*call.kernel);
    host.write_stdout("\nJaxpr of the kernel in pallas_call " + call.fn_src + ":\n" + ir::print_jaxpr(*pure.jaxpr) + "\n");
  }
  InterpretRung rung(call, host, record);
  rung.start(operands);
  rung.resume();  // never blocks: one device has no remote DMA partners
  return rung.outputs();
}

std::vector<std::vector<Array>> run_interpret_rung(const PallasCall& call, const std::vector<std::vector<Array>>& operands,
                                                   const pallas::DeviceMesh* mesh, python::Interpreter& host,
                                                   CallRecord* record) {
  if (!mesh) return {run_interpret_rung(call, operands[0], host, record)};
  check_generic_dma_sizes(*call.kernel);
  if (call.debug) {
    ir::Discharged pure = ir::discharge_state(*call.kernel);
    host.write_stdout("\nJaxpr of the kernel in pallas_call " + call.fn_src + ":\n" + ir::print_jaxpr(*pure.jaxpr) + "\n");
  }
  // Each device runs the discharged kernel on its own operands; remote DMAs
  // make them meet (RemoteExchange), so they take turns on one thread.
  RemoteExchange exchange;
  exchange.devices = static_cast<int64_t>(operands.size());
  std::vector<std::unique_ptr<InterpretRung>> rungs;
  std::vector<std::unique_ptr<DeviceRun>> runs;
  std::vector<SchedulableCore*> ptrs;
  for (size_t d = 0; d < operands.size(); ++d) {
    rungs.push_back(std::make_unique<InterpretRung>(call, host, d == 0 ? record : nullptr, mesh, static_cast<int64_t>(d),
                                                    &exchange));
    rungs.back()->start(operands[d]);
    runs.push_back(std::make_unique<DeviceRun>(*rungs.back()));
    ptrs.push_back(runs.back().get());
  }
  ScheduleOptions opts;
  opts.activity = [&exchange] { return exchange.activity; };
  opts.deadlock = [&] {
    std::string waiting, done;
    SourceRange where = call.where;  // the remote DMA the first waiting device is stuck at
    for (const auto& r : rungs) {
      std::string& list = r->finished() ? done : waiting;
      list += (list.empty() ? "" : ", ") + std::to_string(r->device());
      if (!r->finished() && waiting.find(',') == std::string::npos && r->current_eqn()) where = r->current_eqn()->source;
    }
    std::string why = "device(s) " + waiting + " wait at their remote DMA number " +
                      std::to_string(rungs[0]->finished() ? rungs.back()->round() : rungs[0]->round()) +
                      (done.empty() ? std::string(" that the others never start")
                                    : " while device(s) " + done + " finished without starting it");
    raise(ErrorId::generic_remote_dma_mismatch, where, why);
  };
  run_cores(ptrs, opts);
  std::vector<std::vector<Array>> outs;
  for (auto& r : rungs) outs.push_back(r->outputs());
  return outs;
}

}  // namespace rungs::exec
