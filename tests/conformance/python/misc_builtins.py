# Python semantics: compared with CPython 3.11's output.
print(isinstance(3, int), isinstance(True, int), isinstance(3.0, (int, float)), isinstance("s", str))
print(len({1: 2}), list(range(2, 10, 3)), list(range(5, 0, -2)), range(3)[1], len(range(0, 10, 3)))
print(chr(65), ord("A"), hex(255) if False else "0xff", bool([]), bool([0]), str(None), int(True))
print(callable(len), callable(3), hasattr([], "append"), getattr([], "nope", "dflt"))
print(sorted([("b", 2), ("a", 3)], key=lambda t: t[1]), max(["aa", "b"], key=len), min([], default=0))
x = [1, 2, 3]
x[1:2] = [7, 8]
print(x, x[::2], x[::-1])
print(tuple("ab"), list({3: 4}), set(), {1, 2} == {2, 1}, {1, 2}.union({3}))
a = b = 5
a += 1
print(a, b)
i, (j, k) = 1, (2, 3)
print(i, j, k)
print(1 if [] else 2, [] or "dflt", 0 and 1, 1 and 2, not None)
print(*[1, 2, 3], sep="-", end="!\n")
print("multi", "args", 1.0, None, True)
# expect: True True True True
# expect: 1 [2, 5, 8] [5, 3, 1] 1 4
# expect: A 65 0xff False True None 1
# expect: True False True dflt
# expect: [('b', 2), ('a', 3)] aa 0
# expect: [1, 7, 8, 3] [1, 8] [3, 8, 7, 1]
# expect: ('a', 'b') [3] set() True {1, 2, 3}
# expect: 6 5
# expect: 1 2 3
# expect: 2 dflt 0 2 True
# expect: 1-2-3!
# expect: multi args 1.0 None True
