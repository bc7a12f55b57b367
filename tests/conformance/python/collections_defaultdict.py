# Grouping launches by kernel name with defaultdict.
from collections import defaultdict

by_kernel = defaultdict(list)
for name, ms in [("matmul", 1.5), ("softmax", 0.2), ("matmul", 1.25)]:
    by_kernel[name].append(ms)
print(by_kernel)  # expect: defaultdict(<class 'list'>, {'matmul': [1.5, 1.25], 'softmax': [0.2]})
print(by_kernel["matmul"], len(by_kernel), "relu" in by_kernel, by_kernel["relu"], len(by_kernel))  # expect: [1.5, 1.25] 2 False [] 3
counts = defaultdict(int)
for ch in "tpu v5":
    counts[ch] += 1
print(dict(counts.items()), counts.default_factory)  # expect: {'t': 1, 'p': 1, 'u': 1, ' ': 1, 'v': 1, '5': 1} <class 'int'>
nested = defaultdict(lambda: defaultdict(float))
nested["a"]["b"] += 2.5
print(nested["a"]["b"], list(nested))  # expect: 2.5 ['a']
plain = defaultdict(None, {"k": 1})
print(plain, plain.get("zz"))  # expect: defaultdict(None, {'k': 1}) None
try:
    plain["missing"]
except KeyError as e:
    print("KeyError", e)  # expect: KeyError 'missing'
d = defaultdict(set)
d["x"].add(1)
print(d, sorted(d.keys()), d.pop("x"), d)  # expect: defaultdict(<class 'set'>, {}) ['x'] {1} defaultdict(<class 'set'>, {})
print(repr(defaultdict(dict)), defaultdict(list, a=[1]))  # expect: defaultdict(<class 'dict'>, {}) defaultdict(<class 'list'>, {'a': [1]})
print(defaultdict(int, {"a": 1}) == {"a": 1}, d.setdefault("y", 5), d.copy())  # expect: True 5 defaultdict(<class 'set'>, {'y': 5})
try:
    defaultdict(5)
except TypeError as e:
    print(e)  # expect: first argument must be callable or None
