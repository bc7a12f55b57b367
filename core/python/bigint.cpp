// Schoolbook arbitrary-precision arithmetic (bigint.h). Quadratic
// algorithms are enough: kernel files use big ints as masks, hash mixing
// and a few factorials, and the callers charge long results to the memory
// budget before asking for them.
#include "core/python/bigint.h"

#include <algorithm>
#include <cmath>

namespace rungs::python {

namespace {
using Limbs = std::vector<uint32_t>;
constexpr uint64_t kMersenne61 = (uint64_t{1} << 61) - 1;  // CPython's _PyHASH_MODULUS
}  // namespace

void BigInt::trim() {
  while (!mag_.empty() && mag_.back() == 0) mag_.pop_back();
  if (mag_.empty()) neg_ = false;
}

BigInt BigInt::from_u64(uint64_t v, bool negative) {
  BigInt r;
  while (v) {
    r.mag_.push_back(static_cast<uint32_t>(v));
    v >>= 32;
  }
  r.neg_ = negative && !r.mag_.empty();
  return r;
}

BigInt BigInt::from_i64(int64_t v) {
  uint64_t m = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
  return from_u64(m, v < 0);
}

BigInt BigInt::from_double(double d) {
  d = std::trunc(d);
  bool negative = d < 0;
  d = std::fabs(d);
  int exp = 0;
  double frac = std::frexp(d, &exp);  // d = frac * 2**exp, 0.5 <= frac < 1
  if (d == 0) return BigInt();
  // The 53-bit mantissa as an integer, then shifted into place.
  auto mantissa = static_cast<uint64_t>(std::ldexp(frac, 53));
  BigInt r = from_u64(mantissa);
  r = exp >= 53 ? r.shifted_left(exp - 53) : r.shifted_right(53 - exp);
  r.neg_ = negative && !r.mag_.empty();
  return r;
}

BigInt BigInt::from_digits(const std::string& digits, int base) {
  BigInt r;
  for (char ch : digits) {
    int d = ch >= '0' && ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10;
    uint64_t carry = static_cast<uint64_t>(d);
    for (uint32_t& limb : r.mag_) {
      uint64_t t = static_cast<uint64_t>(limb) * static_cast<uint64_t>(base) + carry;
      limb = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry) r.mag_.push_back(static_cast<uint32_t>(carry));
  }
  r.trim();
  return r;
}

bool BigInt::fits_i64() const {
  if (mag_.size() > 2) return false;
  uint64_t m = mag_.empty() ? 0 : mag_[0];
  if (mag_.size() == 2) m |= static_cast<uint64_t>(mag_[1]) << 32;
  return neg_ ? m <= (uint64_t{1} << 63) : m < (uint64_t{1} << 63);
}

int64_t BigInt::to_i64() const {
  uint64_t m = mag_.empty() ? 0 : mag_[0];
  if (mag_.size() == 2) m |= static_cast<uint64_t>(mag_[1]) << 32;
  return neg_ ? static_cast<int64_t>(~m + 1) : static_cast<int64_t>(m);
}

int64_t BigInt::bit_length() const {
  if (mag_.empty()) return 0;
  return 32 * static_cast<int64_t>(mag_.size() - 1) + (32 - __builtin_clz(mag_.back()));
}

std::optional<double> BigInt::to_double() const {
  int64_t n = bit_length();
  if (n > 1024) return std::nullopt;
  double d;
  if (n <= 64) {
    uint64_t m = mag_.empty() ? 0 : mag_[0];
    if (mag_.size() == 2) m |= static_cast<uint64_t>(mag_[1]) << 32;
    d = static_cast<double>(m);  // the hardware rounds half to even
  } else {
    // The top 64 bits with the rest folded into a sticky low bit: 64 bits
    // leave 11 below the double's 53, so rounding the sticky value once is
    // exactly rounding the whole number.
    BigInt top = abs().shifted_right(n - 64);
    uint64_t m = static_cast<uint64_t>(top.mag_[0]) | static_cast<uint64_t>(top.mag_[1]) << 32;
    if (top.shifted_left(n - 64).compare(abs()) != 0) m |= 1;
    d = std::ldexp(static_cast<double>(m), static_cast<int>(n - 64));
    if (std::isinf(d)) return std::nullopt;
  }
  return neg_ ? -d : d;
}

std::string BigInt::to_string(int base) const {
  if (mag_.empty()) return "0";
  std::string out;
  if (base == 10) {
    Limbs m = mag_;
    while (!m.empty()) {
      uint64_t rem = 0;  // divide by 10**9, keep the nine digits
      for (size_t i = m.size(); i-- > 0;) {
        uint64_t cur = (rem << 32) | m[i];
        m[i] = static_cast<uint32_t>(cur / 1000000000u);
        rem = cur % 1000000000u;
      }
      while (!m.empty() && m.back() == 0) m.pop_back();
      for (int k = 0; k < 9; ++k) {
        out += static_cast<char>('0' + rem % 10);
        rem /= 10;
        if (m.empty() && rem == 0) break;
      }
    }
  } else {
    int bits = base == 2 ? 1 : base == 8 ? 3 : 4;
    int64_t total = bit_length();
    for (int64_t at = 0; at < total; at += bits) {
      int digit = 0;
      for (int b = 0; b < bits && at + b < total; ++b) {
        int64_t bit = at + b;
        if ((mag_[static_cast<size_t>(bit / 32)] >> (bit % 32)) & 1) digit |= 1 << b;
      }
      out += "0123456789abcdef"[digit];
    }
  }
  if (neg_) out += '-';
  std::reverse(out.begin(), out.end());
  return out;
}

int64_t BigInt::py_hash() const {
  // Horner's rule in base 2**32, reduced modulo 2**61 - 1 at every step.
  uint64_t h = 0;
  for (size_t i = mag_.size(); i-- > 0;) {
    unsigned __int128 t = (static_cast<unsigned __int128>(h) << 32) | mag_[i];
    h = static_cast<uint64_t>(t % kMersenne61);
  }
  auto r = static_cast<int64_t>(h);
  if (neg_) r = -r;
  return r == -1 ? -2 : r;
}

int BigInt::compare_mag(const Limbs& a, const Limbs& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

int BigInt::compare(const BigInt& o) const {
  if (neg_ != o.neg_) return neg_ ? -1 : 1;
  int c = compare_mag(mag_, o.mag_);
  return neg_ ? -c : c;
}

int BigInt::compare_double(double d) const {
  double f = std::floor(d);
  int c = compare(from_double(f));
  if (c != 0) return c;
  return d == f ? 0 : -1;  // equal to floor(d) < d
}

BigInt BigInt::operator-() const {
  BigInt r = *this;
  if (!r.mag_.empty()) r.neg_ = !r.neg_;
  return r;
}

BigInt BigInt::abs() const {
  BigInt r = *this;
  r.neg_ = false;
  return r;
}

Limbs BigInt::add_mag(const Limbs& a, const Limbs& b) {
  const Limbs& x = a.size() >= b.size() ? a : b;
  const Limbs& y = a.size() >= b.size() ? b : a;
  Limbs r(x.size() + 1);
  uint64_t carry = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    uint64_t t = static_cast<uint64_t>(x[i]) + (i < y.size() ? y[i] : 0) + carry;
    r[i] = static_cast<uint32_t>(t);
    carry = t >> 32;
  }
  r[x.size()] = static_cast<uint32_t>(carry);
  return r;
}

Limbs BigInt::sub_mag(const Limbs& a, const Limbs& b) {
  Limbs r(a.size());
  int64_t borrow = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t t = static_cast<int64_t>(a[i]) - (i < b.size() ? b[i] : 0) - borrow;
    borrow = t < 0;
    r[i] = static_cast<uint32_t>(t + (borrow << 32));
  }
  return r;
}

BigInt operator+(const BigInt& a, const BigInt& b) {
  BigInt r;
  if (a.neg_ == b.neg_) {
    r.mag_ = BigInt::add_mag(a.mag_, b.mag_);
    r.neg_ = a.neg_;
  } else if (BigInt::compare_mag(a.mag_, b.mag_) >= 0) {
    r.mag_ = BigInt::sub_mag(a.mag_, b.mag_);
    r.neg_ = a.neg_;
  } else {
    r.mag_ = BigInt::sub_mag(b.mag_, a.mag_);
    r.neg_ = b.neg_;
  }
  r.trim();
  return r;
}

BigInt operator-(const BigInt& a, const BigInt& b) { return a + (-b); }

BigInt operator*(const BigInt& a, const BigInt& b) {
  BigInt r;
  if (a.mag_.empty() || b.mag_.empty()) return r;
  r.mag_.assign(a.mag_.size() + b.mag_.size(), 0);
  for (size_t i = 0; i < a.mag_.size(); ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < b.mag_.size(); ++j) {
      uint64_t t = static_cast<uint64_t>(a.mag_[i]) * b.mag_[j] + r.mag_[i + j] + carry;
      r.mag_[i + j] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    r.mag_[i + b.mag_.size()] = static_cast<uint32_t>(carry);
  }
  r.neg_ = a.neg_ != b.neg_;
  r.trim();
  return r;
}

// Knuth's algorithm D (TAOCP 4.3.1): normalize so the divisor's top limb
// has its high bit set, then estimate each quotient limb from the top two
// limbs and correct it at most twice.
void BigInt::divmod_mag(const Limbs& a, const Limbs& b, Limbs& q, Limbs& r) {
  if (compare_mag(a, b) < 0) {
    q.clear();
    r = a;
    return;
  }
  if (b.size() == 1) {
    q.assign(a.size(), 0);
    uint64_t rem = 0;
    for (size_t i = a.size(); i-- > 0;) {
      uint64_t cur = (rem << 32) | a[i];
      q[i] = static_cast<uint32_t>(cur / b[0]);
      rem = cur % b[0];
    }
    r = rem ? Limbs{static_cast<uint32_t>(rem)} : Limbs{};
    while (!q.empty() && q.back() == 0) q.pop_back();
    return;
  }
  int s = __builtin_clz(b.back());
  BigInt un_big, vn_big;
  un_big.mag_ = a;
  vn_big.mag_ = b;
  Limbs un = un_big.shifted_left(s).mag_, vn = vn_big.shifted_left(s).mag_;
  un.resize(a.size() + 1, 0);
  size_t n = vn.size(), m = a.size() - b.size();
  q.assign(m + 1, 0);
  for (size_t j = m + 1; j-- > 0;) {
    uint64_t num = (static_cast<uint64_t>(un[j + n]) << 32) | un[j + n - 1];
    uint64_t qhat = num / vn[n - 1], rhat = num % vn[n - 1];
    while (qhat > 0xFFFFFFFFu || qhat * vn[n - 2] > ((rhat << 32) | un[j + n - 2])) {
      --qhat;
      rhat += vn[n - 1];
      if (rhat > 0xFFFFFFFFu) break;
    }
    int64_t borrow = 0;
    uint64_t carry = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t p = qhat * vn[i] + carry;
      carry = p >> 32;
      int64_t t = static_cast<int64_t>(un[i + j]) - static_cast<int64_t>(p & 0xFFFFFFFFu) - borrow;
      borrow = t < 0;
      un[i + j] = static_cast<uint32_t>(t + (borrow << 32));
    }
    int64_t t = static_cast<int64_t>(un[j + n]) - static_cast<int64_t>(carry) - borrow;
    un[j + n] = static_cast<uint32_t>(t);
    if (t < 0) {  // qhat was one too large: add the divisor back
      --qhat;
      uint64_t c = 0;
      for (size_t i = 0; i < n; ++i) {
        uint64_t sum = static_cast<uint64_t>(un[i + j]) + vn[i] + c;
        un[i + j] = static_cast<uint32_t>(sum);
        c = sum >> 32;
      }
      un[j + n] += static_cast<uint32_t>(c);
    }
    q[j] = static_cast<uint32_t>(qhat);
  }
  BigInt rem;
  rem.mag_.assign(un.begin(), un.begin() + static_cast<std::ptrdiff_t>(n));
  rem.trim();
  r = rem.shifted_right(s).mag_;
  while (!q.empty() && q.back() == 0) q.pop_back();
}

void BigInt::floor_divmod(const BigInt& a, const BigInt& b, BigInt& q, BigInt& r) {
  BigInt qq, rr;
  divmod_mag(a.mag_, b.mag_, qq.mag_, rr.mag_);
  qq.neg_ = a.neg_ != b.neg_;
  rr.neg_ = a.neg_;
  qq.trim();
  rr.trim();
  if (!rr.is_zero() && a.neg_ != b.neg_) {  // truncation -> floor
    qq = qq - from_i64(1);
    rr = rr + b;
  }
  q = std::move(qq);
  r = std::move(rr);
}

BigInt BigInt::shifted_left(int64_t n) const {
  if (mag_.empty() || n == 0) return *this;
  BigInt r;
  auto limbs = static_cast<size_t>(n / 32);
  int bits = static_cast<int>(n % 32);
  r.mag_.assign(limbs, 0);
  uint32_t carry = 0;
  for (uint32_t limb : mag_) {
    r.mag_.push_back(bits ? (limb << bits) | carry : limb);
    carry = bits ? limb >> (32 - bits) : 0;
  }
  r.mag_.push_back(carry);
  r.neg_ = neg_;
  r.trim();
  return r;
}

BigInt BigInt::shifted_right(int64_t n) const {
  if (neg_) return -((-*this - from_i64(1)).shifted_right(n) + from_i64(1));  // floor
  auto limbs = static_cast<size_t>(n / 32);
  if (limbs >= mag_.size()) return BigInt();
  int bits = static_cast<int>(n % 32);
  BigInt r;
  for (size_t i = limbs; i < mag_.size(); ++i) {
    uint32_t hi = i + 1 < mag_.size() ? mag_[i + 1] : 0;
    r.mag_.push_back(bits ? (mag_[i] >> bits) | (hi << (32 - bits)) : mag_[i]);
  }
  r.trim();
  return r;
}

Limbs BigInt::twos_complement(size_t n) const {
  Limbs out(n, 0);
  std::copy(mag_.begin(), mag_.end(), out.begin());
  if (!neg_) return out;
  uint64_t carry = 1;
  for (uint32_t& limb : out) {
    uint64_t t = static_cast<uint64_t>(static_cast<uint32_t>(~limb)) + carry;
    limb = static_cast<uint32_t>(t);
    carry = t >> 32;
  }
  return out;
}

BigInt BigInt::from_twos_complement(Limbs limbs) {
  BigInt r;
  bool negative = !limbs.empty() && (limbs.back() >> 31);
  if (negative) {
    uint64_t carry = 1;
    for (uint32_t& limb : limbs) {
      uint64_t t = static_cast<uint64_t>(static_cast<uint32_t>(~limb)) + carry;
      limb = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
  }
  r.mag_ = std::move(limbs);
  r.neg_ = negative;
  r.trim();
  return r;
}

BigInt BigInt::bitwise(const BigInt& a, const BigInt& b, BitOp op) {
  size_t n = std::max(a.mag_.size(), b.mag_.size()) + 1;  // room for the sign bit
  Limbs x = a.twos_complement(n), y = b.twos_complement(n);
  for (size_t i = 0; i < n; ++i)
    x[i] = op == BitOp::And ? x[i] & y[i] : op == BitOp::Or ? x[i] | y[i] : x[i] ^ y[i];
  return from_twos_complement(std::move(x));
}

BigInt BigInt::pow(BigInt base, uint64_t exp) {
  BigInt result = from_i64(1);
  while (exp) {
    if (exp & 1) result = result * base;
    exp >>= 1;
    if (exp) base = base * base;
  }
  return result;
}

BigInt BigInt::pow_mod(BigInt base, BigInt exp, const BigInt& mod) {
  BigInt q, r;
  floor_divmod(base, mod, q, base);
  BigInt result = from_i64(1);
  floor_divmod(result, mod, q, result);  // pow(x, 0, 1) == 0
  int64_t bits = exp.bit_length();
  for (int64_t i = 0; i < bits; ++i) {
    if ((exp.mag_[static_cast<size_t>(i / 32)] >> (i % 32)) & 1) floor_divmod(result * base, mod, q, result);
    if (i + 1 < bits) floor_divmod(base * base, mod, q, base);
  }
  return result;
}

std::optional<BigInt> BigInt::inverse_mod(const BigInt& a, const BigInt& m) {
  // Extended Euclid on (a mod |m|, |m|).
  BigInt mm = m.abs(), q, r;
  floor_divmod(a, mm, q, r);
  BigInt old_r = r, cur_r = mm, old_s = from_i64(1), cur_s;
  while (!cur_r.is_zero()) {
    BigInt quot, rem;
    floor_divmod(old_r, cur_r, quot, rem);
    old_r = std::move(cur_r);
    cur_r = std::move(rem);
    BigInt next_s = old_s - quot * cur_s;
    old_s = std::move(cur_s);
    cur_s = std::move(next_s);
  }
  if (old_r.compare(from_i64(1)) != 0) return std::nullopt;
  floor_divmod(old_s, mm, q, r);
  return r;
}

}  // namespace rungs::python
