import jax.numpy as jnp
a = jnp.arange(6.0).reshape(2, 3)
print(jnp.einsum('ij,kj->ik', a, a).tolist())  # expect: [[5.0, 14.0], [14.0, 50.0]]
print(jnp.einsum('ij->ji', a).shape)  # expect: (3, 2)
print(jnp.einsum('ij->', a))  # expect: 15.0
print(jnp.einsum('bij,bjk->bik', jnp.ones((2, 3, 4)), jnp.ones((2, 4, 5))).shape)  # expect: (2, 3, 5)
print(jnp.einsum('ij,jk', a, a.T).shape)  # expect: (2, 2)
