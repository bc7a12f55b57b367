# jax.random's samplers with per-element parameters, as a mixed-range
# initializer draws them: uniform with array minval/maxval, bernoulli with
# an array of probabilities (its shape by default), randint with array
# bounds. Broadcast bounds give exactly the draws of the scalar bounds.
import jax
import jax.numpy as jnp

key = jax.random.key(3)
lo, hi = jnp.array([0.0, 10.0, -5.0]), jnp.array([1.0, 20.0, -4.0])
u = jax.random.uniform(key, (4, 3), minval=lo, maxval=hi)
print(u.shape, bool(jnp.all((u >= lo) & (u < hi))))  # expect: (4, 3) True
same = jax.random.uniform(key, (2, 3), minval=jnp.full(3, 2.0), maxval=jnp.full((2, 1), 3.0))
print(bool(jnp.array_equal(same, jax.random.uniform(key, (2, 3), minval=2.0, maxval=3.0))))  # expect: True
b = jax.random.bernoulli(key, jnp.array([0.0, 1.0, 0.5]))
print(b.shape, b[:2].tolist(), jax.random.bernoulli(key, jnp.array([0.0, 1.0]), (5, 2)).shape)  # expect: (3,) [False, True] (5, 2)
print(jax.random.randint(key, (2, 3), jnp.array([0, 10, 100]), jnp.array([1, 11, 101])).tolist())  # expect: [[0, 10, 100], [0, 10, 100]]
r = jax.random.randint(key, (1000,), jnp.int32(0), 7)
print(bool(jnp.array_equal(jax.random.randint(key, (1000,), jnp.zeros(1000, jnp.int32), 7), r)))  # expect: True
jax.random.bernoulli(key, jnp.array([1, 0]))  # expect error: TypeError: bernoulli probability `p` must have a floating dtype, got int32.
