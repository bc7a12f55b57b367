# Python semantics: compared with CPython 3.11's output.
xs = [3, 1, 2]
xs.append(5); xs.extend([0]); xs.insert(0, 9)
print(xs, len(xs), xs[1:3], xs[-2:], sorted(xs), sorted(xs, reverse=True))
xs.sort(); print(xs, xs.pop(), xs.index(3), xs.count(3))
t = (1, 2, 3)
a, *b = t
print(a, b, t[::-1], t + (4,), (5,) * 2, len(()))
d = {"a": 1, "b": 2}
d["c"] = 3
print(d, list(d.keys()), list(d.values()), list(d.items()), d.get("z", 0), "a" in d)
print({k: v * 2 for k, v in d.items()}, [x * x for x in range(5) if x % 2 == 0])
print({x % 3 for x in range(10)}, list(zip([1, 2], "ab")), list(enumerate("xy", 1)))
print(dict(a=1, b=2), dict([("x", 1)]), list(map(lambda v: v + 1, [1, 2])), list(filter(None, [0, 1, 2])))
print(any([0, 0, 1]), all([1, 2, 0]), list(reversed([1, 2, 3])), [1, 2] == [1, 2], (1, 2) < (1, 3))
nested = [[1, 2], [3, 4]]
print([y for x in nested for y in x], [[r[i] for r in nested] for i in range(2)])
del d["a"]; print(d, d.pop("b"), d)
# expect: [9, 3, 1, 2, 5, 0] 6 [3, 1] [5, 0] [0, 1, 2, 3, 5, 9] [9, 5, 3, 2, 1, 0]
# expect: [0, 1, 2, 3, 5] 9 3 1
# expect: 1 [2, 3] (3, 2, 1) (1, 2, 3, 4) (5, 5) 0
# expect: {'a': 1, 'b': 2, 'c': 3} ['a', 'b', 'c'] [1, 2, 3] [('a', 1), ('b', 2), ('c', 3)] 0 True
# expect: {'a': 2, 'b': 4, 'c': 6} [0, 4, 16]
# expect: {0, 1, 2} [(1, 'a'), (2, 'b')] [(1, 'x'), (2, 'y')]
# expect: {'a': 1, 'b': 2} {'x': 1} [2, 3] [1, 2]
# expect: True False [3, 2, 1] True True
# expect: [1, 2, 3, 4] [[1, 3], [2, 4]]
# expect: {'c': 3} 2 {'c': 3}
