# ufuncs writing into existing buffers with out=: into a whole array, into
# a row view of a reference buffer, with the result cast 'same_kind'.
import numpy as np

x = np.arange(6, dtype=np.float64).reshape(2, 3)
dst = np.empty((2, 3), dtype=np.float32)
r = np.multiply(x, 0.5, out=dst)
print(r is dst, dst.dtype, dst[1].tolist())  # expect: True float32 [1.5, 2.0, 2.5]
ref = np.zeros((3, 3))
for i in range(3):
    np.add(np.arange(3), i * 10, out=ref[i])
print(ref[:, 0].tolist(), ref[2].tolist())  # expect: [0.0, 10.0, 20.0] [20.0, 21.0, 22.0]
np.exp(np.zeros(3), out=ref[0])
np.maximum(ref[1], 11, out=ref[1])
print(ref[0].tolist(), ref[1].tolist())  # expect: [1.0, 1.0, 1.0] [11.0, 11.0, 12.0]
col = np.zeros(3)
np.subtract(ref[:, 2], 2, out=col)
print(col.tolist())  # expect: [-1.0, 10.0, 20.0]
ints = np.zeros(3, dtype=np.int64)
np.add(ints, 1, out=ints)
print(ints.tolist())  # expect: [1, 1, 1]
np.true_divide(ints, 2, out=ints)  # expect error: numpy._core._exceptions._UFuncOutputCastingError: Cannot cast ufunc 'divide' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'
