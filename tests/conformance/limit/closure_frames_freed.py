# rungs-args: --max-memory 20000000
# A call that defines a closure (a kernel, an index-map lambda kept in a
# spec) is a reference cycle frame -> closure -> frame; when nothing outside
# the call reaches them, the frame is freed as the call returns, so a loop of
# such calls (a test file's kernels) keeps only one call's arrays: 4 MB each
# under a 20 MB budget. A closure that escapes keeps its frame.
import jax.numpy as jnp

SHARED_SPACE = ["vmem"]  # a module constant the specs point at (as pl.ANY is)


def step(i):
    x = jnp.zeros((1000, 1000), jnp.float32) + i
    index_map = lambda j: (j, 0)
    spec = {"map": index_map, "shape": [x.shape], "space": SHARED_SPACE}
    def kernel():
        return x[0, 0] + len(spec)
    return float(kernel())


total = 0.0
for i in range(30):
    total += step(i)
print(total)  # expect: 525.0


class Desc:
    # An instance holding a closure over the frame that made it (as a DMA
    # descriptor object in a kernel does).
    def __init__(self, fn):
        self.fn = fn


def step_with_instance(i):
    x = jnp.zeros((1000, 1000), jnp.float32) + i
    d = Desc(lambda: x[0, 0])
    return float(d.fn())


print(sum(step_with_instance(i) for i in range(30)))  # expect: 435.0


def make_reader(i):
    y = jnp.full((4,), float(i))
    return lambda: float(y.sum())  # escapes: its frame must stay usable


readers = [make_reader(i) for i in range(3)]
print([r() for r in readers])  # expect: [0.0, 4.0, 8.0]


def keep_in_list(out):
    z = jnp.arange(3.0)
    f = lambda: float(z[2])
    out.append(f)  # held outside through the caller's list


kept = []
keep_in_list(kept)
print(kept[0]())  # expect: 2.0
