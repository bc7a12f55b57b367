from jax import lax
import jax.numpy as jnp
a = jnp.ones((2, 3))
b = jnp.ones((3, 4))
print(lax.dot_general(a, b, (((1,), (0,)), ((), ()))).shape)  # expect: (2, 4)
print(lax.dot_general(jnp.ones((5, 2, 3)), jnp.ones((5, 3, 4)), (((2,), (1,)), ((0,), (0,)))).shape)  # expect: (5, 2, 4)
print(lax.dot(a, jnp.ones(3)))  # expect: [3. 3.]
