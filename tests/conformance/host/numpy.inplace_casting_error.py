# In-place arithmetic casts its result back with NumPy's 'same_kind' rule:
# float64 into float32 is fine, float into an int buffer is refused.
import numpy as np

acc32 = np.zeros(3, dtype=np.float32)
acc32 += np.ones(3) * 0.25
print(acc32, acc32.dtype)  # expect: [0.25 0.25 0.25] float32
counts = np.zeros(4, dtype=np.int64)
counts += np.array([1, 2, 3, 4], dtype=np.int32)
small = np.zeros(2, dtype=np.int8)
small += 3
print(counts.tolist(), counts.dtype, small.dtype)  # expect: [1, 2, 3, 4] int64 int8
try:
    counts /= 2
except TypeError as e:
    print(isinstance(e, TypeError), "|", e)  # expect: True | Cannot cast ufunc 'divide' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'
counts //= 2
print(counts.tolist())  # expect: [0, 1, 1, 2]
counts += 1.5  # expect error: numpy._core._exceptions._UFuncOutputCastingError: Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'
