# Integer-array indices are checked against the axis as NumPy checks them
# (jax.numpy would fill or drop out-of-range ones silently): a gather of
# reference rows or a scatter of labels past the end is an IndexError.
import numpy as np

table = np.arange(12.0).reshape(4, 3)
rows = np.array([3, 0, -1])
print(table[rows, 0].tolist(), table[rows].shape)  # expect: [9.0, 0.0, 9.0] (3, 3)
onehot = np.zeros((3, 4), dtype=np.int64)
labels = [2, 0, 3]
onehot[np.arange(3), labels] = 1
print(onehot.tolist())  # expect: [[0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1]]
onehot[np.arange(3), [1, 4, 0]] = 1  # expect error: IndexError: index 4 is out of bounds for axis 1 with size 4
