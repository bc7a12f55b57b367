# A reference buffer filled row by row through views, as kernel harnesses
# build expected outputs: buf[i] of a 2-d array is a view, so writing into
# it (row[:] = ..., row += ...) fills the buffer; iterating yields views.
import numpy as np

rows, cols = 4, 8
ref = np.zeros((rows, cols), dtype=np.float32)
for i in range(rows):
    row = ref[i]
    row[:] = np.arange(cols) * (i + 1)
print(ref[:, 1].tolist())  # expect: [1.0, 2.0, 3.0, 4.0]
print(ref.sum(), ref.dtype)  # expect: 280.0 float32
for r in ref:
    r += 1
print(ref[0, :3], ref[3, -1])  # expect: [1. 2. 3.] 29.0
first = ref[0]
ref[0, 0] = -5
print(first[0], first.base is ref)  # expect: -5.0 True
grid = np.zeros((2, 3), dtype=np.int64)
grid[1][2] = 7
grid[0][:] = 1
print(grid.tolist())  # expect: [[1, 1, 1], [0, 0, 7]]
