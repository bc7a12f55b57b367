// Rung 1's refusal of a DMA whose view has a traced size (pl.ds(start, n)
// with n traced). JAX's generic interpreter discharges the kernel's state
// before running it: dma_start's discharge rule reads the source view with
// state/discharge.py's transform_array, whose dynamic_slice needs concrete
// slice sizes, so core.canonicalize_shape raises its TypeError while the
// kernel is being discharged, before any of it runs (even when the DMA
// sits in a branch that would never be taken). TPU interpret mode and the
// chip run such DMAs (the size is read when the DMA starts).
#include "core/errors/error.h"
#include "core/rungs/interpret_rung.h"

namespace rungs::exec {

namespace {

// The slice sizes dynamic_slice would be handed for one view level, as
// Python prints the tuple: a traced size is a tracer, an integer index 1.
std::string sizes_text(const ir::Jaxpr& j, const ir::Eqn& e, const ir::Indexer& ix) {
  std::string s = "(";
  for (size_t d = 0; d < ix.dims.size(); ++d) {
    const ir::DimIndex& di = ix.dims[d];
    if (d) s += ", ";
    if (di.dynamic_size()) {
      const ir::Atom& a = e.inputs[static_cast<size_t>(di.size_input)];
      ir::AVal aval = a.is_literal() ? ir::AVal::array(a.literal.dtype(), a.literal.shape())
                                     : j.vars[static_cast<size_t>(a.var)];
      s += "Traced<" + ir::aval_long_str(aval) + ">with<DynamicJaxprTrace>";
    } else {
      s += std::to_string(di.kind == ir::DimIndex::Kind::Slice ? di.size : 1);
    }
  }
  return s + (ix.dims.size() == 1 ? ",)" : ")");
}

// Levels [first, first + count) of a DMA's indexers, in discharge order.
void check_levels(const ir::Jaxpr& j, const ir::Eqn& e, size_t first, size_t count) {
  for (size_t k = first; k < first + count && k < e.params.indexers.size(); ++k)
    for (const ir::DimIndex& di : e.params.indexers[k].dims)
      if (di.dynamic_size()) raise(ErrorId::generic_dynamic_dma_size, e.source, sizes_text(j, e, e.params.indexers[k]));
}

}  // namespace

void check_generic_dma_sizes(const ir::Jaxpr& jaxpr) {
  for (const ir::Eqn& e : jaxpr.eqns) {
    const auto& c = e.params.counts;
    if (e.prim == ir::Prim::DmaStart && c.size() > 1) {
      // transform_array(src) first, then transform_swap_array(dst).
      check_levels(jaxpr, e, 0, static_cast<size_t>(c[0]));
      check_levels(jaxpr, e, static_cast<size_t>(c[0]), static_cast<size_t>(c[1]));
    } else if (e.prim == ir::Prim::DmaWait && c.size() > 1) {
      check_levels(jaxpr, e, static_cast<size_t>(c[0]), static_cast<size_t>(c[1]));
    }
    for (const ir::JaxprPtr& sub : e.params.jaxprs)
      if (sub) check_generic_dma_sizes(*sub);
  }
}

}  // namespace rungs::exec
