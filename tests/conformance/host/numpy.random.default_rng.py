# default_rng: PCG64 seeded through SeedSequence; uniform floats and Lemire integers.
import numpy as np
rng = np.random.default_rng(0)
print(rng.random())  # expect: 0.6369616873214543
print(rng.random(3).astype(np.float32).tolist())  # expect: [0.2697867155075073, 0.04097352549433708, 0.016527635976672173]
print(rng.integers(0, 10, 5).tolist())  # expect: [1, 8, 6, 9, 5]
print(rng.integers(5), rng.integers(-3, 3))  # expect: 3 2
print(rng.integers(1, 6, size=4, endpoint=True).tolist())  # expect: [5, 4, 4, 4]
print(rng.integers(0, 2**31 - 1, (2, 2), dtype=np.int32).tolist())  # expect: [[2008052738, 595598245], [1752032165, 1440696407]]
print(rng.uniform(2.0, 3.0, 2).astype(np.float32).tolist())  # expect: [2.8574042320251465, 2.033585548400879]
print(rng.uniform())  # expect: 0.7296554464299441
# The buffered half of a 64-bit word carries across calls.
rng = np.random.default_rng(12345)
print(rng.integers(0, 100, 3).tolist(), rng.random())  # expect: [69, 22, 78] 0.7973654573327341
print(rng.integers(0, 2**33, 2).astype(np.float32).tolist())  # expect: [5808983552.0, 3359605504.0]
