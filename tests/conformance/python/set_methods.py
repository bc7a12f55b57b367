# set methods harness code uses to track which blocks were visited:
# update, discard, remove, clear, copy and the subset tests.
seen = {0, 1}
seen.update(range(2, 5), [4, 8])
print(sorted(seen), len(seen))
seen.discard(8)
seen.discard(100)
seen.remove(0)
print(sorted(seen))
snapshot = seen.copy()
seen.clear()
print(seen, sorted(snapshot), snapshot is not seen)
print(snapshot.issubset(range(10)), snapshot.issuperset({1, 2}), snapshot.isdisjoint([7, 9]), {1}.isdisjoint({1}))
print({3, 4} <= snapshot if hasattr(set, "__le__") else True)
snapshot.remove(42)  # expect error: KeyError: 42
# expect: [0, 1, 2, 3, 4, 8] 6
# expect: [1, 2, 3, 4]
# expect: set() [1, 2, 3, 4] True
# expect: True True True False
# expect: True
