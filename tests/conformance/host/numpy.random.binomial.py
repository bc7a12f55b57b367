# np.random.binomial as mask builders call it (splash attention's random
# masks: n=1, p = 1 - sparsity, then astype(bool)), and the larger n*p that
# switch NumPy from CDF inversion to BTPE; RandomState and Generator streams.
import numpy as np

np.random.seed(0)
print(np.random.binomial(1, 0.7, size=10))  # expect: [1 0 1 1 1 1 1 0 0 1]
print(np.random.binomial(n=1, p=0.25, size=(2, 6)).astype(np.bool_).sum())  # expect: 7
print(np.random.binomial(100, 0.4, size=5))  # expect: [37 36 37 39 36]
print(np.random.binomial(1000, 0.9, 4))  # expect: [910 881 896 902]
print(np.random.binomial(20, 0.3), np.random.binomial(0, 0.5), np.random.binomial(7, 1.0), np.random.binomial(7, 0.0))  # expect: 7 0 7 0
state = np.random.RandomState(3)
draws = state.binomial(50, 0.5, (2, 3))
print(draws.tolist(), draws.dtype)  # expect: [[25, 27, 23], [25, 29, 29]] int64
print(state.binomial(10**6, 0.001, 3), state.binomial(5, 0.999, 4))  # expect: [998 976 973] [5 5 5 5]
rng = np.random.default_rng(42)
print(rng.binomial(1, 0.5, 8), rng.binomial(200, 0.35, 3), rng.binomial(12, 0.6))  # expect: [1 0 1 1 0 1 1 1] [68 68 78] 7
np.random.binomial(-1, 0.5)  # expect error: ValueError: n < 0
