# Item assignment casts unsafely, as NumPy does: floats written into an int
# buffer are truncated toward zero; a Python int the dtype cannot hold is
# NumPy 2's OverflowError.
import numpy as np

idx = np.zeros(4, dtype=np.int64)
idx[0] = 2.9
idx[1] = -2.9
idx[2:] = np.array([7.5, 1e3])
print(idx.tolist())  # expect: [2, -2, 7, 1000]
mask = np.zeros(3, dtype=np.bool_)
mask[1] = 5
print(mask.tolist())  # expect: [False, True, False]
f = np.zeros(2, dtype=np.float32)
f[0] = 1
f[1] = True
print(f.tolist())  # expect: [1.0, 1.0]
pix = np.zeros(3, dtype=np.uint8)
pix[0] = 255
pix[1] = np.int64(300)
print(pix.tolist())  # expect: [255, 44, 0]
pix[2] = 300  # expect error: OverflowError: Python integer 300 out of bounds for uint8
