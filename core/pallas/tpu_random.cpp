// The stateful samplers, written in Python over pltpu.prng_random_bits the
// way JAX builds them: jax.random.bits/uniform/normal/bernoulli with a
// placeholder key whose random_bits is the hardware generator. Only 32-bit
// draws exist (JAX asserts "Bit width must be 32"), so uniform and normal
// work in float32 only; the float arithmetic is jax.random's own (the top
// 23 bits become the mantissa of a float in [1, 2), minus 1).
// Each rung then gives what its generator gives: zeros on rung 2, as JAX's
// TPU interpreter does, seeded bits on the chip model, and rung 1 refuses
// the hardware primitive as JAX's generic interpreter does.
// Also to_pallas_key (threefry keys -> the pallas_tpu key data, uint32
// (1, 2); see core/jax/module_random.cpp for how jax.random samples with
// it) and sample_block (blocked_sampler.py's tile-keyed sampling, the same
// values whatever the block shape).
#include "core/pallas/tpu_random.h"

#include "core/python/objects.h"

namespace rungs::pallas {

namespace {

const char* kSamplersSource = R"PY(
def _make_stateful_samplers():
    import jax.numpy as jnp
    from jax import lax

    def _bits32(shape, bit_width):
        if bit_width != 32:
            raise AssertionError("Bit width must be 32")
        return lax.bitcast_convert_type(_prng_random_bits(tuple(shape)), jnp.uint32)

    def stateful_bits(shape=(), dtype=None):
        dtype = jnp.dtype(jnp.uint32 if dtype is None else dtype)
        if not jnp.issubdtype(dtype, jnp.unsignedinteger):
            raise ValueError(f"dtype argument to `bits` must be an unsigned int dtype, got {dtype}")
        return _bits32(shape, dtype.itemsize * 8)

    def stateful_uniform(shape=(), dtype=float, minval=0.0, maxval=1.0):
        dtype = jnp.dtype(dtype)
        if not jnp.issubdtype(dtype, jnp.floating):
            raise ValueError(f"dtype argument to `uniform` must be a float dtype, got {dtype}")
        minval = jnp.asarray(minval, dtype)
        maxval = jnp.asarray(maxval, dtype)
        bits = _bits32(shape, dtype.itemsize * 8)
        float_bits = lax.shift_right_logical(bits, jnp.uint32(9)) | jnp.uint32(0x3F800000)
        floats = lax.bitcast_convert_type(float_bits, dtype) - jnp.asarray(1.0, dtype)
        return lax.max(minval, floats * (maxval - minval) + minval)

    def stateful_normal(shape=(), dtype=float):
        dtype = jnp.dtype(dtype)
        if not jnp.issubdtype(dtype, jnp.inexact):
            raise ValueError(f"dtype argument to `normal` must be a float or complex dtype, got {dtype}")
        # np.nextafter(-1, 0) in float32: erf_inv stays finite.
        u = stateful_uniform(shape, dtype, -0.99999994, 1.0)
        return jnp.asarray(1.4142135, dtype) * lax.erf_inv(u)

    def stateful_bernoulli(p=0.5, shape=None):
        p = jnp.asarray(p)
        if not jnp.issubdtype(p.dtype, jnp.floating):
            raise TypeError(f"bernoulli probability `p` must have a floating dtype, got {p.dtype}.")
        if shape is None:
            shape = p.shape
        return stateful_uniform(shape, p.dtype) < p

    def to_pallas_key(key):
        # jax.random.bits(key, (1, 2), uint32) as the pallas_tpu key's data,
        # per key for a batch of keys (mosaic/random.py vmaps it).
        import jax
        key = jnp.asarray(key)
        if key.ndim > 1:
            flat = key.reshape(-1, key.shape[-1])
            data = jnp.stack([jax.random.bits(k, (1, 2), jnp.uint32) for k in flat])
            return data.reshape(key.shape[:-1] + (1, 2))
        return jax.random.bits(key, (1, 2), jnp.uint32)

    def _tile_index(block_index, block_in_tiles, total_in_tiles, tile_in_block):
        dim_size = 1
        total = 0
        for i in range(len(block_index) - 1, -1, -1):
            total += (tile_in_block[i] + block_index[i] * block_in_tiles[i]) * dim_size
            dim_size *= total_in_tiles[i]
        return total

    def sample_block(sampler_fn, global_key, block_size, tile_size, total_size, block_index=None, **kwargs):
        # blocked_sampler.blocked_fold_in + sample_block: one key per tile
        # (fold_in of its row-major index in the whole array), samples
        # concatenated tile by tile, so any blocking of the array draws the
        # same values.
        import jax
        from jax.experimental import pallas as pl
        if len(block_size) != len(tile_size):
            raise ValueError(f"block_size ({len(block_size)}) and tile_size ({len(tile_size)}) must have the same length.")
        if block_index is None:
            block_index = tuple(pl.program_id(axis) for axis in range(len(block_size)))
        block_in_tiles = tuple(b // t for b, t in zip(block_size, tile_size))
        total_in_tiles = tuple((s + t - 1) // t for s, t in zip(total_size, tile_size))

        def sample(axis, prefix):
            if axis == len(block_in_tiles):
                key = jax.random.fold_in(global_key, _tile_index(block_index, block_in_tiles, total_in_tiles, prefix))
                return sampler_fn(key, shape=tuple(tile_size), **kwargs)
            parts = [sample(axis + 1, prefix + (i,)) for i in range(block_in_tiles[axis])]
            return jnp.concatenate(parts, axis=axis)
        return sample(0, ())

    return stateful_bits, stateful_uniform, stateful_normal, stateful_bernoulli, to_pallas_key, sample_block
)PY";

}  // namespace

void add_stateful_samplers(python::Interpreter& ip, python::ModuleObj& m) {
  python::Value make = ip.define_generated_function(kSamplersSource, "_make_stateful_samplers", "_make_stateful_samplers",
                                            {{"_prng_random_bits", m.attrs["prng_random_bits"]}});
  python::Values fns = ip.call(make, python::Values{}, {}).as<python::TupleObj>().items;
  const char* names[] = {"stateful_bits", "stateful_uniform", "stateful_normal", "stateful_bernoulli", "to_pallas_key",
                         "sample_block"};
  for (size_t i = 0; i < fns.size(); ++i) {
    fns[i].as<python::FunctionObj>().qualname = names[i];
    m.attrs[names[i]] = fns[i];
  }
}

}  // namespace rungs::pallas
