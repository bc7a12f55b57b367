# itertools.product as a block-size sweep around a kernel: every (bm, bn)
# pair that divides the problem, in CPython's order.
import itertools
M, N = 256, 512
configs = []
for bm, bn in itertools.product([64, 128, 256, 512], [128, 256, 1024]):
    if M % bm == 0 and N % bn == 0:
        configs.append((bm, bn))
print(configs)
print(len(list(itertools.product(range(3), repeat=4))))
print(list(itertools.product("ab", [0, 1], repeat=1)))
print(list(itertools.product()), list(itertools.product([], [1, 2])), list(itertools.product([1], repeat=0)))
grid = itertools.product(range(2), range(3))
print(next(grid), next(grid), list(grid))
print(type(grid).__name__)
for dtype, (bm, bk) in itertools.product(["float32", "bfloat16"], [(8, 128), (16, 256)]):
    print(f"{dtype:>8} bm={bm:<3} bk={bk}")
# expect: [(64, 128), (64, 256), (128, 128), (128, 256), (256, 128), (256, 256)]
# expect: 81
# expect: [('a', 0), ('a', 1), ('b', 0), ('b', 1)]
# expect: [()] [] [()]
# expect: (0, 0) (0, 1) [(0, 2), (1, 0), (1, 1), (1, 2)]
# expect: product
# expect:  float32 bm=8   bk=128
# expect:  float32 bm=16  bk=256
# expect: bfloat16 bm=8   bk=128
# expect: bfloat16 bm=16  bk=256
