// Element types of Rungs arrays, and JAX's rules for combining them.
// The set is JAX's with x64 disabled (the default): a request for a 64-bit
// type canonicalises to its 32-bit sibling, exactly as jnp.asarray does, so
// "int64" names Int32. Type promotion follows jax._src.dtypes' lattice,
// including weak types (the dtype of a bare Python scalar), because the
// evaluator must reproduce JAX's result dtypes bit for bit. Half-precision
// storage is raw uint16_t bits; the converters below are the only place that
// knows the encodings.
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
};
inline constexpr int kNumDTypes = 10;

// Accepts numpy/jax spellings ("float32", "f32", "int", "float", "bool_",
// "bfloat16", "uint64", ...); 64-bit names canonicalise to 32-bit ones.
// nullopt for an unknown name.
std::optional<DType> parse_dtype(std::string_view name);
// As parse_dtype, but an unknown name raises TypeError (dtype_unknown).
DType canonicalize_name(std::string_view name);

const char* dtype_name(DType t);        // "float32", "bfloat16", "bool", ...
const char* dtype_short_name(DType t);  // jaxpr style: "f32", "bf16", "i8", "bool", ...
int itemsize(DType t);                  // bytes per element
int bit_width(DType t);                 // 8 * itemsize (bool: 8)

bool is_float(DType t);
bool is_signed_int(DType t);
bool is_unsigned_int(DType t);
bool is_integer(DType t);  // signed or unsigned (not bool)
bool is_bool(DType t);

// iinfo: valid for integer types (bool: 0 and 1).
int64_t int_min(DType t);
int64_t int_max(DType t);
// finfo: valid for float types.
double float_max(DType t);         // largest finite value
double float_min_normal(DType t);  // smallest positive normal ("tiny")
double eps(DType t);               // 2^-mantissa_bits

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
PromotedType promote_types(DType a, bool weak_a, DType b, bool weak_b);
// Both strong (jnp.promote_types).
DType promote_types(DType a, DType b);

// The default dtypes JAX uses for Python scalars and jnp.arange etc.
inline constexpr DType kDefaultInt = DType::Int32;
inline constexpr DType kDefaultFloat = DType::Float32;

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

}  // namespace rungs::array
