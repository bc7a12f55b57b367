// The one interpreter loop over jaxpr equations, shared by every rung.
//
// A Machine walks a jaxpr with an explicit frame stack instead of C++
// recursion, so a simulated core can stop in the middle of a kernel (a
// semaphore wait that cannot be satisfied yet) and resume later where it
// left off; the rung-2 scheduler interleaves cores this way. Pure
// primitives run through core/ir's implementation rules; control flow is
// handled here; everything that touches memory, the grid or the outside
// world goes through the rung's Rules (its "rule table").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/ir/jaxpr.h"
#include "core/rungs/fusion.h"

namespace rungs::python {
class Interpreter;
}

namespace rungs::exec {

using array::Array;
using ir::Eqn;
using ir::Jaxpr;

// A runtime value: an array, or a handle to a buffer of the rung's memory.
struct RValue {
  Array array = Array::placeholder();
  int buffer = -1;  // >= 0 for refs
  bool is_ref() const { return buffer >= 0; }
  static RValue of(Array a) { RValue v; v.array = std::move(a); return v; }
  static RValue ref(int b) { RValue v; v.buffer = b; return v; }
  // Drop the value without allocating (the slot becomes a placeholder).
  void clear() {
    array = Array::placeholder();
    buffer = -1;
  }
};

// One level of a ref view with its dynamic parts evaluated.
struct WindowDim {
  ir::DimIndex::Kind kind = ir::DimIndex::Kind::Slice;
  int64_t start = 0;   // Slice start / Index value
  int64_t size = 0;    // Slice size
  int64_t stride = 1;
  Array indices;       // Array kind
};
using Window = std::vector<WindowDim>;
using Windows = std::vector<Window>;  // ref.at[...] levels, outermost first

enum class Status : uint8_t { Done, Blocked };

class Machine;

// What a rung decides. Every state/grid/effect primitive goes through here.
class Rules {
 public:
  virtual ~Rules() = default;
  virtual const char* rung_name() const = 0;
  // Memory. `eqn` gives the source position for errors and events.
  virtual Array get(Machine& m, int buffer, const Windows& w, const Eqn& eqn) = 0;
  virtual Array swap(Machine& m, int buffer, const Windows& w, const Array& value, const Eqn& eqn) = 0;
  // A swap whose old value nobody reads (`ref[...] = x`); a rung may skip
  // reading it. The default is swap().
  virtual void set(Machine& m, int buffer, const Windows& w, const Array& value, const Eqn& eqn);
  virtual void addupdate(Machine& m, int buffer, const Windows& w, const Array& value, const Eqn& eqn);
  virtual Array load(Machine& m, int buffer, const Windows& w, const Array* mask, const Array* other,
                     const Eqn& eqn) = 0;
  virtual Array store(Machine& m, int buffer, const Windows& w, const Array& value, const Array* mask,
                      const Eqn& eqn) = 0;
  // run_scoped allocations (returns a buffer handle) and release.
  virtual int allocate_scoped(Machine& m, const ir::AVal& aval, const Eqn& eqn) = 0;
  virtual void release_scoped(Machine& m, int buffer) = 0;
  // Semaphores and DMAs. Waits may return Status::Blocked (rung 2).
  virtual Status semaphore_signal(Machine& m, const Eqn& eqn, int sem, const Windows& w, int64_t inc,
                                  const int64_t* device, const int64_t* core) = 0;
  virtual Status semaphore_wait(Machine& m, const Eqn& eqn, int sem, const Windows& w, int64_t value,
                                bool decrement) = 0;
  virtual Array semaphore_read(Machine& m, const Eqn& eqn, int sem, const Windows& w) = 0;
  virtual Status dma_start(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) = 0;
  virtual Status dma_wait(Machine& m, const Eqn& eqn, const std::vector<RValue>& in) = 0;
  virtual int barrier_semaphore(Machine& m, const Eqn& eqn) = 0;
  // Grid position.
  virtual int64_t program_id(Machine& m, int64_t axis) = 0;
  virtual int64_t num_programs(Machine& m, int64_t axis) = 0;
  virtual int64_t axis_index(Machine& m, const Eqn& eqn) = 0;
  // Effects.
  virtual void debug_print(Machine& m, const Eqn& eqn, const std::vector<Array>& args) = 0;
  virtual void debug_check(Machine& m, const Eqn& eqn, const Array& cond);
  // Pure primitives (hook for skip_floating_point_ops and the chip model's
  // bf16 matmul); the default runs core/ir's implementation. `in` holds the
  // operands, those at their last use moved in: an implementation may
  // consume them (the default does, to compute in place).
  virtual std::vector<Array> apply_pure(Machine& m, const Eqn& eqn, std::vector<Array>& in);
  // Whether runs of elementwise equations may run fused (core/rungs/fusion.h):
  // only when apply_pure computes each element on its own.
  virtual bool fuses_elementwise() const { return false; }
  // Memory a whole-ref store `ref[...] = value` may be written into directly
  // (row-major, value's dtype and size), noted as that store; nullptr when the
  // rung has none (the store then runs as a swap). Valid until the next call.
  virtual std::byte* store_target(Machine& m, int buffer, const Windows& w, const ir::AVal& value, const Eqn& eqn);
  // pltpu.prng_seed / prng_random_bits: the default is JAX's TPU
  // interpreter (the seed is ignored, the bits are zeros).
  virtual void prng_seed(Machine& m, const Eqn& eqn, const std::vector<Array>& seeds);
  // A get/swap/load/store through ref.reshape / ref.bitcast levels, about to
  // run (the Machine reads the view before them and applies the rest to the
  // value): a rung whose JAX interpreter has no rule for them refuses here.
  virtual void ref_transforms(Machine& m, const Eqn& eqn);
  virtual std::vector<Array> prng_random_bits(Machine& m, const Eqn& eqn);
};

// Step budget and interrupt checks come from the host interpreter.
class Machine {
 public:
  Machine(Rules& rules, python::Interpreter& host);

  // Start running `jaxpr` with these invar values (from scratch).
  void start(const Jaxpr& jaxpr, const std::vector<RValue>& args);
  // Run until the jaxpr finishes or a rule reports Blocked.
  Status run();
  bool finished() const { return frames_.empty(); }
  std::vector<RValue>& results() { return results_; }

  // The equation being executed (for errors and events).
  const Eqn* current_eqn() const;
  // The jaxpr that equation belongs to (its vars give output avals; rung 2's
  // skip_floating_point_ops needs them without running the equation).
  const Jaxpr* current_jaxpr() const { return frames_.empty() ? nullptr : frames_.back().jaxpr; }
  python::Interpreter& host() { return host_; }
  Rules& rules() { return rules_; }
  int core = 0;        // which simulated core runs this machine
  // Grid axes vmap prepended (PallasCall::num_vmapped_dims): the kernel's
  // program_id(i) / num_programs(i) read axis i + this.
  int grid_axis_offset = 0;
  int64_t steps = 0;   // equations executed (for budgets and benchmarks)

  // Evaluate the dynamic parts of an equation's indexers.
  Windows windows(const Eqn& eqn, size_t first, size_t count, const std::vector<RValue>& in) const;

 private:
  enum class FrameKind : uint8_t { Top, Branch, WhileCond, WhileBody, ScanBody, RunScoped, Call };
  // What the loop precomputes once per jaxpr (a kernel body runs once per
  // grid step, so this is reused across steps): which variables are ever
  // read, and at which equation each variable is read for the last time.
  struct Plan {
    std::vector<bool> used;         // by var: read by some equation or an outvar
    std::vector<uint64_t> dying;    // by eqn: bit i = input i is its var's last read
    // by eqn: the windows of a ref access whose indexers are all static
    // (most kernel accesses), evaluated once; `has_static` says which.
    std::vector<Windows> static_windows;
    std::vector<bool> has_static;
    std::vector<FusedGroup> groups;  // elementwise runs (fusion.h)
    std::vector<int> group_at;       // by eqn: the group starting there, or -1
  };
  struct Frame {
    const Jaxpr* jaxpr = nullptr;
    const Plan* plan = nullptr;
    size_t pc = 0;
    std::vector<RValue> env;
    FrameKind kind = FrameKind::Top;
    const Eqn* eqn = nullptr;          // the parent equation (not Top)
    std::vector<RValue> eqn_inputs;    // its evaluated inputs (while/scan consts)
    std::vector<RValue> carry;         // while loop state
    std::vector<RValue> stacked;       // scan: the ys, one row written per step
    int64_t iteration = 0;
    std::vector<int> scoped;           // run_scoped buffers to release
  };

  void push(const Jaxpr& jaxpr, const std::vector<RValue>& args, FrameKind kind, const Eqn* eqn);
  void finish_frame();
  void finish_frame(Frame& done);  // hand a finished frame's outputs to its parent
  void recycle(Frame&& f);
  // Run a fused group (fusion.cpp); false if its operands are not as planned.
  bool run_fused(Frame& f, const FusedGroup& g);
  Status step(Frame& f, const Eqn& eqn);
  // A get/swap/load/store/addupdate through ref.reshape / ref.bitcast levels
  // (ref_transforms.h): the rung accesses the view before the first of them.
  void transformed_access(Frame& f, const Eqn& eqn, const std::vector<RValue>& in);
  void start_control(const Eqn& eqn, std::vector<RValue> in);
  void write_outputs(Frame& parent, const Eqn& eqn, std::vector<RValue> values);
  RValue read(const Frame& f, const ir::Atom& a) const;
  const Plan& plan_of(const Jaxpr& jaxpr);
  // All of an equation's windows: the plan's precomputed ones, or `scratch_`.
  const Windows& all_windows(const Frame& f, const Eqn& eqn, const std::vector<RValue>& in);

  Rules& rules_;
  std::unordered_map<const Jaxpr*, Plan> plans_;  // jaxprs outlive the machine (owned by the call)
  python::Interpreter& host_;
  std::vector<Frame> frames_;
  // Finished frames kept for reuse: a kernel body is pushed once per grid
  // step, and reusing a frame reuses its environment's storage.
  std::vector<Frame> spare_frames_;
  Windows scratch_;
  std::vector<Array> pure_args_;  // a pure equation's operands (reused)
  bool fuse_ = false;  // set per start(): fusion on and the rung allows it
  std::vector<RValue> results_;
};

}  // namespace rungs::exec
