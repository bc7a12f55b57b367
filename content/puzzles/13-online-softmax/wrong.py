# Wrong on purpose: the running sum is not rescaled when the max grows.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def logsumexp_kernel(x_ref, o_ref, m_ref, l_ref):
    k = pl.program_id(1)

    @pl.when(k == 0)
    def _init():
        m_ref[...] = jnp.full_like(m_ref, -jnp.inf)
        l_ref[...] = jnp.zeros_like(l_ref)

    x = x_ref[...]
    m_old = m_ref[...]
    m_new = jnp.maximum(m_old, jnp.max(x, axis=1, keepdims=True))
    l_ref[...] = l_ref[...] + jnp.sum(jnp.exp(x - m_new), axis=1, keepdims=True)
    m_ref[...] = m_new

    @pl.when(k == pl.num_programs(1) - 1)
    def _done():
        o_ref[...] = m_ref[...] + jnp.log(l_ref[...])


def logsumexp(x):
    rows, cols = x.shape
    return pl.pallas_call(
        logsumexp_kernel,
        out_shape=jax.ShapeDtypeStruct((rows, 1), jnp.float32),
        grid=(rows // 8, cols // 128),
        in_specs=[pl.BlockSpec((8, 128), lambda i, k: (i, k))],
        out_specs=pl.BlockSpec((8, 1), lambda i, k: (i, 0)),
        scratch_shapes=[pltpu.VMEM((8, 1), jnp.float32), pltpu.VMEM((8, 1), jnp.float32)],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "arbitrary")),
    )(x)
