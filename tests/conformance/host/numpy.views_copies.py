# What copies: advanced (integer-array and boolean) indexing, copy(),
# np.array(...), np.copy; np.asarray of an ndarray is the array itself.
# shares_memory is exact, may_share_memory only compares bounds.
import numpy as np

a = np.arange(8, dtype=np.float64)
picked = a[[1, 3, 5]]
picked[:] = 0
masked = a[a > 5]
masked += 100
print(a.tolist())  # expect: [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
c1 = a.copy()
c2 = np.array(a)
c3 = np.copy(a)
c1[0] = c2[0] = c3[0] = 9
print(a[0], np.asarray(a) is a, np.array(a) is a)  # expect: 0.0 True False
print(np.asarray(a, dtype=np.float64) is a, np.asarray(a, dtype=np.float32) is a)  # expect: True False
print(np.shares_memory(a, a[2:4]), np.shares_memory(a, c1))  # expect: True False
print(np.shares_memory(a[:4], a[4:]), np.may_share_memory(a[:4], a[4:]))  # expect: False False
print(np.shares_memory(a[::2], a[1::2]), np.may_share_memory(a[::2], a[1::2]))  # expect: False True
a[[0, 2]] = [-1, -2]
a[a < 0] *= 10
print(a[:3].tolist())  # expect: [-10.0, 1.0, -20.0]
import copy
snap = copy.deepcopy({"w": a, "rows": [a[:2]]})
snap["w"][0] = 123
snap["rows"][0][1] = 456
print(a[:2].tolist(), copy.copy(a) is a, copy.copy(a).base is None)  # expect: [-10.0, 1.0] False True
