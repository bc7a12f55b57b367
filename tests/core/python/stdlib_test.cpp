// The standard-library modules of core/python (module_itertools*.cpp,
// module_operator.cpp, module_os_sys.cpp, module_time.cpp,
// module_contextlib.cpp, module_warnings.cpp, module_text.cpp): values and
// CPython 3.11's error texts, on the runtime alone (no JAX library linked).
#include <gtest/gtest.h>

#include <string>

#include "core/lang/parser.h"
#include "core/python/warnings_log.h"
#include "tests/core/python/run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

TEST(Itertools, CombinatoricsFollowCPythonsOrder) {
  EXPECT_EQ(run("import itertools as it\nprint(list(it.product([1, 2], 'ab')))\n"),
            "[(1, 'a'), (1, 'b'), (2, 'a'), (2, 'b')]\n");
  EXPECT_EQ(run("import itertools as it\nprint(list(it.product(range(2), repeat=2)), list(it.product()))\n"),
            "[(0, 0), (0, 1), (1, 0), (1, 1)] [()]\n");
  EXPECT_EQ(run("import itertools as it\nprint(list(it.combinations('abc', 2)), list(it.combinations([1], 2)))\n"),
            "[('a', 'b'), ('a', 'c'), ('b', 'c')] []\n");
  EXPECT_EQ(run("import itertools as it\nprint(list(it.combinations_with_replacement([1, 2], 2)))\n"),
            "[(1, 1), (1, 2), (2, 2)]\n");
  EXPECT_EQ(run("import itertools as it\nprint(list(it.permutations([1, 2, 3], 2)))\n"),
            "[(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]\n");
}

TEST(Itertools, EndlessIteratorsAreLazy) {
  EXPECT_EQ(run("from itertools import count, cycle, islice, repeat\n"
                "print(list(islice(count(5, 2), 3)), list(zip(cycle('ab'), range(3))), list(repeat(0, 2)))\n"),
            "[5, 7, 9] [('a', 0), ('b', 1), ('a', 2)] [0, 0]\n");
  EXPECT_EQ(run("from itertools import count, repeat\nc = count(3)\nnext(c)\nprint(c, count(1, 2), repeat('x', 2))\n"),
            "count(4) count(1, 2) repeat('x', 2)\n");
  // An endless loop over count() stops at the step budget like any loop.
  EXPECT_EQ(error_of("import itertools\nfor i in itertools.count():\n    pass\n").rfind("RuntimeError: step limit exceeded", 0), 0u);
}

TEST(Itertools, ChainIsliceGroupbyAccumulate) {
  EXPECT_EQ(run("from itertools import chain\nprint(list(chain([1], (2,), 'ab')), list(chain.from_iterable([[1], [2]])))\n"),
            "[1, 2, 'a', 'b'] [1, 2]\n");
  EXPECT_EQ(run("from itertools import islice\nprint(list(islice(range(10), 2, 8, 3)), list(islice('abc', None)))\n"),
            "[2, 5] ['a', 'b', 'c']\n");
  EXPECT_EQ(run("from itertools import groupby\nprint([(k, list(g)) for k, g in groupby('aabca')])\n"),
            "[('a', ['a', 'a']), ('b', ['b']), ('c', ['c']), ('a', ['a'])]\n");
  // Advancing groupby ends the group handed out before, as in CPython.
  EXPECT_EQ(run("from itertools import groupby\ng = groupby('aab')\nk, a = next(g)\nnext(g)\nprint(list(a))\n"), "[]\n");
  EXPECT_EQ(run("from itertools import accumulate\nprint(list(accumulate([1, 2, 3])), list(accumulate([2, 3], initial=1)))\n"),
            "[1, 3, 6] [1, 3, 6]\n");
  EXPECT_EQ(run("from itertools import zip_longest, pairwise, starmap\n"
                "print(list(zip_longest('ab', 'x', fillvalue='-')), list(pairwise([1, 2, 3])), list(starmap(max, [(1, 5)])))\n"),
            "[('a', 'x'), ('b', '-')] [(1, 2), (2, 3)] [5]\n");
}

TEST(Itertools, IteratorsCarryTheirTypeAndRepr) {
  EXPECT_EQ(run("import itertools\np = itertools.product([1])\nprint(type(p).__name__, repr(p).startswith('<itertools.product object at 0x'))\n"),
            "product True\n");
  EXPECT_EQ(run("import itertools\nprint(itertools.chain)\n"), "<class 'itertools.chain'>\n");
}

TEST(Itertools, ArgumentErrorsAreCPythons) {
  EXPECT_EQ(error_of("import itertools\nlist(itertools.chain(1))\n"), "TypeError: 'int' object is not iterable");
  EXPECT_EQ(error_of("import itertools\nitertools.chain(1)\nprint('lazy')\nitertools.product(1)\n"),
            "TypeError: 'int' object is not iterable");
  EXPECT_EQ(error_of("import itertools\nitertools.combinations([1])\n"),
            "TypeError: combinations() missing required argument 'r' (pos 2)");
  EXPECT_EQ(error_of("import itertools\nitertools.combinations([1], 1, 2)\n"),
            "TypeError: combinations() takes at most 2 arguments (3 given)");
  EXPECT_EQ(error_of("import itertools\nitertools.product([1], repeat=-1)\n"),
            "ValueError: repeat argument cannot be negative");
  EXPECT_EQ(error_of("import itertools\nitertools.product([1], foo=1)\n"),
            "TypeError: 'foo' is an invalid keyword argument for product()");
  EXPECT_EQ(error_of("import itertools\nitertools.permutations([1], 'a')\n"), "TypeError: Expected int as r");
  EXPECT_EQ(error_of("import itertools\nitertools.islice([1], -1)\n"),
            "ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
  EXPECT_EQ(error_of("import itertools\nitertools.islice([1])\n"), "TypeError: islice expected at least 2 arguments, got 1");
  EXPECT_EQ(error_of("import itertools\nitertools.starmap(abs)\n"), "TypeError: starmap expected 2 arguments, got 1");
  EXPECT_EQ(error_of("import itertools\nitertools.cycle([1], x=1)\n"), "TypeError: cycle() takes no keyword arguments");
  EXPECT_EQ(error_of("import itertools\nitertools.count('a')\n"), "TypeError: a number is required");
  EXPECT_EQ(error_of("import itertools\nitertools.groupby([1], iterable=[2])\n"),
            "TypeError: argument for groupby() given by name ('iterable') and position (1)");
  EXPECT_EQ(error_of("import itertools\nitertools.accumulate([1], None, None)\n"),
            "TypeError: accumulate() takes at most 2 positional arguments (3 given)");
}

TEST(Operator, DispatchesThroughTheInterpretersOperators) {
  EXPECT_EQ(run("import operator as op\nprint(op.add(1, 2), op.truediv(7, 2), op.floordiv(-7, 2), op.pow(2, 8), op.xor(6, 3))\n"),
            "3 3.5 -4 256 5\n");
  EXPECT_EQ(run("import operator as op\nprint(op.lt(1, 2), op.eq(1, 1.0), op.not_([]), op.contains('abc', 'b'), op.neg(2))\n"),
            "True True True True -2\n");
  EXPECT_EQ(run("import operator as op\nclass V:\n    def __init__(s, x): s.x = x\n    def __add__(s, o): return V(s.x + o.x)\n"
                "    def __getitem__(s, i): return i * 10\nprint(op.add(V(1), V(2)).x, op.getitem(V(0), 4))\n"),
            "3 40\n");
  EXPECT_EQ(run("import operator as op\nx = [1]\nprint(op.iadd(x, [2]) is x, x)\n"), "True [1, 2]\n");
}

TEST(Operator, GettersAndTheirReprs) {
  EXPECT_EQ(run("from operator import itemgetter\nprint(itemgetter(1)('ab'), itemgetter(0, 2)('abc'), itemgetter(1, 'k'))\n"),
            "b ('a', 'c') operator.itemgetter(1, 'k')\n");
  EXPECT_EQ(run("from operator import attrgetter\nclass A:\n    pass\na = A()\na.b = A()\na.b.c = 5\na.n = 'x'\n"
                "print(attrgetter('b.c')(a), attrgetter('n', 'b.c')(a), attrgetter('b.c'))\n"),
            "5 ('x', 5) operator.attrgetter('b.c')\n");
  EXPECT_EQ(run("from operator import methodcaller\nm = methodcaller('split', ',', maxsplit=1)\nprint(m('a,b,c'), m)\n"),
            "['a', 'b,c'] operator.methodcaller('split', ',', maxsplit=1)\n");
}

TEST(Operator, ArgumentErrorsAreCPythons) {
  EXPECT_EQ(error_of("import operator\noperator.add(1)\n"), "TypeError: add expected 2 arguments, got 1");
  EXPECT_EQ(error_of("import operator\noperator.add(1, b=2)\n"), "TypeError: _operator.add() takes no keyword arguments");
  EXPECT_EQ(error_of("import operator\noperator.truth()\n"), "TypeError: _operator.truth() takes exactly one argument (0 given)");
  EXPECT_EQ(error_of("import operator\noperator.add(1, 'a')\n"), "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
  EXPECT_EQ(error_of("import operator\noperator.abs('a')\n"), "TypeError: bad operand type for abs(): 'str'");
  EXPECT_EQ(error_of("import operator\noperator.attrgetter(1)\n"), "TypeError: attribute name must be a string");
  EXPECT_EQ(error_of("import operator\noperator.methodcaller()\n"),
            "TypeError: methodcaller needs at least one argument, the method name");
  EXPECT_EQ(error_of("import operator\noperator.itemgetter(0)()\n"), "TypeError: itemgetter expected 1 argument, got 0");
}

TEST(OsSys, EnvironmentStartsEmptyAndPathsArePosix) {
  EXPECT_EQ(run("import os\nprint(repr(os.environ.get('XLA_FLAGS', '')), os.getenv('HOME'), 'PATH' in os.environ)\n"),
            "'' None False\n");
  EXPECT_EQ(run("import os\nos.environ['B'] = '8'\nprint(os.getenv('B'), os.environ['B'])\n"), "8 8\n");
  EXPECT_EQ(run("import os.path\nprint(os.path.join('a', 'b'), os.path.join('a', '/b'), os.path.basename('x/y.py'))\n"),
            "a/b /b y.py\n");
  EXPECT_EQ(run("import os\nprint(os.path.splitext('a.tar.gz'), os.path.splitext('.rc'), os.path.dirname('/a/b'), os.path.exists('/'))\n"),
            "('a.tar', '.gz') ('.rc', '') /a False\n");
  EXPECT_EQ(error_of("import os\nos.environ['NOPE']\n"), "KeyError: 'NOPE'");
  EXPECT_EQ(error_of("import os\nos.getenv(1)\n"), "TypeError: str expected, not int");
  EXPECT_EQ(error_of("import os\nos.path.join('a', 1)\n"),
            "TypeError: join() argument must be str, bytes, or os.PathLike object, not 'int'");
}

TEST(OsSys, VersionInfoComparesLikeATuple) {
  EXPECT_EQ(run("import sys\nv = sys.version_info\nprint(v >= (3, 10), v < (3, 11), (3, 9) < v, v[:2], v.major, v.minor, len(v))\n"),
            "True False True (3, 11) 3 11 5\n");
  EXPECT_EQ(run("import sys\nprint(sys.version_info)\n"),
            "sys.version_info(major=3, minor=11, micro=7, releaselevel='final', serial=0)\n");
  EXPECT_EQ(run("import sys\nprint(sys.argv, sys.platform, sys.maxsize, sys.float_info.epsilon)\n"),
            "['t.py'] linux 9223372036854775807 2.220446049250313e-16\n");
  EXPECT_EQ(error_of("import sys\nsys.exit('bye')\n"), "SystemExit: bye");
  EXPECT_EQ(run("import sys\ntry:\n    sys.exit(1)\nexcept Exception:\n    print('no')\nexcept SystemExit as e:\n    print('exit', e)\n"),
            "exit 1\n");
}

TEST(Time, TheClockIsSimulatedAndSleepDoesNotBlock) {
  // An hour of sleep returns at once and moves perf_counter by an hour.
  EXPECT_EQ(run("import time\nt = time.perf_counter()\ntime.sleep(3600)\nprint(3600 <= time.perf_counter() - t < 3601)\n"),
            "True\n");
  // The same program reads the same clock on every run.
  const std::string src = "import time\nx = sum(range(100))\nprint(time.perf_counter_ns(), time.time())\n";
  EXPECT_EQ(run(src), run(src));
  EXPECT_EQ(error_of("import time\ntime.sleep(-1)\n"), "ValueError: sleep length must be non-negative");
  EXPECT_EQ(error_of("import time\ntime.perf_counter(1)\n"), "TypeError: time.perf_counter() takes no arguments (1 given)");
  EXPECT_EQ(run("import timeit\nn = []\nt = timeit.timeit(lambda: n.append(1), number=7)\nprint(len(n), t > 0)\n"), "7 True\n");
  EXPECT_EQ(error_of("import timeit\ntimeit.timeit('x = 1')\n"),
            "NotImplementedError: timeit with a source-string statement (pass a callable) is not supported by Rungs");
}

TEST(Warnings, ShownOncePerCallSiteInCPythonsFormat) {
  register_python_modules();
  Interpreter ip;
  ip.exec_module(lang::parse_module("import warnings\nfor i in range(3):\n    warnings.warn('slow path')\n"
                                    "warnings.warn('old', DeprecationWarning)\nprint('ok')\n",
                                    "k.py"));
  EXPECT_EQ(ip.stdout_text(), "ok\n");
  ASSERT_EQ(warnings_shown(ip).size(), 2u);
  EXPECT_EQ(warnings_shown(ip)[0], "k.py:3: UserWarning: slow path");
  EXPECT_EQ(warnings_shown(ip)[1], "k.py:4: DeprecationWarning: old");
}

TEST(Warnings, FiltersAndCatchWarnings) {
  EXPECT_EQ(error_of("import warnings\nwarnings.simplefilter('error')\nwarnings.warn('boom')\n"), "UserWarning: boom");
  EXPECT_EQ(run("import warnings\nwith warnings.catch_warnings(record=True) as w:\n    warnings.warn('a', FutureWarning)\n"
                "print(len(w), str(w[0].message), w[0].category is FutureWarning)\n"),
            "1 a True\n");
  EXPECT_EQ(error_of("import warnings\nwarnings.warn('m', 1)\n"), "TypeError: category must be a Warning subclass, not 'int'");
  EXPECT_EQ(error_of("import warnings\nwarnings.simplefilter('bogus')\n"), "AssertionError: invalid action: 'bogus'");
}

TEST(Contextlib, ManagersInWithStatements) {
  EXPECT_EQ(run("import contextlib\nwith contextlib.suppress(LookupError):\n    {}['k']\nprint('ok')\n"), "ok\n");
  EXPECT_EQ(error_of("import contextlib\nwith contextlib.suppress(KeyError):\n    1 / 0\n"), "ZeroDivisionError: division by zero");
  EXPECT_EQ(run("import contextlib\nlog = []\nwith contextlib.ExitStack() as s:\n    s.callback(log.append, 1)\n"
                "    s.callback(log.append, 2)\nprint(log)\n"),
            "[2, 1]\n");
  EXPECT_EQ(run("import contextlib\n@contextlib.contextmanager\ndef scope(n):\n    print('in', n)\n"
                "    try:\n        yield n * 2\n    finally:\n        print('out', n)\n"
                "with scope(3) as v:\n    print(v)\nwith contextlib.suppress(KeyError), scope(1):\n    {}['k']\n"),
            "in 3\n6\nout 3\nin 1\nout 1\n");
  EXPECT_EQ(error_of("import contextlib\n@contextlib.contextmanager\ndef f():\n    return\n    yield\n"
                     "with f():\n    pass\n"),
            "RuntimeError: generator didn't yield");
  // Calling __exit__ by hand, outside any exception, must not crash.
  EXPECT_EQ(run("import contextlib\nprint(contextlib.suppress(ValueError).__exit__(True))\n"), "False\n");
}

TEST(Text, StringConstantsAndTextwrap) {
  EXPECT_EQ(run("import string\nprint(string.ascii_letters, string.digits, string.hexdigits)\n"),
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 0123456789abcdefABCDEF\n");
  EXPECT_EQ(run("import textwrap\nprint(repr(textwrap.dedent('  a\\n    b\\n')), repr(textwrap.indent('a\\n\\nb', '> ')))\n"),
            "'a\\n  b\\n' '> a\\n\\n> b'\n");
  EXPECT_EQ(run("import textwrap\nprint(textwrap.wrap('the quick brown fox jumps', 10))\n"),
            "['the quick', 'brown fox', 'jumps']\n");
  EXPECT_EQ(run("import textwrap\nprint(textwrap.wrap('block-size sweep', 8))\n"), "['block-', 'size', 'sweep']\n");
  EXPECT_EQ(error_of("import textwrap\ntextwrap.fill('a', width=0)\n"), "ValueError: invalid width 0 (must be > 0)");
  EXPECT_EQ(error_of("import textwrap\ntextwrap.dedent(1)\n"), "TypeError: expected string or bytes-like object, got 'int'");
}

}  // namespace
}  // namespace rungs::python
