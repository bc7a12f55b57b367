# SEMANTICS 3.6: in generic mode an aliased output starts as the input, but
# the input and output stay separate arrays: the kernel never sees its own
# output writes through the input ref. The chip refuses the scalar stores
# into a VMEM ref (SEMANTICS 5.2).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[0] = x_ref[0] + 1.0  # [chip] expect error: ValueError: Cannot store scalars to VMEM
    o_ref[1] = x_ref[0]

x = jnp.array([5.0, 0.0, 9.0], jnp.float32)
y = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((3,), jnp.float32),
                   input_output_aliases={0: 0}, interpret=True)(x)
print(y)  # [interpret] expect: [6. 5. 9.]
          # [tpu] expect: [ 6.  5. nan]
print(x)  # [interpret,tpu] expect: [5. 0. 9.]
