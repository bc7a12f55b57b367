// Footprint arithmetic and the RESOURCE_EXHAUSTED refusal (see chip_vmem.h).
#include "core/rungs/chip_vmem.h"

#include <algorithm>

#include "core/errors/error.h"
#include "core/rungs/chip_checks.h"

namespace rungs::exec {

using pallas::BlockMapping;
using pallas::PallasCall;

namespace {
int64_t round_up(int64_t n, int64_t m) { return m <= 0 ? n : (n + m - 1) / m * m; }

bool is_vmem(ir::MemorySpace s) { return s == ir::MemorySpace::Default || s == ir::MemorySpace::TpuVmem; }

// Bytes an element occupies in a memref: bool is stored as int32.
int memref_itemsize(array::DType d) { return d == array::DType::Bool ? 4 : array::itemsize(d); }

std::string operand_name(const PallasCall& call, size_t param, const std::string& origin) {
  if (param < call.param_names.size() && !call.param_names[param].empty())
    return origin + " (" + call.param_names[param] + ")";
  return origin;
}

// Deepest nesting of run_scoped allocations: sibling scopes reuse space,
// a scope inside another adds to it.
struct ScopedPeak {
  int64_t vmem = 0, smem = 0;
  int count = 0;
};

ScopedPeak scoped_peak(const ir::Jaxpr& j, const ChipGeneration& gen) {
  ScopedPeak best;
  for (const ir::Eqn& e : j.eqns) {
    ScopedPeak here;
    if (e.prim == ir::Prim::RunScoped) {
      for (const ir::AVal& a : e.params.allocs) {
        if (a.semaphore != ir::SemaphoreKind::None) continue;
        if (is_vmem(a.space)) here.vmem += vmem_buffer_bytes(a.shape, a.dtype, gen);
        else if (a.space == ir::MemorySpace::TpuSmem) here.smem += smem_buffer_bytes(a.shape);
        ++here.count;
      }
    }
    ScopedPeak inner;
    for (const ir::JaxprPtr& sub : e.params.jaxprs) {
      ScopedPeak s = scoped_peak(*sub, gen);
      if (s.vmem + s.smem > inner.vmem + inner.smem) inner = s;
    }
    here.vmem += inner.vmem;
    here.smem += inner.smem;
    here.count += inner.count;
    if (here.vmem + here.smem > best.vmem + best.smem) best = here;
  }
  return best;
}
}  // namespace

int64_t vmem_buffer_bytes(const array::Shape& shape, array::DType dtype, const ChipGeneration& gen, array::Shape* padded) {
  int item = memref_itemsize(dtype);
  // Sub-byte types pack 32/bits to a word (int4: 8 per 32-bit word, 64-row
  // tiles); Rungs stores them a byte each, the chip holds them packed.
  const int format_bits = array::bit_width(dtype);
  int bits = format_bits < 8 ? format_bits : 8 * item;
  array::Shape p = shape.empty() ? array::Shape{1, 1} : shape;
  if (p.size() == 1) {
    // Rank 1: whole tiles of (1 + [gen < 4]) x packing x 128 elements (tpu_info.infer_tiling).
    int64_t packing = bits >= 32 ? 1 : 32 / bits;
    p[0] = round_up(p[0], (1 + (gen.generation < 4 ? 1 : 0)) * packing * gen.lanes);
  } else {
    size_t r = p.size();
    p[r - 1] = round_up(p[r - 1], gen.lanes);
    p[r - 2] = round_up(p[r - 2], sublane_tiling(gen, bits));
  }
  if (padded) *padded = p;
  return bits < 8 ? array::num_elements(p) * bits / 8 : array::num_elements(p) * item;
}

int64_t smem_buffer_bytes(const array::Shape& shape) { return array::num_elements(shape) * 4; }

Footprint compute_footprint(const PallasCall& call, const ChipGeneration& gen) {
  Footprint f;
  auto add = [&f](FootprintLine line) {
    line.total = line.bytes * line.buffers;
    if (line.space == "vmem") f.vmem += line.total;
    if (line.space == "smem") f.smem += line.total;
    f.lines.push_back(std::move(line));
  };
  for (size_t i = 0; i < call.prefetch.size(); ++i) {
    const ir::AVal& a = call.prefetch[i];
    add(FootprintLine{operand_name(call, i, "prefetch[" + std::to_string(i) + "]"), "smem", a.shape, a.shape,
                      array::dtype_name(a.dtype), smem_buffer_bytes(a.shape), 1, 0, "scalar prefetch, copied to SMEM once"});
  }
  size_t ni = call.inputs.size();
  for (size_t j = 0; j < ni + call.outputs.size(); ++j) {
    const BlockMapping& m = j < ni ? call.inputs[j] : call.outputs[j - ni];
    FootprintLine line;
    line.what = operand_name(call, call.prefetch.size() + j, m.origin);
    line.shape = m.block_shape;
    line.padded = m.block_shape;
    line.dtype = array::dtype_name(m.array.dtype);
    if (m.space == ir::MemorySpace::Any || m.space == ir::MemorySpace::TpuHbm) {
      line.space = "hbm";
      line.buffers = 0;
      line.why = std::string(ir::memory_space_name(m.space)) + ": stays in HBM, moved only by the kernel's DMAs";
    } else if (m.space == ir::MemorySpace::TpuSemaphore) {
      continue;
    } else {
      bool smem = m.space == ir::MemorySpace::TpuSmem;
      line.space = smem ? "smem" : "vmem";
      line.bytes = smem ? smem_buffer_bytes(m.block_shape) : vmem_buffer_bytes(m.block_shape, m.array.dtype, gen, &line.padded);
      if (call.grid.empty()) {
        line.buffers = 1;
        line.why = "no grid: one copy of the whole operand";
      } else if (m.trivial_window()) {
        line.buffers = 1;
        line.why = "trivial window: Mosaic forces pl.Buffered(1)";
      } else {
        line.buffers = std::max(1, m.buffer_count);
        line.why = m.buffer_count == 2 ? "double-buffered (default)" : "pl.Buffered(" + std::to_string(m.buffer_count) + ")";
      }
    }
    add(std::move(line));
  }
  for (size_t s = 0; s < call.scratch.size(); ++s) {
    const ir::AVal& a = call.scratch[s];
    if (a.semaphore != ir::SemaphoreKind::None) continue;
    std::string name = "scratch[" + std::to_string(s) + "]";
    if (s < call.scratch_names.size()) name += " (" + call.scratch_names[s] + ")";
    FootprintLine line{name, "", a.shape, a.shape, array::dtype_name(a.dtype), 0, 1, 0, "scratch: allocated once"};
    if (a.space == ir::MemorySpace::TpuSmem) {
      line.space = "smem";
      line.bytes = smem_buffer_bytes(a.shape);
    } else if (is_vmem(a.space)) {
      line.space = "vmem";
      line.bytes = vmem_buffer_bytes(a.shape, a.dtype, gen, &line.padded);
    } else {
      line.space = "hbm";
      line.buffers = 0;
    }
    add(std::move(line));
  }
  ScopedPeak peak = scoped_peak(*call.kernel, gen);
  if (peak.count > 0) {
    std::string why = std::to_string(peak.count) + " allocation(s) alive at the deepest nesting";
    if (peak.vmem) add(FootprintLine{"pl.run_scoped", "vmem", {}, {}, "", peak.vmem, 1, 0, why});
    if (peak.smem) add(FootprintLine{"pl.run_scoped", "smem", {}, {}, "", peak.smem, 1, 0, why});
  }
  return f;
}

int64_t vmem_limit(const PallasCall& call, const ChipGeneration& gen, std::string* why) {
  if (call.compiler.vmem_limit_bytes) {
    int64_t asked = *call.compiler.vmem_limit_bytes;
    if (asked > gen.vmem_bytes) {
      if (why)
        *why = "pltpu.CompilerParams(vmem_limit_bytes=" + std::to_string(asked) + ") clamped to the " +
               human_bytes(gen.vmem_bytes) + " of VMEM a " + gen.display + " TensorCore has (the model's choice)";
      return gen.vmem_bytes;
    }
    if (why) *why = "pltpu.CompilerParams(vmem_limit_bytes=" + std::to_string(asked) + ")";
    return asked;
  }
  if (why)
    *why = std::string("the default scoped VMEM limit the model assumes for ") + gen.display +
           " (an XLA flag, not stated in JAX); raise it with pltpu.CompilerParams(vmem_limit_bytes=...)";
  return gen.default_scoped_vmem;
}

std::string footprint_text(const Footprint& f, const std::string& space, int64_t limit, const std::string& limit_why) {
  std::string out = "Rungs chip model: " + space + " footprint, each block padded to whole (sublane, lane) tiles:";
  int64_t total = 0;
  for (const FootprintLine& l : f.lines) {
    if (l.space != space) continue;
    out += "\n  " + l.what + ": ";
    if (!l.shape.empty() || !l.dtype.empty()) {
      out += "block " + shape_tuple_repr(l.shape) + " " + l.dtype;
      if (l.padded != l.shape) out += " padded to " + shape_tuple_repr(l.padded);
      out += " = ";
    }
    out += std::to_string(l.bytes) + " bytes x " + std::to_string(l.buffers) + " = " + std::to_string(l.total) + " (" +
           l.why + ")";
    total += l.total;
  }
  out += "\n  total " + std::to_string(total) + " bytes (" + human_bytes(total) + ") against a limit of " +
         std::to_string(limit) + " bytes (" + human_bytes(limit) + "): " + limit_why;
  return out;
}

void check_memory_budget(const PallasCall& call, const ChipGeneration& gen, const Footprint& f) {
  std::string why;
  int64_t limit = vmem_limit(call, gen, &why);
  if (f.vmem > limit)
    raise(ErrorId::chip_vmem_exhausted, call.where, human_bytes(f.vmem), human_bytes(limit),
          footprint_text(f, "vmem", limit, why));
  if (f.smem > gen.smem_bytes)
    raise(ErrorId::chip_smem_exhausted, call.where, human_bytes(f.smem), human_bytes(gen.smem_bytes),
          footprint_text(f, "smem", gen.smem_bytes, std::string("the SMEM of a ") + gen.display + " TensorCore"));
}

}  // namespace rungs::exec
