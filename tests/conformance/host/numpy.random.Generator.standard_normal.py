# default_rng's normals: NumPy's 256-layer ziggurat, in float32 (its own
# 32-bit draws) and float64 (stored by the engine rounded to float32).
import numpy as np
rng = np.random.default_rng(0)
x = rng.standard_normal((256, 512), dtype=np.float32)
print(x.shape, x.dtype)  # expect: (256, 512) float32
print(x[0, :4].tolist())  # expect: [1.1176220178604126, -1.3871248960494995, -0.4265716075897217, -0.8035872578620911]
print(x[255, -2:].tolist())  # expect: [2.1546590328216553, 2.0236785411834717]
print(int((x > 0).sum()), float(x.max()), float(x.min()))  # expect: 65826 4.223187446594238 -4.461251735687256
y = np.random.default_rng(1).standard_normal((64, 64)).astype(np.float32)
print(y[0, :3].tolist(), int((y > 1).sum()), float(y.max()))  # expect: [0.3455841839313507, 0.8216181397438049, 0.3304370641708374] 626 3.7516350746154785
z = np.random.default_rng(2).normal(1.0, 0.5, 5).astype(np.float32)
print(z.tolist())  # expect: [1.0945266485214233, 0.7386257648468018, 0.7934682369232178, -0.22073368728160858, 1.8998537063598633]
print(np.float32(np.random.default_rng(3).standard_normal()))  # expect: 2.040919
print(np.random.default_rng(3).standard_normal(dtype=np.float32))  # expect: 2.4171500205993652
print(np.random.default_rng(4).random((2, 2), dtype=np.float32).tolist())  # expect: [[0.7264427542686462, 0.943056046962738], [0.8813958764076233, 0.5113275051116943]]
