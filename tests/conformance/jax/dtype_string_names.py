# dtype strings as NumPy reads them: names ("float32", "bfloat16") and
# array-protocol codes ("f4", "i2", "u1", "?"), with "i8"/"u8"/"f8" the
# 8-byte types (32-bit here, as JAX with x64 disabled); the jaxpr's short
# names ("f32", "bf16") are not NumPy spellings.
import jax.numpy as jnp
import numpy as np

print(jnp.zeros(2, dtype="float32").dtype, jnp.zeros(2, dtype="bfloat16").dtype, jnp.ones(1, "f4").dtype)  # expect: float32 bfloat16 float32
print(jnp.zeros(1, "i2").dtype, jnp.zeros(1, "u1").dtype, jnp.zeros(1, "?").dtype, jnp.zeros(1, "f2").dtype)  # expect: int16 uint8 bool float16
print(jnp.zeros(1, "i8").dtype, jnp.zeros(1, "u8").dtype, jnp.zeros(1, "f8").dtype, jnp.zeros(1, "i1").dtype)  # expect: int32 uint32 float32 int8
print(jnp.arange(3).astype("int16").dtype, np.dtype("float16"))  # expect: int16 float16
try:
    jnp.ones(3).astype("bf16")
except TypeError as e:
    print(e)  # expect: data type 'bf16' not understood
jnp.zeros(3, dtype="f32")  # expect error: TypeError: data type 'f32' not understood
