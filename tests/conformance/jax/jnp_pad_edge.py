# jnp.pad(mode="edge") as SplashAttention's mask info pads block masks: each
# side repeats its axis's edge slice; other non-constant modes stay refused.
import jax.numpy as jnp

x = jnp.arange(6).reshape(2, 3)
print(jnp.pad(x, ((1, 2), (0, 1)), mode="edge").tolist())  # expect: [[0, 1, 2, 2], [0, 1, 2, 2], [3, 4, 5, 5], [3, 4, 5, 5], [3, 4, 5, 5]]
print(jnp.pad(jnp.array([1.5, 2.5]), 2, mode="edge"))  # expect: [1.5 1.5 1.5 2.5 2.5 2.5]
m = jnp.array([[True, False]])
print(jnp.pad(m, ((0, 1), (1, 0)), mode="edge").tolist(), jnp.pad(m, 1, mode="edge").dtype)  # expect: [[True, True, False], [True, True, False]] bool
jnp.pad(x, 1, mode="reflect")  # expect error: NotImplementedError: jnp.pad with mode='reflect' is not supported by Rungs
