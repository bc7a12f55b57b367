// The narrow float formats of ml_dtypes (float8_*, float4_e2m1fn) and the
// sub-byte ints: their encodings, finfo figures and conversions. Everything
// derives from one row per format (mantissa bits, exponent bits, bias, how
// it spells NaN and infinity), so a new format is one row. Conversions
// follow ml_dtypes' ConvertImpl: round to nearest even at the target's
// precision (subnormals included), then overflow to the format's
// "infinity", which is a NaN for the fn/fnuz formats and the largest value
// for float4_e2m1fn.
#include <algorithm>
#include <array>
#include <cmath>

#include "core/array/narrow.h"

namespace rungs::array {

namespace {

// How a format spells its special values.
enum class Special : uint8_t {
  Ieee,  // exponent all ones: inf (mantissa 0) or NaN (e5m2, e4m3, e3m4)
  Fn,    // no inf; S.1111.111 is NaN (e4m3fn)
  Fnuz,  // no inf, no -0; 0x80 is NaN (e4m3fnuz, e5m2fnuz, e4m3b11fnuz)
  None,  // neither (float4_e2m1fn: every pattern is a number)
  E8m0,  // unsigned powers of two, no zero; 0xff is NaN
};

struct Format {
  int mant, exp, bias;
  Special special;
  uint8_t nan;  // ml_dtypes' quiet_NaN() pattern
  uint8_t inf;  // ml_dtypes' infinity() pattern (a NaN or the max where none)
};

constexpr int kFirstNarrowFloat = static_cast<int>(DType::Float8E4M3FN);

// In DType order from Float8E4M3FN.
constexpr Format kFormats[] = {
    {3, 4, 7, Special::Fn, 0x7f, 0x7f},       // float8_e4m3fn
    {2, 5, 15, Special::Ieee, 0x7e, 0x7c},    // float8_e5m2
    {3, 4, 8, Special::Fnuz, 0x80, 0x80},     // float8_e4m3fnuz
    {2, 5, 16, Special::Fnuz, 0x80, 0x80},    // float8_e5m2fnuz
    {3, 4, 11, Special::Fnuz, 0x80, 0x80},    // float8_e4m3b11fnuz
    {4, 3, 3, Special::Ieee, 0x78, 0x70},     // float8_e3m4
    {3, 4, 7, Special::Ieee, 0x7c, 0x78},     // float8_e4m3
    {0, 8, 127, Special::E8m0, 0xff, 0xff},   // float8_e8m0fnu
    {1, 2, 1, Special::None, 0x08, 0x07},     // float4_e2m1fn
};

const Format& format(DType t) { return kFormats[static_cast<int>(t) - kFirstNarrowFloat]; }

int total_bits(const Format& f) { return f.mant + f.exp + (f.special == Special::E8m0 ? 0 : 1); }
uint8_t sign_bit(const Format& f) { return f.special == Special::E8m0 ? 0 : static_cast<uint8_t>(1u << (total_bits(f) - 1)); }

// The largest finite encoding's biased exponent and mantissa.
int max_biased_exp(const Format& f) {
  const int all_ones = (1 << f.exp) - 1;
  switch (f.special) {
    case Special::Ieee: return all_ones - 1;
    case Special::E8m0: return all_ones - 1;
    default: return all_ones;
  }
}
int max_mantissa(const Format& f) {
  const int all_ones = (1 << f.mant) - 1;
  return f.special == Special::Fn ? all_ones - 1 : all_ones;
}

double max_finite(const Format& f) {
  const int e = max_biased_exp(f) - f.bias;
  return std::ldexp(1.0 + std::ldexp(max_mantissa(f), -f.mant), e);
}

double decode(const Format& f, uint8_t bits) {
  if (f.special == Special::E8m0) return bits == 0xff ? NAN : std::ldexp(1.0, bits - f.bias);
  const uint8_t sign = sign_bit(f);
  const uint8_t mag = bits & static_cast<uint8_t>(sign - 1);
  const int e = mag >> f.mant, m = mag & ((1 << f.mant) - 1);
  const bool neg = (bits & sign) != 0;
  if (f.special == Special::Fnuz && bits == 0x80) return NAN;
  if (f.special == Special::Fn && mag == 0x7f) return neg ? -NAN : NAN;
  if (f.special == Special::Ieee && e == (1 << f.exp) - 1) {
    if (m != 0) return neg ? -NAN : NAN;
    return neg ? -INFINITY : INFINITY;
  }
  const double v = e == 0 ? std::ldexp(m, 1 - f.bias - f.mant) : std::ldexp((1 << f.mant) + m, e - f.bias - f.mant);
  return neg ? -v : v;
}

using Table = std::array<float, 256>;

const Table& table(DType t) {
  static const std::array<Table, std::size(kFormats)> tables = [] {
    std::array<Table, std::size(kFormats)> out{};
    for (size_t k = 0; k < std::size(kFormats); ++k)
      for (int b = 0; b < 256; ++b) out[k][static_cast<size_t>(b)] = static_cast<float>(decode(kFormats[k], static_cast<uint8_t>(b)));
    return out;
  }();
  return tables[static_cast<size_t>(static_cast<int>(t) - kFirstNarrowFloat)];
}

// ml_dtypes negates by flipping the sign bit, except that the fnuz formats
// keep 0 and NaN (0x80) as they are.
uint8_t negate(const Format& f, uint8_t bits) {
  if (f.special == Special::E8m0) return bits;
  if (f.special == Special::Fnuz && (bits & 0x7f) == 0) return bits;
  return bits ^ sign_bit(f);
}

uint8_t encode_e8m0(const Format& f, double a) {
  const int e = std::ilogb(a);
  if (e < 1 - f.bias) return static_cast<uint8_t>(std::nearbyint(std::ldexp(a, f.bias - 1)));  // 0: 2^-127, 1: 2^-126
  const double r = std::ldexp(std::nearbyint(std::ldexp(a, -e)), e);
  if (r > max_finite(f)) return f.inf;
  return static_cast<uint8_t>(std::ilogb(r) + f.bias);
}

// |v| rounded and encoded (v finite, nonzero).
uint8_t encode_magnitude(const Format& f, double a) {
  const int emin = 1 - f.bias;
  const int q = std::max(std::ilogb(a), emin) - f.mant;
  const double n = std::nearbyint(std::ldexp(a, -q));  // the default rounding mode: ties to even
  const double r = std::ldexp(n, q);
  if (r > max_finite(f)) return f.inf;
  if (r == 0) return 0;
  if (r < std::ldexp(1.0, emin)) return static_cast<uint8_t>(n);  // subnormal: mantissa = n
  const int e = std::ilogb(r);
  const int m = static_cast<int>(std::ldexp(r, f.mant - e)) - (1 << f.mant);
  return static_cast<uint8_t>(((e + f.bias) << f.mant) | m);
}

}  // namespace

uint8_t double_to_narrow(DType t, double v) {
  const Format& f = format(t);
  const bool neg = std::signbit(v);
  if (std::isnan(v)) return neg ? negate(f, f.nan) : f.nan;
  if (f.special == Special::E8m0) {
    if (v == 0 || neg) return f.nan;
    if (std::isinf(v)) return f.inf;
    return encode_e8m0(f, v);
  }
  const uint8_t mag = std::isinf(v) ? f.inf : v == 0 ? 0 : encode_magnitude(f, std::fabs(v));
  return neg ? negate(f, mag) : mag;
}

float narrow_to_float(DType t, uint8_t bits) { return table(t)[bits]; }

int8_t wrap_subbyte(DType t, int64_t v) {
  const int bits = bit_width(t);
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  const uint64_t u = static_cast<uint64_t>(v) & mask;
  if (is_unsigned_int(t)) return static_cast<int8_t>(u);
  const uint64_t sign = uint64_t{1} << (bits - 1);
  return static_cast<int8_t>(static_cast<int64_t>(u ^ sign) - static_cast<int64_t>(sign));
}

// ---- finfo figures of the narrow floats (ml_dtypes' _finfo)

namespace narrow {

double max_value(DType t) { return max_finite(format(t)); }
int nmant(DType t) { return format(t).mant; }
int nexp(DType t) { return format(t).exp; }
int maxexp(DType t) { return max_biased_exp(format(t)) - format(t).bias + 1; }
// e8m0fnu's exponent 0 is a number (2^-127): it has no subnormals.
int minexp(DType t) { return format(t).special == Special::E8m0 ? -format(t).bias : 1 - format(t).bias; }
double min_normal(DType t) { return std::ldexp(1.0, minexp(t)); }
bool has_inf(DType t) { return format(t).special == Special::Ieee; }
// float4_e2m1fn's epsneg equals its eps (ml_dtypes); e8m0fnu's is 2^-1.
double epsneg(DType t) {
  if (t == DType::Float4E2M1FN) return std::ldexp(1.0, -format(t).mant);
  return std::ldexp(1.0, -format(t).mant - 1);
}

}  // namespace narrow

}  // namespace rungs::array
