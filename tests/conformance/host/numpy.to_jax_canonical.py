# NumPy's 64-bit arrays handed to JAX convert as JAX converts them with x64
# off (float64 -> float32, int64 -> int32); with a JAX array on the other
# side an operator gives a JAX array.
import jax
import jax.numpy as jnp
import numpy as np

x = np.array([0.5, 1.5, 2.25])
j = jnp.asarray(x)
print(x.dtype, j.dtype)  # expect: float64 float32
print(jnp.asarray(np.arange(3)).dtype, jnp.zeros(3, jnp.float64).dtype, jnp.array(x).dtype)  # expect: int32 float32 float32
mixed = x + jnp.ones(3)
print(repr(mixed))  # expect: Array([1.5 , 2.5 , 3.25], dtype=float32)
print(repr(jnp.ones(3) * np.arange(3)))  # expect: Array([0., 1., 2.], dtype=float32)
print(jnp.sum(np.arange(4)).dtype, jax.jit(lambda v: v * 2)(x).dtype)  # expect: int32 float32
print(repr(jnp.float64(1.5)), jnp.int64(3).dtype)  # expect: Array(1.5, dtype=float32) int32
print(isinstance(x, np.ndarray), isinstance(j, np.ndarray), isinstance(x, jax.Array), isinstance(j, jax.Array))  # expect: True False False True
print(isinstance(x[0], float), isinstance(np.float32(1), float), np.ndarray)  # expect: True False <class 'numpy.ndarray'>
