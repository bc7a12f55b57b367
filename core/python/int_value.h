// Python ints as values: small ints stay inline in Value (Tag::Int, the fast
// path every index and loop counter takes); a result that leaves int64 is a
// BigIntObj. make_int normalizes, so a BigIntObj never holds a value that
// fits in int64 and `2**64 - 2**64` is an inline 0 again. Everything that
// must treat both alike (operators, repr, hash, format, int(), float())
// goes through the functions here.
#pragma once

#include <optional>
#include <string>

#include "core/lang/ast.h"
#include "core/python/bigint.h"
#include "core/python/objects.h"

namespace rungs::python {

struct BigIntObj : Object {
  explicit BigIntObj(BigInt v)
      : Object(ObjKind::BigInt), v(std::move(v)), charge(4 * static_cast<int64_t>(this->v.limbs())) {}
  BigInt v;
  HostCharge charge;
};

bool is_big(const Value& v);
// bool, int or big int: what isinstance(v, int) accepts.
bool is_integer(const Value& v);
// bool, int, big int or float.
bool is_real(const Value& v);
Value make_int(BigInt v);
BigInt to_big(const Value& v);  // for is_integer values

// a op b for two integers (bools included): exact, promoting to big ints
// on overflow. `/` and negative powers give floats as in Python.
Value int_binop(lang::BinOpKind op, const Value& a, const Value& b);
Value int_negate(const Value& v);
Value int_invert(const Value& v);
Value int_abs(const Value& v);
// Exact comparison of two reals (ints of any size and floats), as CPython
// compares int with float; nullopt when a NaN is involved.
std::optional<int> real_order(const Value& a, const Value& b);
// float(v) for an integer; OverflowError "int too large to convert to float".
double int_to_double(const Value& v);
// float -> int, exact (int(1e30) == 1000000000000000019884624838656).
Value int_from_double(double d);
// str(v) in base 10 (CPython's 4300-digit limit applies), or base 2/8/16
// digits without prefix; '-' first when negative.
std::string int_to_string(const Value& v, int base = 10);
// int(text, base) after sign, prefix and underscores were handled: digits
// only, validated. Applies the 4300-digit limit to base 10.
Value int_from_digits(const std::string& digits, int base, bool negative);
// hash() of ints and floats as CPython computes it (modulo 2**61 - 1).
int64_t int_hash(const Value& v);
int64_t float_hash(double d);
// An int used as an index or count (sequence indices, range bounds):
// big ints raise IndexError "cannot fit 'int' into an index-sized integer".
int64_t index_value(const Value& v);

}  // namespace rungs::python
