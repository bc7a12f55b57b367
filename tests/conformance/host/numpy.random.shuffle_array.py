# Engine arrays are immutable (as JAX's): shuffling one in place is refused,
# pointing at permutation(), which makes exactly the same draws.
import numpy as np
np.random.seed(0)
x = np.arange(6)
print(np.random.permutation(x).tolist())  # expect: [5, 2, 1, 3, 0, 4]
np.random.seed(0)
np.random.shuffle(x)  # rungs-only # expect error: NotImplementedError: np.random.shuffle(x) shuffles x in place, and Rungs arrays are immutable (as JAX arrays are); write x = np.random.permutation(x), which makes exactly the same draws, or shuffle a Python list
