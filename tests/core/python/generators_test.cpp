// Generators in the runtime alone: functions with `yield` and `yield from`
// suspended and resumed (generators.h), inside every compound statement;
// next/send/throw/close with CPython's StopIteration and errors; lazy
// generator expressions.
#include <gtest/gtest.h>

#include <string>

#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

TEST(Generators, YieldInWhileAndFor) {
  EXPECT_EQ(run("def sizes(n):\n    b = 8\n    while b <= n:\n        yield b\n        b *= 2\n"
                "print(list(sizes(64)), sum(sizes(32)), max(sizes(16)))\n"),
            "[8, 16, 32, 64] 56 16\n");
  EXPECT_EQ(run("def pairs(xs):\n    for i, x in enumerate(xs):\n        for y in xs[i + 1:]:\n"
                "            yield x, y\n    else:\n        yield 'end'\n"
                "print(list(pairs([1, 2, 3])))\n"),
            "[(1, 2), (1, 3), (2, 3), 'end']\n");
}

TEST(Generators, SuspendsLazilyAndRunsNothingAtTheCall) {
  EXPECT_EQ(run("def g():\n    print('start')\n    yield 1\n    print('middle')\n    yield 2\n"
                "it = g()\nprint('made')\nprint(next(it))\nprint(next(it))\nprint(next(it, 'done'))\n"),
            "made\nstart\n1\nmiddle\n2\ndone\n");
}

TEST(Generators, InfiniteGeneratorsStopWhenTheConsumerDoes) {
  EXPECT_EQ(run("import itertools\ndef naturals():\n    i = 0\n    while True:\n        yield i\n        i += 1\n"
                "print(list(itertools.islice(naturals(), 4)), list(zip('ab', naturals())))\n"),
            "[0, 1, 2, 3] [('a', 0), ('b', 1)]\n");
}

TEST(Generators, IfBranchesAndBreakContinue) {
  EXPECT_EQ(run("def g(n):\n    for i in range(n):\n        if i % 2:\n            continue\n"
                "        elif i == 6:\n            break\n        else:\n            yield i\n    yield -1\n"
                "print(list(g(10)))\n"),
            "[0, 2, 4, -1]\n");
}

TEST(Generators, ReturnValueIsStopIterationValue) {
  EXPECT_EQ(run("def g():\n    yield 1\n    return 'r'\nit = g()\nnext(it)\n"
                "try:\n    next(it)\nexcept StopIteration as e:\n    print(repr(e.value), e.args)\n"
                "try:\n    next(it)\nexcept StopIteration as e:\n    print(e.value, e.args)\n"),
            "'r' ('r',)\nNone ()\n");
}

TEST(Generators, SendAndAssignment) {
  EXPECT_EQ(run("def avg():\n    total = n = 0\n    mean = None\n    while True:\n"
                "        x = yield mean\n        total += x\n        n += 1\n        mean = total / n\n"
                "a = avg()\nnext(a)\nprint(a.send(2), a.send(4), a.send(9))\n"),
            "2.0 3.0 5.0\n");
  EXPECT_EQ(error_of("def g():\n    yield 1\ng().send(5)\n"),
            "TypeError: can't send non-None value to a just-started generator");
}

TEST(Generators, YieldFromDelegatesSendAndReturn) {
  EXPECT_EQ(run("def inner():\n    x = yield 'a'\n    print('got', x)\n    return 'ret'\n"
                "def outer():\n    r = yield from inner()\n    print('inner said', r)\n    yield from [1, 2]\n"
                "o = outer()\nprint(next(o))\nprint(o.send('hi'))\nprint(list(o))\n"),
            "a\ngot hi\ninner said ret\n1\n[2]\n");
}

TEST(Generators, TryExceptFinallyAcrossYields) {
  EXPECT_EQ(run("def g():\n    try:\n        yield 1\n        yield 2\n    except KeyError as e:\n"
                "        print('caught', e)\n        yield 3\n    else:\n        yield 'else'\n"
                "    finally:\n        print('finally')\n    yield 'after'\n"
                "print(list(g()))\nx = g()\nnext(x)\nprint(x.throw(KeyError('k')))\nprint(list(x))\n"),
            "finally\n[1, 2, 'else', 'after']\ncaught 'k'\n3\nfinally\n['after']\n");
  // A yield inside finally, and a raise that finally lets through.
  EXPECT_EQ(error_of("def g():\n    try:\n        raise ValueError('v')\n    finally:\n        yield 0\n"
                     "list(g())\n"),
            "ValueError: v");
}

TEST(Generators, CloseRunsFinallyAndRefusesAYield) {
  EXPECT_EQ(run("def g():\n    try:\n        yield 1\n    finally:\n        print('cleanup')\n"
                "x = g()\nnext(x)\nx.close()\nx.close()\nprint(next(x, 'closed'))\n"),
            "cleanup\nclosed\n");
  EXPECT_EQ(error_of("def g():\n    while True:\n        try:\n            yield 1\n        except GeneratorExit:\n"
                     "            pass\nx = g()\nnext(x)\nx.close()\n"),
            "RuntimeError: generator ignored GeneratorExit");
  // GeneratorExit is not an Exception.
  EXPECT_EQ(run("def g():\n    try:\n        yield 1\n    except Exception:\n        print('no')\n"
                "x = g()\nnext(x)\nx.close()\nprint(issubclass(GeneratorExit, Exception))\n"),
            "False\n");
}

TEST(Generators, DroppedSuspendedGeneratorsAreClosed) {
  // As CPython's reference counting does: at a loop's break, when the frame
  // holding one returns, after the call it was an argument of.
  EXPECT_EQ(run("def g(n):\n    try:\n        yield n\n        yield n\n    finally:\n        print('fin', n)\n"
                "for x in g(1):\n    break\nprint('a')\n"
                "def f():\n    it = g(2)\n    next(it)\n    return 'f'\nprint(f())\n"
                "print(next(g(3)))\nkeep = g(4)\nnext(keep)\nprint('b')\nkeep = None\nprint('c')\n"),
            "fin 1\na\nfin 2\nf\nfin 3\n3\nb\nfin 4\nc\n");
  // An exception from the cleanup is not the program's (CPython prints it
  // as "Exception ignored" on stderr).
  EXPECT_EQ(run("def g():\n    try:\n        yield 1\n    finally:\n        raise ValueError('x')\n"
                "try:\n    raise KeyError('k')\nexcept KeyError as e:\n    x = g()\n    next(x)\n    x = None\n"
                "    print(repr(e))\n"),
            "KeyError('k')\n");
}

TEST(Generators, WithStatementStaysEnteredWhileSuspended) {
  EXPECT_EQ(run("class M:\n    def __enter__(self):\n        print('enter')\n        return 5\n"
                "    def __exit__(self, *a):\n        print('exit', a[0] is not None)\n"
                "def g():\n    with M() as v:\n        yield v\n        yield v + 1\n"
                "x = g()\nprint(next(x))\nprint('outside')\nprint(next(x))\nprint(next(x, 'end'))\n"),
            "enter\n5\noutside\n6\nexit False\nend\n");
}

TEST(Generators, Pep479StopIterationInsideBecomesRuntimeError) {
  EXPECT_EQ(error_of("def g():\n    yield next(iter([]))\nlist(g())\n"),
            "RuntimeError: generator raised StopIteration");
}

TEST(Generators, AlreadyExecutingAndThrowTypes) {
  EXPECT_EQ(error_of("def g():\n    yield next(me)\nme = g()\nnext(me)\n"),
            "ValueError: generator already executing");
  EXPECT_EQ(error_of("def g():\n    yield 1\nx = g()\nnext(x)\nx.throw(3)\n"),
            "TypeError: exceptions must be classes or instances deriving from BaseException, not int");
  EXPECT_EQ(error_of("def g():\n    yield 1\nx = g()\nx.throw(ValueError)\n"), "ValueError: ");
}

TEST(Generators, ObjectsReprAndIdentity) {
  EXPECT_EQ(run("def g():\n    yield 1\nx = g()\nprint(type(x).__name__, x.__name__, iter(x) is x)\n"
                "print(repr(x).startswith('<generator object g at 0x'))\n"
                "def f():\n    def inner():\n        yield 1\n    return inner()\nprint(f().__qualname__)\n"),
            "generator g True\nTrue\nf.<locals>.inner\n");
}

TEST(Generators, MethodsAndRecursiveGenerators) {
  EXPECT_EQ(run("class Tree:\n    def __init__(self, v, kids=()):\n        self.v, self.kids = v, kids\n"
                "    def __iter__(self):\n        yield self.v\n        for k in self.kids:\n            yield from k\n"
                "t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])\nprint(list(t))\n"),
            "[1, 2, 3, 4]\n");
}

TEST(GeneratorExpressions, AreLazy) {
  EXPECT_EQ(run("def f(x):\n    print('f', x)\n    return x\ng = (f(i) for i in range(3))\nprint('made')\n"
                "print(next(g))\nprint(any(f(i) > 0 for i in range(5)))\n"),
            "made\nf 0\n0\nf 0\nf 1\nTrue\n");
  // The first iterable is evaluated at once; the rest per item.
  EXPECT_EQ(error_of("g = (x for x in 5)\n"), "TypeError: 'int' object is not iterable");
  EXPECT_EQ(run("g = (x * y for x in range(3) if x for y in range(x))\nprint(list(g), list(g))\n"),
            "[0, 0, 2] []\n");
}

TEST(GeneratorSyntax, MisplacedYieldIsCPythonsSyntaxError) {
  EXPECT_EQ(error_of("yield 1\n"), "SyntaxError: 'yield' outside function");
  EXPECT_EQ(error_of("class A:\n    yield 1\n"), "SyntaxError: 'yield' outside function");
  EXPECT_EQ(error_of("def f():\n    return [(yield x) for x in range(3)]\n"),
            "SyntaxError: 'yield' inside list comprehension");
  EXPECT_EQ(error_of("def f():\n    return {(yield x) for x in range(3)}\n"),
            "SyntaxError: 'yield' inside set comprehension");
  EXPECT_EQ(error_of("def f():\n    return ((yield x) for x in range(3))\n"),
            "SyntaxError: 'yield' inside generator expression");
}

TEST(GeneratorSyntax, YieldOutsideASimpleStatementIsNamed) {
  EXPECT_EQ(error_of("def f():\n    if (yield):\n        pass\n"),
            "NotImplementedError: 'yield' inside an if condition is not supported by Rungs");
  EXPECT_EQ(error_of("def f():\n    return lambda: (yield)\n"),
            "NotImplementedError: 'yield' inside a lambda is not supported by Rungs");
  EXPECT_EQ(error_of("def f():\n    x = 1 + (yield from g())\n"),
            "NotImplementedError: 'yield from' inside an expression is not supported by Rungs");
}

TEST(Generators, YieldInsideExpressionsReplaysTheStatement) {
  // The statement runs again on resumption with what it had evaluated, so
  // nothing before the yield is evaluated twice.
  EXPECT_EQ(run("def f(x):\n    print('f', x)\n    return x\n"
                "def g():\n    total = 0\n    total += yield 'first'\n    print(f(1) + (yield total) + f(2))\n"
                "    items = []\n    items.append((yield))\n    return (yield len(items)) * 2\n"
                "it = g()\nprint(next(it))\nprint(it.send(5))\nit.send(10)\nprint(it.send('x'))\n"
                "try:\n    it.send(21)\nexcept StopIteration as e:\n    print('ret', e.value)\n"),
            "first\nf 1\n5\nf 2\n13\n1\nret 42\n");
  // Two yields in one statement, calls and comprehensions before them.
  EXPECT_EQ(run("def g():\n    print([i * i for i in range(3)], (yield 'a'), (yield 'b'))\n"
                "x = g()\nprint(next(x), x.send(1))\n"
                "try:\n    x.send(2)\nexcept StopIteration:\n    pass\n"),
            "a b\n[0, 1, 4] 1 2\n");
  EXPECT_EQ(error_of("def g():\n    print(1 + (yield))\nx = g()\nnext(x)\nx.throw(KeyError('k'))\n"),
            "KeyError: 'k'");
}

TEST(Slots, RestrictInstanceAttributes) {
  EXPECT_EQ(run("class P:\n    __slots__ = ('x', 'y')\n    def __init__(self):\n        self.x = 1\n"
                "p = P()\np.y = 2\nprint(p.x, p.y)\n"
                "for bad in ['z', '__init__']:\n    try:\n        setattr(p, bad, 0)\n"
                "    except AttributeError as e:\n        print(e)\n"
                "try:\n    p.__dict__\nexcept AttributeError as e:\n    print(e)\n"),
            "1 2\n'P' object has no attribute 'z'\n'P' object attribute '__init__' is read-only\n"
            "'P' object has no attribute '__dict__'\n");
  EXPECT_EQ(error_of("class P:\n    __slots__ = 'x'\nP().x\n"), "AttributeError: 'P' object has no attribute 'x'");
  EXPECT_EQ(error_of("class P:\n    __slots__ = ('x',)\n    x = 1\n"),
            "ValueError: 'x' in __slots__ conflicts with class variable");
  EXPECT_EQ(error_of("class P:\n    __slots__ = ('x',)\nvars(P())\n"),
            "TypeError: vars() argument must have __dict__ attribute");
}

TEST(Slots, InheritanceUnionsAndUnslottedBasesGiveADict) {
  EXPECT_EQ(run("class A:\n    __slots__ = ('a',)\nclass B(A):\n    __slots__ = ('b',)\n"
                "class C(A):\n    pass\nb = B()\nb.a, b.b = 1, 2\nc = C()\nc.z = 3\nprint(b.a, b.b, c.z, vars(c))\n"),
            "1 2 3 {'z': 3}\n");
  EXPECT_EQ(error_of("class A:\n    __slots__ = ('a',)\nclass B(A):\n    __slots__ = ()\nB().q = 1\n"),
            "AttributeError: 'B' object has no attribute 'q'");
}

TEST(Format, UserDunderFormat) {
  EXPECT_EQ(run("class Bytes:\n    def __init__(self, n):\n        self.n = n\n"
                "    def __format__(self, spec):\n        s = f'{self.n / 1024:.1f} KiB'\n"
                "        return format(s, spec) if spec else s\n"
                "b = Bytes(3072)\nprint(f'[{b}] [{b:>10}]', format(b), '{:<9}|'.format(b))\n"),
            "[3.0 KiB] [   3.0 KiB] 3.0 KiB 3.0 KiB  |\n");
  EXPECT_EQ(error_of("class A:\n    pass\nf'{A():>4}'\n"), "TypeError: unsupported format string passed to A.__format__");
  EXPECT_EQ(error_of("class A:\n    def __format__(self, s):\n        return 1\nformat(A())\n"),
            "TypeError: __format__ must return a str, not int");
  EXPECT_EQ(error_of("format([1], '5')\n"), "TypeError: unsupported format string passed to list.__format__");
  EXPECT_EQ(error_of("format(1, 2)\n"), "TypeError: format() argument 2 must be str, not int");
}

TEST(Format, WidthsCountCodePoints) {
  EXPECT_EQ(run("print(f'{\"héllo\":>7}|{\"µs\":^6}|{\"ab\":─^6}|', 'é'.center(4, '*'), 'ab'.center(5))\n"),
            "  héllo|  µs  |──ab──| *é**   ab \n");
  EXPECT_EQ(run("print('{:.2}|{:<4}|'.format('ñandú', 'ß'), '%-4s|' % 'ø')\n"), "ña|ß   | ø   |\n");
}

}  // namespace
}  // namespace rungs::python
