# jax.vmap over a function whose grid size comes from the batched argument:
# as JAX's batching rule does, each example runs its own call with its own
# number of grid steps (a batch of one is squeezed), and the outputs stack.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def count_steps(o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += 1


@jax.jit
@jax.vmap
def steps_taken(steps):
    return pl.pallas_call(
        count_steps,
        grid=(steps * 2,),
        out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    )()


out = steps_taken(jnp.array([4, 1, 3], jnp.int32))
print(out.shape, out[:, 0, 0])  # expect: (3, 8, 128) [8. 2. 6.]
print(steps_taken(jnp.array([5], jnp.int32))[0, 7, 127])  # expect: 10.0
