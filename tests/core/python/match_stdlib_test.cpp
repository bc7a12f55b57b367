// The match statement and the library modules added for published kernel
// files (inspect, logging, abc, json, functools.singledispatch), in the
// runtime alone; and generators closed when a program ends.
#include <gtest/gtest.h>

#include <string>

#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

TEST(Match, LiteralOrValueAndWildcard) {
  EXPECT_EQ(run("import enum\nclass G(enum.Enum):\n    A = 1\n    B = 2\n"
                "def f(x):\n    match x:\n        case 5 | 6:\n            return 'v5'\n"
                "        case G.B:\n            return 'b'\n        case 'silu':\n            return 's'\n"
                "        case None:\n            return 'none'\n        case _:\n            return 'other'\n"
                "print(f(6), f(G.B), f('silu'), f(None), f(0), f(G.A))\n"),
            "v5 b s none other other\n");
}

TEST(Match, SequenceStarMappingAndGuards) {
  EXPECT_EQ(run("def f(s):\n    match s:\n        case (1, *rest) if rest:\n            return rest\n"
                "        case [a, b]:\n            return a + b\n        case {'k': v, **others}:\n"
                "            return (v, others)\n        case _:\n            return None\n"
                "print(f((1, 2, 3)), f((1,)), f([4, 5]), f({'k': 1, 'j': 2}), f('ab'))\n"),
            "[2, 3] None 9 (1, {'j': 2}) None\n");
}

TEST(Match, ClassPatternsAndTheirErrors) {
  EXPECT_EQ(run("from typing import NamedTuple\nclass T(NamedTuple):\n    bm: int\n    bn: int = 128\n"
                "match T(8):\n    case T(bm, 128) as t:\n        print(bm, t.bn)\n"
                "match 3:\n    case int(n) if n > 2:\n        print('int', n)\n"),
            "8 128\nint 3\n");
  EXPECT_EQ(error_of("class P:\n    pass\nmatch P():\n    case P(1):\n        pass\n"),
            "TypeError: P() accepts 0 positional sub-patterns (1 given)");
  EXPECT_EQ(error_of("f = len\nmatch 1:\n    case f():\n        pass\n"),
            "TypeError: called match pattern must be a type");
}

TEST(Library, InspectSignatureAndPredicates) {
  EXPECT_EQ(run("import inspect\ndef k(x, y=2, *a, z, **kw):\n    pass\n"
                "s = inspect.signature(k)\nprint(s, list(s.parameters), s.parameters['y'].default)\n"
                "print(inspect.isfunction(k), inspect.isclass(int), inspect.ismethod(k))\n"),
            "(x, y=2, *a, z, **kw) ['x', 'y', 'a', 'z', 'kw'] 2\nTrue True False\n");
  EXPECT_EQ(error_of("import inspect\ninspect.getsource(len)\n"),
            "NotImplementedError: inspect.getsource() (a Rungs run keeps no source files) is not supported by Rungs");
}

TEST(Library, LoggingAbcJsonSingledispatch) {
  EXPECT_EQ(run("import logging\nlog = logging.getLogger('k')\nlog.warning('dropped')\n"
                "print(log, log.isEnabledFor(logging.INFO))\n"),
            "<Logger k (WARNING)> False\n");
  EXPECT_EQ(error_of("from abc import ABC, abstractmethod\nclass B(ABC):\n    @abstractmethod\n"
                     "    def f(self): ...\nB()\n"),
            "TypeError: Can't instantiate abstract class B with abstract method f");
  EXPECT_EQ(run("import json\nprint(json.dumps({'a': [1, None, True]}), json.loads('[1.5, \"x\"]'))\n"),
            "{\"a\": [1, null, true]} [1.5, 'x']\n");
  EXPECT_EQ(run("from functools import singledispatch\n@singledispatch\ndef f(x):\n    return 'any'\n"
                "@f.register\ndef _(x: int):\n    return 'int'\nprint(f(1), f('s'))\n"),
            "int any\n");
}

TEST(Generators, ClosedWhenTheProgramEnds) {
  register_python_modules();
  Interpreter ip;
  ip.exec_module(lang::parse_module("def g():\n    try:\n        yield 1\n    finally:\n        print('closed')\n"
                                    "it = g()\nprint(next(it))\n",
                                    "t.py"));
  EXPECT_EQ(ip.stdout_text(), "1\n");  // still suspended: a notebook cell keeps it
  ip.close_suspended_generators();
  EXPECT_EQ(ip.stdout_text(), "1\nclosed\n");
}

TEST(Lists, SliceDeletion) {
  EXPECT_EQ(run("a = list(range(8))\ndel a[1:3]\ndel a[::2]\nprint(a)\ndel a[:]\nprint(a)\n"), "[3, 5, 7]\n[]\n");
}

}  // namespace
}  // namespace rungs::python
