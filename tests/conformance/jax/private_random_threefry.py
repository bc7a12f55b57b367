# The threefry pieces a Pallas PRNG file imports from jax._src.random:
# the threefry2x32 primitive (checked against Random123's known answers),
# the default implementation's seed/split/fold_in, and PRNGImpl with
# register_prng.
import jax
import jax.numpy as jnp
from jax._src.random import prng
from jax._src.random import threefry2x32


def u32(v):
    return jnp.array(v, dtype=jnp.uint32)


y = threefry2x32.threefry2x32_p.bind(u32(0x13198A2E), u32(0x03707344), u32([0x243F6A88]), u32([0x85A308D3]))
print([hex(int(v[0])) for v in y])  # expect: ['0xc4923a9c', '0x483df7a0']
y = threefry2x32.threefry2x32_p.bind(u32([0]), u32([0]), u32([0, 0xFFFFFFFF]), u32(0))
print(y[0].shape, hex(int(y[0][0])), hex(int(y[1][0])))  # expect: (2,) 0x6b200159 0x99ba4efe
key = threefry2x32.threefry_seed(7)
print(key, key.dtype)  # expect: [0 7] uint32
print((threefry2x32.threefry_split(key, (2,)) == jax.random.split(key, 2)).all())  # expect: True
print((threefry2x32.threefry_fold_in(key, 3) == jax.random.fold_in(key, 3)).all())  # expect: True
print(threefry2x32.threefry_random_bits(key, 32, (3,)).dtype)  # expect: uint32
shape_errors = []
for counts in ((jnp.zeros((2, 3), jnp.uint32), jnp.zeros((3,), jnp.uint32)),
               (jnp.zeros((2, 3), jnp.uint32), jnp.zeros((2, 4), jnp.uint32))):
    try:
        threefry2x32.threefry2x32_p.bind(u32(1), u32(2), *counts)
    except TypeError as e:
        shape_errors.append(str(e))
print(shape_errors[0])  # expect: threefry2x32: arrays must have the same number of dimensions, got {1, 2}
print(shape_errors[1])  # expect: threefry2x32 got incompatible shapes for broadcasting: (2, 3), (2, 4).
impl = prng.PRNGImpl(key_shape=(2,), seed=threefry2x32.threefry_seed, split=threefry2x32.threefry_split,
                     random_bits=threefry2x32.threefry_random_bits, fold_in=threefry2x32.threefry_fold_in,
                     name="pallas_threefry_test", tag="pft")
prng.register_prng(impl)
print(impl.name, impl.tag, impl.key_shape, impl.pprint(), "pallas_threefry_test" in prng.prngs)  # expect: pallas_threefry_test pft (2,) pallas_threefry_test [pft] True
try:
    prng.register_prng(impl)
except ValueError as e:
    print(str(e).split(":")[0])  # expect: PRNG with name pallas_threefry_test already registered
threefry2x32.threefry2x32_p.bind(u32(1), u32(2), jnp.zeros(2, jnp.int32), u32([1, 2]))  # expect error: TypeError: Arguments to threefry2x32 must have uint32 type, got [dtype('uint32'), dtype('uint32'), dtype('int32'), dtype('uint32')]
