# A paged-attention-like gather: each grid step (one sequence) copies its
# pages, chosen by a scalar-prefetched page table, from the HBM cache into
# a VMEM buffer with one async copy per page on a shared semaphore, then
# reduces over the valid tokens only (a length per sequence). The last
# page is copied with a traced token count; a page is (tokens, heads,
# head_dim), so that count is on an untiled dim and the chip compiles it.
# interpret=True cannot discharge a DMA of traced size.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

PAGES_PER_SEQ, PAGE = 3, 8

def gather_kernel(pages_ref, lens_ref, cache_hbm, o_ref, buf, sem):
    b = pl.program_id(0)
    length = lens_ref[b]
    copies = []
    for p in range(PAGES_PER_SEQ - 1):
        copies.append(pltpu.make_async_copy(cache_hbm.at[pages_ref[b, p]], buf.at[p], sem))
    rest = length - (PAGES_PER_SEQ - 1) * PAGE
    last = pltpu.make_async_copy(cache_hbm.at[pages_ref[b, PAGES_PER_SEQ - 1], pl.ds(0, rest)],
                                 buf.at[PAGES_PER_SEQ - 1, pl.ds(0, rest)], sem)
    for c in copies:
        c.start()
    last.start()  # [interpret] expect error: TypeError: Shapes must be 1D sequences of concrete values of integer type, got (1, Traced<int32[]>with<DynamicJaxprTrace>, 2, 128)....
    for c in copies:
        c.wait()
    last.wait()
    shape = (PAGES_PER_SEQ, PAGE, 2, 128)
    rows = jax.lax.broadcasted_iota(jnp.int32, shape, 0) * PAGE + jax.lax.broadcasted_iota(jnp.int32, shape, 1)
    vals = jnp.where(rows < length, buf[...], 0.0)
    o_ref[...] = jnp.sum(vals, axis=(0, 1))[None]

cache = jnp.arange(6 * PAGE, dtype=jnp.float32).reshape(6, PAGE, 1, 1) * jnp.ones((6, PAGE, 2, 128), jnp.float32)
pages = jnp.array([[4, 0, 2], [1, 5, 3]], jnp.int32)
lens = jnp.array([20, 24], jnp.int32)
out = pl.pallas_call(
    gather_kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=2,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec((1, 2, 128), lambda b, pages, lens: (b, 0, 0)),
        grid=(2,),
        scratch_shapes=[pltpu.VMEM((PAGES_PER_SEQ, PAGE, 2, 128), jnp.float32), pltpu.SemaphoreType.DMA]),
    out_shape=jax.ShapeDtypeStruct((2, 2, 128), jnp.float32),
    interpret=pltpu.InterpretParams(),
)(pages, lens, cache)
c = np.asarray(cache)[:, :, 0, 0]
ref = [c[[4, 0, 2]].reshape(-1)[:20].sum(), c[[1, 5, 3]].reshape(-1)[:24].sum()]
print(out[:, 0, 0], np.asarray(ref, np.float32))  # [tpu,chip] expect: [382. 660.] [382. 660.]
print(bool(jnp.all(out == out[:, :1, :1])))  # [tpu,chip] expect: True
