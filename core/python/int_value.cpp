// Python int semantics over inline int64 and BigIntObj (int_value.h).
#include "core/python/int_value.h"

#include <cmath>

#include "core/python/host_memory.h"

namespace rungs::python {

namespace {

using lang::BinOpKind;
constexpr uint64_t kHashModulus = (uint64_t{1} << 61) - 1;  // CPython's _PyHASH_MODULUS
constexpr int kHashBits = 61;
constexpr int kMaxStrDigits = 4300;  // CPython 3.11's sys.get_int_max_str_digits()
constexpr int64_t kExactDouble = int64_t{1} << 53;

// |x| <= 2**53: exactly a double (no llabs, which overflows on INT64_MIN).
bool exact_in_double(int64_t x) { return x >= -kExactDouble && x <= kExactDouble; }

// Refuses a result of about `bits` bits before computing it, as a MemoryError
// of the run's budget (CPython would allocate until the machine gives out).
void charge_bits(double bits) {
  check_host_alloc(bits >= 8e18 ? INT64_MAX : static_cast<int64_t>(bits / 8));
}

Value big_true_div(const BigInt& a, const BigInt& b) {
  if (b.is_zero()) raise_here(ErrorId::division_by_zero);
  if (a.is_zero()) return Value::floating(b.negative() ? -0.0 : 0.0);
  // Scale so the quotient has 55 or 56 bits, fold the remainder into a
  // sticky bit, and let one rounding to double do the rest (correct
  // rounding, as CPython's long_true_divide, outside subnormal results).
  int64_t shift = 55 + b.bit_length() - a.bit_length();
  BigInt num = a.abs(), den = b.abs(), q, r;
  if (shift >= 0) num = num.shifted_left(shift);
  else den = den.shifted_left(-shift);
  BigInt::floor_divmod(num, den, q, r);
  if (!r.is_zero()) q = BigInt::bitwise(q, BigInt::from_i64(1), BigInt::BitOp::Or);
  double d = std::ldexp(*q.to_double(), static_cast<int>(std::max<int64_t>(-shift, -2000)));
  if (std::isinf(d)) raise_here(ErrorId::int_true_div_overflow);
  return Value::floating(a.negative() != b.negative() ? -d : d);
}

Value float_pow(const Value& a, const Value& b) {
  double x = int_to_double(a), y = int_to_double(b);
  if (x == 0) raise_here(ErrorId::zero_negative_power);
  return Value::floating(std::pow(x, y));
}

Value big_pow(const Value& a, const Value& b) {
  if (is_big(b) ? to_big(b).negative() : b.as_int() < 0) return float_pow(a, b);
  BigInt base = to_big(a);
  if (base.is_zero()) return Value::integer(to_big(b).is_zero() ? 1 : 0);
  if (base.abs().compare(BigInt::from_i64(1)) == 0)
    return Value::integer(base.negative() && to_big(b).is_odd() ? -1 : 1);
  if (is_big(b)) charge_bits(9e18);
  double bits = static_cast<double>(base.bit_length()) * static_cast<double>(b.as_int());
  charge_bits(bits);
  return make_int(BigInt::pow(base, static_cast<uint64_t>(b.as_int())));
}

Value big_shift(BinOpKind op, const Value& a, const Value& b) {
  BigInt y = to_big(b);
  if (y.negative()) raise_here(ErrorId::negative_shift);
  BigInt x = to_big(a);
  if (op == BinOpKind::RShift) {
    if (!y.fits_i64()) return Value::integer(x.negative() ? -1 : 0);
    return make_int(x.shifted_right(y.to_i64()));
  }
  if (x.is_zero()) return Value::integer(0);
  if (!y.fits_i64()) raise_here(ErrorId::int_too_many_digits);
  charge_bits(static_cast<double>(x.bit_length()) + static_cast<double>(y.to_i64()));
  return make_int(x.shifted_left(y.to_i64()));
}

Value big_binop(BinOpKind op, const Value& a, const Value& b) {
  switch (op) {
    case BinOpKind::Add: return make_int(to_big(a) + to_big(b));
    case BinOpKind::Sub: return make_int(to_big(a) - to_big(b));
    case BinOpKind::Mult:
      charge_bits(static_cast<double>(to_big(a).bit_length() + to_big(b).bit_length()));
      return make_int(to_big(a) * to_big(b));
    case BinOpKind::Div: return big_true_div(to_big(a), to_big(b));
    case BinOpKind::FloorDiv:
    case BinOpKind::Mod: {
      BigInt y = to_big(b), q, r;
      if (y.is_zero())
        raise_here(op == BinOpKind::Mod ? ErrorId::int_modulo_by_zero : ErrorId::int_division_by_zero);
      BigInt::floor_divmod(to_big(a), y, q, r);
      return make_int(op == BinOpKind::Mod ? r : q);
    }
    case BinOpKind::Pow: return big_pow(a, b);
    case BinOpKind::BitAnd: return make_int(BigInt::bitwise(to_big(a), to_big(b), BigInt::BitOp::And));
    case BinOpKind::BitOr: return make_int(BigInt::bitwise(to_big(a), to_big(b), BigInt::BitOp::Or));
    case BinOpKind::BitXor: return make_int(BigInt::bitwise(to_big(a), to_big(b), BigInt::BitOp::Xor));
    case BinOpKind::LShift:
    case BinOpKind::RShift: return big_shift(op, a, b);
    case BinOpKind::MatMult: break;
  }
  return Value();
}

// The int64 fast path; nullopt when the exact result needs a big int.
std::optional<Value> small_binop(BinOpKind op, const Value& a, const Value& b) {
  int64_t x = a.as_int(), y = b.as_int(), r = 0;
  bool bools = a.is_bool() && b.is_bool();
  switch (op) {
    case BinOpKind::Add: if (__builtin_add_overflow(x, y, &r)) return std::nullopt; return Value::integer(r);
    case BinOpKind::Sub: if (__builtin_sub_overflow(x, y, &r)) return std::nullopt; return Value::integer(r);
    case BinOpKind::Mult: if (__builtin_mul_overflow(x, y, &r)) return std::nullopt; return Value::integer(r);
    case BinOpKind::Div:
      if (y == 0) raise_here(ErrorId::division_by_zero);
      if (!exact_in_double(x) || !exact_in_double(y)) return std::nullopt;
      return Value::floating(static_cast<double>(x) / static_cast<double>(y));
    case BinOpKind::FloorDiv:
    case BinOpKind::Mod: {
      if (y == 0) raise_here(op == BinOpKind::Mod ? ErrorId::int_modulo_by_zero : ErrorId::int_division_by_zero);
      if (x == INT64_MIN && y == -1) return std::nullopt;
      int64_t q = x / y, m = x % y;
      if (m != 0 && ((m < 0) != (y < 0))) --q, m += y;
      return Value::integer(op == BinOpKind::Mod ? m : q);
    }
    case BinOpKind::Pow: {
      if (y < 0) return std::nullopt;
      int64_t result = 1, base = x;
      for (int64_t e = y; e > 0; e >>= 1) {
        if ((e & 1) && __builtin_mul_overflow(result, base, &result)) return std::nullopt;
        if (e > 1 && __builtin_mul_overflow(base, base, &base)) return std::nullopt;
      }
      return Value::integer(result);
    }
    case BinOpKind::BitAnd: return bools ? Value::boolean(x & y) : Value::integer(x & y);
    case BinOpKind::BitOr: return bools ? Value::boolean(x | y) : Value::integer(x | y);
    case BinOpKind::BitXor: return bools ? Value::boolean(x ^ y) : Value::integer(x ^ y);
    case BinOpKind::LShift:
      if (y < 0) raise_here(ErrorId::negative_shift);
      if (x == 0) return Value::integer(0);
      if (y >= 63 || ((x << y) >> y) != x) return std::nullopt;
      return Value::integer(static_cast<int64_t>(static_cast<uint64_t>(x) << y));
    case BinOpKind::RShift:
      if (y < 0) raise_here(ErrorId::negative_shift);
      return Value::integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
    case BinOpKind::MatMult: break;
  }
  return Value();
}

}  // namespace

bool is_big(const Value& v) { return v.is(ObjKind::BigInt); }
bool is_integer(const Value& v) { return v.is_int() || v.is_bool() || is_big(v); }
bool is_real(const Value& v) { return v.is_number() || is_big(v); }

Value make_int(BigInt v) {
  if (v.fits_i64()) return Value::integer(v.to_i64());
  return Value::object(std::make_shared<BigIntObj>(std::move(v)));
}

BigInt to_big(const Value& v) { return is_big(v) ? v.as<BigIntObj>().v : BigInt::from_i64(v.as_int()); }

Value int_binop(BinOpKind op, const Value& a, const Value& b) {
  if (!is_big(a) && !is_big(b)) {
    if (std::optional<Value> r = small_binop(op, a, b)) return *r;
    if (op == BinOpKind::Pow && b.as_int() < 0) return float_pow(a, b);
  }
  return big_binop(op, a, b);
}

Value int_negate(const Value& v) {
  if (!is_big(v) && v.as_int() != INT64_MIN) return Value::integer(-v.as_int());
  return make_int(-to_big(v));
}

Value int_invert(const Value& v) {
  if (!is_big(v)) return Value::integer(~v.as_int());
  return make_int(to_big(v).inverted());
}

Value int_abs(const Value& v) {
  if (!is_big(v) && v.as_int() != INT64_MIN) return Value::integer(std::llabs(v.as_int()));
  return make_int(to_big(v).abs());
}

std::optional<int> real_order(const Value& a, const Value& b) {
  auto sign = [](auto x, auto y) { return x < y ? -1 : x > y ? 1 : 0; };
  if (!a.is_float() && !b.is_float()) {
    if (!is_big(a) && !is_big(b)) return sign(a.as_int(), b.as_int());
    return to_big(a).compare(to_big(b));
  }
  if (a.is_float() && b.is_float()) {
    if (std::isnan(a.as_float()) || std::isnan(b.as_float())) return std::nullopt;
    return sign(a.as_float(), b.as_float());
  }
  bool flip = a.is_float();
  const Value& i = flip ? b : a;
  double d = flip ? a.as_float() : b.as_float();
  int c;
  if (std::isnan(d)) return std::nullopt;
  if (std::isinf(d)) c = d > 0 ? -1 : 1;
  else if (!is_big(i) && exact_in_double(i.as_int())) c = sign(static_cast<double>(i.as_int()), d);
  else c = to_big(i).compare_double(d);
  return flip ? -c : c;
}

double int_to_double(const Value& v) {
  if (v.is_float()) return v.as_float();
  if (!is_big(v)) return static_cast<double>(v.as_int());
  std::optional<double> d = v.as<BigIntObj>().v.to_double();
  if (!d) raise_here(ErrorId::int_too_large_float);
  return *d;
}

Value int_from_double(double d) {
  if (std::fabs(d) < 9.2e18) return Value::integer(static_cast<int64_t>(d));
  return make_int(BigInt::from_double(d));
}

std::string int_to_string(const Value& v, int base) {
  if (!is_big(v)) {
    if (base == 10) return std::to_string(v.as_int());
    return BigInt::from_i64(v.as_int()).to_string(base);
  }
  const BigInt& b = v.as<BigIntObj>().v;
  // log10(2) < 0.30103: more bits than this can only have more digits.
  if (base == 10 && static_cast<double>(b.bit_length()) * 0.30102999566 > kMaxStrDigits + 1)
    raise_here(ErrorId::int_str_digits);
  std::string s = b.to_string(base);
  if (base == 10 && s.size() - (b.negative() ? 1 : 0) > kMaxStrDigits) raise_here(ErrorId::int_str_digits);
  return s;
}

Value int_from_digits(const std::string& digits, int base, bool negative) {
  if ((base & (base - 1)) != 0 && digits.size() > static_cast<size_t>(kMaxStrDigits))
    raise_here(ErrorId::int_parse_digits, digits.size());
  return make_int(negative ? -BigInt::from_digits(digits, base) : BigInt::from_digits(digits, base));
}

int64_t int_hash(const Value& v) {
  if (is_big(v)) return v.as<BigIntObj>().v.py_hash();
  int64_t x = v.as_int();
  if (x == -1) return -2;
  if (x > -static_cast<int64_t>(kHashModulus) && x < static_cast<int64_t>(kHashModulus)) return x;
  return BigInt::from_i64(x).py_hash();
}

int64_t float_hash(double d) {
  // CPython's _Py_HashDouble: the value's residue modulo 2**61 - 1, built 28
  // bits of mantissa at a time (NaN hashes by identity there: callers keep
  // such sets in insertion order).
  if (std::isinf(d)) return d > 0 ? 314159 : -314159;
  if (std::isnan(d)) return 0;
  int e = 0;
  double m = std::frexp(d, &e);
  int64_t sign = 1;
  if (m < 0) sign = -1, m = -m;
  uint64_t x = 0;
  while (m != 0) {
    x = ((x << 28) & kHashModulus) | x >> (kHashBits - 28);
    m *= 268435456.0;
    e -= 28;
    auto y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kHashModulus) x -= kHashModulus;
  }
  e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
  x = ((x << e) & kHashModulus) | x >> (kHashBits - e);
  x = x * static_cast<uint64_t>(sign);
  if (x == static_cast<uint64_t>(-1)) x = static_cast<uint64_t>(-2);
  return static_cast<int64_t>(x);
}

int64_t index_value(const Value& v) {
  if (is_big(v)) raise_here(ErrorId::index_size_overflow);
  return v.as_int();
}

}  // namespace rungs::python
