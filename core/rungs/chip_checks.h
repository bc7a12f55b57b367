// The chip model's compile checks (rung 3): what the Pallas -> Mosaic
// lowering refuses, with JAX's exact messages and exception classes
// (SEMANTICS 5.1, 5.2), in the order the lowering meets them:
//
//   1. _check_block_mappings, per input then output: skip SMEM blocks with
//      a trivial window and semaphores; rank-0 blocks; ANY/HBM blocks with
//      a non-trivial window; the (8, 128) rule for rank >= 2; the rank-1
//      rule (chunk = sublanes x lanes, tiling = 128 x 32/bits);
//   2. the length of dimension_semantics against the grid;
//   3. the kernel body, equation by equation (chip_lowering_checks.cpp):
//      unimplemented primitives, loads/stores outside VMEM/SMEM, SMEM
//      scalars only, no scalar stores to VMEM, ()-shaped VMEM refs,
//      integer-array indexing, strided views, reductions by dtype, dot
//      precision and unsigned dots, bool DMAs, scans that are not
//      fori_loop-like (reverse, xs or ys), interior padding;
//   4. no grid but a non-trivial window;
//   5. with a grid, per block mapping: its index map's primitives, block
//      dim types, Element/Blocked mixing, pl.Buffered(n) outside {1, 2}
//      (a VMEM block with a trivial window is forced to one buffer first);
//   6. tpu_custom_call: a kernel using the barrier semaphore needs a
//      collective_id;
//   7. Mosaic's compiler: a DMA view with a traced size on a tiled dim.
//
// The VMEM/SMEM budget (chip_vmem.h) comes after all of these, as the real
// compiler allocates memory only after lowering succeeds.
#pragma once

#include <string>

#include "core/pallas/pallas_call.h"
#include "core/rungs/chip_generations.h"

namespace rungs::exec {

// Every check above, in order; raises the first failure. `cpu_host_kind`
// is the host's device kind when lowering for a TPU from a host that is not
// one (jax.export on a CPU): the checks that query get_tpu_info() -- the
// rank-1 block rule -- then fail as JAX's do there.
void check_chip_compile(const pallas::PallasCall& call, const ChipGeneration& gen, const std::string& cpu_host_kind = "");

// Step 1 alone, and the two tile rules it applies (for tests and the views).
void check_block_mappings(const pallas::PallasCall& call, const ChipGeneration& gen,
                          const std::string& cpu_host_kind = "");
bool block_tile_ok(const array::Shape& block, const array::Shape& array);  // rank >= 2 rule
bool rank1_block_ok(int64_t block, int64_t array, int bit_width, const ChipGeneration& gen);

// Step 3: the kernel body and, with `index_map`, one index map (JAX lowers
// index maps with the same rules but no grid indices of their own).
void check_kernel_lowering(const pallas::PallasCall& call, const ir::Jaxpr& jaxpr);
void check_index_map_lowering(const pallas::PallasCall& call, const pallas::BlockMapping& m);
// pallas_utils.pattern_match_scan_to_fori_loop on a fori-like scan: its
// carry 0 is an int scalar the body advances by a literal 1 (the loop index
// the scf.for provides), rather than ordinary state.
bool scan_has_loop_index(const ir::Eqn& scan);
// Step 7, past the lowering (Mosaic's memref_slice verifier): a DMA view
// with a traced pl.ds size along a tiled dim needs a provably tile-aligned
// size (chip_dma_sizes.cpp).
void check_dma_dynamic_sizes(const ir::Jaxpr& kernel, const ChipGeneration& gen);
// _transform_ref's reshape/bitcast levels among view levels [first, first +
// count) of an access to `ref` (chip_ref_transforms.cpp): Pallas's "Reshape
// 1D ref" and, for VMEM refs, tpu.memref_reshape's verifier with the tiling
// Mosaic infers for the allocation (its second-minor rows, v4+ defaults).
void check_chip_ref_transforms(const ir::Eqn& e, size_t first, size_t count, const ir::AVal& ref, SourceRange at);
// Whether the Mosaic lowering has a rule for the primitive at all.
bool chip_lowers(ir::Prim prim);

// Python reprs that JAX's messages embed: "(Blocked(block_size=8), Squeezed())",
// "(16, 128)", "None" / "<MemorySpace.VMEM: 'vmem'>".
std::string block_shape_repr(const pallas::BlockMapping& m);
std::string shape_tuple_repr(const array::Shape& s);
std::string memory_space_repr(ir::MemorySpace space);

}  // namespace rungs::exec
