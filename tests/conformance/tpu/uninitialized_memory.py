# SEMANTICS 4.3 / JAX test_uninitialized_memory: fresh TPU buffers hold NaN,
# the integer maximum (int16: 32767) and True -- or zeros with
# uninitialized_memory="zero". Rung 1's values differ (int16 reads 0 there).
# On the chip fresh buffers hold stale garbage whatever the setting
# (deterministic in the model).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o1_ref, o2_ref, o3_ref, t1_ref, t2_ref):
    o1_ref[...] = t1_ref[...]
    o2_ref[...] = t2_ref[...]

for mode in ("nan", "zero"):
    x, y, z = pl.pallas_call(
        kernel,
        out_shape=[jax.ShapeDtypeStruct((8, 128), jnp.bfloat16),
                   jax.ShapeDtypeStruct((8, 128), jnp.int16),
                   jax.ShapeDtypeStruct((8, 128), jnp.float32)],
        in_specs=[],
        scratch_shapes=[pltpu.VMEM((8, 128), jnp.bfloat16), pltpu.VMEM((8, 128), jnp.int16)],
        interpret=pltpu.InterpretParams(uninitialized_memory=mode),
    )()
    print(mode, bool(jnp.isnan(x).all()), int(y[0, 0]), bool(jnp.isnan(z).all()), float(z[0, 0]))
# [tpu] expect: nan True 32767 True nan
# [tpu] expect: zero False 0 False 0.0
# [interpret] expect: nan True 0 True nan
# [interpret] expect: zero True 0 True nan
# [chip] expect: nan False 13 False -36.375
# [chip] expect: zero False 8 False -40.375
