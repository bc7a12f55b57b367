# Generator.permutation and shuffle: rows of a batch, a list in place.
import numpy as np
rng = np.random.default_rng(2024)
print(rng.permutation(16).tolist())  # expect: [11, 13, 5, 7, 14, 15, 10, 2, 3, 12, 0, 1, 4, 9, 6, 8]
x = np.arange(10).reshape(5, 2) * 10
print(rng.permutation(x).tolist())  # expect: [[60, 70], [20, 30], [80, 90], [40, 50], [0, 10]]
tokens = ["t0", "t1", "t2", "t3", "t4", "t5"]
rng.shuffle(tokens)
print(tokens)  # expect: ['t1', 't2', 't0', 't5', 't3', 't4']
print(rng.permutation([1.5, 2.5, 3.5]).tolist())  # expect: [2.5, 3.5, 1.5]
