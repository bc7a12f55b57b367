# Strided views: every other element, a column, a transpose. Writes go both
# ways: through the view into the base, and from the base into the view.
import numpy as np

a = np.arange(10)
evens = a[::2]
evens += 100
print(a.tolist())  # expect: [100, 1, 102, 3, 104, 5, 106, 7, 108, 9]
a[1::2] = 0
print(evens.tolist(), a[:4].tolist())  # expect: [100, 102, 104, 106, 108] [100, 0, 102, 0]
m = np.zeros((3, 4))
col = m[:, 2]
col[:] = [1.0, 2.0, 3.0]
m[0, 2] += 0.5
print(col, m[:, 2].sum())  # expect: [1.5 2.  3. ] 6.5
t = m.T
t[3] = 9.0
print(m[:, 3].tolist(), t.shape)  # expect: [9.0, 9.0, 9.0] (4, 3)
rev = a[::-1]
rev[0] = -1
print(a[-1], rev[:3].tolist())  # expect: -1 [-1, 108, 0]
block = m[1:, 1:3]
block *= 10
print(m.tolist())  # expect: [[0.0, 0.0, 1.5, 9.0], [0.0, 0.0, 20.0, 9.0], [0.0, 0.0, 30.0, 9.0]]
