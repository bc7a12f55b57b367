// What the library modules written in Python rely on from user classes
// (classes.cpp, class_protocol.cpp): class hooks answering operations on a
// class itself, descriptors with __get__ and __set_name__, attributes on
// functions, `del obj.attr`; and the modules built on them (enum,
// functools, collections) through short programs.
#include <gtest/gtest.h>

#include <string>

#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

const char* const kHookedClass =
    "class Hooks:\n"
    "    def __getitem__(self, cls, key):\n        return cls.__name__ + '[' + key + ']'\n"
    "    def __iter__(self, cls):\n        return iter([1, 2])\n"
    "    def __len__(self, cls):\n        return 2\n"
    "    def __contains__(self, cls, x):\n        return x == 1\n"
    "    def __repr__(self, cls):\n        return '<hooked ' + cls.__name__ + '>'\n"
    "    def __call__(self, cls, *args):\n        return NotImplemented if args else 'called'\n"
    "    def __check_setattr__(self, cls, name, value):\n"
    "        if name == 'frozen':\n            raise AttributeError('no')\n"
    "    def __class_created__(self, cls):\n        cls.created = True\n"
    "class Base:\n    __class_hooks__ = Hooks()\n"
    "    def __init__(self, x=0):\n        self.x = x\n"
    "class C(Base):\n    pass\n";

TEST(ClassHooks, AnswerOperationsOnTheClass) {
  EXPECT_EQ(run(std::string(kHookedClass) +
                "print(C['k'], list(C), len(C), 1 in C, 3 in C, repr(C), C(), C(5).x, C.created)\n"),
            "C[k] [1, 2] 2 True False <hooked C> called 5 True\n");
  EXPECT_EQ(error_of(std::string(kHookedClass) + "C.frozen = 1\n"), "AttributeError: no");
  // A class without hooks is untouched.
  EXPECT_EQ(error_of("class D:\n    pass\nlen(D)\n"), "TypeError: object of type 'type' has no len()");
}

TEST(Descriptors, GetAndSetNameOnUserObjects) {
  EXPECT_EQ(run("class Named:\n"
                "    def __set_name__(self, owner, name):\n        self.name = owner.__name__ + '.' + name\n"
                "    def __get__(self, obj, owner=None):\n"
                "        return self if obj is None else (self.name, obj.v)\n"
                "class A:\n    attr = Named()\n    def __init__(self):\n        self.v = 3\n"
                "print(A().attr, A.attr.name)\n"),
            "('A.attr', 3) A.attr\n");
}

TEST(Functions, CarryAttributesAndDocstrings) {
  EXPECT_EQ(run("def f():\n    'the doc'\n    return 1\n"
                "f.tag = 'k'\nf.__name__ = 'g'\nprint(f.tag, f.__name__, f.__doc__, f.__dict__, f.__module__)\n"),
            "k g the doc {'tag': 'k'} __main__\n");
  EXPECT_EQ(error_of("def f():\n    pass\nf.missing\n"), "AttributeError: 'function' object has no attribute 'missing'");
}

TEST(DeleteAttribute, FromInstancesFunctionsAndClasses) {
  EXPECT_EQ(run("class A:\n    k = 1\na = A()\na.x = 2\ndel a.x\ndel A.k\nprint(hasattr(a, 'x'), hasattr(A, 'k'))\n"),
            "False False\n");
  EXPECT_EQ(error_of("class A:\n    pass\ndel A().y\n"), "AttributeError: 'A' object has no attribute 'y'");
}

TEST(LibraryModules, EnumFunctoolsCollectionsBasics) {
  EXPECT_EQ(run("from enum import Enum, IntEnum\n"
                "class K(Enum):\n    A = 1\n    B = 2\n"
                "class P(IntEnum):\n    LO = 1\n"
                "print(K(2), K['A'], list(K), len(K), repr(K.A), P.LO + 1, K)\n"),
            "K.B K.A [<K.A: 1>, <K.B: 2>] 2 <K.A: 1> 2 <enum 'K'>\n");
  EXPECT_EQ(error_of("from enum import Enum\nclass K(Enum):\n    A = 1\nK(3)\n"), "ValueError: 3 is not a valid K");
  EXPECT_EQ(run("import functools\n@functools.lru_cache(maxsize=1)\ndef f(x):\n    return x\n"
                "f(1); f(1); f(2)\nprint(f.cache_info())\n"),
            "CacheInfo(hits=1, misses=2, maxsize=1, currsize=1)\n");
  EXPECT_EQ(run("from collections import Counter, deque, defaultdict\n"
                "print(Counter('aab'), deque([1, 2], maxlen=2), defaultdict(list))\n"),
            "Counter({'a': 2, 'b': 1}) deque([1, 2], maxlen=2) defaultdict(<class 'list'>, {})\n");
  EXPECT_EQ(error_of("from collections import deque\ndeque().pop()\n"), "IndexError: pop from an empty deque");
}

}  // namespace
}  // namespace rungs::python
