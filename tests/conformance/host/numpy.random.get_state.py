# Saving and restoring the legacy state (the cached normal included), and
# the numpy.random names as types for isinstance.
import numpy as np
np.random.seed(10)
state = np.random.get_state()
print(state[0], len(state[1]), state[2], state[3], state[4])  # expect: MT19937 624 624 0 0.0
a = np.random.rand(3).astype(np.float32).tolist()
np.random.set_state(state)
b = np.random.rand(3).astype(np.float32).tolist()
print(a == b, a)  # expect: True [0.771320641040802, 0.0207519493997097, 0.6336482167243958]
np.random.randn()
saved = np.random.get_state()
print(saved[3], saved[4])  # expect: 1 1.6708081865317794
x = np.random.randn()
np.random.set_state(saved)
print(np.random.randn() == x, x)  # expect: True 1.6708081865317794
rs = np.random.RandomState(3)
print(isinstance(rs, np.random.RandomState), isinstance(np.random.default_rng(0), np.random.Generator))  # expect: True True
print(isinstance(rs, np.random.Generator))  # expect: False
rs.set_state(np.random.get_state())
print(rs.randn() == np.random.randn())  # expect: True
