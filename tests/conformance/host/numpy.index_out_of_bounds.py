# NumPy arrays raise for an integer index past the end of an axis, reading
# or writing (jax.numpy arrays gather in "fill" mode instead).
import numpy as np

grid = np.zeros((4, 3))
grid[3, 2] = 5.0
print(grid[-1, -1], grid[3].shape)   # expect: 5.0 (3,)
try:
    grid[4]
except IndexError as e:
    print(e)                         # expect: index 4 is out of bounds for axis 0 with size 4
try:
    grid[0, -4] = 1.0
except IndexError as e:
    print(e)                         # expect: index -4 is out of bounds for axis 1 with size 3
grid[1, 3]                           # expect error: IndexError: index 3 is out of bounds for axis 1 with size 3
