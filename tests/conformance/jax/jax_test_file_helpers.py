# Module-level names JAX's Pallas test files (ops_test.py, tpu_ops_test.py)
# read before any test runs: lax's unary primitives bound through
# functools.partial, jtu's sanitizer predicates and SKIP_SLOW_TESTS flag,
# jnp's inverse hyperbolic short names, test names built from the 64-bit
# scalar types' __name__, a ShapeDtypeStruct whose shape is an ndarray, and
# one standing for its dtype (np.dtype reads an object's .dtype).
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax._src import test_util as jtu

UNARY = [(lax.neg_p, {}), (lax.exp2_p, {"accuracy": None}), (lax.not_p, {})]
fns = [(p.name, functools.partial(p.bind, **params)) for p, params in UNARY]
x = jnp.array([1, 2, 3], jnp.int32)
print([name for name, _ in fns], fns[0][1](x), fns[2][1](x))  # expect: ['neg', 'exp2', 'not'] [-1 -2 -3] [-2 -3 -4]
print(fns[1][1](jnp.array([0.0, 3.0])))  # expect: [1. 8.]
print(jtu.is_asan(), jtu.is_msan(), jtu.is_tsan(), jtu.SKIP_SLOW_TESTS.value)  # expect: False False False False
print(jnp.asinh(0.0), jnp.atanh is jnp.arctanh)  # expect: 0.0 True
print([f"{t.__name__}_{v}" for t in (jnp.uint32, jnp.uint64, jnp.float64) for v in (0,)])  # expect: ['uint32_0', 'uint64_0', 'float64_0']
print(jnp.zeros(2, jnp.int64).dtype)  # expect: int32
shape = np.multiply((8, 128), (2, 1))
print(jax.ShapeDtypeStruct(shape, jnp.float32))  # expect: ShapeDtypeStruct(shape=(16, 128), dtype=float32)
out_shape = jax.ShapeDtypeStruct((2, 2), jnp.float32)
print(lax.bitcast_convert_type(jnp.full((2, 2), 0x3F800000, jnp.int32), out_shape).tolist())  # expect: [[1.0, 1.0], [1.0, 1.0]]
from jax._src import state
ref_aval = state.shaped_array_ref((4, 3, 2), jnp.int32)  # expect error: NotImplementedError: jax._src.state.shaped_array_ref is not supported by Rungs
