# JAX's promotion lattice keeps int4 apart: a Python int adapts to it, but an
# int4 array meets an int8 array only through an explicit astype.
import jax.numpy as jnp

w = jnp.array([1, -2, 3], jnp.int4)
print((w * 2).dtype, (True & (w > 0)).dtype)  # expect: int4 bool
a = jnp.array([1, 1, 1], jnp.int8)
print((w.astype(jnp.int8) + a).dtype)  # expect: int8
print(w + a)  # expect error: TypePromotionError: Input dtypes ('int4', 'int8') have no available implicit dtype promotion path. To avoid unintended promotion, 1-bit, 2-bit and 4-bit integers do not support implicit promotion. If you'd like your inputs to be promoted to another type, you can do so explicitly using e.g. x.astype('int32')
