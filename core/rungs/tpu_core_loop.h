// One simulated TensorCore walking its share of the grid (the per-core
// loop of SEMANTICS 4.4), as a resumable state machine.
//
// Per iteration: call the grid_point_recorder; evaluate the index maps of
// the *next* grid point (before the body, as JAX does, so they see SMEM as
// it is now); copy each input block from HBM into the core's buffer only
// if its window changed (or on the core's first iteration); run the kernel
// body; copy each output block back only if its window is about to change
// (or on the core's last iteration); then check that no output block is
// revisited. The kernel body may block on a semaphore; resume() then
// returns Blocked and the next call continues inside the body.
#pragma once

#include <set>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/rungs/tpu_rules.h"
#include "core/rungs/tpu_scheduler.h"

namespace rungs::exec {

// What the kernel-call setup hands every core (built in tpu_rung.cpp).
struct TpuSetup {
  explicit TpuSetup(const pallas::PallasCall& call, TpuShared& shared) : ctx{call, shared, {}, {}} {}
  TpuContext ctx;
  std::vector<int64_t> grid;
  std::vector<std::vector<int64_t>> perms;  // per grid dim; empty: natural order
  int64_t num_iterations = 1;
  int64_t iters_per_core = 1;
  std::vector<int> kernel_args;             // handles, in kernel invar order
  std::vector<int> prefetch;                // handles of the scalar-prefetch SMEM copies
  std::vector<int> block_handles;           // per operand (inputs, outputs): kernel buffer or HBM handle
  std::vector<BufferKey> hbm;               // per operand: its HBM buffer
  std::vector<bool> in_hbm;                 // per operand: the kernel sees the HBM buffer (or the semaphore) itself
  std::vector<bool> aliased;                // per output operand: shares an input's HBM buffer
  python::Value token;                        // threaded through grid_point_recorder
};

class CoreLoop : public SchedulableCore {
 public:
  CoreLoop(TpuSetup& setup, int core);
  Status resume() override;
  bool finished() const override { return phase_ == Phase::Finished; }
  const CoreRules& rules() const { return rules_; }
  const std::vector<int64_t>& loop_index() const { return loop_idx_; }

 private:
  enum class Phase : uint8_t { Start, Begin, Body, End, Finished };
  struct Window {
    std::vector<int64_t> block_index;  // what the index map returned
    std::vector<int64_t> start;        // element offsets
  };

  std::vector<int64_t> permuted(const std::vector<int64_t>& loop_idx) const;
  std::vector<Window> windows_at(const std::vector<int64_t>& point);
  Range block_range(size_t j, const Window& w) const;
  std::string param_name(size_t j) const;
  void record_point();
  void begin_iteration();
  void end_iteration();
  void check_revisits();
  void reload_revisited_outputs(const Accessor& pallas);
  void copy_event(const char* kind, size_t j, const Window& w);

  TpuSetup& s_;
  CoreRules rules_;
  Machine machine_;
  Phase phase_ = Phase::Start;
  int64_t first_ = 0, bound_ = 0, it_ = 0;
  std::vector<int64_t> loop_idx_, next_loop_idx_, point_, next_point_;
  std::vector<Window> prev_, cur_, next_;
  StepEvent event_;
  bool recording_ = false;
  // Revisit tracking: per output, the last window and every window seen
  // with the first and last loop index that visited it.
  // Per output: the blocks this core has left (written back), for
  // RevisitMode.ANY, whose re-entry reloads the block from HBM.
  std::vector<std::set<std::vector<int64_t>>> left_blocks_;
  bool have_last_ = false;
  std::vector<Range> last_range_;
  std::vector<std::map<std::vector<int64_t>, std::pair<std::vector<int64_t>, std::vector<int64_t>>>> visits_;
};

}  // namespace rungs::exec
