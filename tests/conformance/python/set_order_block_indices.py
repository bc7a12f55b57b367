# Sets of grid indices, block ids and strides as harness code builds them.
grid = (3, 4)
visited = set()
for i in range(grid[0]):
    for j in range(grid[1]):
        visited.add((i, j))
print(len(visited), list(visited)[:5])
strides = {s * s for s in range(1, 9)}
print(strides, max(strides), 49 in strides)
done = {17, 33, 49, 65}
done.discard(33)
done.add(81)
done.update([97, 1])
print(done, sorted(done) == list(done))
owners = {}
for block in {12, 4, 28, 20}:
    owners.setdefault(block % 8, []).append(block)
print(owners)
print(frozenset(range(12, 0, -2)), set(map(abs, [-3, 3, -1, 2])), {x for x in (2 ** 40, 2 ** 33, 7)})
# expect: 12 [(0, 1), (1, 2), (2, 1), (0, 0), (1, 1)]
# expect: {64, 1, 4, 36, 9, 16, 49, 25} 64 True
# expect: {65, 97, 1, 81, 17, 49} False
# expect: {4: [12, 4, 28, 20]}
# expect: frozenset({2, 4, 6, 8, 10, 12}) {1, 2, 3} {1099511627776, 8589934592, 7}
