from jax import lax
import jax.numpy as jnp
print(lax.while_loop(lambda c: c < 10, lambda c: c * 2, 1))  # expect: 16
i, acc = lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, s[1] + s[0]), (0, 10))
print(i, acc)  # expect: 3 13
lax.while_loop(lambda v: v < 5.0, lambda v: v + 1.0, jnp.ones(3))  # expect error: TypeError: cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[3])].
