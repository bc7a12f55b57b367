# frozensets hash as CPython's frozenset_hash, so sets of them print in CPython's order.
print(hash(frozenset()), hash(frozenset({1, 2, 3})), hash(frozenset({(1, 2), 2.5, -1})), hash(frozenset({frozenset({1})})))
groups = {frozenset({1, 2}), frozenset({3}), frozenset(), frozenset({2, 1}), frozenset({4, 5, 6})}
print(groups, len(groups))
print({(frozenset({i}), i) for i in range(6)})
# expect: 133146708735736 -272375401224217160 -8922326340022017280 5515263749738256364
# expect: {frozenset({3}), frozenset({4, 5, 6}), frozenset(), frozenset({1, 2})} 4
# expect: {(frozenset({5}), 5), (frozenset({3}), 3), (frozenset({1}), 1), (frozenset({4}), 4), (frozenset({0}), 0), (frozenset({2}), 2)}
