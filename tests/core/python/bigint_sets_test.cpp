// Ints of any size (bigint.h, int_value.h), CPython's hashes (py_hash.h),
// sets in CPython's table order (set_table.h), and the smaller constructs
// of issue 15: type(name, bases, dict), typing.TypedDict, relative imports.
// Expected values are CPython 3.11's.
#include <gtest/gtest.h>

#include <string>

#include "core/python/bigint.h"
#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

TEST(BigInt, ArithmeticMatchesPythonDefinitions) {
  BigInt a = BigInt::from_digits("123456789012345678901234567890", 10);
  BigInt b = BigInt::from_i64(-987654321);
  BigInt q, r;
  BigInt::floor_divmod(a, b, q, r);
  EXPECT_EQ(q.to_string(), "-124999998873437499902");
  EXPECT_EQ(r.to_string(), "-412808652");
  EXPECT_EQ((a * a).to_string(), "15241578753238836750495351562536198787501905199875019052100");
  EXPECT_EQ((a - a).to_string(), "0");
  EXPECT_EQ(BigInt::pow(BigInt::from_i64(2), 100).to_string(16), "10000000000000000000000000");
  EXPECT_EQ(BigInt::from_i64(-1).shifted_right(200).to_string(), "-1");
  EXPECT_EQ(BigInt::bitwise(BigInt::from_i64(-5), BigInt::from_digits("ffffffffffffffffff", 16),
                            BigInt::BitOp::And).to_string(16), "fffffffffffffffffb");
}

TEST(BigInt, DoubleConversionIsCorrectlyRounded) {
  // 2**64 + 1 rounds to 2**64; 2**1024 overflows; halves go to even.
  EXPECT_EQ(*BigInt::from_digits("18446744073709551617", 10).to_double(), 18446744073709551616.0);
  EXPECT_FALSE(BigInt::from_i64(1).shifted_left(1024).to_double().has_value());
  BigInt halfway = BigInt::from_i64(1).shifted_left(53) + BigInt::from_i64(1);  // 2**53 + 1
  EXPECT_EQ(*halfway.shifted_left(20).to_double(), 9007199254740992.0 * 1048576.0);
  EXPECT_EQ(BigInt::from_double(1e30).to_string(), "1000000000000000019884624838656");
}

TEST(BigInt, HashIsCPythons) {
  EXPECT_EQ(BigInt::from_i64(1).shifted_left(61).py_hash(), 1);
  EXPECT_EQ((-BigInt::from_i64(1).shifted_left(64)).py_hash(), -8);
  EXPECT_EQ(run("print(hash(10 ** 30), hash(1.5), hash((1, 2)), hash(-1), hash(2.0 ** 70) == hash(2 ** 70))\n"),
            "465258685558744706 1152921504606846977 -3550055125485641917 -2 True\n");
}

TEST(BigIntValues, PromoteOnOverflowAndNormalizeBack) {
  EXPECT_EQ(run("print(1 << 64, 2 ** 100, 0xFFFFFFFFFFFFFFFF + 1, 2 ** 64 - 2 ** 64, type(2 ** 64).__name__)\n"),
            "18446744073709551616 1267650600228229401496703205376 18446744073709551616 0 int\n");
  EXPECT_EQ(run("print(-(2 ** 64) // 3, -(2 ** 64) % 3, divmod(10 ** 25, -12345), 10 ** 30 / 3)\n"),
            "-6148914691236517206 2 (-810044552450384771163, -7235) 3.333333333333333e+29\n");
  EXPECT_EQ(run("x = 9223372036854775807\nprint(x + 1, -x - 2, x * x, abs(-x - 1), -(-x - 1))\n"),
            "9223372036854775808 -9223372036854775809 85070591730234615847396907784232501249 "
            "9223372036854775808 9223372036854775808\n");
}

TEST(BigIntValues, FormatParseAndCompare) {
  EXPECT_EQ(run("n = 2 ** 100 + 12345\nprint(hex(n), bin(2 ** 65), f'{n:,}', '%d' % 3 ** 41, format(-n, '#x'))\n"),
            "0x10000000000000000000003039 0b100000000000000000000000000000000000000000000000000000000000000000 "
            "1,267,650,600,228,229,401,496,703,217,721 36472996377170786403 -0x10000000000000000000003039\n");
  EXPECT_EQ(run("print(int('9' * 30), int('ff' * 10, 16), int('0b' + '1' * 65, 0), int(1e20), int(2.0 ** 70))\n"),
            "999999999999999999999999999999 1208925819614629174706175 36893488147419103231 "
            "100000000000000000000 1180591620717411303424\n");
  EXPECT_EQ(run("print(2 ** 53 + 1 == 2.0 ** 53, 2 ** 64 == 2.0 ** 64, 10 ** 400 > 1e308, {2 ** 64: 1, 2.0 ** 64: 2})\n"),
            "False True True {18446744073709551616: 2}\n");
  EXPECT_EQ(run("import math\nprint(math.factorial(30), pow(3, -1, 2 ** 61 - 1), math.comb(100, 50))\n"),
            "265252859812191058636308480000000 1537228672809129301 100891344545564193334812497256\n");
}

TEST(BigIntValues, ErrorsInCPythonsWords) {
  EXPECT_EQ(error_of("float(10 ** 400)\n"), "OverflowError: int too large to convert to float");
  EXPECT_EQ(error_of("(10 ** 400) / 3\n"), "OverflowError: integer division result too large for a float");
  EXPECT_EQ(error_of("[1][2 ** 70]\n"), "IndexError: cannot fit 'int' into an index-sized integer");
  EXPECT_EQ(error_of("'a' * 2 ** 70\n"), "OverflowError: cannot fit 'int' into an index-sized integer");
  EXPECT_EQ(error_of("1 << (1 << 70)\n"), "OverflowError: too many digits in integer");
  EXPECT_EQ(error_of("str(10 ** 5000)\n"),
            "ValueError: Exceeds the limit (4300 digits) for integer string conversion; "
            "use sys.set_int_max_str_digits() to increase the limit");
  EXPECT_EQ(error_of("int('1' * 5000)\n"),
            "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; "
            "use sys.set_int_max_str_digits() to increase the limit");
  EXPECT_EQ(error_of("hex(1.5)\n"), "TypeError: 'float' object cannot be interpreted as an integer");
}

TEST(SetOrder, DisplaysAndAddsFollowCPythonsTable) {
  EXPECT_EQ(run("print({3, 1, 2}, {100, 5, 37}, set(range(10, 0, -1)))\n"),
            "{1, 2, 3} {5, 100, 37} {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}\n");
  EXPECT_EQ(run("print({-1, -2, 0, 7}, {64, 8, 1, 16, 32}, set([1000, 10, 100, 1]))\n"),
            "{0, -2, -1, 7} {64, 1, 32, 16, 8} {1000, 1, 10, 100}\n");
  EXPECT_EQ(run("print({n * 37 % 101 for n in range(12)})\n"), "{0, 67, 3, 37, 74, 10, 47, 84, 20, 30, 57, 94}\n");
  EXPECT_EQ(run("print({1.5, 0.25, 3.0, -2.0}, {(1, 2), (0, 0), (3, 1)})\n"),
            "{0.25, 1.5, 3.0, -2.0} {(3, 1), (1, 2), (0, 0)}\n");
}

TEST(SetOrder, OperatorsAndMethodsFollowCPythonsAlgorithms) {
  EXPECT_EQ(run("a = {1, 9, 17, 25, 4}\nb = {25, 4, 100, 33}\nprint(a | b, a & b, a - b, a ^ b, b - a)\n"),
            "{1, 33, 4, 100, 9, 17, 25} {25, 4} {1, 17, 9} {1, 33, 100, 9, 17} {33, 100}\n");
  EXPECT_EQ(run("c = set(range(20))\nc -= {3, 5, 7}\nc |= {99, 40}\nc &= set(range(0, 100, 2))\nprint(c)\n"),
            "{0, 2, 4, 6, 8, 40, 10, 12, 14, 16, 18}\n");
  EXPECT_EQ(run("e = {8, 16, 24, 32}\nprint(e.pop(), e.pop(), e)\n"), "8 16 {32, 24}\n");
  EXPECT_EQ(error_of("set().pop()\n"), "KeyError: 'pop from an empty set'");
  // Strings hash differently in every CPython process: insertion order stays.
  EXPECT_EQ(run("print({'b', 'a', 3})\n"), "{'b', 'a', 3}\n");
}

TEST(TypeCall, ThreeArgumentsBuildAClass) {
  EXPECT_EQ(run("B = type('B', (), {'k': 2, 'f': lambda self: self.k * 10})\n"
                "C = type('C', (B,), {'k': 3})\nprint(C().f(), C.__name__, isinstance(C(), B))\n"),
            "30 C True\n");
  EXPECT_EQ(error_of("type('A', [], {})\n"), "TypeError: type.__new__() argument 2 must be tuple, not list");
  EXPECT_EQ(error_of("type('A', ())\n"), "TypeError: type() takes 1 or 3 arguments");
}

TEST(TypedDict, ClassSyntaxAndFunctionalForm) {
  EXPECT_EQ(run("from typing import TypedDict\n"
                "class Cfg(TypedDict, total=False):\n    block: int\n"
                "c = Cfg(block=8)\nprint(c, type(c).__name__, Cfg.__total__, sorted(Cfg.__optional_keys__))\n"
                "P = TypedDict('P', {'x': int})\nprint(P(x=1), sorted(P.__required_keys__))\n"),
            "{'block': 8} dict False ['block']\n{'x': 1} ['x']\n");
}

TEST(RelativeImport, RaisesImportErrorAsAScript) {
  EXPECT_EQ(error_of("from . import helpers\n"),
            "ImportError: attempted relative import with no known parent package");
  EXPECT_EQ(error_of("from ..pkg.mod import f\n"),
            "ImportError: attempted relative import with no known parent package");
}

}  // namespace
}  // namespace rungs::python
