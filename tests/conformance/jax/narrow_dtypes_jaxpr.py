# make_jaxpr spells the narrow dtypes with JAX's short names (i4, u4,
# f8_e4m3fn, f8_e5m2): a W4A8 matmul with an int32 accumulator and a
# float8 requantization step.
import jax
import jax.numpy as jnp


def w4a8(x, w):
    return jnp.dot(x, w, preferred_element_type=jnp.int32) + w.astype(jnp.int32).sum()


print(jax.make_jaxpr(w4a8)(jnp.ones((2, 4), jnp.int8), jnp.ones((4, 3), jnp.int4)))
# expect: { lambda ; a:i8[2,4] b:i4[4,3]. let
# expect:     c:i32[2,3] = dot_general[dimension_numbers=(([1], [0]), ([], [])) precision=None preferred_element_type=int32] a b
# expect:     d:i32[4,3] = convert_element_type[new_dtype=int32 weak_type=False] b
# expect:     e:i32[] = reduce_sum[axes=(0, 1)] d
# expect:     f:i32[2,3] = add c e
# expect:   in (f,) }
print(jax.make_jaxpr(lambda a: (a * 2.0).astype(jnp.float8_e5m2))(jnp.ones((2,), jnp.float8_e4m3fn)))
# expect: { lambda ; a:f8_e4m3fn[2]. let
# expect:     b:f8_e4m3fn[2] = mul a 2:f8_e4m3fn[]
# expect:     c:f8_e5m2[2] = convert_element_type[new_dtype=float8_e5m2 weak_type=False] b
# expect:   in (c,) }
print(jax.typeof(jnp.ones((3,), jnp.uint4) >> 1), jax.typeof(jnp.float8_e4m3b11fnuz(1.5)))  # expect: uint4[3] float8_e4m3b11fnuz[]
