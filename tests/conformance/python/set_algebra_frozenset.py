# Set algebra and frozensets as sharding helpers use them: axis-name sets
# combined with | & - ^ (and in place), subset tests, frozensets as dict
# keys and compared by value, dict | dict merges. (Sets print sorted here:
# Rungs keeps insertion order where CPython's order follows its hash table.)
a = {1, 2, 3}
b = {2, 3, 4}
print(a | b, a & b, a - b, a ^ b, a <= b, {2} < a, a >= {1}, a > a, a == {3, 2, 1})
c = a.copy(); c |= {9}; c &= {1, 9, 2}; c -= {2}; c ^= {5}; print(sorted(c), a)
axes = frozenset(["data", "fsdp"])
print(sorted(axes), len(axes), "data" in axes, type(axes).__name__, isinstance(axes, frozenset), isinstance(axes, set))
print(frozenset(), repr(frozenset([3])), frozenset([1, 2]) == frozenset([2, 1]), frozenset({1}) == {1})
print({frozenset([1, 2]): "pair"}[frozenset([2, 1])], hash(frozenset([1, 2])) == hash(frozenset([2, 1])))
fz = axes | {"expert"}
print(type(fz).__name__, sorted(fz), type({"x"} | axes).__name__, sorted(axes.union(["y"])), type(axes.union(["y"])).__name__)
g = axes; g |= {"q"}; print(sorted(g), sorted(axes), g is axes)
print({"a": 1} | {"b": 2, "a": 3})
d = {"x": 1}; d |= {"y": 2}; print(d)
print(axes.copy() is axes, frozenset([1]) <= frozenset([1, 2]))
axes.add("z")  # expect error: AttributeError: 'frozenset' object has no attribute 'add'
# expect: {1, 2, 3, 4} {2, 3} {1} {1, 4} False True True False True
# expect: [1, 5, 9] {1, 2, 3}
# expect: ['data', 'fsdp'] 2 True frozenset True False
# expect: frozenset() frozenset({3}) True True
# expect: pair True
# expect: frozenset ['data', 'expert', 'fsdp'] set ['data', 'fsdp', 'y'] frozenset
# expect: ['data', 'fsdp', 'q'] ['data', 'fsdp'] False
# expect: {'a': 3, 'b': 2}
# expect: {'x': 1, 'y': 2}
# expect: True True
