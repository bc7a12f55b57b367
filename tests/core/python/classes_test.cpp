// User classes in the runtime alone (no JAX): the class statement, lookup
// and binding, super(), the dunder protocol, user exceptions, and that
// reference cycles through instances and classes are freed at the end of a
// run.
#include <gtest/gtest.h>

#include <string>

#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

TEST(Classes, InitAttributesAndMethods) {
  EXPECT_EQ(run("class A:\n"
                "    k = 10\n"
                "    def __init__(self, x):\n        self.x = x\n"
                "    def total(self, y=1):\n        return self.x + self.k + y\n"
                "a = A(5)\nprint(a.total(), a.total(y=2), A.k, A.total(a))\n"),
            "16 17 10 16\n");
}

TEST(Classes, MethodsDoNotSeeClassBodyNames) {
  EXPECT_EQ(run("x = 'g'\nclass A:\n    x = 'c'\n    y = x * 2\n"
                "    def f(self):\n        return x\nprint(A.y, A().f())\n"),
            "cc g\n");
  // Nor do nested class bodies, or comprehensions in a class body.
  EXPECT_EQ(error_of("class O:\n    a = 1\n    class I:\n        b = a\n"),
            "NameError: name 'a' is not defined");
  EXPECT_EQ(error_of("class O:\n    a = 1\n    b = [a for _ in range(2)]\n"),
            "NameError: name 'a' is not defined");
}

TEST(Classes, StaticClassMethodsAndProperties) {
  EXPECT_EQ(run("class A:\n"
                "    n = 3\n"
                "    @staticmethod\n    def s(a):\n        return a + 1\n"
                "    @classmethod\n    def c(cls):\n        return cls.n\n"
                "    @property\n    def p(self):\n        return self.n * 2\n"
                "    @p.setter\n    def p(self, v):\n        self.n = v\n"
                "class B(A):\n    n = 7\n"
                "b = B()\nprint(A.s(1), b.s(2), A.c(), B.c(), b.p)\nb.p = 1\nprint(b.p)\n"),
            "2 3 3 7 14\n2\n");
}

TEST(Classes, SuperAndC3Order) {
  EXPECT_EQ(run("class A:\n    def f(self):\n        return 'A'\n"
                "class B(A):\n    def f(self):\n        return 'B' + super().f()\n"
                "class C(A):\n    def f(self):\n        return 'C' + super().f()\n"
                "class D(B, C):\n    def f(self):\n        return 'D' + super().f()\n"
                "print(D().f(), [k.__name__ for k in D.__mro__])\n"),
            "DBCA ['D', 'B', 'C', 'A', 'object']\n");
  EXPECT_EQ(error_of("class A: pass\nclass B(A): pass\nclass C(A, B): pass\n"),
            "TypeError: Cannot create a consistent method resolution order (MRO) for bases A, B");
}

TEST(Classes, DunderProtocol) {
  EXPECT_EQ(run("class V:\n"
                "    def __init__(self, *xs):\n        self.xs = list(xs)\n"
                "    def __repr__(self):\n        return 'V%r' % (self.xs,)\n"
                "    def __add__(self, o):\n        return V(*[a + b for a, b in zip(self.xs, o.xs)])\n"
                "    def __rmul__(self, k):\n        return V(*[k * a for a in self.xs])\n"
                "    def __eq__(self, o):\n        return self.xs == o.xs\n"
                "    def __len__(self):\n        return len(self.xs)\n"
                "    def __getitem__(self, i):\n        return self.xs[i]\n"
                "    def __iter__(self):\n        return iter(self.xs)\n"
                "v = V(1, 2)\nprint(v + v, 2 * v, v == V(1, 2), len(v), v[1], list(v), 2 in v)\n"),
            "V[2, 4] V[2, 4] True 2 2 [1, 2] True\n");
}

TEST(Classes, DefaultReprIsStable) {
  EXPECT_EQ(run("class A: pass\na = A()\nb = A()\nprint(A, a, b)\n"),
            "<class '__main__.A'> <__main__.A object at 0x7f0000001010> "
            "<__main__.A object at 0x7f0000001020>\n");
}

TEST(Classes, UserExceptionsMatchBySubclass) {
  EXPECT_EQ(run("class E(ValueError):\n    pass\nclass F(E):\n"
                "    def __init__(self, n):\n        super().__init__('n=%d' % n)\n        self.n = n\n"
                "try:\n    raise F(3)\nexcept E as e:\n    print(type(e).__name__, e, e.n, isinstance(e, ValueError))\n"
                "try:\n    raise F(4)\nexcept ValueError as e:\n    print(e.args)\n"),
            "F n=3 3 True\n('n=4',)\n");
  EXPECT_EQ(error_of("class E(KeyError):\n    pass\nraise E('k')\n"), "E: 'k'");
}

TEST(Classes, ErrorsKeepCPythonTexts) {
  EXPECT_EQ(error_of("class A:\n    def __init__(self, x):\n        pass\nA()\n"),
            "TypeError: A.__init__() missing 1 required positional argument: 'x'");
  EXPECT_EQ(error_of("class A: pass\nA().y\n"), "AttributeError: 'A' object has no attribute 'y'");
  EXPECT_EQ(error_of("class A: pass\nA.y\n"), "AttributeError: type object 'A' has no attribute 'y'");
  EXPECT_EQ(error_of("class A: pass\nA(1)\n"), "TypeError: A() takes no arguments");
  EXPECT_EQ(error_of("class A(list): pass\n"), "NotImplementedError: subclassing <class 'list'> is not supported by Rungs");
}

TEST(Classes, CyclesAreFreedAtTheEndOfARun) {
  // Under LeakSanitizer (the asan build) a leak here fails the test binary.
  EXPECT_EQ(run("class Node:\n    def __init__(self):\n        self.me = self\n"
                "        self.cls = Node\n"
                "def make():\n    class Local:\n        def get(self):\n            return Local\n"
                "    return Local()\n"
                "n = Node()\nl = make()\nprint(n.me is n, l.get().__name__)\n"),
            "True Local\n");
  // An exception that is its own cause (`raise e from e`) is a cycle too.
  EXPECT_EQ(run("e = ValueError('x')\ntry:\n    raise e from e\nexcept ValueError as f:\n"
                "    print(f.__cause__ is f, f is e)\n"),
            "True True\n");
}

}  // namespace
}  // namespace rungs::python
