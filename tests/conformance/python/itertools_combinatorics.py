# combinations, combinations_with_replacement and permutations in CPython's order.
import itertools
cores = ["c0", "c1", "c2", "c3"]
print(list(itertools.combinations(cores, 2)))
print(list(itertools.combinations(range(5), 3))[:4], len(list(itertools.combinations(range(10), 4))))
print(list(itertools.combinations([1, 2], 0)), list(itertools.combinations([1, 2], 3)))
print(list(itertools.combinations_with_replacement("abc", 2)))
print(list(itertools.combinations_with_replacement([], 0)), list(itertools.combinations_with_replacement([], 2)))
print(list(itertools.permutations([1, 2, 3])))
print(list(itertools.permutations("abcd", 2))[:5], len(list(itertools.permutations(range(6), 3))))
print(list(itertools.permutations([1], 0)), list(itertools.permutations([1, 2], 5)))
orders = [p for p in itertools.permutations(range(3)) if p[0] != 0]
print(orders)
print(sum(1 for _ in itertools.combinations(range(20), 2)))
# expect: [('c0', 'c1'), ('c0', 'c2'), ('c0', 'c3'), ('c1', 'c2'), ('c1', 'c3'), ('c2', 'c3')]
# expect: [(0, 1, 2), (0, 1, 3), (0, 1, 4), (0, 2, 3)] 210
# expect: [()] []
# expect: [('a', 'a'), ('a', 'b'), ('a', 'c'), ('b', 'b'), ('b', 'c'), ('c', 'c')]
# expect: [()] []
# expect: [(1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)]
# expect: [('a', 'b'), ('a', 'c'), ('a', 'd'), ('b', 'a'), ('b', 'c')] 120
# expect: [()] []
# expect: [(1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
# expect: 190
