# reshape and ravel return views of a contiguous array and copies of a
# strided one (a transpose); flatten always copies; .base names the owner.
import numpy as np

flat = np.arange(12)
img = flat.reshape(3, 4)
img[2, 3] = 99
print(flat[-1], img.base is flat)  # expect: 99 True
cube = np.zeros((2, 2, 2))
line = cube.ravel()
line[7] = 1.0
print(cube[1, 1, 1], np.shares_memory(cube, line))  # expect: 1.0 True
tr = img.T
copied = tr.reshape(12)
copied[0] = -1
print(img[0, 0], np.shares_memory(img, copied), copied.base is None)  # expect: 0 False False
rav = tr.ravel()
print(np.shares_memory(tr, rav), rav[:4].tolist())  # expect: False [0, 4, 8, 1]
fl = img.flatten()
fl[1] = -7
print(img[0, 1], fl.base is None)  # expect: 1 True
sq = np.zeros((1, 3, 1))
s = sq.squeeze()
s[1] = 5
print(sq.ravel().tolist(), s.shape)  # expect: [0.0, 5.0, 0.0] (3,)
v = img.view()
v[0, 0] = 42
print(flat[0], v is img, v.base is flat)  # expect: 42 False True
r2 = np.reshape(flat, (4, 3))
r2[0, 1] = -2
print(flat[1], np.transpose(r2).shape)  # expect: -2 (3, 4)
