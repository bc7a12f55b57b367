// Rung 2: `interpret=pltpu.InterpretParams(...)`, JAX's TPU interpret mode
// (SEMANTICS section 4), and the TPU memory simulator behind it.
//
// run_tpu_rung runs one pallas_call the way JAX's TPU interpreter does: the
// inputs padded to whole blocks and copied into HBM buffers, per-core
// VMEM/SMEM kernel buffers, block copies only when a window changes, the
// grid split across cooperative cores with "parallel" dims permuted by the
// seed, DMAs and semaphores, bounds checks with JAX's messages, optional
// race detection, then the outputs read back from HBM.
//
// The simulator is reusable with another policy (the chip model, rung 3):
//   TpuPolicy p = policy_from_params(call.interpret);   // or build one
//   p.rung = "chip"; p.oob_reads = TpuPolicy::OutOfBounds::Garbage; ...
//   outs = run_tpu_simulator(call, operands, host, record, p);
// See tpu_policy.h for every knob. State between kernels (a failed
// kernel's memory, races_found) lives in tpu_state.h's extension.
//
// Deliberate differences from JAX (also listed in tests/conformance/tpu/):
//  * cores are simulated cooperatively and deterministically on one thread;
//    an unsatisfiable wait is a "Deadlock" RuntimeError naming the cores,
//    semaphores, counts and grid points (JAX hangs);
//  * an error on one core surfaces as itself, not wrapped in JAX's
//    "Computation failed on ..." runtime error;
//  * several devices (jax.shard_map) run in one simulation on one thread,
//    cores numbered globally device by device; a device id outside the
//    mesh is an IndexError naming the devices;
//  * buffer_bounds="padded" assumes a TPU v6e without an abstract mesh;
//  * an aliased output whose block does not divide it comes back in its
//    own shape (JAX returns the padded shape, a bug);
//  * vector clocks print as NumPy arrays, frames name the kernel function;
//  * negative dynamic indices count as out of bounds (NumPy would wrap);
//  * pl.semaphore_read raises NotImplementedError (JAX has no rule for it).
#pragma once

#include <vector>

#include "core/pallas/device_mesh.h"
#include "core/pallas/pallas_call.h"
#include "core/rungs/call_record.h"
#include "core/rungs/machine.h"
#include "core/rungs/tpu_policy.h"

namespace rungs::exec {

std::vector<Array> run_tpu_rung(const pallas::PallasCall& call, const std::vector<Array>& operands,
                                python::Interpreter& host, CallRecord* record);

std::vector<Array> run_tpu_simulator(const pallas::PallasCall& call, const std::vector<Array>& operands,
                                     python::Interpreter& host, CallRecord* record, const TpuPolicy& policy);

// Under jax.shard_map: every device of `mesh` at once (operands[d] are
// device d's), sharing one memory, semaphore table and race detector;
// returns each device's outputs.
std::vector<std::vector<Array>> run_tpu_simulator(const pallas::PallasCall& call,
                                                  const std::vector<std::vector<Array>>& operands,
                                                  const pallas::DeviceMesh* mesh, python::Interpreter& host,
                                                  CallRecord* record, const TpuPolicy& policy);
std::vector<std::vector<Array>> run_tpu_rung(const pallas::PallasCall& call,
                                             const std::vector<std::vector<Array>>& operands,
                                             const pallas::DeviceMesh* mesh, python::Interpreter& host,
                                             CallRecord* record);

}  // namespace rungs::exec
