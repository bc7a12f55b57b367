# yield inside expressions: a worker coroutine fed jobs with send(), an
# accumulator written 'total += yield total', and yields nested in
# subscripts, conditionals, lists and f-strings, which resume without
# evaluating anything twice.
def worker():
    results = []
    while True:
        job = yield
        if job is None:
            break
        results.append(job * 2)
        print("did", job, "->", results[-1])
    return results
w = worker()
next(w)
for j in [1, 2, 3]:
    w.send(j)
try:
    w.send(None)
except StopIteration as e:
    print(e.value)
def acc():
    total = 0
    while True:
        total += yield total
a = acc()
next(a)
print(a.send(3), a.send(4))
def pairs():
    d = {}
    d[(yield "key")] = (yield "value")
    print(d)
    yield "done"
p = pairs()
print(next(p), p.send("v1"), p.send("k1"))
def ternary():
    x = (yield 1) if True else 0
    y = [0, (yield 2), 3]
    z = f"{(yield 3)}!"
    print(x, y, z)
t = ternary()
print(next(t), t.send("a"), t.send("b"))
try:
    t.send("c")
except StopIteration:
    pass
# expect: did 1 -> 2
# expect: did 2 -> 4
# expect: did 3 -> 6
# expect: [2, 4, 6]
# expect: 3 7
# expect: {'k1': 'v1'}
# expect: value key done
# expect: 1 2 3
# expect: a [0, 'b', 3] c!
