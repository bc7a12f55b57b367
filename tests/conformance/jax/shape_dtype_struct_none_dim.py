# A None dimension in jax.ShapeDtypeStruct's shape is refused with JAX's text.
import jax
import jax.numpy as jnp

jax.ShapeDtypeStruct((2, None), jnp.float32)  # expect error: ValueError: `shape` passed to `ShapeDtypeStruct` cannot have None in it. Got shape=(2, None)
