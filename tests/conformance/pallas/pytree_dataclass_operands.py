# pallas_call operands and in_specs given as instances of a dataclass
# registered with jax.tree_util (as tokamax's and tpu-inference's kernels
# pass their scalar metadata): the spec tree is built with jax.tree.map over
# the same dataclass, and the kernel receives a dataclass of refs.
import dataclasses
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Lengths:
    starts: jax.Array
    sizes: jax.Array


def gather_kernel(meta, x_ref, o_ref):
    print(type(meta).__name__, meta.starts.shape)  # expect: Lengths (2,)
    o_ref[...] = x_ref[...] * (meta.sizes[0] + meta.sizes[1]).astype(jnp.float32)


meta = Lengths(starts=jnp.array([0, 3], jnp.int32), sizes=jnp.array([3, 2], jnp.int32))
smem = pl.BlockSpec(memory_space=pltpu.SMEM)
x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    gather_kernel,
    in_specs=(jax.tree.map(lambda _: smem, meta), pl.BlockSpec(memory_space=pltpu.VMEM)),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)(meta, x)
print(out[0, 0])  # expect: 5.0
