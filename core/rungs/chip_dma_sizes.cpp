// The chip model's check of DMA views with a traced size (pl.ds(start, n),
// n traced). Pallas's TPU lowering (_slice_memref in lowering.py) turns a
// traced size into a dynamic dimension of a tpu.memref_slice, which it
// accepts on any dim; Mosaic then requires slice sizes along the tiled
// dimensions (the last two of a rank >= 2 memref, the only one of a
// rank-1 memref) to be provably divisible by the tile
// (MemRefSliceOp::verifyOffsetAndSizeTileAlignment in jaxlib/mosaic, its
// text). So a traced size on a leading (untiled) dim compiles -- JAX's
// test_simple_tile_aligned_dynamic_size_dma -- while the 1-D case, which
// JAX's tests skip as "doesn't work yet", does not. Divisibility is
// "proved" as Mosaic's isGuaranteedDivisible does for the common cases: a
// literal, pl.multiple_of(n, k) with k a multiple of the tile, a product
// with such a literal, sums, selects, mins and remainders of such values,
// looking through the enclosing code of a pl.when / loop body.
#include <algorithm>

#include "core/errors/error.h"
#include "core/rungs/chip_checks.h"

namespace rungs::exec {

namespace {

const ir::Eqn* producer(const ir::Jaxpr& j, int var) {
  for (const ir::Eqn& e : j.eqns)
    for (int o : e.outputs)
      if (o == var) return &e;
  return nullptr;
}

// A jaxpr being checked, inside the equation that holds it: Mosaic's
// regions see the values of the enclosing code, which our closed
// sub-jaxprs receive as invars; `bound[i]` is the enclosing atom behind
// invar i (as many as are known).
struct Scope {
  const ir::Jaxpr* j = nullptr;
  const Scope* parent = nullptr;
  std::vector<ir::Atom> bound;
};

// The atom an invar of `s` stands for in the enclosing scope, if known.
const ir::Atom* outer_atom(const Scope& s, int var) {
  for (size_t i = 0; i < s.j->invars.size() && i < s.bound.size(); ++i)
    if (s.j->invars[i] == var) return &s.bound[i];
  return nullptr;
}

bool divisible(const Scope& s, const ir::Atom& a, int64_t tile, int fuel = 16) {
  if (a.is_literal()) return a.literal.get_int(0) % tile == 0;
  if (fuel <= 0) return false;
  const ir::Eqn* e = producer(*s.j, a.var);
  if (!e) {
    const ir::Atom* outer = s.parent ? outer_atom(s, a.var) : nullptr;
    return outer && divisible(*s.parent, *outer, tile, fuel - 1);
  }
  switch (e->prim) {
    case ir::Prim::MultipleOf: return e->params.n % tile == 0 || divisible(s, e->inputs[0], tile, fuel - 1);
    case ir::Prim::Mul:
      return divisible(s, e->inputs[0], tile, fuel - 1) || divisible(s, e->inputs[1], tile, fuel - 1);
    case ir::Prim::Add:
    case ir::Prim::Sub:
      return divisible(s, e->inputs[0], tile, fuel - 1) && divisible(s, e->inputs[1], tile, fuel - 1);
    case ir::Prim::ConvertElementType:
    case ir::Prim::BroadcastInDim:  // a scalar kept a scalar: no op in Mosaic
      return divisible(s, e->inputs[0], tile, fuel - 1);
    // isStructurallyDivisible's arith.select / minsi / remsi: every operand
    // divisible (a select's predicate excepted); divsi by a constant c needs
    // its dividend divisible by tile * c.
    case ir::Prim::SelectN:
      for (size_t i = 1; i < e->inputs.size(); ++i)
        if (!divisible(s, e->inputs[i], tile, fuel / 2)) return false;
      return e->inputs.size() > 1;
    case ir::Prim::Min:
    case ir::Prim::Rem:
      return divisible(s, e->inputs[0], tile, fuel / 2) && divisible(s, e->inputs[1], tile, fuel / 2);
    case ir::Prim::Div:
      if (e->inputs[1].is_literal() && e->inputs[1].literal.get_int(0) > 0)
        return divisible(s, e->inputs[0], tile * e->inputs[1].literal.get_int(0), fuel - 1);
      return false;
    default: return false;
  }
}

// What each sub-jaxpr's invars are bound to (primitives.def's layouts):
// cond branches get the operands, pjit its inputs, a while body and a scan
// body their loop-invariant consts first.
std::vector<ir::Atom> bindings(const ir::Eqn& e, size_t sub) {
  const auto& in = e.inputs;
  auto range = [&](size_t from, size_t n) {
    return std::vector<ir::Atom>(in.begin() + static_cast<std::ptrdiff_t>(std::min(from, in.size())),
                                 in.begin() + static_cast<std::ptrdiff_t>(std::min(from + n, in.size())));
  };
  const auto& c = e.params.counts;
  switch (e.prim) {
    case ir::Prim::Cond: return range(1, in.size());
    case ir::Prim::Pjit: return in;
    case ir::Prim::While:
      if (c.size() < 2) return {};
      return sub == 0 ? range(0, static_cast<size_t>(c[0])) : range(static_cast<size_t>(c[0]), static_cast<size_t>(c[1]));
    case ir::Prim::Scan: return c.empty() ? std::vector<ir::Atom>{} : range(0, static_cast<size_t>(c[0]));
    default: return {};
  }
}

// The first tile dim of a memref of `shape` (rank-1: tpu_info.infer_tiling's
// 1-D tile; else sublanes x lanes, the second-minor requirement being the
// sublane count even for packed dtypes, as the verifier relaxes it).
int64_t tile_dim(const array::Shape& shape, size_t dim, array::DType dtype, const ChipGeneration& gen) {
  int bits = dtype == array::DType::Bool ? 32 : static_cast<int>(8 * array::itemsize(dtype));
  if (shape.size() == 1) {
    int64_t packing = bits >= 32 ? 1 : 32 / bits;
    return (1 + (gen.generation < 4 ? 1 : 0)) * packing * gen.lanes;
  }
  return dim + 1 == shape.size() ? gen.lanes : gen.sublanes;
}

// The view levels [first, first + count) of a DMA's ref operand.
void check_view(const Scope& s, const ir::Eqn& e, const ir::Atom& ref, size_t first, size_t count,
                const ChipGeneration& gen) {
  if (ref.is_literal()) return;
  const ir::AVal& aval = s.j->vars[static_cast<size_t>(ref.var)];
  array::Shape shape = aval.shape;
  for (size_t k = first; k < first + count && k < e.params.indexers.size(); ++k) {
    if (!e.params.indexers[k].is_index()) {  // ref.reshape / ref.bitcast: a new shape
      shape = e.params.indexers[k].shape;
      continue;
    }
    const auto& dims = e.params.indexers[k].dims;
    array::Shape next;
    for (size_t d = 0; d < dims.size() && d < shape.size(); ++d) {
      const ir::DimIndex& di = dims[d];
      bool tiled = d + std::min<size_t>(2, shape.size()) >= shape.size();
      if (di.dynamic_size() && tiled) {
        int64_t t = tile_dim(shape, d, aval.dtype, gen);
        if (!divisible(s, e.inputs[static_cast<size_t>(di.size_input)], t))
          raise(ErrorId::chip_dma_dynamic_size_tiled, e.source, d, t);
      }
      if (di.kind == ir::DimIndex::Kind::Slice) next.push_back(di.size);
    }
    shape = std::move(next);
  }
}

void check_scope(const Scope& s, const ChipGeneration& gen) {
  for (const ir::Eqn& e : s.j->eqns) {
    const auto& c = e.params.counts;
    if (e.prim == ir::Prim::DmaStart && c.size() > 1) {
      check_view(s, e, e.inputs[0], 0, static_cast<size_t>(c[0]), gen);
      check_view(s, e, e.inputs[1], static_cast<size_t>(c[0]), static_cast<size_t>(c[1]), gen);
    } else if (e.prim == ir::Prim::DmaWait && c.size() > 1) {
      check_view(s, e, e.inputs[1], static_cast<size_t>(c[0]), static_cast<size_t>(c[1]), gen);
    }
    for (size_t k = 0; k < e.params.jaxprs.size(); ++k)
      if (e.params.jaxprs[k]) check_scope(Scope{e.params.jaxprs[k].get(), &s, bindings(e, k)}, gen);
  }
}

}  // namespace

void check_dma_dynamic_sizes(const ir::Jaxpr& j, const ChipGeneration& gen) { check_scope(Scope{&j, nullptr, {}}, gen); }

}  // namespace rungs::exec
