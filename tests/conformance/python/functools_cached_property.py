# cached_property and total_ordering on a tiling plan.
import functools


class Plan:
    def __init__(self, rows, block):
        self.rows = rows
        self.block = block
        self.computed = 0

    @functools.cached_property
    def steps(self):
        self.computed += 1
        return -(-self.rows // self.block)


p = Plan(1000, 128)
print(p.steps, p.steps, p.computed, "steps" in vars(p))  # expect: 8 8 1 True
del p.steps
print(p.steps, p.computed)  # expect: 8 2
q = Plan(10, 4)
print(q.steps, p.steps, isinstance(Plan.steps, functools.cached_property))  # expect: 3 8 True


@functools.total_ordering
class Tile:
    def __init__(self, area):
        self.area = area

    def __eq__(self, other):
        return self.area == other.area

    def __lt__(self, other):
        return self.area < other.area

    def __repr__(self):
        return f"Tile({self.area})"


a, b = Tile(4), Tile(9)
print(a < b, a <= b, a > b, a >= b, b >= a, a <= Tile(4), a > Tile(4))  # expect: True True False False True True False
print(sorted([Tile(3), Tile(1), Tile(2)]), max(a, b))  # expect: [Tile(1), Tile(2), Tile(3)] Tile(9)


@functools.total_ordering
class Version:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __gt__(self, other):
        return self.n > other.n


print(Version(1) < Version(2), Version(3) <= Version(2), Version(2) >= Version(2))  # expect: True False True
key = functools.cmp_to_key(lambda x, y: (x % 10) - (y % 10))
print(sorted([21, 13, 32, 5], key=key))  # expect: [21, 32, 13, 5]
try:
    @functools.total_ordering
    class Bare:
        pass
except ValueError as e:
    print(e)  # expect: must define at least one ordering operation: < > <= >=
