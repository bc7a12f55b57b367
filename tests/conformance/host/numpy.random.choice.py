# Legacy choice: with and without replacement, with probabilities, from an array.
import numpy as np
np.random.seed(11)
print(np.random.choice(10, 4).tolist())  # expect: [9, 0, 1, 7]
print(np.random.choice(10, 4, replace=False).tolist())  # expect: [8, 3, 9, 6]
print(np.random.choice(5, 6, p=[0.1, 0.2, 0.3, 0.25, 0.15]).tolist())  # expect: [0, 4, 3, 2, 3, 2]
print(np.random.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.25, 0.15]).tolist())  # expect: [3, 4, 2]
pages = np.arange(100, 164)
print(np.random.choice(pages, (2, 3), replace=False).tolist())  # expect: [[145, 142, 113], [124, 154, 122]]
print(np.random.choice(7))  # expect: 6
print(np.random.choice([3, 1, 4, 1, 5]))  # expect: 4
rs = np.random.RandomState(0)
print(rs.choice(1000, 8, replace=False).tolist())  # expect: [993, 859, 298, 553, 672, 971, 27, 231]
