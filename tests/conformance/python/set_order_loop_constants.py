# A loop over a set display of constants walks CPython's frozenset constant, which can differ from the printed set.
print({64, 8, 1, 16, 32}, [x for x in {64, 8, 1, 16, 32}])
for x in {64, 8, 1, 16, 32}:
    print(x, end=" ")
print()
print(list({10, 3, 77, 41, 5, 200, 9}), [x for x in {10, 3, 77, 41, 5, 200, 9}], {x: 0 for x in {10, 3, 77, 41, 5, 200, 9}})
n = 5
print([x for x in {n, 64, 8, 1, 16}], sorted(x for x in {3, 1}))
# expect: {64, 1, 32, 16, 8} [64, 1, 32, 8, 16]
# expect: 64 1 32 8 16 
# expect: [3, 5, 200, 41, 10, 77, 9] [3, 5, 200, 41, 10, 9, 77] {3: 0, 5: 0, 200: 0, 41: 0, 10: 0, 9: 0, 77: 0}
# expect: [64, 1, 5, 8, 16] [1, 3]
