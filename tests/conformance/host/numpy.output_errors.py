# Writes that NumPy refuses: an in-place result that does not fit the
# output's shape, an assignment whose value does not broadcast into the
# selected slots, and in-place arithmetic on a read-only array.
import numpy as np

acc = np.zeros(3)
try:
    acc += np.ones((2, 3))
except ValueError as e:
    print(e)  # expect: non-broadcastable output operand with shape (3,) doesn't match the broadcast shape (2,3)
buf = np.zeros((4, 3))
try:
    buf[0:2] = np.ones((3, 3))
except ValueError as e:
    print(e)  # expect: could not broadcast input array from shape (3,3) into shape (2,3)
try:
    buf[:, 0] = [1, 2]
except ValueError as e:
    print(e)  # expect: could not broadcast input array from shape (2,) into shape (4,)
buf[1:3] = np.arange(3)
print(buf[:, 2].tolist())  # expect: [0.0, 2.0, 2.0, 0.0]
try:
    buf[buf == 0] = [1.0, 2.0]
except ValueError as e:
    print(e)  # expect: NumPy boolean array indexing assignment cannot assign 2 input values to the 8 output values where the mask is true
try:
    buf[buf > 0] = np.ones((2, 2))
except TypeError as e:
    print(e)  # expect: NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has 2 dimensions
buf[buf == 0] = -1.0
buf[buf > 0] = np.arange(4)
print(buf[1:3].tolist())  # expect: [[-1.0, 0.0, 1.0], [-1.0, 2.0, 3.0]]
for bad in [lambda: buf.transpose(1, 1), lambda: buf.swapaxes(0)]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)  # expect: ValueError repeated axis in transpose
# expect: TypeError swapaxes() takes exactly 2 arguments (1 given)
frozen = np.arange(4.0)
frozen.setflags(write=False)
print(frozen.flags.writeable, (frozen + 1).flags.writeable)  # expect: False True
frozen[1:] *= 2  # expect error: ValueError: output array is read-only
