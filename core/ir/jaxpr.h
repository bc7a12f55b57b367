// The jaxpr: a tiny, printable, single-assignment IR, as in JAX.
//
// A kernel body (and each index map) is traced once into a Jaxpr; every rung
// then executes that Jaxpr. Variables are numbered per jaxpr; each equation
// applies one primitive to atoms (variables or scalar literals) and binds
// fresh variables. Sub-jaxprs (cond branches, loop bodies, run_scoped bodies)
// are closed: everything they use arrives through their own invars.
#pragma once

#include <cstdint>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "core/array/array.h"
#include "core/array/ops.h"
#include "core/ir/primitive.h"
#include "core/lang/source_range.h"

namespace rungs::ir {

using array::Array;
using array::DType;
using array::Shape;

// Memory spaces that a Ref can live in. TPU and GPU names are separate
// enumerators on purpose: pltpu.SMEM (scalar memory) and plgpu.SMEM (shared
// memory) share the string "smem" but are different things (SEMANTICS §7).
enum class MemorySpace : uint8_t {
  Default,    // backend decides (TPU: VMEM)
  Any,        // pl.ANY: not placed; touched only by DMA on TPU
  Host,       // pl.HOST
  TpuVmem, TpuVmemShared, TpuSmem, TpuCmem, TpuSemaphore, TpuHbm,
  GpuGmem, GpuSmem, GpuTmem, GpuRegs,
};
const char* memory_space_name(MemorySpace space);  // "vmem", "smem", "any", ...

enum class SemaphoreKind : uint8_t { None, Regular, Dma, Barrier };

// The abstract value of a variable: an array type, or a Ref to one.
struct AVal {
  enum class Kind : uint8_t { Array, Ref };
  Kind kind = Kind::Array;
  DType dtype = DType::Float32;
  Shape shape;
  bool weak_type = false;                          // Python-scalar-born (JAX weak types)
  MemorySpace space = MemorySpace::Default;        // Refs only
  SemaphoreKind semaphore = SemaphoreKind::None;   // Refs to semaphores (dtype int32 here)

  bool is_ref() const { return kind == Kind::Ref; }
  static AVal array(DType d, Shape s, bool weak = false) {
    AVal a;
    a.dtype = d;
    a.shape = std::move(s);
    a.weak_type = weak;
    return a;
  }
};

std::string aval_str(const AVal& aval);        // "f32[8,128]", "Ref{float32[8,128]}"
std::string aval_long_str(const AVal& aval);   // "float32[8,128]" (error messages)

// An equation input: a variable of the enclosing jaxpr, or a literal scalar.
struct Atom {
  int var = -1;   // index into Jaxpr::vars, or -1 for a literal
  Array literal;  // rank-0 value when var < 0
  bool is_literal() const { return var < 0; }
  static Atom of_var(int v) { Atom a; a.var = v; return a; }
  static Atom of_literal(Array value) { Atom a; a.literal = std::move(value); return a; }
};

// One dimension of a ref indexer: ref[i], ref[a:b], ref[pl.ds(start, size)],
// or an integer array (advanced indexing).
// Dynamic parts (a traced start, index or index array) are equation inputs,
// referred to by position, so every value an equation reads is an input.
struct DimIndex {
  enum class Kind : uint8_t { Slice, Index, Array, NewAxis };
  Kind kind = Kind::Slice;
  int input = -1;       // eqn input with the dynamic start/index/array; -1 if static
  int64_t start = 0;    // static Slice start or Index value (when input < 0)
  int64_t size = 0;     // Slice: window size (elements)
  int64_t stride = 1;   // Slice: step
  // Slice: eqn input with a traced size (pl.ds(start, n), n traced), which
  // only DMAs accept; -1 if static. `size` is then the extent of the dim, an
  // upper bound each rung replaces with the value when the DMA runs.
  int size_input = -1;
  bool is_static() const { return input < 0; }
  bool dynamic_size() const { return size_input >= 0; }
};

// ref.at[...] composes: each level indexes the view left by the previous one.
// A level may instead be one of JAX's other ref transforms, ref.reshape(...)
// (ReshapeTransform) or ref.bitcast(dtype) (BitcastTransform): the view keeps
// the same memory and takes `shape` (and `dtype`) from there on.
struct Indexer {
  enum class Kind : uint8_t { Index, Reshape, Bitcast };
  Kind kind = Kind::Index;
  std::vector<DimIndex> dims;  // Index: one per dimension of the ref being indexed
  Shape shape;                 // Reshape/Bitcast: the view's shape after this level
  DType dtype = DType::Float32;  // Reshape/Bitcast: the view's dtype after this level
  bool is_index() const { return kind == Kind::Index; }
};
// Whether levels [first, first + count) hold a reshape or bitcast; and the
// position of the first one (first + count when none).
bool has_ref_transforms(const std::vector<Indexer>& levels, size_t first = 0, size_t count = SIZE_MAX);
size_t first_ref_transform(const std::vector<Indexer>& levels, size_t first = 0, size_t count = SIZE_MAX);

struct Jaxpr;
using JaxprPtr = std::shared_ptr<Jaxpr>;

// Parameters of an equation. Each primitive uses the fields listed for it in
// primitives.def; a flat struct (not a string-keyed map) keeps the executors'
// per-equation cost low, and the printer knows which fields to show.
struct Params {
  std::vector<int64_t> axes;      // reduce/transpose/squeeze/rev/broadcast dims, program_id axis
  Shape shape;                    // reshape/broadcast_in_dim/iota target, slice sizes
  std::vector<int64_t> starts, limits, strides;  // slice; pad uses starts=lo, limits=hi, strides=interior
  DType dtype = DType::Float32;   // convert_element_type new_dtype, iota dtype, argmax index_dtype
  bool flag = false;              // weak_type, reverse, is_stable, decrement, ...
  int64_t n = 0;                  // integer_pow y, multiple_of, num_consts, cumulative axis, ...
  array::DotDims dot;             // dot_general
  std::string text;               // debug_print format, axis names, debug_check message
  std::vector<Indexer> indexers;  // get/swap/addupdate/load/store/dma views, in .at order
  std::vector<JaxprPtr> jaxprs;   // cond branches; while: [cond, body]; scan/run_scoped: [body]
  std::vector<AVal> allocs;       // run_scoped allocations
  std::vector<int64_t> counts;    // operand group sizes (dma_start, cond, while consts, ...)
  double fvalue = 0;              // a float parameter if any
};

struct Eqn {
  Prim prim;
  std::vector<Atom> inputs;
  std::vector<int> outputs;  // variables bound, indices into Jaxpr::vars
  Params params;
  SourceRange source;        // the Python construct that produced it
};

struct Jaxpr {
  std::vector<AVal> vars;         // every variable's type, by index
  std::vector<int> constvars;     // captured constants (rejected by pallas_call)
  std::vector<Array> consts;      // their values, parallel to constvars
  std::vector<int> invars;
  std::vector<Eqn> eqns;
  std::vector<Atom> outvars;

  int new_var(AVal aval) {
    vars.push_back(std::move(aval));
    return static_cast<int>(vars.size()) - 1;
  }
};

// Structural checks after tracing (debug builds run it on every kernel):
// every variable defined before use and bound once, equation arities right.
// Throws an internal error quoting the offending equation.
void check_jaxpr(const Jaxpr& jaxpr);

}  // namespace rungs::ir
