// Fusion of elementwise chains: a run of consecutive float32 elementwise
// equations over one shape (`x_ref[...] * s + 1`, a softmax's sub/exp/mul) is
// executed chunk by chunk instead of equation by equation, so one pass over
// memory does the work of several and intermediates live in a few
// registers-worth of chunk; when the run ends in a whole-ref store, the last
// equation writes straight into the ref's memory (Rules::store_target).
//
// Exact by construction: each chunk goes through the float32 kernel the
// unfused path runs (ir::apply_f32_span shares binary()'s and unary()'s
// element functions), and elementwise results do not depend on the shape
// they are computed in. Rungs whose apply_pure is not the plain one (the chip
// model counts operations, skip_floating_point_ops fills whole outputs) opt
// out with Rules::fuses_elementwise(). Traces are unchanged: no rung records
// pure equations, and a fused store is noted as the store it replaces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/ir/jaxpr.h"

namespace rungs::exec {

// Where an equation input of a fused group comes from.
struct FusedInput {
  enum class Kind : uint8_t { Literal, Outer, Local } kind = Kind::Literal;
  int var = -1;      // Outer: the frame variable (same shape as the group, or rank 0)
  int slot = -1;     // Local: the group equation that produced it
};

struct FusedGroup {
  size_t first = 0;                        // equations [first, first + count)
  size_t count = 0;
  array::Shape shape;                      // every output's shape
  int64_t elements = 0;
  std::vector<std::vector<FusedInput>> inputs;  // by group equation
  std::vector<bool> live_out;              // by group equation: read after the group
  // A whole-ref swap right after the group whose stored value is read by
  // nothing else (its slot), or -1: the group may write into the ref.
  int store_eqn = -1;
  int stored_slot = -1;
};

// The groups of a jaxpr, in equation order. `used` is by variable (read by
// some equation or an outvar); `static_windows` by equation (its indexers
// are all static).
std::vector<FusedGroup> plan_fusion(const ir::Jaxpr& j, const std::vector<bool>& used,
                                    const std::vector<bool>& static_windows);

// Elements per chunk: 2 KB of float32, so a chain's chunks stay in L1 and
// the per-chunk dispatch is still small next to the work.
constexpr int64_t kFusionChunk = 512;

// Process-wide switch (on by default), for tests and benchmarks that compare
// fused and unfused runs.
void set_elementwise_fusion(bool on);
bool elementwise_fusion_enabled();
// Groups run fused since the process started (tests check fusion happened).
int64_t fused_group_runs();

}  // namespace rungs::exec
