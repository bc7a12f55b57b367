# A reference harness's buffers, as NumPy 2 makes them: np.zeros/ones/full/
# eye/identity/linspace default to float64, np.arange of ints is int64, and
# np.array infers float64/int64 from Python numbers.
import numpy as np

print(np.zeros(3).dtype, np.ones((2, 2)).dtype, np.full(2, 1.5).dtype)  # expect: float64 float64 float64
print(np.eye(2).dtype, np.identity(3).dtype, np.linspace(0, 1, 5).dtype)  # expect: float64 float64 float64
print(np.arange(8).dtype, np.arange(0.0, 1.0, 0.25).dtype, np.arange(2, 10, 3).dtype)  # expect: int64 float64 int64
print(np.array([1.0, 2]).dtype, np.array([1, 2]).dtype, np.array([True]).dtype)  # expect: float64 int64 bool
print(np.full(2, 7).dtype, np.zeros_like(np.arange(3)).dtype)  # expect: int64 int64
print(repr(np.zeros(3)))  # expect: array([0., 0., 0.])
print(repr(np.arange(4)))  # expect: array([0, 1, 2, 3])
print(repr(np.linspace(0, 1, 5)))  # expect: array([0.  , 0.25, 0.5 , 0.75, 1.  ])
print(np.zeros(3).itemsize, np.zeros(3).nbytes, np.arange(4).nbytes)  # expect: 8 24 32
print(repr(np.zeros(2, dtype=np.float32)), np.zeros(2, np.float32).itemsize)  # expect: array([0., 0.], dtype=float32) 4
print(repr(np.eye(2, dtype=np.int32)))  # expect: array([[1, 0],
# expect:        [0, 1]], dtype=int32)
