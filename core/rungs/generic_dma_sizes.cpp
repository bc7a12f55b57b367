// Rung 1's refusal of a DMA whose view has a traced size (pl.ds(start, n)
// with n traced). JAX's generic interpreter discharges the kernel's state
// before running it: dma_start's discharge rule reads the source view with
// state/discharge.py's transform_array, whose dynamic_slice needs concrete
// slice sizes, so core.canonicalize_shape raises its TypeError while the
// kernel is being discharged, before any of it runs (even when the DMA
// sits in a branch that would never be taken). TPU interpret mode and the
// chip run such DMAs (the size is read when the DMA starts). The same pass
// refuses writes through ref.reshape / ref.bitcast views, which discharge's
// transform_swap_array cannot undo.
#include "core/errors/error.h"
#include "core/rungs/interpret_rung.h"

#include <algorithm>

#include "core/rungs/ref_transforms.h"

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

// transform_swap_array's write phase knows only NDIndexers: a write through
// levels [first, first + count) that hold a reshape/bitcast is refused, and
// it meets the last such level first.
void check_write_levels(const ir::Eqn& e, size_t first, size_t count) {
  const auto& levels = e.params.indexers;
  for (size_t k = std::min(first + count, levels.size()); k-- > first;)
    if (!levels[k].is_index()) raise(ErrorId::generic_unsupported_transform, e.source, transform_repr(levels[k]));
}

void check_transforms(const ir::Eqn& e) {
  const auto& c = e.params.counts;
  auto at = [&](size_t i) { return i < c.size() ? static_cast<size_t>(c[i]) : size_t{0}; };
  switch (e.prim) {
    case ir::Prim::Swap:
    case ir::Prim::Store:
    case ir::Prim::AddUpdate:
    case ir::Prim::SemaphoreSignal:
    case ir::Prim::SemaphoreWait: check_write_levels(e, 0, SIZE_MAX / 2); break;
    case ir::Prim::DmaStart:  // the source is read (transform_array); the rest written
      check_write_levels(e, at(0), at(1));
      check_write_levels(e, at(0) + at(1), at(2));
      check_write_levels(e, at(0) + at(1) + at(2), at(3));
      break;
    case ir::Prim::DmaWait: check_write_levels(e, 0, at(0)); break;
    default: break;
  }
}

}  // namespace

void check_generic_dma_sizes(const ir::Jaxpr& jaxpr) {
  for (const ir::Eqn& e : jaxpr.eqns) {
    check_transforms(e);
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
