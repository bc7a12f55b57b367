// The array operations: one function per JAX lax primitive, plus the jnp
// helpers that have no primitive (NumPy indexing). The jaxpr interpreter
// calls one per equation, so each is a tight typed loop picked once per call
// by dtype, with broadcasting inside the loop rather than by copies. Where
// lax leaves semantics open (integer x/0, shifts past the width, float->int
// of NaN) they follow XLA on CPU, documented at each function. Binary ops
// need operands of one dtype: promotion is the caller's job (promote_types).
// Half types compute in float32 and round once per op. Everything is pure
// (const& in, new Array out); bad shapes, axes or dtypes raise registry
// errors (core/errors/registry_array.def).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/array/array.h"

namespace rungs::array {

// ---------------------------------------------------------------- elementwise

enum class UnaryOp : uint8_t {
  Neg,
  Abs,        // ints wrap: abs(INT_MIN) == INT_MIN
  Sign,       // float: -1/0/1, keeps -0 and NaN; unsigned: 0/1
  Floor,
  Ceil,
  Round,      // half away from zero (lax.round default)
  RoundEven,  // half to even (jnp.round)
  Exp,
  Exp2,
  Log,
  Log1p,
  Expm1,
  Sqrt,
  Rsqrt,
  Cbrt,
  Tanh,
  Logistic,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Asinh,
  Acosh,
  Atanh,
  Erf,
  Erfc,
  ErfInv,  // XLA's single-precision polynomial (Giles), erfinv(+-1) = +-inf
  Lgamma,
  Not,     // bitwise for ints, logical for bool
  IsFinite,  // -> Bool
  PopulationCount,
  Clz,
  Square,
  Reciprocal,  // floats only (1/x)
  Real,        // identity on real dtypes
};
const char* unary_op_name(UnaryOp op);  // lax primitive name: "neg", "exp", ...
// Float-only ops raise TypeError (op_dtype) on int/bool inputs; bitwise ops
// on floats likewise. Result dtype = input dtype (IsFinite: Bool); weak_type
// is preserved.
Array unary(UnaryOp op, const Array& x);

enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  Div,       // float IEEE; int: truncating, x/0 = -1 (all ones), INT_MIN/-1 = INT_MIN (XLA CPU)
  Rem,       // C fmod sign (lax.rem); int: x%0 = x, INT_MIN%-1 = 0 (XLA CPU)
  FloorDiv,  // numpy floor_divide (jnp.floor_divide); int x//0 = -1... see div
  Mod,       // numpy remainder: sign of the divisor (jnp.remainder); int x%0 = x
  Pow,       // float: powf; int: exact with wrap, negative exponent -> 0 (except |base|==1)
  Max,       // NaN-propagating (lax.max)
  Min,
  And,       // bitwise for ints, logical for bool
  Or,
  Xor,
  ShiftLeft,             // amount taken as unsigned; >= width -> 0
  ShiftRightArithmetic,  // >= width -> sign fill
  ShiftRightLogical,     // >= width -> 0
  Atan2,
  NextAfter,
  Eq,  // comparisons return Bool
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
};
const char* binary_op_name(BinaryOp op);  // "add", "shift_left", "floor_divide", ...
bool is_comparison(BinaryOp op);
// a and b must have the same dtype (TypeError lax_dtype_mismatch otherwise);
// shapes broadcast NumPy-style (ValueError broadcast_incompatible). Result
// weak_type = a.weak && b.weak (comparisons: false), as lax does.
Array binary(BinaryOp op, const Array& a, const Array& b);
// The same result; it may take over the storage of `a` or `b` (then
// computing in place) when nothing else holds it. Callers hand over arrays
// they are done with (the interpreter: operands at their last use); an
// array still held elsewhere is simply not taken.
Array binary_consuming(BinaryOp op, Array a, Array b);
// Float32 element loops on raw memory, for fused elementwise chains
// (core/rungs/fusion.h): the very kernels binary() and unary() run, so the
// bits are the same. Strides are 1, or 0 for a broadcast scalar; `out` may
// be an input. False when the op has no float kernel (comparisons, ...).
bool binary_f32_span(BinaryOp op, const float* a, int64_t sa, const float* b, int64_t sb, float* out, int64_t n);
bool unary_f32_span(UnaryOp op, const float* x, float* out, int64_t n);
// NumPy broadcast of two shapes (raises broadcast_incompatible).
Shape broadcast_shapes(const Shape& a, const Shape& b);
Shape broadcast_shapes(const std::vector<Shape>& shapes);

// lax.integer_pow: x ** n for a static int n (n < 0 only for floats).
Array integer_pow(const Array& x, int64_t n);

// lax.convert_element_type. Float -> int truncates toward zero; NaN -> 0 and
// out-of-range values saturate to the int type's min/max (XLA's CPU
// semantics since 2023, which JAX inherits). Int -> narrower int wraps
// (two's complement). Anything -> bool is `x != 0` (NaN -> true). f32 -> bf16
// and f32 -> f16 round to nearest even. The result is strong (weak=false)
// unless `weak` is set.
Array convert(const Array& x, DType to, bool weak = false);
// lax.bitcast_convert_type: a wider source gains a trailing axis of
// narrower elements; a narrower one packs its trailing axis (which must hold
// exactly one wider element's worth) into one element (ValueError otherwise).
Shape bitcast_shape(const Shape& shape, DType from, DType to);
Array bitcast_convert(const Array& x, DType to);
// pltpu.bitcast: the second-minor dim scales by the width ratio; values are
// JAX's interpreter lowering of it (rows packed element-wise into wider
// elements, or unpacked into consecutive rows). Rank >= 2, divisible dims
// (the Python entry point checks both with JAX's texts).
Shape tpu_bitcast_shape(const Shape& shape, DType from, DType to);
Array tpu_bitcast(const Array& x, DType to);

// jnp.where / lax.select with broadcasting: pred must be Bool; on_true and
// on_false must share a dtype.
Array select(const Array& pred, const Array& on_true, const Array& on_false);
// lax.select_n: which is Bool (2 cases) or Int32 (index into cases; out of
// range clamps like XLA's select on CPU). All shapes broadcast.
Array select_n(const Array& which, const std::vector<Array>& cases);
// lax.clamp(lo, x, hi): max(lo, min(x, hi)) with broadcasting of lo/hi.
Array clamp(const Array& lo, const Array& x, const Array& hi);

// ---------------------------------------------------------------- reductions

enum class ReduceOp : uint8_t { Sum, Prod, Max, Min, And, Or, ArgMax, ArgMin };
// Reduces over `axes` (negative axes allowed; duplicates are ValueError).
// Float sums and products accumulate in double and round once, so results
// are deterministic and identical natively and in wasm (XLA's f32 tree order
// is not reproducible anyway). Int sums wrap. Max/Min propagate NaN. Empty
// reductions give the identity (Max of empty float: -inf; int: iinfo.min).
// ArgMax/ArgMin take exactly one axis, return `index_dtype`, pick the first
// occurrence and treat NaN as the extreme (first NaN wins), like lax.argmax;
// an empty axis raises ValueError.
Array reduce(ReduceOp op, const Array& x, const std::vector<int>& axes,
             DType index_dtype = DType::Int32);
// lax.cumsum/cumprod/cummax/cummin along one axis (op: Sum, Prod, Max, Min).
Array cumulative(ReduceOp op, const Array& x, int axis, bool reverse);

// ---------------------------------------------------------------- dot

struct DotDims {
  std::vector<int> lhs_contract, rhs_contract, lhs_batch, rhs_batch;
};
// lax.dot_general: output dims are (batch..., lhs free..., rhs free...).
// Mixed input dtypes follow lax's rule (the higher-precision type wins,
// TypeError when neither is); the output dtype is `preferred` if given.
// f16/bf16 compute in f32 (round once); ints accumulate with wrap; bool is
// OR of ANDs.
// lax.dot_general's result dtype (XLA's HigherPrecisionType, then
// preferred_element_type, which must not narrow an integer result).
DType dot_result_dtype(DType lhs, DType rhs, std::optional<DType> preferred);
Array dot_general(const Array& lhs, const Array& rhs, const DotDims& dims,
                  std::optional<DType> preferred = std::nullopt);
// The float32 kernel behind dot_general: C[m,n] (+)= A[m,k] * B[k,n], all
// row-major and contiguous. Cache-blocked, packed, auto-vectorised.
void matmul_f32(const float* a, const float* b, float* c, int64_t m, int64_t k, int64_t n,
                bool accumulate);

// ---------------------------------------------------------------- shape ops

// Resolves one -1 entry against `size` (jnp.reshape); raises the JAX
// TypeError "cannot reshape array of shape ... into shape ...".
Shape resolve_reshape(const Shape& from, const Shape& requested);
Array reshape(const Array& x, const Shape& shape);  // sizes must match; no -1
Array transpose(const Array& x, const std::vector<int>& perm);
// lax.broadcast_in_dim: operand dim i maps to output dim broadcast_dims[i].
Array broadcast_in_dim(const Array& x, const Shape& out, const std::vector<int>& broadcast_dims);
Array broadcast_to(const Array& x, const Shape& shape);  // jnp.broadcast_to
// lax.squeeze: removes exactly `axes` (each must have size 1; empty = none).
Array squeeze(const Array& x, const std::vector<int>& axes);
Array expand_dims(const Array& x, const std::vector<int>& axes);
// All operands must share a dtype and agree off `axis`.
Array concatenate(const std::vector<Array>& xs, int axis);
// lax.pad: per-dim lo/hi (negative crops) and interior padding. `value` is
// converted to x's dtype.
Array pad(const Array& x, Scalar value, const std::vector<int64_t>& lo,
          const std::vector<int64_t>& hi, const std::vector<int64_t>& interior);
// lax.slice (strides may be empty: all 1).
Array slice(const Array& x, const std::vector<int64_t>& starts, const std::vector<int64_t>& limits,
            const std::vector<int64_t>& strides = {});
Array rev(const Array& x, const std::vector<int>& axes);
// lax.iota broadcast along `dimension` of `shape`.
Array iota(DType dtype, const Shape& shape, int dimension);
Array tile(const Array& x, const std::vector<int64_t>& reps);  // jnp.tile
Array repeat(const Array& x, int64_t repeats, int axis);       // jnp.repeat (scalar count)

// ---------------------------------------------------------------- windows

// XLA clamping: each start is clamped into [0, dim - size]. Starts may be
// any int64 (negative too). size > dim raises TypeError.
Array dynamic_slice(const Array& x, const std::vector<int64_t>& starts, const Shape& sizes);
Array dynamic_update_slice(const Array& x, const Array& update, const std::vector<int64_t>& starts);
// Hot-loop variants for the grid executor: no allocation (for rank <= 16 and
// a uniquely owned destination; a shared one is copied first, as any
// mutable_data() is), no clamping (the caller clamps; out-of-range starts are
// the caller's bug, checked only by assert). Same dtype and rank required.
// Contiguous rows are copied with memcpy.
void copy_window_out(const Array& src, const std::vector<int64_t>& starts, Array& dst_block);
void copy_window_in(Array& dst, const std::vector<int64_t>& starts, const Array& block);
// The XLA clamp rule on its own, for callers that need the effective start.
int64_t clamp_start(int64_t start, int64_t dim, int64_t size);

// ---------------------------------------------------------------- indexing

// One item of a NumPy index expression x[a, b, ...].
struct IndexItem {
  enum Kind : uint8_t { Int, Slice, NewAxis, Ellipsis, IntArray, BoolArray } kind = Int;
  int64_t value = 0;                    // Int (negative counts from the end)
  std::optional<int64_t> start, stop, step;  // Slice; nullopt = omitted
  Array array;                          // IntArray (any int dtype) / BoolArray

  static IndexItem integer(int64_t v);
  static IndexItem slice(std::optional<int64_t> start, std::optional<int64_t> stop,
                         std::optional<int64_t> step);
  static IndexItem new_axis();
  static IndexItem ellipsis();
  static IndexItem int_array(Array a);
  static IndexItem bool_array(Array a);
};
struct IndexSpec {
  std::vector<IndexItem> items;
};

// Out-of-bounds handling (JAX's GatherScatterMode). jnp's default, mode=None,
// is FillOrDrop for both x[idx] and x.at[idx].op(...): an out-of-range index
// makes a gather return the fill value and a scatter drop its update
// (jax/_src/lax/slicing.py GatherScatterMode.from_any(None)). Negative
// indices of signed dtypes wrap once first (-1 is the last element).
// PromiseInBounds behaves as XLA on CPU does: gathers clamp, scatters drop.
enum class IndexMode : uint8_t { FillOrDrop, Clip, PromiseInBounds };
enum class UpdateMode : uint8_t { Set, Add, Mul, Min, Max };

// x[spec] with NumPy result-shape rules. As in jnp, once any IntArray/
// BoolArray is present, Int items count as 0-d advanced indices, and
// advanced indices that are not adjacent in `spec` (a slice, ellipsis or
// newaxis between them) put their broadcast dims first. A BoolArray is
// expanded to its nonzero() coordinates (its shape must match the dims it
// covers). Static Int items follow `mode` too: current JAX sends an
// out-of-range Python int through the same FillOrDrop gather (x[10] on a
// length-8 float array is nan), it does not raise; callers that want
// NumPy's IndexError call check_int_indices first. `fill` defaults to NaN /
// iinfo.min (signed) / iinfo.max (unsigned) / true.
Array index(const Array& x, const IndexSpec& spec, IndexMode mode = IndexMode::FillOrDrop,
            std::optional<Scalar> fill = std::nullopt);
// x.at[spec].set/add/multiply/min/max(updates): updates are converted to x's
// dtype and broadcast to the shape of x[spec]. Repeated indices all apply in
// row-major order (Set: the last one wins). Out-of-bounds updates are dropped
// (FillOrDrop, PromiseInBounds) or clipped (Clip).
Array index_update(const Array& x, const IndexSpec& spec, const Array& updates, UpdateMode mode,
                   IndexMode oob = IndexMode::FillOrDrop);
// The same, written into `x` itself: no copy when nothing else holds its
// storage (a NumPy array's item assignment). `x` is untouched if it raises.
void index_update_in_place(Array& x, const IndexSpec& spec, const Array& updates, UpdateMode mode,
                           IndexMode oob = IndexMode::FillOrDrop);
// NumPy's strictness for static ints: raises IndexError "index 10 is out of
// bounds for axis 0 with size 8" for the first Int item out of range.
void check_int_indices(const Shape& shape, const IndexSpec& spec);
// The shape x[spec] would have (no data touched).
Shape index_shape(const Shape& shape, const IndexSpec& spec);

// ---------------------------------------------------------------- sorting

// Ascending along `axis`, stable; NaNs last, -0.0 == 0.0 (lax.sort's order).
Array sort(const Array& x, int axis);
Array argsort(const Array& x, int axis, DType index_dtype = DType::Int32);
// lax.sort with several operands: sorts all by the first `num_keys` operands
// (lexicographically), stable. All operands share one shape.
std::vector<Array> sort_multi(const std::vector<Array>& operands, int axis, int num_keys = 1);

// Canonicalise a possibly-negative axis against `rank` (ValueError if out).
int canonicalize_axis(int axis, int rank);

}  // namespace rungs::array
