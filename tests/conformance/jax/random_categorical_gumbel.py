# jax.random.categorical and gumbel as a sampling loop uses them: the
# Gumbel-max trick over logits (with replacement), Gumbel-top-k without
# replacement, a leading sample shape, and choice with probabilities. Each
# is random/core.py's construction over uniform, so the draws can be
# rebuilt from jax.random.uniform with the same key.
import jax
import jax.numpy as jnp
from jax import lax

key = jax.random.key(11)
logits = jnp.log(jnp.array([[0.1, 0.2, 0.3, 0.4], [0.7, 0.1, 0.1, 0.1]]))
tiny = float(jnp.finfo(jnp.float32).tiny)
g = jax.random.gumbel(key, (2, 4))
print(g.dtype, g.shape, bool(jnp.array_equal(g, -jnp.log(-jnp.log(jax.random.uniform(key, (2, 4), minval=tiny))))))  # expect: float32 (2, 4) True
draw = jax.random.categorical(key, logits)
print(draw.dtype, draw.shape, bool(jnp.array_equal(draw, jnp.argmax(jax.random.gumbel(key, (2, 4)) + logits, axis=-1))))  # expect: int32 (2,) True
many = jax.random.categorical(key, logits, shape=(500, 2))
print(many.shape, int(many.min()) >= 0, int(many.max()) <= 3)  # expect: (500, 2) True True
print(round(float(jnp.mean(many[:, 1] == 0)), 1), round(float(jnp.mean(many[:, 0] == 3)), 1))  # expect: 0.7 0.4
cols = jax.random.categorical(key, logits.T, axis=0)
print(bool(jnp.array_equal(cols, jnp.argmax(jax.random.gumbel(key, (4, 2)) + logits.T, axis=0))))  # expect: True
picks = jax.random.categorical(key, logits[1], shape=(3,), replace=False)
print(picks.shape, len(set(picks.tolist())) == 3)  # expect: (3,) True
_, top = lax.top_k(logits[1] + jax.random.gumbel(key, (4,)), 3)
print(bool(jnp.array_equal(picks, top)))  # expect: True
p = jnp.array([0.0, 0.5, 0.5])
c = jax.random.choice(key, jnp.array([10, 20, 30]), (200,), p=p)
print(c.shape, 10 not in c.tolist(), sorted(set(c.tolist())))  # expect: (200,) True [20, 30]
print(jax.random.choice(key, 5, (2,), replace=False, p=jnp.array([0.0, 0.0, 0.5, 0.5, 0.0])).tolist() in ([2, 3], [3, 2]))  # expect: True
jax.random.categorical(key, logits[0], shape=(5,), replace=False)  # expect error: ValueError: Number of samples without replacement (5) cannot exceed number of categories (4).
