// Arbitrary-precision integers for Python ints beyond 64 bits.
//
// Sign and magnitude, the magnitude in base 2**32 limbs, least significant
// first, without leading zero limbs (zero is an empty magnitude and never
// negative). Python's semantics live here: floor division and modulo,
// two's-complement bit operations on negative numbers, correctly rounded
// conversion to double, and CPython's hash (modulo 2**61 - 1). The runtime
// keeps ints that fit in int64 inline in Value and only builds a BigInt
// when a result overflows (int_value.h), so the schoolbook algorithms here
// only ever see numbers that are actually big.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rungs::python {

class BigInt {
 public:
  BigInt() = default;
  static BigInt from_i64(int64_t v);
  static BigInt from_u64(uint64_t v, bool negative = false);
  // Exact value of a finite double (truncated toward zero when it has a fraction).
  static BigInt from_double(double d);
  // Digits already validated by the caller (no sign, no underscores), base 2..36.
  static BigInt from_digits(const std::string& digits, int base);

  bool negative() const { return neg_; }
  bool is_zero() const { return mag_.empty(); }
  bool fits_i64() const;
  int64_t to_i64() const;  // only when fits_i64()
  int64_t bit_length() const;
  size_t limbs() const { return mag_.size(); }
  // Correctly rounded (half to even); nullopt when it overflows a double.
  std::optional<double> to_double() const;
  // Lowercase digits in base 2, 8, 10 or 16, with a leading '-' when negative.
  std::string to_string(int base = 10) const;
  // hash(int) as CPython computes it.
  int64_t py_hash() const;

  int compare(const BigInt& o) const;  // -1, 0, 1
  // Exact comparison with a finite double.
  int compare_double(double d) const;

  BigInt operator-() const;
  BigInt abs() const;
  friend BigInt operator+(const BigInt& a, const BigInt& b);
  friend BigInt operator-(const BigInt& a, const BigInt& b);
  friend BigInt operator*(const BigInt& a, const BigInt& b);
  // Floor division and modulo as Python defines them; b must be nonzero.
  static void floor_divmod(const BigInt& a, const BigInt& b, BigInt& q, BigInt& r);
  BigInt shifted_left(int64_t n) const;
  BigInt shifted_right(int64_t n) const;  // floor, as Python's >> on negatives
  enum class BitOp { And, Or, Xor };
  static BigInt bitwise(const BigInt& a, const BigInt& b, BitOp op);
  BigInt inverted() const { return -(*this + from_i64(1)); }
  static BigInt pow(BigInt base, uint64_t exp);
  // base**exp % mod with exp >= 0 and mod nonzero (Python's sign rules).
  static BigInt pow_mod(BigInt base, BigInt exp, const BigInt& mod);
  // Modular inverse of a modulo |m|, or nullopt when gcd(a, m) != 1.
  static std::optional<BigInt> inverse_mod(const BigInt& a, const BigInt& m);
  bool is_odd() const { return !mag_.empty() && (mag_[0] & 1); }

 private:
  void trim();
  static int compare_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
  static std::vector<uint32_t> add_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
  static std::vector<uint32_t> sub_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);  // a >= b
  static void divmod_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b,
                         std::vector<uint32_t>& q, std::vector<uint32_t>& r);
  std::vector<uint32_t> twos_complement(size_t n) const;
  static BigInt from_twos_complement(std::vector<uint32_t> limbs);

  bool neg_ = false;
  std::vector<uint32_t> mag_;
};

}  // namespace rungs::python
