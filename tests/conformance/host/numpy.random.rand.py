# Uniform draws of the legacy stream: rand, random_sample and its aliases, uniform.
import numpy as np
np.random.seed(42)
print(np.random.rand())  # expect: 0.3745401188473625
print(np.random.rand(2, 3).astype(np.float32).tolist())  # expect: [[0.9507142901420593, 0.7319939136505127, 0.5986585021018982], [0.15601864457130432, 0.15599451959133148, 0.058083612471818924]]
print(np.random.random_sample())  # expect: 0.8661761457749352
print(np.random.random((2,)).astype(np.float32).tolist())  # expect: [0.6011149883270264, 0.7080726027488708]
print(np.random.ranf(), np.random.sample())  # expect: 0.020584494295802447 0.9699098521619943
print(np.random.uniform(-1.0, 1.0, 4).astype(np.float32).tolist())  # expect: [0.6648852825164795, -0.5753217935562134, -0.6363500952720642, -0.6331909894943237]
print(np.random.uniform(), np.random.uniform(5, 6))  # expect: 0.3042422429595377 5.5247564316322375
print(np.random.rand(0).shape, np.random.rand(2, 0).shape)  # expect: (0,) (2, 0)
