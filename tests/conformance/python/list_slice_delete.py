# Deleting slices of a list, as harness code trims its work lists: a range,
# a stride, everything (del a[:]), negative bounds, an empty slice, and
# deleting by index; errors in CPython's words.
queue = list(range(10))
del queue[2:5]
print(queue)
del queue[::2]
print(queue)
del queue[-2:]
print(queue)
del queue[5:1]
print(queue)
pending = ["a", "b", "c"]
alias = pending
del pending[:]
print(pending, alias, len(alias))
blocks = [128, 256, 512, 1024]
del blocks[-1]
del blocks[0]
print(blocks)
grid = [[1, 2], [3, 4], [5, 6]]
del grid[1][0]
del grid[::-2]
print(grid)
try:
    del blocks[5]
except IndexError as e:
    print("IndexError:", e)
try:
    del blocks[::0]
except ValueError as e:
    print("ValueError:", e)
del blocks["x"]  # expect error: TypeError: list indices must be integers or slices, not str
# expect: [0, 1, 5, 6, 7, 8, 9]
# expect: [1, 6, 8]
# expect: [1]
# expect: [1]
# expect: [] [] 0
# expect: [256, 512]
# expect: [[4]]
# expect: IndexError: list assignment index out of range
# expect: ValueError: slice step cannot be zero
