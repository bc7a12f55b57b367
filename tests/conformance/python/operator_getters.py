# itemgetter, attrgetter and methodcaller: sort keys and projections.
import operator
from operator import itemgetter, attrgetter, methodcaller
runs = [("b", 256, 0.9), ("a", 128, 1.4), ("c", 64, 0.2)]
print(sorted(runs, key=itemgetter(1)))
print(sorted(runs, key=itemgetter(2), reverse=True)[0])
print(list(map(itemgetter(0, 2), runs)))
print(itemgetter(1)("xyz"), itemgetter(slice(0, 2))([5, 6, 7]), itemgetter("n")({"n": 3}))
print(itemgetter(1), itemgetter(0, "k"), attrgetter("shape"), attrgetter("a.b", "c"))
class Spec:
    def __init__(self, name, shape):
        self.name, self.shape, self.me = name, shape, self
    def size(self, scale=1):
        return self.shape[0] * self.shape[1] * scale
specs = [Spec("x", (8, 128)), Spec("w", (128, 128)), Spec("o", (8, 16))]
print([s.name for s in sorted(specs, key=attrgetter("shape"))])
print(attrgetter("me.me.name")(specs[0]), attrgetter("name", "shape")(specs[1]))
print(list(map(methodcaller("size"), specs)), methodcaller("size", scale=2)(specs[2]))
print(methodcaller("upper")("tpu"), methodcaller("split", ",")("a,b"), methodcaller("size", 3))
print(methodcaller("replace", "a", "b", 1), type(methodcaller("x")).__name__)
def show(thunk):
    try:
        thunk()
    except Exception as e:
        print(type(e).__name__ + ":", e)
show(lambda: operator.add(1))
show(lambda: operator.add(1, "a"))
show(lambda: operator.neg("s"))
show(lambda: operator.truth())
show(lambda: operator.index(1.5))
show(lambda: operator.abs("a"))
show(lambda: itemgetter())
show(lambda: itemgetter(5)([1]))
show(lambda: attrgetter(1))
show(lambda: attrgetter("nope")(specs[0]))
show(lambda: methodcaller())
show(lambda: methodcaller(3))
show(lambda: itemgetter(0)())
show(lambda: operator.add(1, b=2))
# expect: [('c', 64, 0.2), ('a', 128, 1.4), ('b', 256, 0.9)]
# expect: ('a', 128, 1.4)
# expect: [('b', 0.9), ('a', 1.4), ('c', 0.2)]
# expect: y [5, 6] 3
# expect: operator.itemgetter(1) operator.itemgetter(0, 'k') operator.attrgetter('shape') operator.attrgetter('a.b', 'c')
# expect: ['o', 'x', 'w']
# expect: x ('w', (128, 128))
# expect: [1024, 16384, 128] 256
# expect: TPU ['a', 'b'] operator.methodcaller('size', 3)
# expect: operator.methodcaller('replace', 'a', 'b', 1) methodcaller
# expect: TypeError: add expected 2 arguments, got 1
# expect: TypeError: unsupported operand type(s) for +: 'int' and 'str'
# expect: TypeError: bad operand type for unary -: 'str'
# expect: TypeError: _operator.truth() takes exactly one argument (0 given)
# expect: TypeError: 'float' object cannot be interpreted as an integer
# expect: TypeError: bad operand type for abs(): 'str'
# expect: TypeError: itemgetter expected 1 argument, got 0
# expect: IndexError: list index out of range
# expect: TypeError: attribute name must be a string
# expect: AttributeError: 'Spec' object has no attribute 'nope'
# expect: TypeError: methodcaller needs at least one argument, the method name
# expect: TypeError: method name must be a string
# expect: TypeError: itemgetter expected 1 argument, got 0
# expect: TypeError: _operator.add() takes no keyword arguments
