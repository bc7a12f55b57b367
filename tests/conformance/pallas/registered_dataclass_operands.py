# pallas_call flattens its operands and specs as jax.tree_util does, so a
# dataclass registered with jax.tree_util.register_dataclass (the metadata
# bundles vLLM's kernels pass to SMEM) is a node whose fields are operands,
# its specs are built with jax.tree.map over it, and the kernel gets the
# same dataclass holding refs.
import dataclasses
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Meta:
    offsets: jax.Array
    scale: jax.Array


def kernel(meta, x_ref, o_ref):
    o_ref[...] = x_ref[...] * meta.scale[0] + meta.offsets[1].astype(jnp.float32)


meta = Meta(offsets=jnp.array([1, 2], jnp.int32), scale=jnp.array([3.0], jnp.float32))
spec = jax.tree.map(lambda _: pl.BlockSpec(memory_space=pltpu.SMEM), meta)
out = pl.pallas_call(kernel, in_specs=(spec, pl.BlockSpec(memory_space=pltpu.VMEM)),
                     out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(meta, jnp.ones((8, 128)))
print(out[0, 0], out[7, 127])  # expect: 5.0 5.0
print(jnp.concat([jnp.ones(2), jnp.zeros(1)]), jnp.concat([jnp.ones((1, 2))], axis=None))  # expect: [1. 1. 0.] [1. 1.]
