// Element types of Rungs arrays, and the rules for combining them.
// JAX runs with x64 disabled (the default): a request for a 64-bit type
// canonicalises to its 32-bit sibling, exactly as jnp.asarray does, so
// "int64" names Int32 and JAX code never holds a 64-bit array. NumPy has
// real float64/int64/uint64 arrays: while a NumpyMode is alive (numpy
// functions and operators on NumPy arrays), 64-bit names parse to the 64-bit
// types, the defaults are int64/float64, and promotion follows NumPy 2
// (NEP 50) instead of JAX's lattice. JAX's promotion follows
// jax._src.dtypes' lattice, including weak types (the dtype of a bare Python
// scalar), because the evaluator must reproduce JAX's result dtypes bit for
// bit. Half-precision storage is raw uint16_t bits; the converters below are
// the only place that knows the encodings.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rungs::array {

enum class DType : uint8_t {
  Bool,
  Int8,
  Int16,
  Int32,
  UInt8,
  UInt16,
  UInt32,
  Float16,
  BFloat16,
  Float32,
  // NumPy only (JAX-facing code canonicalises them, see canonicalize_x64).
  Int64,
  UInt64,
  Float64,
  // JAX's narrow types (ml_dtypes). Each element is stored in one byte:
  // sub-byte ints hold their value sign- or zero-extended, narrow floats
  // their bit pattern, and arithmetic runs in int8/uint8 or float32 and
  // rounds back on every store, as XLA computes them on CPU.
  Int4,
  UInt4,
  Int2,
  UInt2,
  Float8E4M3FN,
  Float8E5M2,
  Float8E4M3FNUZ,
  Float8E5M2FNUZ,
  Float8E4M3B11FNUZ,
  Float8E3M4,
  Float8E4M3,
  Float8E8M0FNU,
  Float4E2M1FN,
};
inline constexpr int kNumDTypes = 26;

// Accepts numpy/jax spellings ("float32", "f32", "int", "float", "bool_",
// "bfloat16", "uint64", ...); 64-bit names canonicalise to 32-bit ones
// unless a NumpyMode is active. nullopt for an unknown name.
std::optional<DType> parse_dtype(std::string_view name);
// As parse_dtype, but an unknown name raises TypeError (dtype_unknown).
DType canonicalize_name(std::string_view name);

const char* dtype_name(DType t);        // "float32", "bfloat16", "bool", ...
const char* dtype_short_name(DType t);  // jaxpr style: "f32", "bf16", "i8", "bool", ...
int itemsize(DType t);                  // bytes per element (1 for the narrow types)
// Bits of the format: 8 * itemsize, except 4 for int4/uint4/float4_e2m1fn
// and 2 for int2/uint2 (jax.dtypes.itemsize_bits; bool: 8).
int bit_width(DType t);
bool is_narrow(DType t);        // int4/uint4/int2/uint2, float8_*, float4_e2m1fn
bool is_narrow_float(DType t);  // float8_*, float4_e2m1fn
// False for the float8 types without an infinity (jax.dtypes.supports_inf).
bool supports_inf(DType t);

bool is_float(DType t);
bool is_signed_int(DType t);
bool is_unsigned_int(DType t);
bool is_integer(DType t);  // signed or unsigned (not bool)
bool is_bool(DType t);
bool is_64bit(DType t);  // Int64, UInt64, Float64
// JAX's canonicalize_dtype with x64 off: Float64 -> Float32, Int64 -> Int32,
// UInt64 -> UInt32, others unchanged.
DType canonicalize_x64(DType t);

// While alive, the thread computes as NumPy: 64-bit names are real, the
// default int/float are int64/float64, and promote_types follows NumPy 2.
// Scopes nest; NumpyMode(false) switches JAX's rules back on inside one.
class NumpyMode {
 public:
  explicit NumpyMode(bool on = true);
  ~NumpyMode();
  NumpyMode(const NumpyMode&) = delete;
  NumpyMode& operator=(const NumpyMode&) = delete;
  static bool active();

 private:
  bool previous_;
};

// iinfo: valid for integer types (bool: 0 and 1).
int64_t int_min(DType t);
int64_t int_max(DType t);
// finfo: valid for float types.
double float_max(DType t);         // largest finite value
double float_min_normal(DType t);  // smallest positive normal ("tiny")
double eps(DType t);               // 2^-mantissa_bits
double epsneg(DType t);            // finfo.epsneg
double float_lowest(DType t);      // finfo.min (-max; tiny for float8_e8m0fnu)
int mantissa_bits(DType t);        // finfo.nmant
int exponent_bits(DType t);        // finfo.nexp
int max_exponent(DType t);         // finfo.maxexp
int min_exponent(DType t);         // finfo.minexp
int float_precision(DType t);      // finfo.precision (decimal digits)

// ---- promotion ----
// A weak type is what JAX gives a Python scalar (weak_type=True): it adapts
// to the other operand instead of widening it. Results follow JAX:
//   weak int + int8          -> int8          (strong)
//   weak float + int32       -> float32, weak (the lattice join is f*)
//   int8 + uint8             -> int16
//   uint32 + int32           -> int64 -> int32 with x64 off
//   bfloat16 + float16       -> float32
//   bool + weak int          -> int32, weak
//   all operands weak        -> join of their strong types, weak
// Bool results are never weak.
struct PromotedType {
  DType dtype;
  bool weak;
};
// Under a NumpyMode this is promote_types_numpy.
PromotedType promote_types(DType a, bool weak_a, DType b, bool weak_b);
// Both strong (jnp.promote_types / np.promote_types).
DType promote_types(DType a, DType b);
// NumPy 2 (NEP 50): a weak operand is a Python scalar. Strong pairs take the
// smallest type both cast to safely (int32 + uint32 -> int64, int64 +
// float32 -> float64, int8 + float16 -> float16, uint64 + int64 ->
// float64); a Python int adopts the other operand's type, a Python float
// adopts a float operand's type and turns ints/bools into float64.
PromotedType promote_types_numpy(DType a, bool weak_a, DType b, bool weak_b);

// The default dtypes JAX uses for Python scalars and jnp.arange etc.
inline constexpr DType kDefaultInt = DType::Int32;
inline constexpr DType kDefaultFloat = DType::Float32;
// The defaults of the current mode (NumPy: int64 / float64).
DType default_int();
DType default_float();

// ---- half-precision encodings ----
// Round-to-nearest-even; NaN stays NaN (quiet, sign kept); overflow -> inf.
uint16_t float_to_bf16(float f);
float bf16_to_float(uint16_t bits);
uint16_t float_to_f16(float f);
float f16_to_float(uint16_t bits);
// Round a float32 to the nearest representable value of a half type,
// returned as float32 (what "compute in f32, round once" uses).
inline float round_to_bf16(float f) { return bf16_to_float(float_to_bf16(f)); }
inline float round_to_f16(float f) { return f16_to_float(float_to_f16(f)); }

// ---- narrow encodings (ml_dtypes' conversions)
// A float8/float4 value from a double: round to nearest even; values past
// the largest finite one become inf (float8_e5m2, e4m3, e3m4) or NaN (the
// fn/fnuz types), float4_e2m1fn saturates to +-6 (its "infinity"); NaN maps
// to the type's NaN (float4: -0). float8_e8m0fnu has no zero or sign:
// zero and negatives become NaN.
uint8_t double_to_narrow(DType t, double v);
float narrow_to_float(DType t, uint8_t bits);
inline float round_to_narrow(DType t, float f) { return narrow_to_float(t, double_to_narrow(t, f)); }
// A sub-byte int from any integer: two's-complement wrap to its width,
// returned sign- or zero-extended.
int8_t wrap_subbyte(DType t, int64_t v);

}  // namespace rungs::array
