# ndarray.tobytes() (C order, little-endian element bytes, any view) and
# np.frombuffer, as mask caches hash arrays and loaders read raw weights.
import numpy as np

ids = np.arange(6, dtype=np.int16).reshape(2, 3)
print(ids.tobytes())  # expect: b'\x00\x00\x01\x00\x02\x00\x03\x00\x04\x00\x05\x00'
print(ids.T.tobytes())  # expect: b'\x00\x00\x03\x00\x01\x00\x04\x00\x02\x00\x05\x00'
print(np.array([True, False, True]).tobytes())  # expect: b'\x01\x00\x01'
print(np.array([1.5, -2.0], dtype=np.float32).tobytes())  # expect: b'\x00\x00\xc0?\x00\x00\x00\xc0'
print(np.array([1], dtype=np.float64).tobytes().hex())  # expect: 000000000000f03f
print(len(np.zeros((4, 8), np.uint8).tobytes()), type(ids.tobytes()).__name__)  # expect: 32 bytes
mask = np.array([[1, 0], [0, 1]], dtype=np.bool_)
print(hash(mask.tobytes()) == hash(mask.copy().tobytes()), mask.tobytes() == mask.T.tobytes())  # expect: True True
print(np.frombuffer(b"\x01\x00\x02\x00", dtype=np.int16))  # expect: [1 2]
print(np.frombuffer(ids.tobytes(), dtype=np.int16).reshape(2, 3).tolist())  # expect: [[0, 1, 2], [3, 4, 5]]
print(np.frombuffer(b"\x00\x00\xc0?\x00\x00\x00\xc0", np.float32, count=1, offset=4))  # expect: [-2.]
print(np.frombuffer(bytes(8)).dtype, np.frombuffer(b"\x01\x00\x01", dtype=np.bool_))  # expect: float64 [ True False  True]
np.frombuffer(b"abc", dtype=np.int16)  # expect error: ValueError: buffer size must be a multiple of element size
