# jax.checkpoint / jax.remat change what is saved for the backward pass,
# never a value: a rematted attention block, differentiated with jax.grad,
# gives the gradients of the plain block, whatever the policy; static
# arguments stay Python values, dynamic Python scalars become arrays.
import functools
import jax
import jax.numpy as jnp


def attention(q, k, v, scale):
    s = jnp.einsum("qd,kd->qk", q, k) * scale
    p = jax.nn.softmax(s, axis=-1)
    return jnp.einsum("qk,kd->qd", p, v)


def loss(f, q, k, v):
    return jnp.sum(f(q, k, v, 0.5) ** 2)


q = jnp.arange(12, dtype=jnp.float32).reshape(4, 3) / 10.0
k = jnp.cos(jnp.arange(12, dtype=jnp.float32)).reshape(4, 3)
v = jnp.sin(jnp.arange(12, dtype=jnp.float32)).reshape(4, 3)

plain = jax.grad(functools.partial(loss, attention), argnums=(0, 1, 2))(q, k, v)
for policy in (None, jax.checkpoint_policies.nothing_saveable, jax.checkpoint_policies.dots_saveable,
               jax.checkpoint_policies.everything_saveable,
               jax.checkpoint_policies.save_only_these_names("scores")):
    rematted = jax.grad(functools.partial(loss, jax.checkpoint(attention, policy=policy)), argnums=(0, 1, 2))(q, k, v)
    print(all(bool(jnp.allclose(a, b, rtol=1e-6, atol=1e-6)) for a, b in zip(plain, rematted)))
# expect: True
# expect: True
# expect: True
# expect: True
# expect: True

# jax.remat is the same decorator; forward values are the function's.
print(bool(jnp.array_equal(jax.remat(attention)(q, k, v, 0.5), attention(q, k, v, 0.5))))  # expect: True


@functools.partial(jax.checkpoint, static_argnums=(1,))
def scaled(x, mode):
    # `mode` is static: branching on it is fine.
    if mode == "double":
        return x * 2
    return x


print(scaled(jnp.ones(2), "double"), scaled(jnp.ones(2), "same"))  # expect: [2. 2.] [1. 1.]


@jax.checkpoint
def typed(x, n):
    # A dynamic Python int reaches the function as a weakly typed int32 array.
    return n, x * n


n, y = typed(jnp.ones(2, jnp.bfloat16), 3)
print(n.dtype, n.weak_type, y.dtype)  # expect: int32 True bfloat16
print(jax.grad(lambda x: jnp.sum(jax.checkpoint(jnp.sin)(x)))(jnp.zeros(3)))  # expect: [1. 1. 1.]
