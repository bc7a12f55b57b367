// print_pallas_call: the `--dump=pallas` text, deterministic and compact.
#include "core/ir/printer.h"
#include "core/pallas/pallas_call.h"

namespace rungs::pallas {

namespace {
std::string dims_text(const BlockMapping& m) {
  std::string s = "(";
  for (size_t i = 0; i < m.dims.size(); ++i) {
    const BlockDim& d = m.dims[i];
    if (i) s += ", ";
    switch (d.kind) {
      case BlockDimKind::Blocked: s += std::to_string(d.size); break;
      case BlockDimKind::Squeezed: s += "None"; break;
      case BlockDimKind::Element:
        s += "Element(" + std::to_string(d.size) + ", (" + std::to_string(d.pad_lo) + ", " + std::to_string(d.pad_hi) + "))";
        break;
      case BlockDimKind::BoundedSlice: s += "BoundedSlice(" + std::to_string(d.size) + ")"; break;
      case BlockDimKind::Indirect: s += "Indirect(" + std::to_string(d.size) + ")"; break;
    }
  }
  return s + (m.dims.size() == 1 ? ",)" : ")");
}

void print_mapping(std::string& out, const BlockMapping& m) {
  out += "  " + m.origin + ": " + ir::aval_long_str(m.array) + " block=" + dims_text(m) + " ref=" +
         array::shape_str(m.ref_shape) + " memory_space=" + ir::memory_space_name(m.space) + "\n";
  out += "    index_map " + m.index_map_src.substr(0, m.index_map_src.find(" at ")) + ": " + ir::print_jaxpr(*m.index_map) + "\n";
}
}  // namespace

std::string print_pallas_call(const PallasCall& c) {
  std::string out = "pallas_call " + c.kernel_name + " rung=" + rung_name(c.rung) + "\n";
  out += "  grid=(";
  for (size_t i = 0; i < c.grid.size(); ++i) {
    if (i) out += ", ";
    if (!c.grid[i].name.empty()) out += c.grid[i].name + "=";
    out += std::to_string(c.grid[i].size) + (c.grid[i].dynamic ? "?" : "");
  }
  out += c.grid.size() == 1 ? ",)\n" : ")\n";
  if (c.num_vmapped_dims > 0) {  // as JAX's GridMapping prints them: the leading dims vmap added
    out += "  vmapped_dims=(";
    for (int i = 0; i < c.num_vmapped_dims; ++i) out += std::to_string(i) + (c.num_vmapped_dims == 1 ? "," : (i + 1 < c.num_vmapped_dims ? ", " : ""));
    out += ")\n";
  }
  for (size_t i = 0; i < c.prefetch.size(); ++i) out += "  prefetch[" + std::to_string(i) + "]: " + ir::aval_str(c.prefetch[i]) + "\n";
  for (const BlockMapping& m : c.inputs) print_mapping(out, m);
  for (const BlockMapping& m : c.outputs) print_mapping(out, m);
  for (size_t i = 0; i < c.scratch.size(); ++i)
    out += "  scratch[" + std::to_string(i) + "]" + (c.scratch_names.empty() ? "" : " " + c.scratch_names[i]) + ": " +
           ir::aval_str(c.scratch[i]) + "\n";
  for (const auto& [i, o] : c.aliases) out += "  alias input " + std::to_string(i) + " -> output " + std::to_string(o) + "\n";
  if (!c.compiler.dimension_semantics.empty()) {
    out += "  dimension_semantics=(";
    for (size_t i = 0; i < c.compiler.dimension_semantics.size(); ++i)
      out += (i ? ", " : "") + c.compiler.dimension_semantics[i];
    out += ")\n";
  }
  out += "  kernel: " + ir::print_jaxpr(*c.kernel) + "\n";
  return out;
}

}  // namespace rungs::pallas
