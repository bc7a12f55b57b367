# Counting grid visits and dtype usage across a sweep of kernel launches.
from collections import Counter

visits = Counter()
for i in range(3):
    for j in range(2):
        visits[(i % 2, j)] += 1
print(visits)  # expect: Counter({(0, 0): 2, (0, 1): 2, (1, 0): 1, (1, 1): 1})
print(visits[(0, 0)], visits[(9, 9)], len(visits), (9, 9) in visits)  # expect: 2 0 4 False
dtypes = Counter(["bf16", "f32", "bf16", "int8", "bf16", "f32"])
print(dtypes, dtypes.most_common(2), dtypes.most_common()[-1])  # expect: Counter({'bf16': 3, 'f32': 2, 'int8': 1}) [('bf16', 3), ('f32', 2)] ('int8', 1)
print(Counter("abracadabra").most_common(3), Counter({"a": 2, "b": -1}), Counter(x=1, y=3))  # expect: [('a', 5), ('b', 2), ('r', 2)] Counter({'a': 2, 'b': -1}) Counter({'y': 3, 'x': 1})
dtypes.update(["int8", "int8"])
dtypes.update({"f32": 5})
print(dtypes)  # expect: Counter({'f32': 7, 'bf16': 3, 'int8': 3})
dtypes.subtract(bf16=3, f32=1)
print(dtypes, dtypes.total())  # expect: Counter({'f32': 6, 'int8': 3, 'bf16': 0}) 9
print(sorted(Counter(a=2, b=1).elements()), list(Counter(a=0, b=2).elements()))  # expect: ['a', 'a', 'b'] ['b', 'b']
x, y = Counter(a=3, b=1), Counter(a=1, b=2, c=1)
print(x + y, x - y, x & y, x | y)  # expect: Counter({'a': 4, 'b': 3, 'c': 1}) Counter({'a': 2}) Counter({'a': 1, 'b': 1}) Counter({'a': 3, 'b': 2, 'c': 1})
print(Counter(), repr(Counter()), +Counter(a=1, b=-2), -Counter(a=-1))  # expect: Counter() Counter() Counter({'a': 1}) Counter({'a': 1})
print(x == Counter(b=1, a=3), list(x.keys()), list(x.values()), list(x.items()))  # expect: True ['a', 'b'] [3, 1] [('a', 3), ('b', 1)]
del x["a"]
print(x, x.get("z", 7), x.pop("b"), x)  # expect: Counter() 7 1 Counter()
merged = {}
merged.update(Counter("aab"))
print(dict(Counter("tpu")), merged, {**Counter(b=2)}, sorted(dict(x).items()))  # expect: {'t': 1, 'p': 1, 'u': 1} {'a': 2, 'b': 1} {'b': 2} []
