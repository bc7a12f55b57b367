# In-place updates of NumPy buffers keep the buffer's dtype: a float64
# accumulator stays float64 when float32 blocks are added, a float32 one
# stays float32; every name bound to the buffer sees the change.
import numpy as np

acc = np.zeros((2, 3))
alias = acc
blk = np.ones((2, 3), dtype=np.float32) * 0.5
for step in range(3):
    acc[:, :] += blk
print(acc.dtype, alias[0, 0], repr(alias[1, 2]))  # expect: float64 1.5 np.float64(1.5)
f32 = np.zeros(4, dtype=np.float32)
f32[1:3] = np.array([0.1, 0.2])
print(f32.dtype, f32)  # expect: float32 [0.  0.1 0.2 0. ]
ints = np.arange(5)
ints[::2] = 9
ints[1] = 2.7
print(ints.dtype, ints)  # expect: int64 [9 2 9 3 9]
counts = np.zeros(3, dtype=np.int64)
for v in [0, 2, 2, 1, 2]:
    counts[v] += 1
print(counts, counts.sum())  # expect: [1 1 3] 5
buf = np.zeros(3, dtype=np.float32)
view = buf
buf += 1.5
buf *= 2
print(view, view.dtype, buf is view)  # expect: [3. 3. 3.] float32 True
