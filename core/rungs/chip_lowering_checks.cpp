// Step 3 of the chip model's compile checks: the kernel body, one equation
// at a time in the order jaxpr_subcomp lowers it, with JAX's messages.
//
// Which primitives have a Mosaic lowering rule is read from
// jax/_src/pallas/mosaic/lowering.py (its register_lowering_rule calls);
// chip_lowers() lists every Rungs primitive explicitly, so a new primitive
// triggers a -Wswitch warning here until someone decides. A memory space
// is read from the ref's aval (kernel refs, scratch and run_scoped refs
// all carry it), DEFAULT meaning VMEM for a TensorCore kernel.
//
// Scans follow _scan_lowering_rule: reverse, xs and ys are refused
// (pattern_match_scan_to_fori_loop's texts). Deliberate gaps (listed in
// the model note of every chip call): the fori-loop pattern match of while
// loops (both sub-jaxprs are checked),
// debug_print's TPU format rules, and everything past the lowering
// (layouts, shape casts, "Mosaic failed to compile" errors).
#include "core/errors/error.h"
#include "core/rungs/chip_checks.h"

namespace rungs::exec {

using ir::Prim;

bool chip_lowers(Prim prim) {
  switch (prim) {
    // No rule in the TPU lowering: NotImplementedError at the equation.
    case Prim::Expm1:
    case Prim::Asin:
    case Prim::Acos:
    case Prim::Atan:
    case Prim::Sinh:
    case Prim::Cosh:
    case Prim::Asinh:
    case Prim::Acosh:
    case Prim::Atanh:
    case Prim::Cbrt:
    case Prim::ReduceProd:
    case Prim::CumSum:
    case Prim::CumProd:
    case Prim::CumMax:
    case Prim::CumMin:
    case Prim::DynamicSlice:
    case Prim::DynamicUpdateSlice:
    case Prim::Rev:
    case Prim::Scatter:
    case Prim::Sort:
    case Prim::Copy:
    case Prim::AddUpdate:
    case Prim::PallasCall:  // a pallas_call nested in a kernel
      return false;
    // Lowered (some only for some dtypes or shapes; see check_eqn).
    case Prim::Neg: case Prim::Sign: case Prim::Floor: case Prim::Ceil: case Prim::Round:
    case Prim::IsFinite: case Prim::Exp: case Prim::Exp2: case Prim::Log: case Prim::Log1p:
    case Prim::Tanh: case Prim::Logistic: case Prim::Sin: case Prim::Cos: case Prim::Tan:
    case Prim::Sqrt: case Prim::Rsqrt: case Prim::Abs: case Prim::Not: case Prim::Erf:
    case Prim::ErfInv: case Prim::Square: case Prim::PopulationCount: case Prim::Clz:
    case Prim::IntegerPow: case Prim::Add: case Prim::Sub: case Prim::Mul: case Prim::Div:
    case Prim::Rem: case Prim::Pow: case Prim::Max: case Prim::Min: case Prim::And: case Prim::Or:
    case Prim::Xor: case Prim::ShiftLeft: case Prim::ShiftRightArithmetic: case Prim::ShiftRightLogical:
    case Prim::Atan2: case Prim::NextAfter: case Prim::Eq: case Prim::Ne: case Prim::Lt: case Prim::Le:
    case Prim::Gt: case Prim::Ge: case Prim::SelectN: case Prim::Clamp: case Prim::ConvertElementType:
    case Prim::BitcastConvertType: case Prim::TpuBitcast:
    case Prim::ReduceSum: case Prim::ReduceMax: case Prim::ReduceMin: case Prim::ReduceAnd:
    case Prim::ReduceOr: case Prim::ArgMax: case Prim::ArgMin: case Prim::DotGeneral:
    case Prim::Transpose: case Prim::Reshape: case Prim::BroadcastInDim: case Prim::Squeeze:
    case Prim::ExpandDims: case Prim::Concatenate: case Prim::Pad: case Prim::Slice: case Prim::Iota:
    case Prim::Gather: case Prim::RandomBits: case Prim::Threefry2x32: case Prim::Cond: case Prim::While: case Prim::Scan:
    case Prim::Pjit: case Prim::RunScoped: case Prim::Get: case Prim::Swap: case Prim::Load:
    case Prim::Store: case Prim::SemaphoreSignal: case Prim::SemaphoreWait: case Prim::SemaphoreRead:
    case Prim::DmaStart: case Prim::DmaWait: case Prim::BarrierSemaphore: case Prim::ProgramId:
    case Prim::NumPrograms: case Prim::AxisIndex: case Prim::DebugPrint: case Prim::DebugCheck:
    case Prim::MultipleOf: case Prim::Delay: case Prim::PrngSeed: case Prim::PrngRandomBits:
      return true;
  }
  return true;
}

namespace {

enum class Mem : uint8_t { Vmem, Smem, Any, Other };

Mem mem_of(ir::MemorySpace s) {
  switch (s) {
    case ir::MemorySpace::Default:
    case ir::MemorySpace::TpuVmem: return Mem::Vmem;
    case ir::MemorySpace::TpuSmem: return Mem::Smem;
    case ir::MemorySpace::Any: return Mem::Any;
    default: return Mem::Other;
  }
}

class Walker {
 public:
  explicit Walker(const pallas::PallasCall& call) : call_(call) {}

  void walk(const ir::Jaxpr& j) {
    for (const ir::Eqn& e : j.eqns) check_eqn(j, e);
  }

 private:
  SourceRange at(const ir::Eqn& e) const { return e.source.line > 0 ? e.source : call_.where; }

  const ir::AVal& aval(const ir::Jaxpr& j, const ir::Atom& a, ir::AVal& scratch) const {
    if (!a.is_literal()) return j.vars[static_cast<size_t>(a.var)];
    scratch = ir::AVal::array(a.literal.dtype(), a.literal.shape());
    return scratch;
  }

  // _dot_general_lowering_rule builds its zero accumulator only for bf16,
  // f32, the three float8 types Mosaic computes in, and integers; any
  // other result type (float16, the other float8s) raises with its name.
  void check_dot_out(const ir::Jaxpr& j, const ir::Eqn& e) const {
    using array::DType;
    const DType d = j.vars[static_cast<size_t>(e.outputs[0])].dtype;
    if (d == DType::BFloat16 || d == DType::Float32 || d == DType::Float8E5M2 || d == DType::Float8E4M3FN ||
        d == DType::Float8E4M3B11FNUZ || array::is_integer(d))
      return;
    raise(ErrorId::chip_dot_out_dtype, at(e), array::dtype_name(d));
  }

  void check_eqn(const ir::Jaxpr& j, const ir::Eqn& e) {
    if (!chip_lowers(e.prim)) raise(ErrorId::chip_unimplemented_primitive, at(e), std::string(ir::prim_name(e.prim)));
    ir::AVal tmp;
    switch (e.prim) {
      case Prim::Get:
      case Prim::Load: check_load(j, e); break;
      case Prim::Swap:
      case Prim::Store: check_store(j, e); break;
      case Prim::ReduceSum:
      case Prim::ReduceMax:
      case Prim::ReduceMin: {
        array::DType d = aval(j, e.inputs[0], tmp).dtype;
        if (array::is_float(d) || d == array::DType::Int32) break;
        if (array::is_unsigned_int(d)) raise(ErrorId::chip_reduction_unsigned, at(e));
        raise(ErrorId::chip_reduction_dtype, at(e), array::dtype_name(d));
      }
      case Prim::ArgMax:
      case Prim::ArgMin:
        if (aval(j, e.inputs[0], tmp).dtype != array::DType::Float32) raise(ErrorId::chip_arg_reduce_dtype, at(e));
        break;
      case Prim::DotGeneral:
        for (const ir::Atom& a : e.inputs) {
          array::DType d = aval(j, a, tmp).dtype;
          if (array::is_unsigned_int(d)) raise(ErrorId::chip_dot_unsigned, at(e), array::dtype_name(d));
        }
        check_dot_out(j, e);
        // Only DEFAULT (0) and HIGHEST (2) have a Mosaic contract precision.
        if (e.params.n == 1) raise(ErrorId::chip_dot_precision, at(e), "HIGH");
        break;
      case Prim::Pad:  // _pad_lowering_rule: edges become concatenations; interior padding has none
        for (int64_t interior : e.params.strides)
          if (interior > 0) raise(ErrorId::chip_pad_interior, at(e));
        break;
      case Prim::DmaStart: {
        if (aval(j, e.inputs[0], tmp).dtype == array::DType::Bool) raise(ErrorId::chip_dma_bool, at(e));
        // _transform_ref on the source, then on the destination.
        size_t n0 = e.params.counts.empty() ? 0 : static_cast<size_t>(e.params.counts[0]);
        size_t n1 = e.params.counts.size() < 2 ? 0 : static_cast<size_t>(e.params.counts[1]);
        ir::AVal tmp2;
        check_chip_ref_transforms(e, 0, n0, aval(j, e.inputs[0], tmp), at(e));
        check_chip_ref_transforms(e, n0, n1, aval(j, e.inputs[1], tmp2), at(e));
        break;
      }
      case Prim::BitcastConvertType:  // _bitcast_convert_type_lowering_rule (pltpu.bitcast is its own op)
        if (array::bit_width(aval(j, e.inputs[0], tmp).dtype) != array::bit_width(e.params.dtype))
          raise(ErrorId::chip_bitcast_width, at(e));
        break;
      case Prim::PrngRandomBits:  // _prng_random_bits_lowering_rule: no implicit dims yet
        if (e.params.shape.size() <= 1) raise(ErrorId::chip_prng_bits_rank, at(e));
        break;
      case Prim::Cond: {
        // Branches lower from the last to the first (nested scf.if), unless
        // the index is a constant, which lowers only that branch.
        const auto& br = e.params.jaxprs;
        if (!e.inputs.empty() && e.inputs[0].is_literal()) {
          int64_t k = e.inputs[0].literal.get_int(0);
          k = k < 0 ? 0 : k >= static_cast<int64_t>(br.size()) ? static_cast<int64_t>(br.size()) - 1 : k;
          walk(*br[static_cast<size_t>(k)]);
        } else {
          for (size_t b = br.size(); b-- > 0;) walk(*br[b]);
        }
        break;
      }
      case Prim::Scan:
        check_scan(e);
        walk(*e.params.jaxprs[0]);
        break;
      case Prim::While:
      case Prim::Pjit:
      case Prim::RunScoped:
        for (const ir::JaxprPtr& sub : e.params.jaxprs) walk(*sub);
        break;
      default: check_int_width(j, e); break;
    }
  }

  // Mosaic computes scalar integer arithmetic in i32 (and i1) only and
  // vector additions in i16/i32 only; narrower integers are refused when
  // the kernel compiles (signed and unsigned alike).
  void check_int_width(const ir::Jaxpr& j, const ir::Eqn& e) const {
    const char* op = arith_op_name(j, e);
    if (!op || e.outputs.empty()) return;
    const ir::AVal& out = j.vars[static_cast<size_t>(e.outputs[0])];
    if (!array::is_integer(out.dtype) || out.dtype == array::DType::Bool) return;
    int bits = array::bit_width(out.dtype);
    if (out.shape.empty()) {
      if (bits != 32) raise(ErrorId::chip_scalar_int_width, at(e), std::string(op));
    } else if (e.prim == Prim::Add && bits < 16) {
      std::string ty;
      for (int64_t d : out.shape) ty += std::to_string(d) + "x";
      raise(ErrorId::chip_vector_int_width, at(e), std::string(op), ty + "i" + std::to_string(bits));
    }
  }

  // The arith dialect op an integer primitive lowers to (signedness picks
  // the s/u variant), or null for primitives outside this rule.
  static const char* arith_op_name(const ir::Jaxpr& j, const ir::Eqn& e) {
    bool u = !e.outputs.empty() && array::is_unsigned_int(j.vars[static_cast<size_t>(e.outputs[0])].dtype);
    switch (e.prim) {
      case Prim::Add: return "addi";
      case Prim::Sub: return "subi";
      case Prim::Mul: return "muli";
      case Prim::Div: return u ? "divui" : "divsi";
      case Prim::Rem: return u ? "remui" : "remsi";
      case Prim::Max: return u ? "maxui" : "maxsi";
      case Prim::Min: return u ? "minui" : "minsi";
      case Prim::And: return "andi";
      case Prim::Or: return "ori";
      case Prim::Xor: return "xori";
      case Prim::ShiftLeft: return "shli";
      case Prim::ShiftRightArithmetic: return "shrsi";
      case Prim::ShiftRightLogical: return "shrui";
      default: return nullptr;
    }
  }

  // _scan_lowering_rule: only fori_loop-like scans lower (no reverse, no xs,
  // no ys), checked before the body is lowered.
  void check_scan(const ir::Eqn& e) const {
    if (e.params.flag) raise(ErrorId::chip_scan_reverse, at(e));
    const ir::Jaxpr& body = *e.params.jaxprs[0];
    int64_t nc = e.params.counts[0], nk = e.params.counts[1];
    int64_t outs = static_cast<int64_t>(body.outvars.size()) - nk;
    int64_t ins = static_cast<int64_t>(body.invars.size()) - nc - nk;
    if (outs) raise(ErrorId::chip_scan_extensive_outputs, at(e), outs);
    if (ins) raise(ErrorId::chip_scan_extensive_inputs, at(e), ins, nc, nk);
  }

  // The ref's block shape after every view level but the last (JAX's
  // "transforms"), which also must not be strided.
  array::Shape transformed_shape(const ir::Eqn& e, const array::Shape& ref_shape) const {
    array::Shape shape = ref_shape;
    const auto& levels = e.params.indexers;
    // _canonicalize_transforms_to_indexer: a last level that is a reshape or
    // bitcast is a transform too (the indexer is then the trivial one).
    size_t prev = levels.empty() ? 0 : levels.back().is_index() ? levels.size() - 1 : levels.size();
    for (size_t k = 0; k < prev; ++k) {
      if (!levels[k].is_index()) {
        shape = levels[k].shape;
        continue;
      }
      array::Shape next;
      size_t d = 0;
      for (const ir::DimIndex& di : levels[k].dims) {
        if (di.kind == ir::DimIndex::Kind::Slice) {
          if (di.stride != 1) raise(ErrorId::chip_strided_ref, at(e));
          next.push_back(di.size);
        } else if (di.kind == ir::DimIndex::Kind::NewAxis) {
          next.push_back(1);
          continue;
        }
        ++d;
      }
      for (; d < shape.size(); ++d) next.push_back(shape[d]);
      shape = std::move(next);
    }
    return shape;
  }

  void check_int_indexing(const ir::Eqn& e) const {
    if (e.params.indexers.empty()) return;
    for (const ir::DimIndex& di : e.params.indexers.back().dims)
      if (di.kind == ir::DimIndex::Kind::Array) raise(ErrorId::chip_int_indexing, at(e));
  }

  // _load_lowering_rule (get_p lowers through it too).
  void check_load(const ir::Jaxpr& j, const ir::Eqn& e) {
    ir::AVal tmp;
    const ir::AVal& ref = aval(j, e.inputs[0], tmp);
    check_int_indexing(e);
    if (e.prim == Prim::Load && !e.params.counts.empty() && e.params.counts[0]) raise(ErrorId::chip_masked_load, at(e));
    check_chip_ref_transforms(e, 0, e.params.indexers.size(), ref, at(e));
    array::Shape block = transformed_shape(e, ref.shape);
    Mem mem = ref.semaphore != ir::SemaphoreKind::None ? Mem::Other : mem_of(ref.space);
    if (mem != Mem::Smem && block.empty()) raise(ErrorId::chip_scalar_ref, at(e));
    if (mem == Mem::Smem) {
      // A Pallas PRNG key (its key data, uint32[1, 2]) loads as its scalar
      // words, as _prng_key_load_lowering_rule lowers a key-typed load.
      const ir::AVal* out = e.outputs.empty() ? nullptr : &j.vars[static_cast<size_t>(e.outputs[0])];
      bool pallas_key = out && out->dtype == array::DType::UInt32 && out->shape == array::Shape{1, 2};
      if (out && !out->shape.empty() && !pallas_key) raise(ErrorId::chip_smem_load_vector, at(e));
      return;
    }
    if (mem == Mem::Any) raise(ErrorId::chip_load_space_any, at(e));
    if (mem != Mem::Vmem) raise(ErrorId::chip_load_space, at(e));
  }

  // _masked_swap_lowering_rule (swap_p lowers through it too).
  void check_store(const ir::Jaxpr& j, const ir::Eqn& e) {
    ir::AVal tmp, tmp2;
    const ir::AVal& ref = aval(j, e.inputs[0], tmp);
    const ir::AVal& value = aval(j, e.inputs[1], tmp2);
    check_int_indexing(e);
    bool masked = e.prim == Prim::Store && !e.params.counts.empty() && e.params.counts[0];
    if (masked && array::itemsize(value.dtype) != 4) raise(ErrorId::chip_masked_swap_width, at(e));
    check_chip_ref_transforms(e, 0, e.params.indexers.size(), ref, at(e));
    array::Shape block = transformed_shape(e, ref.shape);
    Mem mem = ref.semaphore != ir::SemaphoreKind::None ? Mem::Other : mem_of(ref.space);
    if (mem != Mem::Smem && block.empty()) raise(ErrorId::chip_scalar_ref, at(e));
    if (mem == Mem::Smem) {
      if (masked) raise(ErrorId::chip_smem_store_mask, at(e));
      if (!value.shape.empty()) raise(ErrorId::chip_smem_store_vector, at(e));
      return;
    }
    if (mem == Mem::Any) raise(ErrorId::chip_store_space_any, at(e));
    if (mem != Mem::Vmem) raise(ErrorId::chip_store_space, at(e));
    if (value.shape.empty()) raise(ErrorId::chip_vmem_store_scalar, at(e));
  }

  const pallas::PallasCall& call_;
};

}  // namespace

bool scan_has_loop_index(const ir::Eqn& e) {
  const ir::Jaxpr& body = *e.params.jaxprs[0];
  size_t nc = static_cast<size_t>(e.params.counts[0]);
  if (e.params.counts[1] <= 0 || body.outvars.empty() || body.outvars[0].is_literal()) return false;
  int in = body.invars[nc];
  const ir::AVal& index = body.vars[static_cast<size_t>(in)];
  if (!index.shape.empty() || index.dtype != array::DType::Int32) return false;
  for (const ir::Eqn& q : body.eqns) {
    if (q.prim != Prim::Add || q.inputs.size() != 2 || q.inputs[0].is_literal() || q.inputs[0].var != in) continue;
    if (q.inputs[1].is_literal() && q.inputs[1].literal.get_double(0) == 1 && q.outputs[0] == body.outvars[0].var)
      return true;
  }
  return false;
}

void check_kernel_lowering(const pallas::PallasCall& call, const ir::Jaxpr& jaxpr) {
  Walker w(call);
  w.walk(jaxpr);
}

void check_index_map_lowering(const pallas::PallasCall& call, const pallas::BlockMapping& m) {
  if (!m.index_map) return;
  for (const ir::Eqn& e : m.index_map->eqns) {
    if (!chip_lowers(e.prim)) raise(ErrorId::chip_unimplemented_primitive, call.where, std::string(ir::prim_name(e.prim)));
    // An index map lowers without grid indices of its own (user_grid_indices
    // is None there), so program_id inside one is refused.
    if (e.prim == Prim::ProgramId) raise(ErrorId::chip_program_id_no_grid, call.where, e.params.n);
  }
}

}  // namespace rungs::exec
