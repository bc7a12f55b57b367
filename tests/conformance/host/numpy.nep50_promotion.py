# NumPy 2's promotion (NEP 50) in the arithmetic a harness does around its
# kernels: Python scalars are weak (a float32 buffer times 2.0 stays
# float32), NumPy arrays and scalars are strong (int64 + float32 is float64,
# int32 + uint32 is int64).
import numpy as np

x32 = np.ones(3, dtype=np.float32)
print((x32 + 1.0).dtype, (x32 * 2).dtype, (2.5 - x32).dtype)  # expect: float32 float32 float32
i64 = np.arange(3)
print((i64 + x32).dtype, (x32 * i64).dtype)  # expect: float64 float64
print((np.arange(3, dtype=np.int32) + np.arange(3, dtype=np.uint32)).dtype)  # expect: int64
print((np.ones(2, np.float16) + np.ones(2, np.int8)).dtype)  # expect: float16
print((np.ones(2, np.float16) + np.ones(2, np.int16)).dtype)  # expect: float32
print((i64 / 2).dtype, (i64 // 2).dtype, (i64 * 1.5).dtype, (i64 ** 2).dtype)  # expect: float64 int64 float64 int64
print((np.arange(3, dtype=np.int8) + 1).dtype, (np.arange(3, dtype=np.uint8) * 3).dtype)  # expect: int8 uint8
print(np.result_type(np.int32, np.uint32), np.promote_types(np.int64, np.float32))  # expect: int64 float64
print((np.ones(2, np.bool_) + 1).dtype, (np.ones(2, np.bool_) * 1.5).dtype)  # expect: int64 float64
print(repr(np.float32(1) + 1.0), repr(np.float32(1) + np.float64(1)))  # expect: np.float32(2.0) np.float64(2.0)
print(repr(np.int32(7) * 2), repr(np.int64(7) / 2))  # expect: np.int32(14) np.float64(3.5)
print((x32 + np.float64(1.0)).dtype)  # expect: float64
q = np.arange(4, dtype=np.uint8)
print((q + 200).dtype, q[3] + 200)  # expect: uint8 203
q + 300  # expect error: OverflowError: Python integer 300 out of bounds for uint8
