# One RandomState per test: independent MT19937 streams, int and array seeds.
import numpy as np
a = np.random.RandomState(1234)
b = np.random.RandomState(1234)
print(a.normal(2.0, 3.0))  # expect: 3.4143054911974793
print(a.normal(2.0, 3.0, size=3).astype(np.float32).tolist())  # expect: [-1.5729271173477173, 6.298120975494385, 1.0620442628860474]
print(b.normal(2.0, 3.0))  # expect: 3.4143054911974793
print(a.standard_normal((2, 2)).astype(np.float32).tolist())  # expect: [[-0.720588743686676, 0.8871629238128662], [0.8595883846282959, -0.6365234851837158]]
print(a.randn(), a.rand())  # expect: 0.015696372114428918 0.6834629351721363
# Array seeds go through init_by_array.
c = np.random.RandomState([1, 2, 3])
print(c.random_sample(), c.randint(100))  # expect: 0.6098612722867289 67
c.seed(2**32 - 1)
print(c.random_sample())  # expect: 0.0976320289940138
c.seed([0])
print(c.random_sample())  # expect: 0.8444218515250481
# The module functions use their own global state, untouched by RandomState.
np.random.seed(7)
r = np.random.RandomState(7)
print(np.random.rand() == r.rand())  # expect: True
print(r)  # rungs-only # expect: RandomState(MT19937)
