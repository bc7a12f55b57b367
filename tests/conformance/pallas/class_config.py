# A kernel configured by a small class, as published kernels do: block sizes
# on an object, a property for the grid, a method building the pallas_call.
import functools
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class TileConfig:
    def __init__(self, block_rows=64, block_cols=128, scale=2.0):
        self.block_rows = block_rows
        self.block_cols = block_cols
        self.scale = scale

    def __repr__(self):
        return f"TileConfig({self.block_rows}x{self.block_cols}, scale={self.scale})"

    def grid(self, shape):
        return (shape[0] // self.block_rows, shape[1] // self.block_cols)

    @property
    def block_shape(self):
        return (self.block_rows, self.block_cols)

    @staticmethod
    def affine(x, scale):
        return x * scale + 1.0


class ScaledCopy:
    def __init__(self, config):
        self.config = config

    def kernel(self, x_ref, o_ref):
        o_ref[...] = TileConfig.affine(x_ref[...], self.config.scale)

    def __call__(self, x):
        cfg = self.config
        spec = pl.BlockSpec(cfg.block_shape, lambda i, j: (i, j))
        return pl.pallas_call(
            self.kernel,
            grid=cfg.grid(x.shape),
            in_specs=[spec],
            out_specs=spec,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            interpret=True,
        )(x)


cfg = TileConfig(block_rows=32, scale=3.0)
print(cfg, cfg.block_shape, cfg.grid((128, 256)))  # expect: TileConfig(32x128, scale=3.0) (32, 128) (4, 2)
x = jnp.ones((128, 256), jnp.float32)
y = ScaledCopy(cfg)(x)
print(y.shape, float(y.min()), float(y.max()))  # expect: (128, 256) 4.0 4.0
