# __iter__ written as a generator, the usual way to make a grid or a tree of
# blocks iterable: unpacking, `in`, list(), enumerate() and recursion with
# yield from all use it.
class Grid:
    def __init__(self, *dims):
        self.dims = dims

    def __iter__(self):
        yield from self._walk(0, ())

    def _walk(self, axis, prefix):
        if axis == len(self.dims):
            yield prefix
            return
        for i in range(self.dims[axis]):
            yield from self._walk(axis + 1, prefix + (i,))

    def __len__(self):
        n = 1
        for d in self.dims:
            n *= d
        return n


grid = Grid(2, 3)
print(list(grid), len(grid))
print((1, 2) in grid, (2, 0) in grid)
first, second, *rest = Grid(2, 2)
print(first, second, rest)
for step, idx in enumerate(Grid(1, 2, 2)):
    print(f"step {step}: program_id={idx}")


class Node:
    def __init__(self, name, *children):
        self.name = name
        self.children = children

    def walk(self, depth=0):
        yield depth, self.name
        for child in self.children:
            yield from child.walk(depth + 1)


tree = Node("kernel", Node("load", Node("dma")), Node("matmul"), Node("store"))
for depth, name in tree.walk():
    print("  " * depth + name)
print(max(tree.walk())[1], sum(1 for _ in tree.walk()))
# expect: [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)] 6
# expect: True False
# expect: (0, 0) (0, 1) [(1, 0), (1, 1)]
# expect: step 0: program_id=(0, 0, 0)
# expect: step 1: program_id=(0, 0, 1)
# expect: step 2: program_id=(0, 1, 0)
# expect: step 3: program_id=(0, 1, 1)
# expect: kernel
# expect:   load
# expect:     dma
# expect:   matmul
# expect:   store
# expect: dma 5
