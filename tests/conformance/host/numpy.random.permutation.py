# permutation and shuffle on the legacy stream: rows of a batch, a list in place.
import numpy as np
np.random.seed(3)
print(np.random.permutation(10).tolist())  # expect: [5, 4, 1, 2, 9, 6, 7, 0, 3, 8]
rows = np.arange(12).reshape(6, 2)
print(np.random.permutation(rows).tolist())  # expect: [[10, 11], [2, 3], [6, 7], [8, 9], [0, 1], [4, 5]]
print(np.random.permutation([10, 20, 30, 40]).tolist())  # expect: [20, 10, 30, 40]
items = list(range(8))
print(np.random.shuffle(items))  # expect: None
print(items)  # expect: [3, 6, 0, 4, 5, 7, 1, 2]
names = ["a", "b", "c", "d", "e"]
np.random.shuffle(names)
print(names)  # expect: ['e', 'a', 'b', 'c', 'd']
order = np.random.permutation(len(rows))
print(rows[order][:, 0].tolist())  # expect: [6, 10, 8, 0, 4, 2]
