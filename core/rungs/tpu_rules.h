// Rung 2's rule table: what each state, grid and effect primitive does on
// one simulated core (SEMANTICS 4.5). The one interpreter loop (machine.h)
// calls these; every memory access goes to TpuShared with "core c is
// asking", so bounds checks, clocks and race checks happen in one place.
//
// Kernel refs are small integer handles (RValue::buffer) into a table of
// TpuRefs, as JAX passes int16 buffer and semaphore ids around in place of
// refs: a handle names a buffer id in a memory space (each core resolving
// it to its own copy unless it lives in HBM) or a block of semaphore ids.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/pallas/device_mesh.h"
#include "core/pallas/pallas_call.h"
#include "core/rungs/hardware_prng.h"
#include "core/rungs/machine.h"
#include "core/rungs/tpu_shared.h"

namespace rungs::exec {

// What a kernel-visible handle stands for.
struct TpuRef {
  bool semaphore = false;
  Space space = Space::Vmem;
  int64_t id = 0;           // buffer id, or the first semaphore id
  int core = -1;            // -1: each core its own copy; >= 0: that core's (run_scoped)
  array::Shape shape;       // the kernel ref's shape (semaphores: the array of them)
  array::DType dtype = array::DType::Float32;
  int operand = -1;         // in/out block buffer of operand j (trace boxes)
};

// The per-call tables every core's rules share.
struct TpuContext {
  const pallas::PallasCall& call;
  TpuShared& shared;
  std::vector<TpuRef> refs;
  // Under jax.shard_map: the mesh whose devices run the kernel (nullptr: one device).
  const pallas::DeviceMesh* mesh = nullptr;
  // Per operand (inputs then outputs): how its block dims map to the array.
  std::vector<const pallas::BlockMapping*> mappings;

  int add_ref(TpuRef r) {
    refs.push_back(std::move(r));
    return static_cast<int>(refs.size()) - 1;
  }
  BufferKey key(int handle, int core) const;
};

// Where a core is in its grid loop (read by program_id, events, boxes).
struct CoreState {
  int core = 0;
  std::vector<int64_t> point;                 // grid point the kernel sees (permuted)
  int64_t step = -1;                          // flat iteration index
  std::vector<std::vector<int64_t>> starts;   // per operand: element start of the current window
  StepEvent* step_event = nullptr;            // when recording this step
  // A wait that could not be satisfied yet (for retries and deadlock reports).
  bool waiting = false;
  int64_t wait_semaphore = 0, wait_value = 0;
  const ir::Eqn* wait_eqn = nullptr;
  bool progressed = false;                    // did anything happen since the scheduler last looked
  HardwarePrng prng;                          // the chip model's generator (policy.hardware_prng)
};

class CoreRules : public Rules {
 public:
  CoreRules(TpuContext& ctx, int core);
  CoreState state;

  const char* rung_name() const override;
  Array get(Machine& m, int buffer, const Windows& w, const Eqn& eqn) override;
  Array swap(Machine& m, int buffer, const Windows& w, const Array& value, const Eqn& eqn) override;
  Array load(Machine& m, int buffer, const Windows& w, const Array* mask, const Array* other, const Eqn& eqn) override;
  Array store(Machine& m, int buffer, const Windows& w, const Array& value, const Array* mask, const Eqn& eqn) override;
  int allocate_scoped(Machine& m, const ir::AVal& aval, const Eqn& eqn) override;
  void release_scoped(Machine& m, int buffer) override;
  Status semaphore_signal(Machine& m, const Eqn& eqn, int sem, const Windows& w, int64_t inc, const int64_t* device,
                          const int64_t* core) override;
  Status semaphore_wait(Machine& m, const Eqn& eqn, int sem, const Windows& w, int64_t value, bool decrement) override;
  Array semaphore_read(Machine& m, const Eqn& eqn, int sem, const Windows& w) override;
  Status dma_start(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) override;
  Status dma_wait(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) override;
  int barrier_semaphore(Machine& m, const Eqn& eqn) override;
  int64_t program_id(Machine& m, int64_t axis) override;
  int64_t num_programs(Machine& m, int64_t axis) override;
  int64_t axis_index(Machine& m, const Eqn& eqn) override;
  void debug_print(Machine& m, const Eqn& eqn, const std::vector<Array>& args) override;
  void debug_check(Machine& m, const Eqn& eqn, const Array& cond) override;
  std::vector<Array> apply_pure(Machine& m, const Eqn& eqn, std::vector<Array>& in) override;
  bool fuses_elementwise() const override;
  void prng_seed(Machine& m, const Eqn& eqn, const std::vector<Array>& seeds) override;
  // TPU interpret mode's to_range reads `.indices` of every transform: a
  // reshape/bitcast level is its AttributeError. The chip model allows them.
  void ref_transforms(Machine& m, const Eqn& eqn) override;
  std::vector<Array> prng_random_bits(Machine& m, const Eqn& eqn) override;

  // The accessor for an equation of this core (frame text only with races on).
  Accessor accessor(const Eqn* eqn) const;

 private:
  void refuse_interpret_transforms(const Eqn& eqn, size_t first, size_t count) const;
  const TpuRef& buffer_ref(int handle, const char* prim, const Eqn& eqn) const;
  Range range_of(const Windows& w, const Eqn& eqn) const;
  // The id a semaphore view names; levels [first, first + count) of the
  // equation's indexers are the view's (for a view through ref.reshape,
  // JAX's transform_array of the array of ids).
  int64_t semaphore_id(int handle, const Windows& w, const Eqn& eqn, size_t first = 0,
                       size_t count = SIZE_MAX) const;
  Status wait_for(int64_t sem, int64_t value, const Eqn& eqn);
  int64_t device_coordinate(const std::string& axis, const Eqn& eqn) const;
  // A remote device id checked against the devices running the kernel.
  int checked_device(int64_t device, const char* what, const Eqn& eqn) const;
  void note(int handle, const Range& r, bool write);
  Array float_placeholder(Array v) const;

  TpuContext& ctx_;
  std::vector<std::pair<int64_t, int>> barrier_refs_;  // collective id -> handle
};

// "kernel.py:12:4 (kernel)": JAX's source_info_util.summarize of the user
// frame (0-based column; the kernel's name stands in for the function).
std::string frame_text(const std::string& filename, const SourceRange& where, const std::string& function);

}  // namespace rungs::exec
