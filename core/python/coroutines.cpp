// Coroutines: `await` (awaited_iterator, generators.h) and asyncio, the
// event loop that runs them. An async def's body is a generator body
// (core/lang marks it one) and `await x` is `yield from` over x itself
// when it is a coroutine, else over x.__await__(). asyncio is written in
// Python: one loop on a simulated clock (time.sleep advances the program's
// clock without waiting), tasks stepped in order of their wake-up time and
// then of scheduling, as CPython's loop orders callbacks; run, sleep,
// gather, create_task and the coroutine predicates. Futures, cancellation, streams and threads are not
// modelled.
#include "core/python/classes.h"
#include "core/python/exceptions.h"
#include "core/python/generators.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

Value awaited_iterator(Interpreter& ip, const Value& v, SourceRange where) {
  if (v.is(ObjKind::Iterator) && v.as<IteratorObj>().type_name == "coroutine") return v;
  Value it;
  if (call_dunder(ip, v, "__await__", {}, it, where)) return it;
  raise(ErrorId::await_not_awaitable, where, type_name(v));
}

namespace {

const char* const kAsyncioSource = R"PY(
import time as _time


class InvalidStateError(Exception):
    pass


class _Sleep:
    # What a task yields to the loop: wake me after `delay` seconds.
    def __init__(self, delay):
        self.delay = delay

    def __await__(self):
        yield self


async def sleep(delay, result=None):
    await _Sleep(max(delay, 0))
    return result


class Task:
    def __init__(self, coro, name):
        self._coro = coro
        self._name = name
        self._done = False
        self._result = None
        self._exception = None
        self._waiters = []

    def done(self):
        return self._done

    def get_name(self):
        return self._name

    def get_coro(self):
        return self._coro

    def result(self):
        if not self._done:
            raise InvalidStateError("Result is not set.")
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self):
        if not self._done:
            raise InvalidStateError("Exception is not set.")
        return self._exception

    def __await__(self):
        if not self._done:
            yield self
        return self.result()

    def __repr__(self):
        if not self._done:
            return f"<Task pending name={self._name!r} coro={self._coro!r}>"
        if self._exception is not None:
            return f"<Task finished name={self._name!r} coro={self._coro!r} exception={self._exception!r}>"
        return f"<Task finished name={self._name!r} coro={self._coro!r} result={self._result!r}>"


class _Loop:
    def __init__(self):
        self._now = 0.0
        self._ready = []
        self._seq = 0
        self._count = 0

    def time(self):
        return self._now

    def _schedule(self, task, delay=0.0):
        self._seq += 1
        self._ready.append((self._now + delay, self._seq, task))

    def create_task(self, coro, name=None):
        if not iscoroutine(coro):
            raise TypeError(f"a coroutine was expected, got {coro!r}")
        self._count += 1
        task = Task(coro, name if name is not None else f"Task-{self._count}")
        self._schedule(task)
        return task

    def _finish(self, task, result, exception):
        task._done, task._result, task._exception = True, result, exception
        for waiter in task._waiters:
            self._schedule(waiter)
        task._waiters = []

    def _step(self, task):
        try:
            request = task._coro.send(None)
        except StopIteration as stop:
            self._finish(task, stop.value, None)
            return
        except Exception as exc:
            self._finish(task, None, exc)
            return
        if isinstance(request, _Sleep):
            self._schedule(task, request.delay)
        elif isinstance(request, Task):
            request._waiters.append(task)
        elif request is None:
            self._schedule(task)
        else:
            self._finish(task, None, RuntimeError(f"Task got bad yield: {request!r}"))

    def run_until_complete(self, main):
        while not main._done:
            if not self._ready:
                raise RuntimeError("Event loop stopped before Future completed.")
            self._ready.sort(key=lambda entry: (entry[0], entry[1]))
            wake, _, task = self._ready.pop(0)
            if wake > self._now:
                _time.sleep(wake - self._now)
                self._now = wake
            self._step(task)


_running = [None]  # the loop asyncio.run is running, if any


def _running_loop():
    if _running[0] is None:
        raise RuntimeError("no running event loop")
    return _running[0]


def get_running_loop():
    return _running_loop()


def iscoroutine(obj):
    return type(obj).__name__ == "coroutine"


def iscoroutinefunction(func):
    return _is_coroutine_function(func)


def run(main, *, debug=None):
    if _running[0] is not None:
        raise RuntimeError("asyncio.run() cannot be called from a running event loop")
    if not iscoroutine(main):
        raise ValueError(f"a coroutine was expected, got {main!r}")
    loop = _running[0] = _Loop()
    try:
        task = loop.create_task(main)
        loop.run_until_complete(task)
        return task.result()
    finally:
        _running[0] = None


def create_task(coro, *, name=None):
    return _running_loop().create_task(coro, name)


def ensure_future(aw):
    if isinstance(aw, Task):
        return aw
    return _running_loop().create_task(aw)


async def _gather(children, return_exceptions):
    results = []
    for child in children:
        try:
            value = await child
        except Exception as exc:
            if not return_exceptions:
                raise
            value = exc
        results.append(value)
    return results


def gather(*aws, return_exceptions=False):
    loop = _running_loop()
    children = [aw if isinstance(aw, Task) else loop.create_task(aw) for aw in aws]
    return _gather(children, return_exceptions)

)PY";

}  // namespace

void register_module_asyncio() {
  Interpreter::register_module("asyncio", [](Interpreter& ip) {
    Value is_coroutine_function = make_builtin("_is_coroutine_function", [](Interpreter&, CallArgs& a) {
      const Value& f = a.positional.empty() ? Value::none() : a.positional[0];
      bool yes = f.is(ObjKind::Function) && f.as<FunctionObj>().def && f.as<FunctionObj>().def->scope.coroutine;
      return Value::boolean(yes);
    });
    return ip.define_generated_module("asyncio", kAsyncioSource, {{"_is_coroutine_function", is_coroutine_function}});
  });
}

}  // namespace rungs::python
