// Rung 3: a MODEL of the real chip (a pallas_call without `interpret=`, or
// `--rung chip`). Not the real compiler, and labelled so in every call
// record (notes["model"]) and in the views.
//
// run_chip_rung does what compiling and running on a TPU would, as far as
// the model knows it:
//   0. under checkify, NotImplementedError (JAX's checkify rule for
//      pallas_call supports interpret mode only);
//   1. debug=True prints the kernel jaxpr (as the real lowering does first);
//   2. the compile checks of chip_checks.h, with JAX's messages;
//   3. debug=True prints the model's Mosaic-like module (chip_lowering_text.h);
//   4. the VMEM/SMEM budget of chip_vmem.h (RESOURCE_EXHAUSTED);
//   5. execution on rung 2's TPU memory simulator with a chip policy:
//      fresh VMEM, scratch and outputs hold deterministic stale garbage (a
//      seeded hash pattern, not NaN; pl.enable_poison_buffers / the
//      "poison_buffers" setting fills scratch and run_scoped buffers with NaN
//      / int min / True instead), out-of-bounds windows and accesses read
//      garbage and their writes are dropped (the in-bounds part of a partly
//      outside store or DMA is written), output revisits are allowed, DMAs
//      complete eagerly, races go undetected, none of JAX's interpreter-only
//      refusals apply (prefetch aliasing, traced "parallel" sizes,
//      semaphore_read), a signal without core_index goes to the signalling
//      core, a core_index past the generation's TensorCores is refused
//      (ValueError, the model's verdict), "parallel" grid dims are split across
//      the generation's TensorCores (2 on megacore v4/v5p) in natural order
//      or in an order permuted by `chip_order_seed`, and f32 matmul inputs
//      are rounded to bf16 unless precision=HIGHEST;
//   6. the roofline cost estimate of chip_cost.h into the record.
// Settings: ChipSettings (generation, order seed) plus the run's overrides
// "poison_buffers" and "chip_garbage_seed" (--params / playground).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/pallas/device_mesh.h"
#include "core/pallas/pallas_call.h"
#include "core/rungs/call_record.h"
#include "core/rungs/chip_cost.h"
#include "core/rungs/chip_generations.h"
#include "core/rungs/chip_vmem.h"
#include "core/rungs/tpu_policy.h"

namespace rungs::exec {

std::vector<array::Array> run_chip_rung(const pallas::PallasCall& call, const std::vector<array::Array>& operands,
                                        python::Interpreter& host, CallRecord* record);
// Under jax.shard_map: every device of the modelled slice at once
// (operands[d] are device d's); remote DMAs cross the chips' ICI.
std::vector<std::vector<array::Array>> run_chip_rung(const pallas::PallasCall& call,
                                                     const std::vector<std::vector<array::Array>>& operands,
                                                     const pallas::DeviceMesh* mesh, python::Interpreter& host,
                                                     CallRecord* record);

// The lowering half of compiling a kernel for the chip, as Pallas's TPU
// lowering does it: debug=True's kernel jaxpr, the lowering checks
// (chip_checks.h), then debug=True's module. The VMEM budget is libtpu's
// compile step, after this.
Footprint lower_for_chip(const pallas::PallasCall& call, const ChipGeneration& gen, python::Interpreter& host,
                         const std::string& cpu_host_kind = "");

// jax.jit(f).lower / jax.export for the tpu platform: lower_for_chip plus
// what the module text shows (the model's Mosaic module, the custom call's
// config) and the budget check deferred to .compile().
jax::LoweredCall lower_tpu_custom_call(const pallas::PallasCall& call, python::Interpreter& host);

// The deterministic garbage a fresh chip buffer holds: finite values in
// [-125, 125] (floats, steps of 1/8), [-100, 100] (signed ints), [0, 100]
// (unsigned), 0/1 (bool), a function of (seed, kernel number, use, buffer,
// core, element) only.
array::Array chip_garbage(array::DType dtype, const array::Shape& shape, uint64_t key);
// pl.enable_poison_buffers' values: NaN, True, or the minimum signed value.
array::Scalar chip_poison(array::DType dtype);

// What one chip call runs with: ChipSettings plus the run's overrides.
struct ChipRunSettings {
  std::string generation = "v5e";
  bool poison_buffers = false;
  uint64_t garbage_seed = 0;
  int64_t order_seed = -1;    // -1: natural order
  int64_t kernel_number = 0;  // chip kernels launched before this one in the run
};
ChipRunSettings chip_settings(const pallas::PallasCall& call, python::Interpreter& host);

// The simulator policy the chip model uses; `ops` counts flops as the
// kernel runs (the cost estimate).
TpuPolicy chip_policy(const ChipRunSettings& s, const ChipGeneration& gen, std::shared_ptr<FlopCounter> ops);

}  // namespace rungs::exec
