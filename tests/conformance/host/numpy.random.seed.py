# A harness's seeded inputs: np.random.seed + randn, as NumPy draws them
# (legacy MT19937 stream; polar Box-Muller with the cached second value).
import numpy as np
np.random.seed(0)
x = np.random.randn(8, 128).astype(np.float32)
print(x.shape, x.dtype)  # expect: (8, 128) float32
print(x[0, :4].tolist())  # expect: [1.764052391052246, 0.40015721321105957, 0.978738009929657, 2.2408931255340576]
print(x[7, -3:].tolist())  # expect: [0.7010413408279419, -0.4174773395061493, -1.0974966287612915]
print(int((x > 0).sum()), float(x.max()), float(x.min()))  # expect: 491 2.759355068206787 -3.046143054962158
# An odd count leaves the second value of the last pair cached for the next call.
np.random.seed(1)
print(np.random.randn(3).astype(np.float32).tolist())  # expect: [1.6243454217910767, -0.6117563843727112, -0.5281717777252197]
print(np.random.randn())  # expect: -1.0729686221561705
print(np.random.standard_normal())  # expect: 0.8654076293246785
# Re-seeding drops the cached value.
np.random.seed(1)
print(np.random.randn())  # expect: 1.6243453636632417
