# itertools-style helpers written as generators, the way sweep scripts
# write them: chunked, sliding windows, pairwise deltas, round-robin, and a
# take() that stops an infinite schedule.
def chunked(items, size):
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield tuple(chunk)
            chunk = []
    if chunk:
        yield tuple(chunk)


def windows(seq, width):
    for start in range(len(seq) - width + 1):
        yield seq[start:start + width]


def pairwise_deltas(values):
    it = iter(values)
    prev = next(it, None)
    for cur in it:
        yield cur - prev
        prev = cur


def round_robin(*sources):
    iterators = [iter(s) for s in sources]
    while iterators:
        alive = []
        for it in iterators:
            try:
                value = next(it)
            except StopIteration:
                continue
            alive.append(it)
            yield value
        iterators = alive


def take(n, iterable):
    for i, item in enumerate(iterable):
        if i >= n:
            return
        yield item


def schedule(start):
    step = start
    while True:
        yield step
        step = step * 2 if step < 256 else step + 256


print(list(chunked(range(7), 3)))
print(list(windows([1, 2, 3, 4, 5], 3)))
print(list(pairwise_deltas([128, 256, 512, 640])), list(pairwise_deltas([])))
print(list(round_robin("ab", [1, 2, 3], ())))
print(list(take(7, schedule(64))))
for batch in chunked(take(6, schedule(32)), 4):
    print("batch", batch, sum(batch))
print(sum(1 for _ in chunked("abcdefgh", 2)))
# expect: [(0, 1, 2), (3, 4, 5), (6,)]
# expect: [[1, 2, 3], [2, 3, 4], [3, 4, 5]]
# expect: [128, 256, 128] []
# expect: ['a', 1, 'b', 2, 3]
# expect: [64, 128, 256, 512, 768, 1024, 1280]
# expect: batch (32, 64, 128, 256) 480
# expect: batch (512, 768) 1280
# expect: 4
