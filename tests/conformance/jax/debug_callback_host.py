# jax.debug.callback on the host: the callback runs with the values, arrays
# as jax.Arrays (Python numbers become arrays too, as JAX abstracts them),
# other leaves (strings) as they are, keyword arguments included; under jit
# it runs on every call, under vmap once per example. Its result is None.
import jax
import jax.numpy as jnp

seen = []


def log(tag, x, *, scale):
    seen.append(tag)
    print(tag, type(x).__name__, x * scale, type(scale).__name__)


print(jax.debug.callback(log, "eager", jnp.arange(3), scale=2))
# expect: eager ArrayImpl [0 2 4] ArrayImpl
# expect: None


@jax.jit
def step(x):
    jax.debug.callback(log, "jit", x, scale=1.5)
    return x + 1


step(jnp.ones(2))
step(jnp.zeros(2))
# expect: jit ArrayImpl [1.5 1.5] ArrayImpl
# expect: jit ArrayImpl [0. 0.] ArrayImpl
print(seen)  # expect: ['eager', 'jit', 'jit']


def show(tag, x):
    print(tag, x)


# Under vmap the callback runs once per example, in order; nested vmaps loop
# the inner axis outermost, as JAX's batching rules nest.
jax.vmap(lambda x, y: jax.debug.callback(show, "ex", x + y), in_axes=(0, None))(jnp.arange(3.0), 1.0)
# expect: ex 1.0
# expect: ex 2.0
# expect: ex 3.0
jax.vmap(jax.vmap(lambda x: jax.debug.callback(show, "nested", x)))(jnp.arange(4).reshape(2, 2))
# expect: nested 0
# expect: nested 2
# expect: nested 1
# expect: nested 3
jax.debug.callback(3, jnp.ones(1))  # expect error: TypeError: first argument to jax.debug.callback must be callable, but got an object of type <class 'int'>
