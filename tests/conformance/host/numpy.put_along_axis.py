# np.put_along_axis writes into its array in place (through a view too),
# as top-k reference code in kernel tests scatters the kept values back.
import numpy as np

scores = np.arange(12).reshape(3, 4)
top = np.argsort(-scores, axis=1)[:, :2]
kept = np.zeros_like(scores)
np.put_along_axis(kept, top, np.take_along_axis(scores, top, axis=1), axis=1)
print(kept.tolist())  # expect: [[0, 0, 2, 3], [0, 0, 6, 7], [0, 0, 10, 11]]
mask = np.zeros((3, 4))
np.put_along_axis(mask, np.array([[1], [0], [3]]), 1.0, axis=1)
print(mask.sum(axis=1).tolist(), mask[2].tolist())  # expect: [1.0, 1.0, 1.0] [0.0, 0.0, 0.0, 1.0]
buf = np.zeros((2, 3))
np.put_along_axis(buf[1:], np.array([[2]]), 7, axis=1)
print(buf.tolist())  # expect: [[0.0, 0.0, 0.0], [0.0, 0.0, 7.0]]
