# A list nested 300,000 deep is built and freed: destruction is flattened
# (CPython's trashcan) instead of recursing once per level, which overflowed
# the native stack (found by hostile-input probing).
a = []
for i in range(300000):
    a = [a]
a = None
f = lambda: 0
for i in range(100000):
    f = (lambda g: lambda: g)(f)
f = None
print("freed")  # expect: freed
