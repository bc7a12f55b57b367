# A blocked reference matmul accumulated into slices of the output, as the
# TPU matmul guides write it: each output block is a view, `acc += ...`
# writes straight into the reference.
import numpy as np

M, N, K, BM, BN, BK = 8, 8, 8, 4, 4, 4
rng = np.random.default_rng(0)
x = rng.integers(-3, 4, size=(M, K)).astype(np.float32)
y = rng.integers(-3, 4, size=(K, N)).astype(np.float32)
ref = np.zeros((M, N), dtype=np.float32)
for i in range(M // BM):
    for j in range(N // BN):
        acc = ref[i * BM:(i + 1) * BM, j * BN:(j + 1) * BN]
        for k in range(K // BK):
            acc += x[i * BM:(i + 1) * BM, k * BK:(k + 1) * BK] @ y[k * BK:(k + 1) * BK, j * BN:(j + 1) * BN]
print(np.array_equal(ref, x @ y), ref.dtype)  # expect: True float32
out = np.zeros((2, 6))
halves = [out[:, :3], out[:, 3:]]
for n, h in enumerate(halves):
    h += n + 1
    h[0] *= 10
print(out.tolist())  # expect: [[10.0, 10.0, 10.0, 20.0, 20.0, 20.0], [1.0, 1.0, 1.0, 2.0, 2.0, 2.0]]
diag = np.zeros((3, 3), dtype=np.int64)
for i in range(3):
    diag[i, i:] += i + 1
print(diag.tolist(), diag.sum())  # expect: [[1, 1, 1], [0, 2, 2], [0, 0, 3]] 10
