# jnp.pad(mode="wrap"), as JAX's ops tests build a rolled/circular reference:
# the padded axis reads the array cyclically, wider pads than the axis
# going round more than once, as NumPy's wrap does.
import jax.numpy as jnp

x = jnp.arange(6).reshape(2, 3)
print(jnp.pad(x, ((1, 2), (4, 1)), mode="wrap").tolist())  # expect: [[5, 3, 4, 5, 3, 4, 5, 3], [2, 0, 1, 2, 0, 1, 2, 0], [5, 3, 4, 5, 3, 4, 5, 3], [2, 0, 1, 2, 0, 1, 2, 0], [5, 3, 4, 5, 3, 4, 5, 3]]
print(jnp.pad(jnp.array([1.5, 2.5, 3.5]), (2, 1), mode="wrap"))  # expect: [2.5 3.5 1.5 2.5 3.5 1.5]
print(jnp.pad(x, 0, mode="wrap").shape, jnp.pad(x.astype(jnp.bfloat16), ((0, 0), (0, 3)), mode="wrap").dtype)  # expect: (2, 3) bfloat16
