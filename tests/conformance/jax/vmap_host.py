# jax.vmap on host functions as test harnesses use it: per-example
# functions mapped over a batch, in_axes/out_axes as pytree prefixes,
# nesting, keyword arguments, and JAX's messages for mistakes.
import functools

import jax
import jax.numpy as jnp


def row_norm(v):
    return jnp.sqrt(jnp.sum(v * v))


x = jnp.arange(12.0).reshape(3, 4)
print(jax.vmap(row_norm)(jnp.array([[3.0, 4.0], [6.0, 8.0]])))  # expect: [ 5. 10.]
print(jax.vmap(lambda r: r.shape)(x))  # expect: (Array([4, 4, 4], dtype=int32, weak_type=True),)
print(jax.vmap(jnp.sum, in_axes=1)(x))  # expect: [12. 15. 18. 21.]
print(jax.vmap(lambda a, b: a * b, in_axes=(0, None))(x, jnp.array([1.0, 0.0, 1.0, 0.0])))
# expect: [[ 0.  0.  2.  0.]
# expect:  [ 4.  0.  6.  0.]
# expect:  [ 8.  0. 10.  0.]]
print(jax.vmap(lambda r: r * 2, out_axes=1)(jnp.arange(6).reshape(3, 2)))
# expect: [[ 0  4  8]
# expect:  [ 2  6 10]]
print(jax.vmap(lambda a, s: (a + s, s * 2.0), in_axes=(0, None), out_axes=(0, None))(jnp.arange(2.0), 4.0))
# expect: (Array([4., 5.], dtype=float32), 8.0)
print(jax.vmap(lambda a, s: (a + s, s * 2.0), in_axes=(0, None))(jnp.arange(2.0), 4.0))
# expect: (Array([4., 5.], dtype=float32), Array([8., 8.], dtype=float32, weak_type=True))

# Matrix-vector products, one per example; nested vmap gives the outer product.
mats = jnp.arange(8.0).reshape(2, 2, 2)
vecs = jnp.array([[1.0, 0.0], [0.0, 1.0]])
print(jax.vmap(jnp.dot)(mats, vecs))
# expect: [[0. 2.]
# expect:  [5. 7.]]
outer = jax.vmap(jax.vmap(lambda a, b: a * b, in_axes=(None, 0)), in_axes=(0, None))
print(outer(jnp.array([1, 2, 3]), jnp.array([10, 100])))
# expect: [[ 10 100]
# expect:  [ 20 200]
# expect:  [ 30 300]]

# Pytrees: a dict of parameters mapped, a config tuple not.
params = {"w": jnp.ones((3, 2)), "b": jnp.arange(3.0)}
layer = jax.vmap(lambda p, v: p["w"] @ v + p["b"], in_axes=({"w": 0, "b": 0}, None))
print(layer(params, jnp.array([1.0, 2.0])))  # expect: [3. 4. 5.]
print(jax.vmap(lambda t: t[0] - t[1])((jnp.arange(3), jnp.ones(3, jnp.int32))))  # expect: [-1  0  1]
print(jax.vmap(lambda v, *, scale: v * scale)(jnp.arange(3.0), scale=jnp.array([1.0, 10.0, 100.0])))  # expect: [  0.  10. 200.]


@functools.partial(jax.vmap, in_axes=(0, 0))
def masked_max(v, m):
    return jnp.max(jnp.where(m, v, -jnp.inf)), jnp.argmax(v)


print(masked_max(x, x > 5.0))  # expect: (Array([-inf,   7.,  11.], dtype=float32), Array([3, 3, 3], dtype=int32))
print(jax.vmap(lambda v: jnp.cumsum(v), in_axes=1, out_axes=1)(x)[2])  # expect: [12. 15. 18. 21.]
print(jax.vmap(lambda v: v[1:3] + v[0])(x))
# expect: [[ 1.  2.]
# expect:  [ 9. 10.]
# expect:  [17. 18.]]
print(jax.vmap(lambda v: v.T, in_axes=2)(jnp.arange(8).reshape(2, 2, 2)).shape)  # expect: (2, 2, 2)
print(jax.vmap(lambda: 1.0, axis_size=3)())  # expect: [1. 1. 1.]
print(jax.vmap(lambda v: jnp.dot(v, v))(jnp.zeros((0, 3))).shape)  # expect: (0,)

jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))  # expect error: ValueError: vmap got inconsistent sizes for array axes to be mapped:...
jax.vmap(row_norm, in_axes=1)(jnp.ones(3))  # expect error: ValueError: vmap was requested to map its argument along axis 1, which implies that its rank should be at least 2, but is only 1 (its shape is (3,))
jax.vmap(row_norm, in_axes=(0, 0))(x)  # expect error: ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got len(in_axes)=2, len(args)=1.
jax.vmap(row_norm, in_axes="0")  # expect error: TypeError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got 0.
jax.vmap(row_norm, in_axes=None)(x)  # expect error: ValueError: vmap must have at least one non-None value in in_axes or axis_size must be specified
jax.vmap(lambda v: v, out_axes=None)(x)  # expect error: ValueError: at vmap out_axes, got axis spec None but output was batched on axis 0
jax.vmap(lambda v: float(v[0]))(x)  # expect error: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected: traced array with shape float32[]...
jax.vmap(lambda v: 1 if v[0] > 2 else 0)(x)  # expect error: TracerBoolConversionError: Attempted boolean conversion of traced array with shape bool[]...
jax.vmap(lambda v: v, out_axes=2)(x)  # expect error: ValueError: axis 2 is out of bounds for array of dimension 2
