# The dunder protocol of user classes: compared with CPython 3.11's output.
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __repr__(self):
        return f"Vec({', '.join(map(str, self.xs))})"

    def __str__(self):
        return "<" + " ".join(str(x) for x in self.xs) + ">"

    def __len__(self):
        return len(self.xs)

    def __getitem__(self, i):
        return self.xs[i]

    def __setitem__(self, i, v):
        self.xs[i] = v

    def __contains__(self, v):
        return v in self.xs

    def __iter__(self):
        return iter(self.xs)

    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs

    def __hash__(self):
        return hash(tuple(self.xs))

    def __add__(self, other):
        if isinstance(other, Vec):
            return Vec(*[a + b for a, b in zip(self.xs, other.xs)])
        return Vec(*[a + other for a in self.xs])

    def __radd__(self, other):
        return self + other

    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])

    def __rmul__(self, k):
        return self * k

    def __sub__(self, other):
        return NotImplemented

    def __neg__(self):
        return self * -1

    def __lt__(self, other):
        return sum(self.xs) < sum(other.xs)

    def __bool__(self):
        return any(self.xs)

    def __call__(self, k):
        return self.xs[k]


v = Vec(1, 2, 3)
w = Vec(10, 20, 30)
print(v, repr(v), [v], len(v), v[1], v[-1], v[0:2])
v[0] = 5
print(v, 2 in v, 9 in v, list(v), sum(v), sorted(w, reverse=True))
print(v + w, v + 1, 1 + v, v * 2, 3 * v, -v)
print(v == Vec(5, 2, 3), v != Vec(5, 2, 3), v == w, v == 3, v < w, w > v)
print(hash(v) == hash((5, 2, 3)), bool(v), bool(Vec(0, 0)), v(2))
print(len({v, Vec(5, 2, 3)}) if False else "skip", f"{v}", "%s" % (v,), str(v))
for x in Vec(7, 8):
    print(x, end=",")
print()
a, b = Vec(4, 5)
print(a, b, max(Vec(3, 9, 1)), dict(zip(Vec("a", "b"), Vec(1, 2))))
try:
    v - w
except TypeError as e:
    print(e)
try:
    v <= w
except TypeError as e:
    print(e)


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


print(list(Countdown(3)), [i * i for i in Countdown(4)])


class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10


print(list(Seq()), 20 in Seq())


class Acc:
    def __init__(self):
        self.total = 0

    def __iadd__(self, k):
        self.total += k
        return self


acc = Acc()
acc += 5
acc += 2
print(acc.total)


class Plain:
    pass


pl1 = Plain()
print(pl1 == pl1, pl1 == Plain(), pl1 != Plain(), bool(pl1))
# expect: <1 2 3> Vec(1, 2, 3) [Vec(1, 2, 3)] 3 2 3 [1, 2]
# expect: <5 2 3> True False [5, 2, 3] 10 [30, 20, 10]
# expect: <15 22 33> <6 3 4> <6 3 4> <10 4 6> <15 6 9> <-5 -2 -3>
# expect: True False False False True True
# expect: True True False 3
# expect: skip <5 2 3> <5 2 3> <5 2 3>
# expect: 7,8,
# expect: 4 5 9 {'a': 1, 'b': 2}
# expect: unsupported operand type(s) for -: 'Vec' and 'Vec'
# expect: '<=' not supported between instances of 'Vec' and 'Vec'
# expect: [2, 1, 0] [9, 4, 1, 0]
# expect: [0, 10, 20] True
# expect: 7
# expect: True False True True
