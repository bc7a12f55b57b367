# The small top-level jax helpers people call around kernels: make_jaxpr to
# look at what a function stages, eval_shape to size outputs, typeof for an
# aval, jax.P, jax.typing annotations, jax.dtypes, device_get, pure_callback.
import jax
import jax.dtypes
import jax.numpy as jnp
import numpy as np
from jax.typing import ArrayLike, DTypeLike


def scale_rows(x: ArrayLike, factor, dtype: DTypeLike = jnp.float32):
    return (jnp.tanh(x) * factor).astype(dtype)


print(jax.make_jaxpr(scale_rows, static_argnums=1)(jnp.ones((2, 4)), 3.0))
# expect: { lambda ; a:f32[2,4]. let
# expect:     b:f32[2,4] = tanh a
# expect:     c:f32[2,4] = mul b 3.0:f32[]
# expect:   in (c,) }
jaxpr, shape = jax.make_jaxpr(lambda v: v.sum(), return_shape=True)(jnp.arange(5))
print(shape)  # expect: ShapeDtypeStruct(shape=(), dtype=int32)
print(jax.eval_shape(scale_rows, jnp.ones((8, 128)), 0.5))  # expect: ShapeDtypeStruct(shape=(8, 128), dtype=float32)
print(jax.typeof(jnp.ones((8, 128), jnp.bfloat16)))  # expect: bfloat16[8,128]
print(repr(jax.typeof(2.0)), jax.typeof(7))  # expect: ShapedArray(float32[], weak_type=True) ~int32[]
print(jax.P(None, "x"), jax.P is jax.sharding.PartitionSpec)  # expect: P(None, 'x') True
print(jax.dtypes.canonicalize_dtype(jnp.float64), jax.dtypes.issubdtype(jnp.bfloat16, jnp.floating))  # expect: float32 True
host = jax.device_get({"w": jnp.arange(3), "step": 4})
print(host["step"], host["w"].tolist())  # expect: 4 [0, 1, 2]


def host_cumprod(v):
    return np.cumprod(v)


out = jax.pure_callback(host_cumprod, jax.ShapeDtypeStruct((4,), jnp.float32), jnp.arange(1.0, 5.0))
print(out)  # expect: [ 1.  2.  6. 24.]
from jax._src import dtypes as private_dtypes
print(private_dtypes.itemsize_bits(jnp.bfloat16), jax.dtypes.itemsize_bits(jnp.int8), jax.dtypes.scalar_type_of(jnp.ones(2)))  # expect: 16 8 <class 'float'>
jax.clear_caches()
print(jax.live_arrays())  # expect: []
jax.pure_callback(host_cumprod, jax.ShapeDtypeStruct((3,), jnp.float32), jnp.arange(4.0))  # expect error: RuntimeError: Incorrect output shape for return value #0: Expected: (3,), Actual: (4,)
