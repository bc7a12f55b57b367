# Spread of a block of activations, as normalisation code reads it off the
# array itself (x.std(), x.var(axis=...)), and jnp.nextafter for the open
# interval bounds samplers use.
import jax.numpy as jnp

acts = jnp.array([[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0]])
print(acts.std())  # expect: 2.1650636
print(acts.var(axis=1))  # expect: [1.25 5.  ]
print(acts.std(axis=0, ddof=1))  # expect: [0.70710677 1.4142135  2.1213202  2.828427  ]
print(acts.var(axis=1, keepdims=True).shape)  # expect: (2, 1)
print(jnp.nextafter(jnp.float32(1.0), jnp.float32(2.0)))  # expect: 1.0000001
print(jnp.nextafter(jnp.array([0.0, -1.0], jnp.float32), 0.0))  # expect: [ 0.         -0.99999994]
