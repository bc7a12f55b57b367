// Coroutines (coroutines.cpp): async def calls, await, asyncio's loop.
#include <gtest/gtest.h>

#include "run_program.h"

namespace rungs::python {
namespace {

using test_programs::error_of;
using test_programs::run;

TEST(Coroutines, CallingMakesACoroutineThatSendRunsToTheEnd) {
  EXPECT_EQ(run("async def f(x):\n    return x * 2\nc = f(21)\nprint(repr(c).startswith('<coroutine object f at 0x'))\n"
                "try:\n    c.send(None)\nexcept StopIteration as stop:\n    print(stop.value)\n"),
            "True\n42\n");
}

TEST(Coroutines, AwaitDelegatesToCoroutinesAndDunderAwait) {
  EXPECT_EQ(run("class Step:\n    def __await__(self):\n        got = yield 'tick'\n        return got\n"
                "async def inner():\n    v = await Step()\n    return v + 1\n"
                "async def outer():\n    r = await inner()\n    return r * 10\n"
                "c = outer()\nprint(c.send(None))\ntry:\n    c.send(4)\nexcept StopIteration as s:\n    print(s.value)\n"),
            "tick\n50\n");
  EXPECT_EQ(error_of("async def f():\n    await [1]\nf().send(None)\n"),
            "TypeError: object list can't be used in 'await' expression");
}

TEST(Coroutines, AsyncioRunsTasksInWakeUpOrder) {
  EXPECT_EQ(run("import asyncio\nasync def w(n, d):\n    await asyncio.sleep(d)\n    print(n)\n    return n\n"
                "async def main():\n    r = await asyncio.gather(w('a', 0.2), w('b', 0.1), w('c', 0))\n    return r\n"
                "print(asyncio.run(main()))\n"),
            "c\nb\na\n['a', 'b', 'c']\n");
  EXPECT_EQ(error_of("import asyncio\nasyncio.run(3)\n"), "ValueError: a coroutine was expected, got 3");
  EXPECT_EQ(error_of("import asyncio\nasync def f():\n    asyncio.run(f())\nasyncio.run(f())\n"),
            "RuntimeError: asyncio.run() cannot be called from a running event loop");
}

}  // namespace
}  // namespace rungs::python
