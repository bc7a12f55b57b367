# A coroutine-style accumulator, as benchmark harnesses keep running timing
# statistics: send() each measurement and get the running summary back;
# sending None ends it and its return value arrives in StopIteration.value.
def running_stats():
    count = 0
    total = 0.0
    worst = None
    summary = None
    while True:
        sample = yield summary
        if sample is None:
            break
        count += 1
        total += sample
        worst = sample if worst is None else max(worst, sample)
        summary = (count, round(total / count, 3), worst)
    return {"count": count, "mean": round(total / count, 3) if count else None, "max": worst}


stats = running_stats()
print(next(stats))
for t in [1.25, 0.75, 2.5, 1.0]:
    print(stats.send(t))
try:
    stats.send(None)
except StopIteration as done:
    print("final", done.value)
print(next(stats, "exhausted"))


def collector(limit):
    received = []
    while len(received) < limit:
        item = yield len(received)
        received.append(item)
    return received


c = collector(3)
print(next(c), c.send("bm=128"), c.send("bm=256"))
try:
    c.send("bm=512")
except StopIteration as e:
    print(e.value)

empty = running_stats()
next(empty)
try:
    empty.send(None)
except StopIteration as e:
    print(e.value)
# expect: None
# expect: (1, 1.25, 1.25)
# expect: (2, 1.0, 1.25)
# expect: (3, 1.5, 2.5)
# expect: (4, 1.375, 2.5)
# expect: final {'count': 4, 'mean': 1.375, 'max': 2.5}
# expect: exhausted
# expect: 0 1 2
# expect: ['bm=128', 'bm=256', 'bm=512']
# expect: {'count': 0, 'mean': None, 'max': None}
