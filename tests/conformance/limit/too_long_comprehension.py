# rungs-args: --max-memory 1000000
# Comprehensions and appends are charged as they grow.
ys = []
for i in range(100):
    ys.append(i)
print(len(ys))  # expect: 100
xs = [i for i in range(10**9)]  # expect error: MemoryError: memory limit exceeded: ...
