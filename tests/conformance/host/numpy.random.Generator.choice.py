# Generator.choice: Floyd's algorithm plus a shuffle without replacement,
# Lemire integers with it, the inverse CDF with p. Page tables for a kernel.
import numpy as np
rng = np.random.default_rng(42)
print(rng.choice(1000, 8, replace=False).tolist())  # expect: [85, 697, 856, 651, 431, 437, 88, 769]
print(rng.choice(1000, 8, replace=False, shuffle=False).tolist())  # expect: [780, 510, 127, 836, 449, 499, 370, 182]
print(rng.choice(5, 6).tolist())  # expect: [4, 3, 3, 2, 4, 2]
print(rng.choice(4, 5, p=[0.5, 0.25, 0.125, 0.125]).tolist())  # expect: [0, 1, 0, 2, 1]
print(rng.choice(4, 3, replace=False, p=[0.5, 0.25, 0.125, 0.125]).tolist())  # expect: [2, 0, 3]
pages = np.arange(64).reshape(16, 4)
print(rng.choice(pages, 2, replace=False).tolist())  # expect: [[24, 25, 26, 27], [28, 29, 30, 31]]
print(rng.choice(9))  # expect: 6
# A large draw takes the partial-shuffle path instead of Floyd's.
big = np.random.default_rng(7).choice(20000, 1000, replace=False)
print(big[:6].tolist(), int(big.max()), len(set(big.tolist())))  # expect: [3762, 1432, 9397, 10263, 5947, 4314] 19999 1000
