# A grouped matmul in the style of megablox: rows of `lhs` belong to groups
# (sizes multiples of the row tile), each group multiplies its own `rhs`
# matrix, chosen in the index map from a scalar-prefetched group id per
# tile. Its custom_vjp backward is another gmm (dlhs = dout @ rhs[g].T) and
# a transposed grouped matmul, tgmm (drhs[g] = lhs[g rows].T @ dout[g
# rows]), whose output block is revisited by consecutive tiles of a group
# and zeroed on the group's first tile.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

TM, K, N = 8, 128, 128
GROUP_SIZES = [8, 16, 8]
M, G = sum(GROUP_SIZES), len(GROUP_SIZES)
tile_group = np.repeat(np.arange(G), np.array(GROUP_SIZES) // TM).astype(np.int32)
first_tile = np.array([1] + [int(tile_group[i] != tile_group[i - 1]) for i in range(1, len(tile_group))], np.int32)
TILE_GROUP, FIRST_TILE = jnp.asarray(tile_group), jnp.asarray(first_tile)
HI = jax.lax.Precision.HIGHEST


def gmm_kernel(gid_ref, first_ref, lhs_ref, rhs_ref, out_ref):
    out_ref[...] = jnp.dot(lhs_ref[...], rhs_ref[...], precision=HI)


def tgmm_kernel(gid_ref, first_ref, lhs_ref, dout_ref, drhs_ref):
    @pl.when(first_ref[pl.program_id(0)] == 1)
    def _():
        drhs_ref[...] = jnp.zeros_like(drhs_ref)

    drhs_ref[...] += jnp.dot(lhs_ref[...].T, dout_ref[...], precision=HI)


def gmm(lhs, rhs):
    k, n = rhs.shape[1], rhs.shape[2]
    spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=2, grid=(M // TM,),
        in_specs=[pl.BlockSpec((TM, k), lambda i, gid, first: (i, 0)),
                  pl.BlockSpec((None, k, n), lambda i, gid, first: (gid[i], 0, 0))],
        out_specs=pl.BlockSpec((TM, n), lambda i, gid, first: (i, 0)))
    return pl.pallas_call(gmm_kernel, grid_spec=spec, out_shape=jax.ShapeDtypeStruct((M, n), jnp.float32))(
        TILE_GROUP, FIRST_TILE, lhs, rhs)


def tgmm(lhs, dout):
    spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=2, grid=(M // TM,),
        in_specs=[pl.BlockSpec((TM, K), lambda i, gid, first: (i, 0)),
                  pl.BlockSpec((TM, N), lambda i, gid, first: (i, 0))],
        out_specs=pl.BlockSpec((None, K, N), lambda i, gid, first: (gid[i], 0, 0)))
    return pl.pallas_call(tgmm_kernel, grid_spec=spec, out_shape=jax.ShapeDtypeStruct((G, K, N), jnp.float32),
                          compiler_params=pltpu.CompilerParams(dimension_semantics=("arbitrary",)))(
        TILE_GROUP, FIRST_TILE, lhs, dout)


@jax.custom_vjp
def grouped_matmul(lhs, rhs):
    return gmm(lhs, rhs)


def grouped_matmul_fwd(lhs, rhs):
    return gmm(lhs, rhs), (lhs, rhs)


def grouped_matmul_bwd(res, dout):
    lhs, rhs = res
    return gmm(dout, jnp.swapaxes(rhs, 1, 2)), tgmm(lhs, dout)


grouped_matmul.defvjp(grouped_matmul_fwd, grouped_matmul_bwd)


def reference(lhs, rhs):
    rows = jnp.repeat(jnp.arange(G), np.array(GROUP_SIZES), total_repeat_length=M)
    return jnp.einsum("mk,mkn->mn", lhs, rhs[rows], precision=HI)


k1, k2, k3 = jax.random.split(jax.random.key(11), 3)
lhs = jax.random.normal(k1, (M, K), jnp.float32)
rhs = jax.random.normal(k2, (G, K, N), jnp.float32)
w = jax.random.normal(k3, (M, N), jnp.float32)

print(bool(jnp.allclose(grouped_matmul(lhs, rhs), reference(lhs, rhs), atol=1e-3)))  # expect: True
dlhs, drhs = jax.grad(lambda a, b: jnp.sum(grouped_matmul(a, b) * w), argnums=(0, 1))(lhs, rhs)
rl, rr = jax.grad(lambda a, b: jnp.sum(reference(a, b) * w), argnums=(0, 1))(lhs, rhs)
print(drhs.shape, bool(jnp.allclose(dlhs, rl, atol=1e-3)), bool(jnp.allclose(drhs, rr, atol=1e-3)))  # expect: (3, 128, 128) True True
