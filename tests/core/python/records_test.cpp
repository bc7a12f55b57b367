// Assignment expressions, named tuples and dataclasses in the runtime alone:
// values, CPython's errors, and where errors raised inside generated code
// (a dataclass __init__ or a frozen __setattr__) are reported.
#include <gtest/gtest.h>

#include <string>

#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

// The error's position as "line:col", for the generated-code tests.
std::string position_of(const std::string& src) {
  register_python_modules();
  Interpreter ip;
  try {
    ip.exec_module(lang::parse_module(src, "t.py"));
  } catch (const EngineError& e) {
    std::string frames;
    for (const auto& f : e.traceback) frames += " " + f.function;
    return std::to_string(e.where.line) + ":" + std::to_string(e.where.col) + frames;
  }
  return "no error";
}

TEST(Walrus, BindsInTheEnclosingScopeFromComprehensions) {
  EXPECT_EQ(run("def f(xs):\n    ys = [y for x in xs if (y := 2 * x) > 2]\n    return ys, y\nprint(f([1, 2, 3]))\n"),
            "([4, 6], 6)\n");
  EXPECT_EQ(run("if (n := 3) > 2:\n    print(n)\n"), "3\n");
  EXPECT_EQ(run("def g():\n    global seen\n    [seen := v for v in 'ab']\ng()\nprint(seen)\n"), "b\n");
  EXPECT_EQ(error_of("def f():\n    [(z := 1) for _ in 'a']\n    del z\n    return z\nf()\n"),
            "UnboundLocalError: cannot access local variable 'z' where it is not associated with a value");
}

TEST(NamedTuples, AreTuplesWithFieldNames) {
  EXPECT_EQ(run("from typing import NamedTuple\n"
                "class P(NamedTuple):\n    x: int\n    y: int = 0\n"
                "p = P(3)\nprint(p, p.x + p[1], p == (3, 0), type(p).__name__, isinstance(p, tuple))\n"
                "a, b = p\nprint(a, b, p._replace(y=4), P._make((1, 2)), {p: 1}[(3, 0)])\n"),
            "P(x=3, y=0) 3 True P True\n3 0 P(x=3, y=4) P(x=1, y=2) 1\n");
  EXPECT_EQ(run("import collections\nS = collections.namedtuple('S', 'a b', defaults=[9])\nprint(S(1), S._fields)\n"),
            "S(a=1, b=9) ('a', 'b')\n");
}

TEST(NamedTuples, ErrorsAsCPython) {
  const std::string cls = "from typing import NamedTuple\nclass P(NamedTuple):\n    x: int\n    y: int = 0\n";
  EXPECT_EQ(error_of(cls + "P()\n"), "TypeError: P.__new__() missing 1 required positional argument: 'x'");
  EXPECT_EQ(error_of(cls + "P(1).x = 2\n"), "AttributeError: can't set attribute");
  EXPECT_EQ(error_of(cls + "P(1)._replace(z=2)\n"), "ValueError: Got unexpected field names: ['z']");
  EXPECT_EQ(error_of("from typing import NamedTuple\nclass Q(NamedTuple):\n    a: int = 1\n    b: int\n"),
            "TypeError: Non-default namedtuple field b cannot follow default field a");
  // The generated __new__ is not the user's code: the error points at the call.
  EXPECT_EQ(position_of(cls + "q = P()\n"), "5:5 <module>");
}

TEST(Dataclasses, GeneratedMethods) {
  EXPECT_EQ(run("import dataclasses\n@dataclasses.dataclass\nclass C:\n    a: int\n    b: list = dataclasses.field(default_factory=list)\n"
                "c = C(1)\nc.b.append(2)\nprint(c, c == C(1, [2]), C(2).b, [f.name for f in dataclasses.fields(C)])\n"),
            "C(a=1, b=[2]) True [] ['a', 'b']\n");
  EXPECT_EQ(run("from dataclasses import dataclass\n@dataclass(frozen=True)\nclass K:\n    n: int\n"
                "print(len({K(1), K(1), K(2)}), hash(K(3)) == hash((3,)))\n"),
            "2 True\n");
}

TEST(Dataclasses, ErrorsAsCPythonAtTheUsersLine) {
  const std::string frozen = "import dataclasses\n@dataclasses.dataclass(frozen=True)\nclass K:\n    n: int\n";
  EXPECT_EQ(error_of(frozen + "K(1).n = 2\n"), "FrozenInstanceError: cannot assign to field 'n'");
  EXPECT_EQ(position_of(frozen + "k = K(1)\nk.n = 2\n"), "6:1 <module>");
  EXPECT_EQ(error_of(frozen + "K()\n"), "TypeError: K.__init__() missing 1 required positional argument: 'n'");
  EXPECT_EQ(error_of("import dataclasses\n@dataclasses.dataclass\nclass M:\n    xs: list = []\n"),
            "ValueError: mutable default <class 'list'> for field xs is not allowed: use default_factory");
  EXPECT_EQ(error_of("import dataclasses\n@dataclasses.dataclass\nclass M:\n    a: int\nhash(M(1))\n"),
            "TypeError: unhashable type: 'M'");
  // An error in the user's __post_init__ keeps the user's frames.
  EXPECT_EQ(position_of("import dataclasses\n@dataclasses.dataclass\nclass V:\n    n: int\n"
                        "    def __post_init__(self):\n        raise ValueError(self.n)\nV(3)\n"),
            "6:9 <module> __post_init__");
}

}  // namespace
}  // namespace rungs::python
