# A ragged KV-cache write in the style of the serving engines' update
# kernels: a scalar-prefetched table gives, per slot, where the new tokens
# start, where they go in the cache and how many there are; each grid step
# handles two slots, staging the tokens through VMEM with DMAs whose row
# count is that traced length. A zero length (an unused slot) copies
# nothing. Rungs 2 and 3 run it; interpret=True cannot discharge a DMA of
# traced size.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

SLOTS_PER_STEP, PAGE = 2, 8

def write_kernel(table_ref, tokens_hbm, cache_hbm, _, stage, sem):
    step = pl.program_id(0)
    copies = []
    for s in range(SLOTS_PER_STEP):
        slot = step * SLOTS_PER_STEP + s
        n = table_ref[slot, 2]
        c = pltpu.make_async_copy(tokens_hbm.at[pl.ds(table_ref[slot, 0], n)], stage.at[s, pl.ds(0, n)], sem)
        c.start()  # [interpret] expect error: TypeError: Shapes must be 1D sequences of concrete values of integer type, got (Traced<int32[]>with<DynamicJaxprTrace>, 2, 128)....
        copies.append(c)
    for c in copies:
        c.wait()
    copies = []
    for s in range(SLOTS_PER_STEP):
        slot = step * SLOTS_PER_STEP + s
        n = table_ref[slot, 2]
        c = pltpu.make_async_copy(stage.at[s, pl.ds(0, n)], cache_hbm.at[pl.ds(table_ref[slot, 1], n)], sem)
        c.start()
        copies.append(c)
    for c in copies:
        c.wait()

def update_cache(tokens, table, cache):
    return pl.pallas_call(
        write_kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY), pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            grid=(table.shape[0] // SLOTS_PER_STEP,),
            scratch_shapes=[pltpu.VMEM((SLOTS_PER_STEP, PAGE) + tokens.shape[1:], tokens.dtype),
                            pltpu.SemaphoreType.DMA]),
        out_shape=jax.ShapeDtypeStruct(cache.shape, cache.dtype),
        input_output_aliases={2: 0},
        interpret=pltpu.InterpretParams(),
    )(table, tokens, cache)

tokens = (jnp.arange(13, dtype=jnp.float32)[:, None, None] + 1) * jnp.ones((13, 2, 128), jnp.float32)
cache = jnp.zeros((32, 2, 128), jnp.float32)
# (token start, cache start, length): 4 tokens, 1 token, 8 tokens, unused
table = jnp.array([[0, 9, 4], [4, 16, 1], [5, 24, 8], [0, 0, 0]], jnp.int32)
out = update_cache(tokens, table, cache)
print(out[8:18, 0, 0].astype(jnp.int32))  # [tpu,chip] expect: [0 1 2 3 4 0 0 0 5 0]
print(out[23:, 1, 127].astype(jnp.int32))  # [tpu,chip] expect: [ 0  6  7  8  9 10 11 12 13]
expected = np.zeros((32, 2, 128), np.float32)
for t0, c0, n in np.asarray(table):
    expected[c0:c0 + n] = np.asarray(tokens)[t0:t0 + n]
print(bool(np.array_equal(np.asarray(out), expected)))  # [tpu,chip] expect: True
