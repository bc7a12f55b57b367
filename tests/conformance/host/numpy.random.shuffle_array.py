# np.random.shuffle shuffles a NumPy array in place, making the same draws
# as permutation() (which copies and shuffles); a Generator's shuffle too.
import numpy as np
np.random.seed(0)
x = np.arange(6)
print(np.random.permutation(x).tolist())  # expect: [5, 2, 1, 3, 0, 4]
np.random.seed(0)
alias = x
np.random.shuffle(x)
print(x.tolist(), alias.tolist())  # expect: [5, 2, 1, 3, 0, 4] [5, 2, 1, 3, 0, 4]
rows = np.arange(6).reshape(3, 2)
np.random.seed(1)
expected = np.random.permutation(rows)
np.random.seed(1)
np.random.shuffle(rows)
print(np.array_equal(rows, expected), rows.dtype)  # expect: True int64
rng = np.random.default_rng(3)
y = np.arange(5.0)
expected = np.random.default_rng(3).permutation(y)
rng.shuffle(y)
print(np.array_equal(y, expected), sorted(y.tolist()))  # expect: True [0.0, 1.0, 2.0, 3.0, 4.0]
