# yield from: walking a nested parameter structure (as a pytree flattener
# does) and chaining sub-generators whose return values report their counts.
def leaves(tree):
    if isinstance(tree, (list, tuple)):
        for sub in tree:
            yield from leaves(sub)
    elif isinstance(tree, dict):
        for key in sorted(tree):
            yield from leaves(tree[key])
    else:
        yield tree


params = {"w": [[1, 2], [3]], "b": (4, 5), "scale": 6}
print(list(leaves(params)))
print(sum(leaves([[1.5, 2.5], [3.0, [4.0]]])))


def stage(name, n):
    for i in range(n):
        yield f"{name}[{i}]"
    return n


def pipeline():
    total = 0
    for name, n in [("load", 2), ("compute", 3), ("store", 1)]:
        count = yield from stage(name, n)
        total += count
        print(f"-- {name}: {count} steps")
    return total


p = pipeline()
steps = []
while True:
    try:
        steps.append(next(p))
    except StopIteration as e:
        print("total", e.value)
        break
print(steps)


def from_iterables():
    yield from range(3)
    yield from "ab"
    yield from (x * x for x in range(3))
    yield from {"k": 1, "j": 2}


print(list(from_iterables()))


def echo_inner():
    got = yield "ready"
    while got is not None:
        got = yield got.upper()
    return "closed"


def echo_outer():
    result = yield from echo_inner()
    yield result


e = echo_outer()
print(next(e), e.send("tile"), e.send("grid"), e.send(None))
# expect: [4, 5, 6, 1, 2, 3]
# expect: 11.0
# expect: -- load: 2 steps
# expect: -- compute: 3 steps
# expect: -- store: 1 steps
# expect: total 6
# expect: ['load[0]', 'load[1]', 'compute[0]', 'compute[1]', 'compute[2]', 'store[0]']
# expect: [0, 1, 2, 'a', 'b', 0, 1, 4, 'k', 'j']
# expect: ready TILE GRID closed
