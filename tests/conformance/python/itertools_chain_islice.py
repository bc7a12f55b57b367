# chain, islice, count, cycle, repeat and zip_longest: lazy, so the endless
# ones are safe under islice and zip.
import itertools
from itertools import chain, islice, count, cycle, repeat, zip_longest
shapes = [(8, 128), (16, 128)]
extra = [(32, 256)]
print(list(chain(shapes, extra, [(64, 512)])))
print(list(chain.from_iterable([[1, 2], (3,), "ab"])))
print(list(islice(count(), 4)), list(islice(count(10, 5), 3)), list(islice(count(0.5, 0.25), 3)))
print(list(islice("abcdefgh", 2, None, 3)), list(islice(range(100), 5, 8)), list(islice([1, 2], 5)))
print(list(zip(cycle(["tpu0", "tpu1"]), range(5))))
print(list(repeat(0, 3)), list(zip(repeat("x"), [1, 2])), repeat(7, 2))
print(list(zip_longest([1, 2, 3], ["a"], fillvalue=None)))
print(list(zip_longest("ab", "xyz", fillvalue="-")), list(zip_longest()))
c = count(3)
next(c)
print(c, count(2, 3), count(1.5))
steps = chain(range(2), range(5, 7))
print(next(steps), list(steps), list(steps))
it = islice(count(), 0, None, 2)
print(next(it), next(it), next(it))
# expect: [(8, 128), (16, 128), (32, 256), (64, 512)]
# expect: [1, 2, 3, 'a', 'b']
# expect: [0, 1, 2, 3] [10, 15, 20] [0.5, 0.75, 1.0]
# expect: ['c', 'f'] [5, 6, 7] [1, 2]
# expect: [('tpu0', 0), ('tpu1', 1), ('tpu0', 2), ('tpu1', 3), ('tpu0', 4)]
# expect: [0, 0, 0] [('x', 1), ('x', 2)] repeat(7, 2)
# expect: [(1, 'a'), (2, None), (3, None)]
# expect: [('a', 'x'), ('b', 'y'), ('-', 'z')] []
# expect: count(4) count(2, 3) count(1.5)
# expect: 0 [1, 5, 6] []
# expect: 0 2 4
