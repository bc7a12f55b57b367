# checkify.check on the host, as block-sparse wrappers validate their
# offsets: inside checkify the first failed check becomes the returned Error;
# outside it a failed check raises at once.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import checkify


@checkify.checkify
@functools.partial(jax.jit, static_argnums=(1,))
def block_start(starts, size):
    checkify.check(starts[0] % size == 0, "start {} is not a multiple of {}", starts[0], size)
    checkify.check(starts[1] % size == 0, "second start is misaligned")
    return jnp.array(starts) // size


err, blocks = block_start((128, 256), 128)
print(err.get(), blocks)  # expect: None [1 2]
err, blocks = block_start((64, 96), 128)
print(err.get())  # expect: start 64 is not a multiple of 128 (`check` failed)
err.throw()  # expect error: JaxRuntimeError: start 64 is not a multiple of 128 (`check` failed)
