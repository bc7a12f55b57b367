# SeedSequence hashing, and the three ways of building the same Generator.
import numpy as np
ss = np.random.SeedSequence(12345)
print(ss.generate_state(4).tolist())  # expect: [2688385916, 3048105090, 4196366895, 3152189807]
print(np.random.SeedSequence(0).generate_state(2).tolist())  # expect: [2968811710, 3677149159]
print(np.random.SeedSequence([1, 2, 3]).generate_state(3).tolist())  # expect: [3822189696, 3026158655, 540542919]
a = np.random.default_rng(99).integers(0, 1000, 4).tolist()
b = np.random.Generator(np.random.PCG64(99)).integers(0, 1000, 4).tolist()
c = np.random.Generator(np.random.PCG64(np.random.SeedSequence(99))).integers(0, 1000, 4).tolist()
print(a, a == b == c)  # expect: [958, 506, 757, 565] True
rng = np.random.default_rng(5)
print(np.random.default_rng(rng) is rng)  # expect: True
print(np.random.default_rng([1, 2, 3]).integers(0, 100, 5).tolist())  # expect: [96, 67, 87, 11, 49]
print(np.random.default_rng(2**40 + 7).integers(0, 100, 5).tolist())  # expect: [20, 82, 60, 25, 1]
print(rng)  # rungs-only # expect: Generator(PCG64)
