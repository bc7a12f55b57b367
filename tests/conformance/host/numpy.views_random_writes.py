# Random element writes through a mix of views (slices with negative and
# stepped strides, transposes, rows, columns, reshapes) and into the base,
# with in-place adds: every view and the base must agree with NumPy's.
import numpy as np
state = [777]
def rnd(n):
    state[0] = (state[0] * 1103515245 + 12345) % 2147483648
    return state[0] % n
def rslice(n):
    a, b = rnd(n + 1), rnd(n + 1)
    step = [1, 1, 2, 3, -1, -2][rnd(6)]
    if step < 0:
        a, b = max(a, b), min(a, b) - 1
        if b < 0:
            b = None
    else:
        a, b = min(a, b), max(a, b)
    return slice(a, b, step)
total = 0
for trial in range(60):
    base = np.arange(48.0).reshape(4, 3, 4) * (trial + 1)
    views = [base[rslice(4), :, rslice(4)], base.T, base[1], base[:, rnd(3)], base.reshape(12, 4)[rslice(12)], base[::-1, ::2].transpose(2, 0, 1)]
    for w in range(8):
        v = views[rnd(len(views))] if rnd(2) else base
        if v.size == 0:
            continue
        idx = tuple(rnd(s) for s in v.shape)
        v[idx] = -(w + 1) * 1000 - trial
        if rnd(3) == 0:
            v += 0.5
    for v in views:
        total += float(v.sum()) * (1 + rnd(5))
    total += float(base.sum())
print(total)  # expect: -4647470.5
