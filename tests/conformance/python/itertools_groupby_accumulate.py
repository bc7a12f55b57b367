# groupby, accumulate, pairwise, starmap and the filtering iterators, as
# harness code uses them to summarise per-block results.
import itertools
import operator
results = [("matmul", 128, 1.5), ("matmul", 256, 1.2), ("softmax", 128, 0.4), ("softmax", 256, 0.3), ("matmul", 512, 1.0)]
for name, group in itertools.groupby(results, key=lambda r: r[0]):
    print(name, [size for _, size, _ in group])
print([(k, len(list(g))) for k, g in itertools.groupby(sorted("mississippi"))])
groups = itertools.groupby("aabbb")
k1, g1 = next(groups)
k2, g2 = next(groups)
print(k1, list(g1), k2, list(g2))
print(list(itertools.accumulate([1, 2, 3, 4])))
print(list(itertools.accumulate([3, 1, 4, 1, 5], max)))
print(list(itertools.accumulate([1, 2, 3], operator.mul, initial=10)))
print(list(itertools.accumulate([], initial=0)), list(itertools.accumulate(["a", "b", "c"])))
offsets = [0] + list(itertools.accumulate([128, 128, 64]))
print(offsets, list(itertools.pairwise(offsets)))
print(list(itertools.starmap(pow, [(2, 5), (3, 2), (10, 3)])))
print(list(itertools.compress(range(6), [1, 0, 1, 0, 0, 1])))
print(list(itertools.takewhile(lambda x: x < 10, [1, 4, 9, 16, 1])), list(itertools.dropwhile(lambda x: x < 10, [1, 4, 9, 16, 1])))
print(list(itertools.filterfalse(lambda n: n % 3, range(10))), list(itertools.filterfalse(None, [0, 1, "", "a"])))
a, b = itertools.tee(iter([1, 2, 3]))
print(next(a), list(b), list(a))
# expect: matmul [128, 256]
# expect: softmax [128, 256]
# expect: matmul [512]
# expect: [('i', 4), ('m', 1), ('p', 2), ('s', 4)]
# expect: a [] b ['b', 'b', 'b']
# expect: [1, 3, 6, 10]
# expect: [3, 3, 4, 4, 5]
# expect: [10, 10, 20, 60]
# expect: [0] ['a', 'ab', 'abc']
# expect: [0, 128, 256, 320] [(0, 128), (128, 256), (256, 320)]
# expect: [32, 9, 1000]
# expect: [0, 2, 5]
# expect: [1, 4, 9] [16, 1]
# expect: [0, 3, 6, 9] [0, '']
# expect: 1 [1, 2, 3] [2, 3]
