# Python ints meet integer arrays the way JAX converts them: to the array's
# dtype, modulo 2**bits as np.asarray(n).astype(dtype) does, so uint32
# constants above 2**31 work (and an int8 array plus 200 wraps around).
import jax.numpy as jnp

top = jnp.uint32(0x80000000)
print(top, top.dtype)  # expect: 2147483648 uint32
lanes = jnp.arange(4, dtype=jnp.uint32)
print(lanes * 0x9E3779B9)  # expect: [         0 2654435769 1013904242 3668340011]
print((lanes + 0xFFFFFFF0) >> 28)  # expect: [15 15 15 15]
print(lanes < 0xFFFFFFFF)  # expect: [ True  True  True  True]
print(jnp.array([0x80000001, 3], dtype=jnp.uint32))  # expect: [2147483649          3]
small = jnp.arange(3, dtype=jnp.int8)
print(small + 100, (small + 100).dtype)  # expect: [100 101 102] int8
print(jnp.full((2,), 7, jnp.uint8) - 3)  # expect: [4 4]
print(small + 200)  # expect: [-56 -55 -54]
print(jnp.ones((2,), jnp.float32) * 2**40)  # expect: [1.0995116e+12 1.0995116e+12]
print(jnp.uint32(3) - 4)  # expect: 4294967295
big = jnp.array(2**31)  # expect error: OverflowError: Python int 2147483648 too large to convert to int32
