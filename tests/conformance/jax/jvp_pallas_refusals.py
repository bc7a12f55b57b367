# What pallas_call's JVP rule refuses, in JAX's words: scalar prefetch (a
# bare NotImplementedError), aliased outputs, reverse mode through a bare
# call (linearization), and jacfwd (vmap's unbatched primal output).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((8, 128), jnp.float32)


def double(x_ref, o_ref):
    o_ref[...] = 2.0 * x_ref[...]


def shifted(s_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] + s_ref[0].astype(jnp.float32)


plain = pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))
aliased = pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), input_output_aliases={0: 0})
prefetching = pl.pallas_call(
    shifted,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1, grid=(1,),
        in_specs=[pl.BlockSpec((8, 128), lambda i, s: (0, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i, s: (0, 0))),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))


def report(f):
    try:
        f()
        print("ran")
    except Exception as e:
        print(type(e).__name__ + ":", e)


report(lambda: jax.jvp(aliased, (x,), (x,)))            # expect: NotImplementedError: JVP with aliasing not supported.
report(lambda: jax.jvp(lambda v: prefetching(jnp.array([3]), v), (x,), (x,)))  # expect: NotImplementedError: 
report(lambda: jax.linearize(plain, x))                 # expect: ValueError: Linearization failed to produce known values for all output primals. This is typically caused by attempting to differentiate a function uses an operation that does not support reverse-mode autodiff.
report(lambda: jax.jacfwd(lambda v: plain(v)[0, 0])(x))  # expect: ValueError: at vmap out_axes[0], got axis spec None but output was batched on axis 0
out, tangent = jax.jvp(plain, (x,), (3.0 * x,))
print(float(out[0, 0]), float(tangent[7, 127]))         # expect: 2.0 6.0
jax.grad(lambda v: jnp.sum(plain(v)))(x)                # expect error: ValueError: Linearization failed to produce known values ...
