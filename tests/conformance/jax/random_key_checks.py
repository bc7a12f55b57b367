# jax.random's key checks (_check_prng_key) as a training loop meets them:
# the samplers, split and fold_in take one key; the (n, 2) key data split
# returns is n keys, to index or to vmap over; key_data accepts any batch.
# (JAX's shape message ends with the impl's repr, which holds addresses.)
import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.key(0), 3)
print(jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys).shape, jax.random.key_data(keys).shape)  # expect: (3, 2) (3, 2)
print(bool(jnp.array_equal(jax.vmap(jax.random.split)(keys)[1], jax.random.split(keys[1]))))  # expect: True
try:
    jax.random.split(keys)
except ValueError as e:
    print(e)  # expect: split accepts a single key, but was given a key array of shape (3, 2) != (). Use jax.vmap for batching.
try:
    jax.random.fold_in(keys, 1)
except ValueError as e:
    print(e)  # expect: fold_in accepts a single key, but was given a key array of shape (3, 2) != (). Use jax.vmap for batching.
try:
    jax.random.uniform(jnp.zeros(3, jnp.uint32), (2,))
except TypeError as e:
    print(str(e).split(" for impl=")[0])  # expect: JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape=(3,)
jax.random.randint(keys, (2,), 0, 5)  # expect error: ValueError: randint accepts a single key, but was given a key array of shape (3, 2) != (). Use jax.vmap for batching.
