# Misusing generators: CPython 3.11's error texts.
def gen():
    yield 1  # expect error: ValueError: block shape mismatch
    yield 2


def show(f):
    try:
        f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


show(lambda: gen().send(3))
g = gen()
show(lambda: g.throw(5))
show(lambda: next(5))
show(lambda: next([1, 2]))


def reentrant():
    yield next(me)


me = reentrant()
show(lambda: next(me))
print(next(me, "finished"))


def ignores_exit():
    try:
        yield "tick"
    except GeneratorExit:
        yield "still here"


stubborn = ignores_exit()
next(stubborn)
show(stubborn.close)
print(issubclass(GeneratorExit, Exception), issubclass(GeneratorExit, BaseException))
fresh = gen()
fresh.close()
print(next(fresh, "closed before start"))
started = gen()
next(started)
started.throw(ValueError("block shape mismatch"))
# expect: TypeError: can't send non-None value to a just-started generator
# expect: TypeError: exceptions must be classes or instances deriving from BaseException, not int
# expect: TypeError: 'int' object is not an iterator
# expect: TypeError: 'list' object is not an iterator
# expect: ValueError: generator already executing
# expect: finished
# expect: RuntimeError: generator ignored GeneratorExit
# expect: False True
# expect: closed before start
