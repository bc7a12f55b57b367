# float8 values meet a Python float or an integer array in their own type,
# but never another float type implicitly.
import jax.numpy as jnp

x = jnp.array([0.5, 1.5], jnp.float8_e4m3fn)
print((x * 2.0).dtype, (x + jnp.array([1, 2], jnp.int32)).dtype)  # expect: float8_e4m3fn float8_e4m3fn
print(jnp.promote_types(jnp.float8_e5m2, jnp.int8))  # expect: float8_e5m2
print(x.astype(jnp.float32) + jnp.ones(2, jnp.float32))  # expect: [1.5 2.5]
y = x + jnp.ones(2, jnp.bfloat16)  # expect error: TypePromotionError: Input dtypes ('float8_e4m3fn', 'bfloat16') have no available implicit dtype promotion path. To avoid unintended promotion, 8-bit floats do not support implicit promotion. If you'd like your inputs to be promoted to another type, you can do so explicitly using e.g. x.astype('float32')
