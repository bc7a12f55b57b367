#include "core/array/dtype.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "core/array/narrow.h"
#include "core/errors/error.h"

namespace rungs::array {

namespace {

struct DTypeInfo {
  const char* name;
  const char* short_name;
  int itemsize;
};

constexpr DTypeInfo kInfo[kNumDTypes] = {
    {"bool", "bool", 1},     {"int8", "i8", 1},      {"int16", "i16", 2},
    {"int32", "i32", 4},     {"uint8", "u8", 1},     {"uint16", "u16", 2},
    {"uint32", "u32", 4},    {"float16", "f16", 2},  {"bfloat16", "bf16", 2},
    {"float32", "f32", 4},   {"int64", "i64", 8},    {"uint64", "u64", 8},
    {"float64", "f64", 8},   {"int4", "i4", 1},      {"uint4", "u4", 1},
    {"int2", "i2", 1},       {"uint2", "u2", 1},
    {"float8_e4m3fn", "f8_e4m3fn", 1},           {"float8_e5m2", "f8_e5m2", 1},
    {"float8_e4m3fnuz", "f8_e4m3fnuz", 1},       {"float8_e5m2fnuz", "f8_e5m2fnuz", 1},
    {"float8_e4m3b11fnuz", "f8_e4m3b11fnuz", 1}, {"float8_e3m4", "f8_e3m4", 1},
    {"float8_e4m3", "f8_e4m3", 1},               {"float8_e8m0fnu", "f8_e8m0fnu", 1},
    {"float4_e2m1fn", "f4_e2m1fn", 1},
};

const DTypeInfo& info(DType t) { return kInfo[static_cast<int>(t)]; }

struct Alias {
  const char* name;
  DType dtype;
};

// NumPy/JAX spellings. 64-bit names canonicalise (x64 disabled); "int" and
// "float" are the Python types, whose JAX defaults are int32/float32.
constexpr Alias kAliases[] = {
    {"bool", DType::Bool},        {"bool_", DType::Bool},        {"?", DType::Bool},
    {"b1", DType::Bool},          {"int8", DType::Int8},         {"i1", DType::Int8},
    {"i8", DType::Int8},          {"int16", DType::Int16},       {"i2", DType::Int16},
    {"i16", DType::Int16},        {"int32", DType::Int32},       {"i4", DType::Int32},
    {"i32", DType::Int32},        {"int64", DType::Int32},       {"i64", DType::Int32},
    {"int", DType::Int32},        {"int_", DType::Int32},        {"intp", DType::Int32},
    {"uint8", DType::UInt8},      {"u1", DType::UInt8},          {"u8", DType::UInt8},
    {"uint16", DType::UInt16},    {"u2", DType::UInt16},         {"u16", DType::UInt16},
    {"uint32", DType::UInt32},    {"u4", DType::UInt32},         {"u32", DType::UInt32},
    {"uint64", DType::UInt32},    {"u64", DType::UInt32},        {"uint", DType::UInt32},
    {"uintp", DType::UInt32},     {"float16", DType::Float16},   {"f2", DType::Float16},
    {"f16", DType::Float16},      {"half", DType::Float16},      {"bfloat16", DType::BFloat16},
    {"bf16", DType::BFloat16},    {"float32", DType::Float32},   {"f4", DType::Float32},
    {"f32", DType::Float32},      {"single", DType::Float32},    {"float64", DType::Float32},
    {"f8", DType::Float32},       {"f64", DType::Float32},       {"float", DType::Float32},
    {"float_", DType::Float32},   {"double", DType::Float32},    {"ubyte", DType::UInt8},
    {"byte", DType::Int8},        {"short", DType::Int16},       {"ushort", DType::UInt16},
    {"intc", DType::Int32},       {"uintc", DType::UInt32},
    // ml_dtypes' names (np.dtype("int4") once ml_dtypes is imported).
    {"int4", DType::Int4},        {"uint4", DType::UInt4},       {"int2", DType::Int2},
    {"uint2", DType::UInt2},      {"float8_e4m3fn", DType::Float8E4M3FN},
    {"float8_e5m2", DType::Float8E5M2},                 {"float8_e4m3fnuz", DType::Float8E4M3FNUZ},
    {"float8_e5m2fnuz", DType::Float8E5M2FNUZ},         {"float8_e4m3b11fnuz", DType::Float8E4M3B11FNUZ},
    {"float8_e3m4", DType::Float8E3M4},                 {"float8_e4m3", DType::Float8E4M3},
    {"float8_e8m0fnu", DType::Float8E8M0FNU},           {"float4_e2m1fn", DType::Float4E2M1FN},
};

// NumPy's own meanings of the names that differ (checked first under a
// NumpyMode): 64-bit names are real, "i8"/"u8"/"f8" are NumPy's byte-count
// codes, and int/float are NumPy's defaults.
constexpr Alias kNumpyAliases[] = {
    {"int64", DType::Int64},     {"i8", DType::Int64},       {"i64", DType::Int64},
    {"int", DType::Int64},       {"int_", DType::Int64},     {"intp", DType::Int64},
    {"long", DType::Int64},      {"longlong", DType::Int64}, {"uint64", DType::UInt64},
    {"u8", DType::UInt64},       {"u64", DType::UInt64},     {"uint", DType::UInt64},
    {"uintp", DType::UInt64},    {"ulong", DType::UInt64},   {"ulonglong", DType::UInt64},
    {"float64", DType::Float64}, {"f8", DType::Float64},     {"f64", DType::Float64},
    {"float", DType::Float64},   {"float_", DType::Float64}, {"double", DType::Float64},
    {"d", DType::Float64},       {"f", DType::Float32},      {"l", DType::Int64},
};

thread_local bool t_numpy_mode = false;

}  // namespace

std::optional<DType> parse_dtype(std::string_view name) {
  for (std::string_view prefix : {"jax.numpy.", "numpy.", "jnp.", "np.", "ml_dtypes."}) {
    if (name.size() > prefix.size() && name.substr(0, prefix.size()) == prefix) {
      name.remove_prefix(prefix.size());
      break;
    }
  }
  if (t_numpy_mode) {
    for (const Alias& a : kNumpyAliases)
      if (name == a.name) return a.dtype;
  }
  for (const Alias& a : kAliases) {
    if (name == a.name) return a.dtype;
  }
  return std::nullopt;
}

DType canonicalize_name(std::string_view name) {
  if (auto t = parse_dtype(name)) return *t;
  raise_here(ErrorId::dtype_unknown, name);
}

const char* dtype_name(DType t) { return info(t).name; }
const char* dtype_short_name(DType t) { return info(t).short_name; }
int itemsize(DType t) { return info(t).itemsize; }
int bit_width(DType t) {
  switch (t) {
    case DType::Int4: case DType::UInt4: case DType::Float4E2M1FN: return 4;
    case DType::Int2: case DType::UInt2: return 2;
    default: return 8 * info(t).itemsize;
  }
}

bool is_narrow_float(DType t) { return t >= DType::Float8E4M3FN && t <= DType::Float4E2M1FN; }
bool is_narrow(DType t) { return t >= DType::Int4; }
bool supports_inf(DType t) { return is_float(t) && (!is_narrow_float(t) || narrow::has_inf(t)); }

bool is_float(DType t) {
  return t == DType::Float16 || t == DType::BFloat16 || t == DType::Float32 || t == DType::Float64 ||
         is_narrow_float(t);
}
bool is_signed_int(DType t) {
  return t == DType::Int8 || t == DType::Int16 || t == DType::Int32 || t == DType::Int64 || t == DType::Int4 ||
         t == DType::Int2;
}
bool is_unsigned_int(DType t) {
  return t == DType::UInt8 || t == DType::UInt16 || t == DType::UInt32 || t == DType::UInt64 ||
         t == DType::UInt4 || t == DType::UInt2;
}
bool is_integer(DType t) { return is_signed_int(t) || is_unsigned_int(t); }
bool is_bool(DType t) { return t == DType::Bool; }
bool is_64bit(DType t) { return t == DType::Int64 || t == DType::UInt64 || t == DType::Float64; }

DType canonicalize_x64(DType t) {
  switch (t) {
    case DType::Int64: return DType::Int32;
    case DType::UInt64: return DType::UInt32;
    case DType::Float64: return DType::Float32;
    default: return t;
  }
}

NumpyMode::NumpyMode(bool on) : previous_(t_numpy_mode) { t_numpy_mode = on; }
NumpyMode::~NumpyMode() { t_numpy_mode = previous_; }
bool NumpyMode::active() { return t_numpy_mode; }

DType default_int() { return t_numpy_mode ? DType::Int64 : kDefaultInt; }
DType default_float() { return t_numpy_mode ? DType::Float64 : kDefaultFloat; }

int64_t int_min(DType t) {
  switch (t) {
    case DType::Int8: return -128;
    case DType::Int16: return -32768;
    case DType::Int32: return std::numeric_limits<int32_t>::min();
    case DType::Int64: return std::numeric_limits<int64_t>::min();
    case DType::Int4: return -8;
    case DType::Int2: return -2;
    default: return 0;
  }
}

int64_t int_max(DType t) {
  switch (t) {
    case DType::Bool: return 1;
    case DType::Int8: return 127;
    case DType::Int16: return 32767;
    case DType::Int32: return std::numeric_limits<int32_t>::max();
    case DType::UInt8: return 255;
    case DType::UInt16: return 65535;
    case DType::UInt32: return std::numeric_limits<uint32_t>::max();
    case DType::Int4: return 7;
    case DType::UInt4: return 15;
    case DType::Int2: return 1;
    case DType::UInt2: return 3;
    // uint64's maximum does not fit: callers compare Python ints (64-bit).
    case DType::Int64: case DType::UInt64: return std::numeric_limits<int64_t>::max();
    default: return 0;
  }
}

double float_max(DType t) {
  if (is_narrow_float(t)) return narrow::max_value(t);
  switch (t) {
    case DType::Float16: return 65504.0;
    case DType::BFloat16: return 3.3895313892515355e+38;
    case DType::Float64: return std::numeric_limits<double>::max();
    default: return std::numeric_limits<float>::max();
  }
}

double float_min_normal(DType t) {
  if (is_narrow_float(t)) return narrow::min_normal(t);
  switch (t) {
    case DType::Float16: return std::ldexp(1.0, -14);
    case DType::BFloat16: return std::ldexp(1.0, -126);
    case DType::Float64: return std::ldexp(1.0, -1022);
    default: return std::ldexp(1.0, -126);
  }
}

double eps(DType t) { return std::ldexp(1.0, -mantissa_bits(t)); }
double epsneg(DType t) { return is_narrow_float(t) ? narrow::epsneg(t) : eps(t) / 2; }
double float_lowest(DType t) { return t == DType::Float8E8M0FNU ? float_min_normal(t) : -float_max(t); }

int mantissa_bits(DType t) {
  if (is_narrow_float(t)) return narrow::nmant(t);
  switch (t) {
    case DType::Float16: return 10;
    case DType::BFloat16: return 7;
    case DType::Float64: return 52;
    default: return 23;
  }
}
int exponent_bits(DType t) {
  if (is_narrow_float(t)) return narrow::nexp(t);
  return t == DType::Float16 ? 5 : t == DType::Float64 ? 11 : 8;
}
int max_exponent(DType t) {
  if (is_narrow_float(t)) return narrow::maxexp(t);
  return t == DType::Float16 ? 16 : t == DType::Float64 ? 1024 : 128;
}
int min_exponent(DType t) {
  if (is_narrow_float(t)) return narrow::minexp(t);
  return t == DType::Float16 ? -14 : t == DType::Float64 ? -1022 : -126;
}
// NumPy's int(-log10(eps)); ml_dtypes fixes 1 for float8 and 0 for float4.
int float_precision(DType t) {
  if (t == DType::Float4E2M1FN) return 0;
  if (is_narrow_float(t)) return 1;
  return t == DType::Float64 ? 15 : t == DType::Float32 ? 6 : t == DType::Float16 ? 3 : 2;
}

// ---- promotion: JAX's lattice (jax._src.dtypes._type_promotion_lattice,
// "standard" mode), restricted to the types that exist with x64 off plus the
// 64-bit nodes that joins can reach (they canonicalise to 32-bit).
namespace {

// The narrow types are nodes of their own: only weak scalars reach them (and
// strong ints reach the float8/float4 nodes through the weak float), and
// nothing goes up from them, so mixing two of them, or one with another
// type, has no upper bound: JAX's TypePromotionError.
enum Node : uint8_t {
  b1, iw, fw, u1, u2, u4, u8, i1, i2, i4, i8, bf, f2, f4, f8,
  ni4, nu4, ni2, nu2,  // int4, uint4, int2, uint2
  nf0,                 // float8_e4m3fn; then the other narrow floats in DType order
  kNodes = nf0 + 9,
};
constexpr uint32_t bit(int n) { return 1u << n; }
constexpr uint32_t kSubInts = bit(ni4) | bit(nu4) | bit(ni2) | bit(nu2);
constexpr uint32_t kNarrowFloats = ((1u << 9) - 1) << nf0;

// Direct successors in the lattice (complex nodes omitted: nothing here
// reaches them).
constexpr uint32_t edges(int n) {
  switch (n) {
    case b1: return bit(iw);
    case iw: return bit(u1) | bit(i1) | kSubInts;
    case fw: return bit(bf) | bit(f2) | kNarrowFloats;
    case u1: return bit(i2) | bit(u2);
    case u2: return bit(i4) | bit(u4);
    case u4: return bit(i8) | bit(u8);
    case u8: return bit(fw);
    case i1: return bit(i2);
    case i2: return bit(i4);
    case i4: return bit(i8);
    case i8: return bit(fw);
    case bf: return bit(f4);
    case f2: return bit(f4);
    case f4: return bit(f8);
    default: return 0;
  }
}

// upper[n] = every node reachable from n, n included.
struct UpperBounds {
  uint32_t upper[kNodes];
  constexpr UpperBounds() : upper{} {
    for (int n = 0; n < kNodes; ++n) {
      uint32_t set = 1u << n, prev = 0;
      while (set != prev) {
        prev = set;
        for (int m = 0; m < kNodes; ++m)
          if (set & (1u << m)) set |= edges(m);
      }
      upper[n] = set;
    }
  }
};
constexpr UpperBounds kUpper;

// kNodes when the two have no common upper bound.
int join(int a, int b) {
  uint32_t common = kUpper.upper[a] & kUpper.upper[b];
  // The least upper bound is the common bound whose own upper set is exactly
  // the common set.
  for (int n = 0; n < kNodes; ++n) {
    if ((common & (1u << n)) && kUpper.upper[n] == common) return n;
  }
  return kNodes;
}

int strong_node(DType t) {
  switch (t) {
    case DType::Bool: return b1;
    case DType::Int8: return i1;
    case DType::Int16: return i2;
    case DType::Int32: return i4;
    case DType::UInt8: return u1;
    case DType::UInt16: return u2;
    case DType::UInt32: return u4;
    case DType::Float16: return f2;
    case DType::BFloat16: return bf;
    case DType::Float32: return f4;
    case DType::Int64: return i8;
    case DType::UInt64: return u8;
    case DType::Float64: return f8;
    case DType::Int4: return ni4;
    case DType::UInt4: return nu4;
    case DType::Int2: return ni2;
    case DType::UInt2: return nu2;
    default: break;
  }
  return nf0 + (static_cast<int>(t) - static_cast<int>(DType::Float8E4M3FN));
}

int node_of(DType t, bool weak) {
  if (!weak || t == DType::Bool) return strong_node(t);
  return is_float(t) ? fw : iw;
}

DType canonical_dtype(int n) {
  switch (n) {
    case b1: return DType::Bool;
    case iw: return kDefaultInt;
    case fw: return kDefaultFloat;
    case u1: return DType::UInt8;
    case u2: return DType::UInt16;
    case u4: case u8: return DType::UInt32;
    case i1: return DType::Int8;
    case i2: return DType::Int16;
    case i4: case i8: return DType::Int32;
    case bf: return DType::BFloat16;
    case f2: return DType::Float16;
    case f4: case f8: return DType::Float32;
    case ni4: return DType::Int4;
    case nu4: return DType::UInt4;
    case ni2: return DType::Int2;
    case nu2: return DType::UInt2;
    default: break;
  }
  return static_cast<DType>(static_cast<int>(DType::Float8E4M3FN) + (n - nf0));
}

// How JAX's str() shows a lattice node in the error: a dtype's name, or the
// Python type of a weak scalar.
std::string node_repr(DType t, bool weak) {
  if (weak && t != DType::Bool) return is_float(t) ? "\"<class 'float'>\"" : "\"<class 'int'>\"";
  return std::string("'") + dtype_name(t) + "'";
}

[[noreturn]] void raise_no_promotion(DType a, bool weak_a, DType b, bool weak_b) {
  std::string nodes = "(";  // built in steps: GCC 12 warns (-Wrestrict) on "(" + std::string
  nodes += node_repr(a, weak_a);
  nodes += ", ";
  nodes += node_repr(b, weak_b);
  nodes += ")";
  auto narrow_of = [&](int bits) {
    for (auto [t, w] : {std::pair{a, weak_a}, std::pair{b, weak_b}})
      if (!w && is_narrow_float(t) && bit_width(t) == bits) return true;
    return false;
  };
  const char* why;
  if (narrow_of(8)) {
    why = "To avoid unintended promotion, 8-bit floats do not support implicit promotion. If you'd like your "
          "inputs to be promoted to another type, you can do so explicitly using e.g. x.astype('float32')";
  } else if (narrow_of(4)) {
    why = "To avoid unintended promotion, 4-bit floats do not support implicit promotion. If you'd like your "
          "inputs to be promoted to another type, you can do so explicitly using e.g. x.astype('float32')";
  } else if ((!weak_a && is_narrow(a)) || (!weak_b && is_narrow(b))) {
    why = "To avoid unintended promotion, 1-bit, 2-bit and 4-bit integers do not support implicit promotion. "
          "If you'd like your inputs to be promoted to another type, you can do so explicitly using e.g. "
          "x.astype('int32')";
  } else {
    why = "Try explicitly casting inputs to the desired output type.";
  }
  raise_here(ErrorId::type_promotion, nodes, why);
}

}  // namespace

PromotedType promote_types(DType a, bool weak_a, DType b, bool weak_b) {
  if (t_numpy_mode) return promote_types_numpy(a, weak_a, b, weak_b);
  // jax._src.dtypes._lattice_result_type, for two operands.
  if (a == b && !(weak_a && weak_b)) return {a, false};
  if (weak_a && weak_b) {
    int n = join(strong_node(a), strong_node(b));
    if (n == kNodes) raise_no_promotion(a, false, b, false);
    DType t = canonical_dtype(n);
    return {t, t != DType::Bool};
  }
  int n = join(node_of(a, weak_a), node_of(b, weak_b));
  if (n == kNodes) raise_no_promotion(a, weak_a, b, weak_b);
  bool weak = (n == iw || n == fw);
  return {canonical_dtype(n), weak};
}

DType promote_types(DType a, DType b) { return promote_types(a, false, b, false).dtype; }

// ---- NumPy 2 promotion (np.promote_types, NEP 50 for Python scalars)
namespace {

DType int_of_bits(bool is_signed, int bits) {
  if (is_signed) return bits <= 8 ? DType::Int8 : bits <= 16 ? DType::Int16 : bits <= 32 ? DType::Int32 : DType::Int64;
  return bits <= 8 ? DType::UInt8 : bits <= 16 ? DType::UInt16 : bits <= 32 ? DType::UInt32 : DType::UInt64;
}

// The smallest float that holds every value of an int type exactly:
// 8-bit ints fit float16's 11-bit mantissa, 16-bit ones float32's, the
// rest need float64.
DType float_for_int(DType i) {
  int bits = bit_width(i);
  return bits <= 8 ? DType::Float16 : bits <= 16 ? DType::Float32 : DType::Float64;
}

DType wider_float(DType a, DType b) {
  if (a == b) return a;
  // bfloat16 and float16 hold different values: float32 holds both
  // (ml_dtypes registers the same promotion).
  if (bit_width(a) == bit_width(b)) return DType::Float32;
  return bit_width(a) > bit_width(b) ? a : b;
}

DType numpy_strong(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  if (is_float(a) || is_float(b)) {
    if (is_float(a) && is_float(b)) return wider_float(a, b);
    DType f = is_float(a) ? a : b, i = is_float(a) ? b : a;
    if (f == DType::BFloat16 && bit_width(i) <= 8) return f;  // ml_dtypes: int8/uint8 cast safely
    return wider_float(f, float_for_int(i));
  }
  const bool sa = is_signed_int(a), sb = is_signed_int(b);
  if (sa == sb) return bit_width(a) >= bit_width(b) ? a : b;
  DType s = sa ? a : b, u = sa ? b : a;
  if (bit_width(s) > bit_width(u)) return s;
  if (bit_width(u) >= 64) return DType::Float64;  // int64 + uint64: NumPy's float64
  return int_of_bits(true, 2 * bit_width(u));
}

}  // namespace

PromotedType promote_types_numpy(DType a, bool weak_a, DType b, bool weak_b) {
  if (weak_a && weak_b) return {numpy_strong(a, b), true};
  if (weak_a || weak_b) {
    DType w = weak_a ? a : b, s = weak_a ? b : a;
    if (w == DType::Bool) return {s, false};
    if (is_float(w)) return {is_float(s) ? s : DType::Float64, false};
    return {s == DType::Bool ? DType::Int64 : s, false};  // a Python int
  }
  return {numpy_strong(a, b), false};
}

// ---- half-precision encodings

uint16_t float_to_bf16(float f) {
  uint32_t u = __builtin_bit_cast(uint32_t, f);
  if ((u & 0x7fffffffu) > 0x7f800000u) {
    // NaN: keep sign and the top payload bits, force quiet.
    return static_cast<uint16_t>((u >> 16) | 0x0040u);
  }
  uint32_t lsb = (u >> 16) & 1u;
  u += 0x7fffu + lsb;  // round to nearest even; overflow carries into inf
  return static_cast<uint16_t>(u >> 16);
}

float bf16_to_float(uint16_t bits) {
  return __builtin_bit_cast(float, static_cast<uint32_t>(bits) << 16);
}

uint16_t float_to_f16(float f) {
  uint32_t u = __builtin_bit_cast(uint32_t, f);
  uint32_t sign = (u >> 16) & 0x8000u;
  uint32_t absu = u & 0x7fffffffu;
  if (absu > 0x7f800000u) {  // NaN: quiet, keep top payload bits
    return static_cast<uint16_t>(sign | 0x7e00u | ((absu >> 13) & 0x3ffu));
  }
  if (absu >= 0x477ff000u) {  // >= 65520 rounds to inf (also inf itself)
    return static_cast<uint16_t>(sign | 0x7c00u);
  }
  if (absu < 0x38800000u) {  // below the smallest f16 normal (2^-14)
    // Subnormal (or zero): value = m * 2^-24. Round |f| * 2^24 to an integer,
    // half to even; exact in float because the result is < 2^10.
    float scaled = __builtin_bit_cast(float, absu) * 16777216.0f;
    float r = std::nearbyint(scaled);  // default rounding mode: to even
    return static_cast<uint16_t>(sign | static_cast<uint32_t>(r));
  }
  // Normal: rebias exponent (127 -> 15) and round the 13 dropped bits.
  uint32_t mant_round = absu + 0xfffu + ((absu >> 13) & 1u);
  uint32_t h = (mant_round >> 13) - ((127u - 15u) << 10);
  return static_cast<uint16_t>(sign | h);
}

float f16_to_float(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exp = (bits >> 10) & 0x1fu;
  uint32_t mant = bits & 0x3ffu;
  uint32_t out;
  if (exp == 0) {
    if (mant == 0) {
      out = sign;
    } else {
      float v = static_cast<float>(mant) * (1.0f / 16777216.0f);
      return sign ? -v : v;
    }
  } else if (exp == 0x1f) {
    out = sign | 0x7f800000u | (mant << 13);
  } else {
    out = sign | ((exp + 127u - 15u) << 23) | (mant << 13);
  }
  return __builtin_bit_cast(float, out);
}

}  // namespace rungs::array
