// Block-mapping, grid and pipeline checks of the chip model (steps 1, 2, 4
// and 5 of chip_checks.h); the kernel-body walk is chip_lowering_checks.cpp.
#include "core/rungs/chip_checks.h"

#include "core/pallas/device_mesh.h"

#include "core/errors/error.h"
#include "core/ir/printer.h"

namespace rungs::exec {

using pallas::BlockDimKind;
using pallas::BlockMapping;
using pallas::PallasCall;

std::string shape_tuple_repr(const array::Shape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + (s.size() == 1 ? ",)" : ")");
}

// BlockMapping.block_shape is a tuple of BlockDim dataclasses, printed with
// their dataclass reprs (Blocked's __str__ is not used inside a tuple).
std::string block_shape_repr(const BlockMapping& m) {
  std::string out = "(";
  for (size_t i = 0; i < m.dims.size(); ++i) {
    const pallas::BlockDim& d = m.dims[i];
    if (i) out += ", ";
    switch (d.kind) {
      case BlockDimKind::Blocked: out += "Blocked(block_size=" + std::to_string(d.size) + ")"; break;
      case BlockDimKind::Squeezed: out += "Squeezed()"; break;
      case BlockDimKind::Element:
        out += "Element(block_size=" + std::to_string(d.size) + ", padding=(" + std::to_string(d.pad_lo) + ", " +
               std::to_string(d.pad_hi) + "))";
        break;
      case BlockDimKind::BoundedSlice: out += "BoundedSlice(" + std::to_string(d.size) + ")"; break;
      case BlockDimKind::Indirect: out += "Indirect(block_size=" + std::to_string(d.size) + ")"; break;
    }
  }
  return out + (m.dims.size() == 1 ? ",)" : ")");
}

// repr() of the BlockSpec's memory_space: None when not given, else the
// enum member's default repr.
std::string memory_space_repr(ir::MemorySpace space) {
  using ir::MemorySpace;
  switch (space) {
    case MemorySpace::Default: return "None";
    case MemorySpace::Any: return "<MemorySpace.ANY: 'any'>";
    case MemorySpace::Host: return "<MemorySpace.HOST: 'host'>";
    case MemorySpace::TpuVmem: return "<MemorySpace.VMEM: 'vmem'>";
    case MemorySpace::TpuVmemShared: return "<MemorySpace.VMEM_SHARED: 'vmem_shared'>";
    case MemorySpace::TpuSmem: return "<MemorySpace.SMEM: 'smem'>";
    case MemorySpace::TpuCmem: return "<MemorySpace.CMEM: 'cmem'>";
    case MemorySpace::TpuSemaphore: return "<MemorySpace.SEMAPHORE: 'semaphore_mem'>";
    case MemorySpace::TpuHbm: return "<MemorySpace.HBM: 'hbm'>";
    default: return std::string("'") + ir::memory_space_name(space) + "'";
  }
}

bool block_tile_ok(const array::Shape& block, const array::Shape& array) {
  size_t r = block.size();
  int64_t bs0 = block[r - 1], as0 = array[r - 1], bs1 = block[r - 2], as1 = array[r - 2];
  return (bs0 == as0 || bs0 % 128 == 0) && (bs1 == as1 || bs1 % 8 == 0);  // dtype-independent (SEMANTICS 5.1)
}

bool rank1_block_ok(int64_t bs0, int64_t as0, int bit_width, const ChipGeneration& gen) {
  int64_t packing = 32 / bit_width;
  int64_t min_tiling = gen.lanes * packing, chunk = static_cast<int64_t>(gen.sublanes) * gen.lanes;
  bool power_of_two = bs0 > 0 && (bs0 & (bs0 - 1)) == 0;
  return bs0 == as0 || bs0 % chunk == 0 || (bs0 >= min_tiling && power_of_two);
}

namespace {

bool is_any_or_hbm(ir::MemorySpace s) { return s == ir::MemorySpace::Any || s == ir::MemorySpace::TpuHbm; }
bool is_vmem(ir::MemorySpace s) { return s == ir::MemorySpace::Default || s == ir::MemorySpace::TpuVmem; }

template <typename... Args>
[[noreturn]] void refuse_block(ErrorId id, const PallasCall& call, const BlockMapping& m, const Args&... head) {
  raise(id, call.where, head..., m.origin, call.fn_src, block_shape_repr(m), shape_tuple_repr(m.array.shape),
        ir::print_jaxpr(*m.index_map), memory_space_repr(m.space));
}

void check_one_mapping(const PallasCall& call, const BlockMapping& m, const ChipGeneration& gen,
                       const std::string& cpu_host_kind) {
  if (m.space == ir::MemorySpace::TpuSmem && m.trivial_window()) return;
  if (m.space == ir::MemorySpace::TpuSemaphore) return;
  size_t rank = m.block_shape.size();
  if (rank < 1) refuse_block(ErrorId::chip_block_rank0, call, m);
  if (is_any_or_hbm(m.space) && !m.trivial_window()) refuse_block(ErrorId::chip_block_any_window, call, m);
  if (rank >= 2) {
    if (!block_tile_ok(m.block_shape, m.array.shape)) refuse_block(ErrorId::chip_block_tiling, call, m);
    return;
  }
  // The rank-1 rule reads the sublane and lane counts from get_tpu_info(),
  // which has no TPU to ask on a CPU host.
  if (!cpu_host_kind.empty()) raise(ErrorId::tpu_info_unsupported_kind, call.where, cpu_host_kind);
  // Booleans live in memrefs as int32, so they pack like 32-bit types; the
  // message still prints the dtype's own width (as JAX's does).
  int shown = array::bit_width(m.array.dtype);
  int packing_width = m.array.dtype == array::DType::Bool ? 32 : shown;
  if (!rank1_block_ok(m.block_shape[0], m.array.shape[0], packing_width, gen)) {
    int64_t chunk = static_cast<int64_t>(gen.sublanes) * gen.lanes, min_tiling = gen.lanes * (32 / packing_width);
    refuse_block(ErrorId::chip_block_rank1, call, m, chunk, min_tiling, shown);
  }
}

const char* block_dim_class(BlockDimKind k) {
  return k == BlockDimKind::BoundedSlice ? "<class 'jax._src.pallas.core.BoundedSlice'>"
                                         : "<class 'jax._src.pallas.core.Indirect'>";
}

// Step 5 for one mapping (the window_params loop of lower_jaxpr_into_module).
void check_window_params(const PallasCall& call, const BlockMapping& m) {
  if (is_any_or_hbm(m.space) || m.space == ir::MemorySpace::TpuSemaphore) return;
  check_index_map_lowering(call, m);
  for (const pallas::BlockDim& d : m.dims)
    if (d.kind == BlockDimKind::BoundedSlice || d.kind == BlockDimKind::Indirect)
      raise(ErrorId::chip_block_dim_type, call.where, block_dim_class(d.kind), block_shape_repr(m));
  bool any_element = false, all_element_or_squeezed = true;
  for (const pallas::BlockDim& d : m.dims) {
    any_element = any_element || d.kind == BlockDimKind::Element;
    all_element_or_squeezed = all_element_or_squeezed && (d.kind == BlockDimKind::Element || d.kind == BlockDimKind::Squeezed);
  }
  if (any_element && !all_element_or_squeezed) raise(ErrorId::chip_element_mix, call.where);
  // A VMEM block with a trivial window is forced to pl.Buffered(1) before
  // the buffer count is looked at, so Buffered(3) passes there.
  if (is_vmem(m.space) && m.trivial_window()) return;
  if (m.buffer_count < 1 || m.buffer_count > 2) raise(ErrorId::chip_buffer_count, call.where, m.buffer_count);
  if (m.revisit_any && m.buffer_count > 1) raise(ErrorId::chip_revisit_any_double_buffered, call.where);
}

}  // namespace

void check_block_mappings(const PallasCall& call, const ChipGeneration& gen, const std::string& cpu_host_kind) {
  for (const BlockMapping& m : call.inputs) check_one_mapping(call, m, gen, cpu_host_kind);
  for (const BlockMapping& m : call.outputs) check_one_mapping(call, m, gen, cpu_host_kind);
}

namespace {
bool uses_barrier_semaphore(const ir::Jaxpr& j) {
  for (const ir::Eqn& e : j.eqns) {
    if (e.prim == ir::Prim::BarrierSemaphore) return true;
    for (const ir::JaxprPtr& sub : e.params.jaxprs)
      if (sub && uses_barrier_semaphore(*sub)) return true;
  }
  return false;
}
// Remote DMAs and signals (JAX's comms effect) and the mesh axes of the
// enclosing shard_map (a named-axis effect): what needs a device mesh.
bool communicates(const ir::Jaxpr& j) {
  for (const ir::Eqn& e : j.eqns) {
    const std::vector<int64_t>& c = e.params.counts;
    if (e.prim == ir::Prim::DmaStart && c.size() > 5 && c[5]) return true;
    if (e.prim == ir::Prim::SemaphoreSignal && !c.empty() && c[0]) return true;
    if (e.prim == ir::Prim::AxisIndex && e.params.n < 0) return true;
    for (const ir::JaxprPtr& sub : e.params.jaxprs)
      if (sub && communicates(*sub)) return true;
  }
  return false;
}
}  // namespace

void check_chip_compile(const PallasCall& call, const ChipGeneration& gen, const std::string& cpu_host_kind) {
  // The lowering context's mesh info comes first (_prepare_mesh_info).
  if (pallas::current_device_mesh().names.empty() && communicates(*call.kernel))
    raise(ErrorId::communication_without_shard_map, call.where);
  check_block_mappings(call, gen, cpu_host_kind);
  const std::vector<std::string>& sem = call.compiler.dimension_semantics;
  if (!sem.empty() && sem.size() != call.grid.size())
    raise(ErrorId::chip_semantics_length, call.where, call.grid.size(), sem.size());
  check_kernel_lowering(call, *call.kernel);
  if (call.grid.empty()) {
    for (const BlockMapping& m : call.inputs)
      if (!m.trivial_window()) raise(ErrorId::chip_grid_free_window, call.where);
    for (const BlockMapping& m : call.outputs)
      if (!m.trivial_window()) raise(ErrorId::chip_grid_free_window, call.where);
  } else {
    for (const BlockMapping& m : call.inputs) check_window_params(call, m);
    for (const BlockMapping& m : call.outputs) check_window_params(call, m);
  }
  // tpu_custom_call, after the lowering: a kernel that uses the barrier
  // semaphore (a "custom barrier") needs a collective_id.
  if (!call.compiler.collective_id && uses_barrier_semaphore(*call.kernel))
    raise(ErrorId::chip_custom_barrier_collective_id, call.where);
  check_dma_dynamic_sizes(*call.kernel, gen);
}

}  // namespace rungs::exec
