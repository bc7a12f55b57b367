# jnp.unstack as JAX's kernel tests split a loaded block into rows; an
# axis out of range (any axis of a scalar) is refused with JAX's text.
import jax.numpy as jnp

x = jnp.arange(6.0).reshape(2, 3)
top, bottom = jnp.unstack(x)
print(top, bottom)  # expect: [0. 1. 2.] [3. 4. 5.]
cols = jnp.unstack(x, axis=-1)
print(len(cols), cols[2].tolist(), cols[0].dtype)  # expect: 3 [2.0, 5.0] float32
jnp.unstack(jnp.float32(1.0))  # expect error: ValueError: axis 0 is out of bounds for array of dimension 0
