# operator's functions go through the interpreter's own operators.
import operator
from functools import reduce
print(reduce(operator.mul, [1, 2, 3, 4, 5]), reduce(operator.add, ["a", "b", "c"]))
print(operator.add(2, 3), operator.sub(2, 3), operator.mul(2.5, 2), operator.truediv(7, 2), operator.floordiv(-7, 2))
print(operator.mod(-7, 3), operator.pow(2, 10), operator.neg(4), operator.pos(-4), operator.abs(-3.5))
print(operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10), operator.invert(0), operator.lshift(1, 10), operator.rshift(1024, 3))
print(operator.eq(1, 1.0), operator.ne("a", "a"), operator.lt(1, 2), operator.le([1], [1]), operator.gt((2,), (1, 9)), operator.ge(1, 2))
print(operator.not_([]), operator.truth("x"), operator.contains(range(5), 3), operator.index(True))
print(operator.is_(None, None), operator.is_not(1, None))
x = [1, 2]
print(operator.iadd(x, [3]), x, operator.getitem({"k": 9}, "k"), operator.getitem("kernel", slice(1, 3)))
d = {}
operator.setitem(d, "block", (8, 128))
print(d)
operator.delitem(d, "block")
print(d)
class Vec:
    def __init__(self, *xs):
        self.xs = xs
    def __add__(self, other):
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])
    def __neg__(self):
        return Vec(*[-a for a in self.xs])
    def __lt__(self, other):
        return sum(self.xs) < sum(other.xs)
    def __repr__(self):
        return f"Vec{self.xs}"
print(operator.add(Vec(1, 2), Vec(3, 4)), operator.neg(Vec(1, -1)), operator.lt(Vec(1), Vec(2)))
print(reduce(operator.add, [Vec(1, 1), Vec(2, 2), Vec(3, 3)]))
ops = {"+": operator.add, "-": operator.sub, "*": operator.mul}
print([ops[s](6, 3) for s in "+-*"])
# expect: 120 abc
# expect: 5 -1 5.0 3.5 -4
# expect: 2 1024 -4 -4 3.5
# expect: 8 14 6 -1 1024 128
# expect: True False True True True False
# expect: True True True 1
# expect: True True
# expect: [1, 2, 3] [1, 2, 3] 9 er
# expect: {'block': (8, 128)}
# expect: {}
# expect: Vec(4, 6) Vec(-1, 1) True
# expect: Vec(6, 6)
# expect: [9, 3, 18]
