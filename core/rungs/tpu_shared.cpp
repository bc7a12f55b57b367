#include "core/rungs/tpu_shared.h"

#include <algorithm>

#include "core/array/ops.h"
#include "core/errors/error.h"
#include "core/pallas/mode.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

// ---------------------------------------------------------------- record sink

RecordSink::RecordSink(python::Interpreter& host, CallRecord* record) : host_(host) {
  CallLog& log = call_log(host);
  if (record && !log.calls.empty() && record >= log.calls.data() && record < log.calls.data() + log.calls.size())
    index_ = static_cast<size_t>(record - log.calls.data());
  tracing_ = index_.has_value() && pallas::run_mode_traces(host);
  max_steps_ = log.max_steps_recorded;
}

CallRecord* RecordSink::get() const {
  if (!index_) return nullptr;
  CallLog& log = call_log(host_);
  return *index_ < log.calls.size() ? &log.calls[*index_] : nullptr;
}

void RecordSink::event(Event e) {
  if (!tracing_) return;
  CallRecord* r = get();
  if (!r) return;
  // Memory events are bounded like steps: a few per step on average.
  if (r->events.size() >= 8 * max_steps_) {
    r->truncated = true;
    return;
  }
  r->events.push_back(std::move(e));
}

void RecordSink::step(StepEvent s) {
  if (!tracing_) return;
  CallRecord* r = get();
  if (!r) return;
  if (r->steps.size() >= max_steps_) {
    r->truncated = true;
    return;
  }
  r->steps.push_back(std::move(s));
}

void RecordSink::race(Race race) {
  CallRecord* r = get();
  if (r && r->races.size() < max_steps_) r->races.push_back(std::move(race));
}

// ---------------------------------------------------------------- state

TpuShared::TpuShared(const TpuPolicy& p, int devices, int cores_per_device_, int64_t clock_size_,
                     python::Interpreter& h, CallRecord* record)
    : policy(p),
      num_devices(devices),
      cores_per_device(cores_per_device_),
      num_cores(devices * cores_per_device_),
      clock_size(clock_size_),
      host(h),
      sink(h, record),
      semaphores(devices * cores_per_device_),
      clocks(static_cast<size_t>(devices * cores_per_device_), VectorClock(static_cast<size_t>(clock_size_))),
      slots(static_cast<uint64_t>(p.random_seed)) {}

array::Scalar TpuShared::fill(array::DType dtype) const {
  return policy.fill ? policy.fill(dtype) : tpu_uninitialized(dtype, policy.uninitialized_memory);
}

array::Array TpuShared::fresh(array::DType dtype, const array::Shape& shape, const FreshInfo& info) const {
  if (policy.fresh) return policy.fresh(dtype, shape, info);
  return array::Array::full(dtype, shape, fill(dtype));
}

BufferKey TpuShared::key_for(Space space, int64_t id, int core) const {
  return BufferKey{space, id, device_of(core), shared_across_cores(space) ? 0 : local_core(core)};
}

BufferKey TpuShared::allocate(Space space, int core, const array::Array& value, const std::string& role) {
  if (core >= 0) return allocate_cores(space, device_of(core), local_core(core), local_core(core), value, role);
  BufferKey key;
  for (int d = 0; d < num_devices; ++d) {
    BufferKey k = allocate_cores(space, d, 0, cores_per_device - 1, value, role);
    if (d == 0) key = k;
  }
  return key;  // device 0's (the others have the same id)
}

BufferKey TpuShared::allocate_on_device(Space space, int device, const array::Array& value, const std::string& role) {
  return allocate_cores(space, device, 0, cores_per_device - 1, value, role);
}

// Local cores first..last of `device`; a shared (HBM) buffer once for all.
BufferKey TpuShared::allocate_cores(Space space, int device, int first, int last, const array::Array& value,
                                    const std::string& role) {
  array::Shape logical = value.shape();
  array::Array content = value;
  if (policy.padded_bounds) {
    array::Shape padded = padded_content_shape(logical, value.dtype(), space);
    if (padded != logical) {
      content = fresh(value.dtype(), padded, FreshInfo{space_name(space), "padding", global_core(device, first), 0});
      put_low_corner(content, value);
    }
  }
  bool all = first == 0 && last == cores_per_device - 1;
  BufferKey key;
  for (int c = first; c <= last; ++c) {
    int64_t id = memory.next_buffer_id(device, c);
    BufferKey k = key_for(space, id, global_core(device, c));
    int refs = shared_across_cores(space) ? cores_per_device : 1;
    memory.allocate(k, content, logical, refs);
    if (c == first) key = k;
    Event e;
    e.kind = "alloc";
    e.core = global_core(device, c);
    e.fields["space"] = std::string(space_name(space));
    e.fields["buffer"] = id;
    e.fields["shape"] = logical;
    e.fields["role"] = role;
    sink.event(std::move(e));
    if (shared_across_cores(space) && all) {
      // The other cores' counters advance too, keeping ids in step.
      for (int o = c + 1; o <= last; ++o) memory.next_buffer_id(device, o);
      break;
    }
  }
  return key;
}

Buffer& TpuShared::buffer(const BufferKey& key, const char* what) {
  Buffer* b = memory.find(key);
  if (!b) raise_here(ErrorId::internal_error, std::string("Attempting to ") + what + " allocation with key " + key.str() +
                                                  " that is not a Buffer");
  return *b;
}

// ---------------------------------------------------------------- clocks

VectorClock TpuShared::tick(int core) {
  VectorClock& c = clocks[static_cast<size_t>(core)];
  c.inc(core);  // slot = global core id
  return c;
}

void TpuShared::sync_clocks() {
  if (!policy.detect_races || clocks.size() < 2) return;
  for (size_t i = 1; i < clocks.size(); ++i) clocks[0].update(clocks[i]);
  for (size_t i = 1; i < clocks.size(); ++i) clocks[i].update(clocks[0]);
}

void TpuShared::report(const std::optional<RaceDetector::Report>& r) {
  if (!r) return;
  host.write_stdout(r->text);
  for (const Race& race : r->races) sink.race(race);
}

// ---------------------------------------------------------------- get / store / swap

array::Array TpuShared::get(const BufferKey& key, const Range& r, const Accessor& who, const BlockCopy* block) {
  Buffer& b = buffer(key, "get contents of");
  ++activity;
  VectorClock clock;
  if (policy.detect_races) clock = tick(who.core);
  std::optional<array::Array> got = buffer_read(b, r);
  array::Shape full = read_shape(r, b.logical);
  if (!got || got->shape() != full) {
    if (policy.oob_reads == TpuPolicy::OutOfBounds::Raise) {
      std::string shape = array::shape_str(b.logical);
      if (block)
        raise(ErrorId::tpu_oob_block_input, who.site.source, int_tuple_str(block->block_indices), block->name,
              int_tuple_str(block->point), device_of(who.core), local_core(who.core), range_str(r), shape);
      raise(ErrorId::tpu_oob_read, who.site.source, device_of(who.core), local_core(who.core), space_name(key.space), key.id, range_str(r),
            shape);
    }
    array::Array whole = policy.oob_reads == TpuPolicy::OutOfBounds::Garbage
                             ? fresh(b.content.dtype(), full, FreshInfo{space_name(key.space), "oob", who.core, key.id})
                             : array::Array::full(b.content.dtype(), full, fill(b.content.dtype()));
    if (got) put_low_corner(whole, *got);
    got = std::move(whole);
  }
  if (policy.detect_races)
    report(races.check_read(who.thread, who.clock ? *who.clock : clock, key, r, who.site, b.logical));
  return std::move(*got);
}

void TpuShared::store(const BufferKey& key, const Range& r, const array::Array& value, const Accessor& who,
                      const BlockCopy* block) {
  Buffer& b = buffer(key, "store into");
  ++activity;
  VectorClock clock;
  if (policy.detect_races) clock = tick(who.core);
  if (!buffer_write(b, r, value)) {
    std::string shape = array::shape_str(b.logical);
    if (!block && !policy.oob_writes_raise) {
      buffer_write_in_bounds(b, r, value);  // the rest is dropped (chip model)
      return;
    }
    if (block) {
      if (!policy.oob_block_writes_raise) return;
      raise(ErrorId::tpu_oob_block_output, who.site.source, int_tuple_str(block->block_indices), block->name,
            int_tuple_str(block->point), device_of(who.core), local_core(who.core), range_str(r), shape);
    }
    raise(ErrorId::tpu_oob_write, who.site.source, device_of(who.core), local_core(who.core), space_name(key.space), key.id, range_str(r),
          shape);
  }
  if (policy.detect_races)
    report(races.check_write(who.thread, who.clock ? *who.clock : clock, key, r, who.site, b.logical));
}

namespace {
// The masked-swap bounds test as JAX writes it: for every dim's in-bounds
// extent k it clears rows k: of the *leading* axis only, so an enabled lane
// out of bounds along a later axis goes unnoticed (a quirk kept).
bool masked_lane_out_of_bounds(const array::Array& mask, const array::Shape& in_bounds) {
  if (mask.rank() == 0 || in_bounds.empty()) return false;
  int64_t k = *std::min_element(in_bounds.begin(), in_bounds.end());
  int64_t rows = mask.shape()[0];
  if (k >= rows) return false;
  int64_t per_row = rows == 0 ? 0 : mask.size() / rows;
  const uint8_t* m = mask.data<uint8_t>();
  for (int64_t i = k * per_row; i < mask.size(); ++i)
    if (m[i]) return true;
  return false;
}
}  // namespace

array::Array TpuShared::swap(const BufferKey& key, const Range& r, const array::Array& value, const array::Array* mask,
                             const Accessor& who) {
  Buffer& b = buffer(key, "swap into");
  ++activity;
  VectorClock clock;
  if (policy.detect_races) clock = tick(who.core);
  std::optional<array::Array> old = buffer_read(b, r);
  array::Array v = value.dtype() == b.content.dtype() ? value : array::convert(value, b.content.dtype());
  array::Array result;
  bool raise_oob = policy.oob_writes_raise;
  if (old && !mask && old->shape() != v.shape() && !raise_oob) {
    // Chip model: the in-bounds part is written, the rest dropped; the old
    // value past the end is garbage.
    buffer_write_in_bounds(b, r, v);
    result = fresh(v.dtype(), v.shape(), FreshInfo{space_name(key.space), "oob", who.core, key.id});
    put_low_corner(result, *old);
  } else if (old && !mask) {
    // JAX: `assert in_bounds_shape == value.shape` (no message) on a partly
    // out-of-bounds unmasked store.
    if (old->shape() != v.shape()) raise(ErrorId::tpu_partial_swap, who.site.source);
    buffer_write(b, r, v);
    result = std::move(*old);
  } else if (old) {
    array::Array m = mask->dtype() == array::DType::Bool ? *mask : array::convert(*mask, array::DType::Bool);
    if (raise_oob && masked_lane_out_of_bounds(m, old->shape())) {
      old.reset();
    } else {
      const array::Shape& ib = old->shape();
      array::Array m_ib = low_corner(m, ib), v_ib = low_corner(v, ib);
      buffer_write_in_bounds(b, r, array::select(m_ib, v_ib, *old));
      // The returned "old value": old data where the mask is on, `value`
      // elsewhere (and `value` outside the in-bounds corner).
      array::Array old_part = array::select(m_ib, *old, v_ib);
      if (v.shape() == ib) {
        result = std::move(old_part);
      } else {
        result = v;
        put_low_corner(result, old_part);
      }
    }
  }
  if (!old && !raise_oob) {  // entirely outside: dropped (chip model)
    result = fresh(v.dtype(), v.shape(), FreshInfo{space_name(key.space), "oob", who.core, key.id});
  } else if (!old) {
    std::string shape = array::shape_str(b.logical);
    if (mask)
      raise(ErrorId::tpu_oob_masked_swap, who.site.source, device_of(who.core), local_core(who.core), space_name(key.space), key.id,
            range_str(r), shape);
    raise(ErrorId::tpu_oob_swap, who.site.source, device_of(who.core), local_core(who.core), space_name(key.space), key.id, range_str(r),
          shape);
  }
  if (policy.detect_races)
    report(races.check_write(who.thread, who.clock ? *who.clock : clock, key, r, who.site, b.logical));
  return result;
}

}  // namespace rungs::exec
