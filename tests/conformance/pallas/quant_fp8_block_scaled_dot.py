# float8 (e4m3fn) activations and weights with one scale per row block and
# per column block, the layout fp8 inference kernels use: the kernel feeds
# both float8 blocks to jnp.dot with a float32 accumulator and applies the
# two scales to the product. The quantization runs on the host, where
# 0.3 rounds to 0.3125 and values past 448 would turn into NaN.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

M, K, N = 32, 128, 256
BM, BN = 16, 128
F8 = jnp.float8_e4m3fn


def kernel(x_ref, w_ref, sx_ref, sw_ref, o_ref):
    acc = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.float32)
    o_ref[...] = acc * sx_ref[...] * sw_ref[...]


def fp8_matmul(xq, wq, sx, sw):
    return pl.pallas_call(
        kernel,
        grid=(M // BM, N // BN),
        in_specs=[
            pl.BlockSpec((BM, K), lambda i, j: (i, 0)),
            pl.BlockSpec((K, BN), lambda i, j: (0, j)),
            pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
            pl.BlockSpec((1, BN), lambda i, j: (0, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
        out_shape=jax.ShapeDtypeStruct((M, N), jnp.float32),
    )(xq, wq, sx, sw)


x = ((jnp.arange(M * K).reshape(M, K) % 9) - 4).astype(jnp.float32)
w = ((jnp.arange(K * N).reshape(K, N) % 5) - 2).astype(jnp.float32)
fmax = float(jnp.finfo(F8).max)
print(fmax, jnp.array([0.3, 449.0, 500.0]).astype(F8))  # expect: 448.0 [0.3125 448 nan]
sx = jnp.full((M, 1), 0.5, jnp.float32)
sw = jnp.full((1, N), 0.25, jnp.float32)
xq, wq = x.astype(F8), w.astype(F8)
out = fp8_matmul(xq, wq, sx, sw)
ref = jnp.dot(x, w, precision="highest") * 0.125
print(xq.dtype, out.dtype, bool(jnp.array_equal(out, ref)))  # expect: float8_e4m3fn float32 True
print(out[0, :4], out[31, 253:])  # expect: [-0.75   0.25   0.     0.375] [ 0.25   0.25  -0.375]
