// The stateful samplers, written in Python over pltpu.prng_random_bits the
// way JAX builds them: jax.random.bits/uniform/normal/bernoulli with a
// placeholder key whose random_bits is the hardware generator. Only 32-bit
// draws exist (JAX asserts "Bit width must be 32"), so uniform and normal
// work in float32 only; the float arithmetic is jax.random's own (the top
// 23 bits become the mantissa of a float in [1, 2), minus 1).
// Each rung then gives what its generator gives: zeros on rung 2, as JAX's
// TPU interpreter does, seeded bits on the chip model, and rung 1 refuses
// the hardware primitive as JAX's generic interpreter does.
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

    return stateful_bits, stateful_uniform, stateful_normal, stateful_bernoulli
)PY";

}  // namespace

void add_stateful_samplers(python::Interpreter& ip, python::ModuleObj& m) {
  python::Value make = ip.define_generated_function(kSamplersSource, "_make_stateful_samplers", "_make_stateful_samplers",
                                            {{"_prng_random_bits", m.attrs["prng_random_bits"]}});
  python::Values fns = ip.call(make, python::Values{}, {}).as<python::TupleObj>().items;
  const char* names[] = {"stateful_bits", "stateful_uniform", "stateful_normal", "stateful_bernoulli"};
  for (size_t i = 0; i < fns.size(); ++i) {
    fns[i].as<python::FunctionObj>().qualname = names[i];
    m.attrs[names[i]] = fns[i];
  }
}

}  // namespace rungs::pallas
