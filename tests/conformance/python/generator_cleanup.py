# Generators that hold a resource: with and try/finally around a yield run
# their cleanup when the generator finishes or is closed; an exception
# thrown in meets the handlers around the yield it is suspended at.
log = []


class Buffer:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        log.append(f"alloc {self.name}")
        return self

    def __exit__(self, exc_type, exc, tb):
        log.append(f"free {self.name} ({'error' if exc_type else 'ok'})")
        return False


def staged(n):
    with Buffer("vmem"):
        for i in range(n):
            try:
                yield i
            finally:
                log.append(f"step {i} done")


print(list(staged(2)))
print(log)
log.clear()
g = staged(5)
print(next(g), next(g))
g.close()
print(log)
log.clear()


def retrying():
    attempts = 0
    while True:
        try:
            yield attempts
        except ValueError as e:
            attempts += 1
            log.append(f"retry after {e}")
            if attempts == 2:
                return "gave up"


r = retrying()
print(next(r))
print(r.throw(ValueError("oom")))
try:
    r.throw(ValueError("oom again"))
except StopIteration as e:
    print("stopped:", e.value)
print(log)


def guarded():
    try:
        yield 1  # expect error: TypeError: bad block
    except KeyError:
        yield "handled"
    yield "after"


g = guarded()
next(g)
print(g.throw(KeyError))
print(list(g))
g = guarded()
next(g)
g.throw(TypeError("bad block"))
# expect: [0, 1]
# expect: ['alloc vmem', 'step 0 done', 'step 1 done', 'free vmem (ok)']
# expect: 0 1
# expect: ['alloc vmem', 'step 0 done', 'step 1 done', 'free vmem (error)']
# expect: 0
# expect: 1
# expect: stopped: gave up
# expect: ['retry after oom', 'retry after oom again']
# expect: handled
# expect: ['after']
