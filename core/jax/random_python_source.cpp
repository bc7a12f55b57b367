// jax.random samplers written in Python over jax.random's own split/bits/
// uniform, following random/core.py step by step so that each draws the
// same words in the same order as JAX's: gumbel, categorical, exponential,
// laplace, logistic, cauchy, rademacher and truncated_normal (host and
// kernel alike), and the kernel-body (traced) forms of randint,
// permutation and choice, whose host forms are the C++ of
// core/array/random.cpp (and uniform/bernoulli with array bounds or
// probabilities). With a threefry key inside a kernel they equal
// the same call on the host; permutation and choice(replace=False) sort,
// which the chip model refuses as Mosaic does.
#include "core/jax/random_python_source.h"

namespace rungs::jax {

namespace {

const char* kSource = R"PY(
def _canon_shape(shape):
    if shape is None:
        return ()
    if isinstance(shape, int):
        return (shape,)
    return tuple(shape)


def _convert_and_clip_integer(val, dtype):
    val = jnp.asarray(val)
    dtype = jnp.dtype(dtype)
    if val.dtype == dtype:
        return val
    vi = jnp.iinfo(val.dtype)
    di = jnp.iinfo(dtype)
    lo = jnp.array(max(vi.min, di.min), val.dtype)
    hi = jnp.array(min(vi.max, di.max), val.dtype)
    return lax.clamp(lo, val, hi).astype(dtype)


def _to_rank(x, rank):
    return jnp.reshape(x, (1,) * (rank - x.ndim) + x.shape)


def randint(key, shape, minval, maxval, dtype=int):
    shape = _canon_shape(shape)
    dtype = jnp.dtype(dtype)
    if not jnp.issubdtype(dtype, jnp.integer):
        raise TypeError(f"randint only accepts integer dtypes, got {dtype}")
    minval = jnp.asarray(minval)
    maxval = jnp.asarray(maxval)
    if not jnp.issubdtype(minval.dtype, jnp.integer):
        minval = minval.astype(int)
    if not jnp.issubdtype(maxval.dtype, jnp.integer):
        maxval = maxval.astype(int)
    out_of_range = lax.gt(maxval, _convert_and_clip_integer(jnp.array(jnp.iinfo(dtype).max, dtype), maxval.dtype))
    minval = _to_rank(_convert_and_clip_integer(minval, dtype), len(shape))
    maxval = _to_rank(_convert_and_clip_integer(maxval, dtype), len(shape))
    out_of_range = _to_rank(out_of_range, len(shape))
    nbits = jnp.iinfo(dtype).bits
    unsigned = {8: jnp.uint8, 16: jnp.uint16, 32: jnp.uint32}[nbits]
    k1, k2 = _random.split(key)
    higher_bits = _random.bits(k1, shape, unsigned)
    lower_bits = _random.bits(k2, shape, unsigned)
    span = lax.convert_element_type(maxval - minval, unsigned)
    span = lax.select(maxval <= minval, lax.full_like(span, 1), span)
    span = lax.select(out_of_range & (maxval > minval), lax.add(span, jnp.array(1, unsigned)), span)
    multiplier = lax.rem(jnp.array(2 ** (nbits // 2), unsigned), span)
    multiplier = lax.rem(lax.mul(multiplier, multiplier), span)
    offset = lax.add(lax.mul(lax.rem(higher_bits, span), multiplier), lax.rem(lower_bits, span))
    offset = lax.rem(offset, span)
    return lax.add(minval, lax.convert_element_type(offset, dtype))


def uniform(key, shape=(), dtype=float, minval=0.0, maxval=1.0):
    # Array bounds: _uniform's float32 scaling of the [0, 1) floats (the
    # default bounds leave them exact), broadcast against the shape.
    dtype = jnp.dtype(dtype)
    if not jnp.issubdtype(dtype, jnp.floating):
        raise ValueError(f"dtype argument to `uniform` must be a float dtype, got {dtype}")
    shape = _canon_shape(shape)
    minval = _to_rank(lax.convert_element_type(minval, dtype), len(shape))
    maxval = _to_rank(lax.convert_element_type(maxval, dtype), len(shape))
    floats = _random.uniform(key, shape, dtype)
    return lax.max(minval, floats * (maxval - minval) + minval)


def bernoulli(key, p=0.5, shape=None):
    p = jnp.asarray(p)
    if not jnp.issubdtype(p.dtype, jnp.floating):
        raise TypeError(f"bernoulli probability `p` must have a floating dtype, got {p.dtype}.")
    shape = p.shape if shape is None else _canon_shape(shape)
    return _random.uniform(key, shape, p.dtype) < p


def _shuffle(key, x, axis):
    rounds = int(_math.ceil(3 * _math.log(max(1, x.size)) / _math.log(4294967295)))
    for _ in range(rounds):
        key, subkey = _random.split(key)
        sort_keys = _random.bits(subkey, x.shape, jnp.uint32)
        _, x = lax.sort((sort_keys, x), dimension=axis, num_keys=1)
    return x


def _canonicalize_axis(axis, num_dims):
    axis = _operator.index(axis)
    if not -num_dims <= axis < num_dims:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {num_dims}")
    return axis + num_dims if axis < 0 else axis


def permutation(key, x, axis=0, independent=False):
    axis = _canonicalize_axis(axis, jnp.ndim(x) or 1)
    if jnp.ndim(x) == 0:
        if not jnp.issubdtype(jnp.asarray(x).dtype, jnp.integer):
            raise TypeError("x must be an integer or at least 1-dimensional")
        return _shuffle(key, jnp.arange(int(x)), 0)
    x = jnp.asarray(x)
    if independent or x.ndim == 1:
        return _shuffle(key, x, axis)
    ind = _shuffle(key, jnp.arange(x.shape[axis]), 0)
    return jnp.take(x, ind, axis)


def choice(key, a, shape=(), replace=True, p=None, axis=0):
    shape = _canon_shape(shape)
    arr = jnp.asarray(a)
    if arr.ndim == 0:
        n_inputs = int(a)
    else:
        axis = axis + arr.ndim if axis < 0 else axis
        n_inputs = arr.shape[axis]
    n_draws = 1
    for d in shape:
        n_draws *= d
    if n_draws == 0:
        return jnp.zeros(shape, dtype=arr.dtype)
    if n_inputs <= 0:
        raise ValueError("a must be greater than 0 unless no samples are taken")
    if not replace and n_draws > n_inputs:
        raise ValueError(f"Cannot take a larger sample (size {n_draws}) than population (size {n_inputs}) when 'replace=False'")
    if p is None:
        if replace:
            ind = randint(key, shape, 0, n_inputs)
            result = ind if arr.ndim == 0 else jnp.take(arr, ind, axis)
        else:
            slices = (slice(None),) * axis + (slice(n_draws),)
            result = permutation(key, n_inputs if arr.ndim == 0 else arr, axis)[slices]
    else:
        p_arr = jnp.asarray(p)
        if p_arr.shape != (n_inputs,):
            raise ValueError("p must be None or a 1D vector with the same size as a.shape[axis]. "
                             f"p has shape {p_arr.shape} and a.shape[axis] is {n_inputs}.")
        if replace:
            p_cuml = jnp.cumsum(p_arr)
            r = p_cuml[-1] * (1 - _random.uniform(key, shape, dtype=p_cuml.dtype))
            ind = jnp.searchsorted(p_cuml, r).astype(int)
        else:
            g = gumbel(key, (n_inputs,), dtype=p_arr.dtype) + jnp.log(p_arr)
            ind = lax.top_k(g, k=n_draws)[1].astype(int)
        result = ind if arr.ndim == 0 else jnp.take(arr, ind, axis)
    if arr.ndim == 0:
        return result.reshape(shape)
    out_shape = arr.shape[:axis] + shape + arr.shape[axis + 1:]
    return result.reshape(out_shape)


def gumbel(key, shape=(), dtype=float, mode=None):
    shape = _canon_shape(shape)
    dtype = jnp.dtype(dtype)
    if not jnp.issubdtype(dtype, jnp.floating):
        raise ValueError(f"dtype argument to `gumbel` must be a float dtype, got {dtype}")
    if mode not in (None, "low"):
        raise NotImplementedError(f"jax.random.gumbel with mode={mode!r} is not supported by Rungs")
    tiny = float(jnp.finfo(dtype).tiny)
    return -jnp.log(-jnp.log(_random.uniform(key, shape, dtype, minval=tiny, maxval=1.0)))


def _float_dtype(name, dtype):
    dtype = jnp.dtype(float if dtype is None else dtype)
    if not jnp.issubdtype(dtype, jnp.floating):
        raise ValueError(f"dtype argument to `{name}` must be a float dtype, got {dtype}")
    return dtype


def exponential(key, shape=(), dtype=None):
    dtype = _float_dtype("exponential", dtype)
    u = _random.uniform(key, _canon_shape(shape), dtype)
    return lax.neg(lax.log1p(lax.neg(u)))


def laplace(key, shape=(), dtype=None):
    dtype = _float_dtype("laplace", dtype)
    epsneg = float(jnp.finfo(dtype).eps) / 2
    u = _random.uniform(key, _canon_shape(shape), dtype, minval=-1.0 + epsneg, maxval=1.0)
    return lax.mul(lax.sign(u), lax.log1p(lax.neg(lax.abs(u))))


def logistic(key, shape=(), dtype=None):
    dtype = _float_dtype("logistic", dtype)
    x = _random.uniform(key, _canon_shape(shape), dtype, minval=float(jnp.finfo(dtype).tiny), maxval=1.0)
    return lax.sub(lax.log(x), lax.log1p(lax.neg(x)))


def cauchy(key, shape=(), dtype=None):
    dtype = _float_dtype("cauchy", dtype)
    u = _random.uniform(key, _canon_shape(shape), dtype, minval=float(jnp.finfo(dtype).eps), maxval=1.0)
    return lax.tan(lax.mul(jnp.asarray(_math.pi, dtype), lax.sub(u, jnp.asarray(0.5, dtype))))


def rademacher(key, shape=(), dtype=None):
    dtype = jnp.dtype(int if dtype is None else dtype)
    samples = _random.bernoulli(key, 0.5, _canon_shape(shape)).astype(dtype)
    return (2 * samples - 1).astype(dtype)


def truncated_normal(key, lower, upper, shape=None, dtype=None):
    dtype = _float_dtype("truncated_normal", dtype)
    if shape is None:
        shape = jnp.broadcast_shapes(jnp.shape(lower), jnp.shape(upper))
    sqrt2 = jnp.asarray(_math.sqrt(2), dtype)
    lower = lax.convert_element_type(lower, dtype)
    upper = lax.convert_element_type(upper, dtype)
    a = lax.erf(lower / sqrt2)
    b = lax.erf(upper / sqrt2)
    # _uniform with array bounds: floats in [0, 1) (uniform's default
    # bounds leave them exact), scaled in the dtype as _uniform scales them.
    shape = _canon_shape(shape)
    a = _to_rank(a, len(shape))
    b = _to_rank(b, len(shape))
    floats = _random.uniform(key, shape, dtype)
    u = lax.max(a, floats * (b - a) + a)
    out = sqrt2 * lax.erf_inv(u)
    return jnp.clip(out, lax.nextafter(lower, jnp.asarray(jnp.inf, dtype)), lax.nextafter(upper, jnp.asarray(-jnp.inf, dtype)))


def orthogonal(key, n, shape=(), dtype=None, m=None):
    # Haar-random orthogonal matrices: QR of a normal draw with Q's columns
    # signed by R's diagonal, which makes the result independent of the QR's
    # own sign convention.
    _m = n if m is None else _operator.index(m)
    n = _operator.index(n)
    dtype = _float_dtype("orthogonal", dtype)
    z = _random.normal(key, (*_canon_shape(shape), max(n, _m), min(n, _m)), dtype)
    q, r = jnp.linalg.qr(z)
    d = jnp.diagonal(r, axis1=-2, axis2=-1)
    x = q * jnp.expand_dims(jnp.sign(d), -2)
    return jnp.swapaxes(x, -1, -2) if n < _m else x


def categorical(key, logits, axis=-1, shape=None, replace=True, mode=None):
    logits_arr = jnp.asarray(logits)
    nd = logits_arr.ndim
    ax = axis + nd if axis < 0 else axis
    batch_shape = logits_arr.shape[:ax] + logits_arr.shape[ax + 1:]
    if shape is None:
        shape = batch_shape
    else:
        shape = _canon_shape(shape)
        if shape[len(shape) - len(batch_shape):] != batch_shape:
            raise ValueError("categorical parameter shapes ({}) must be broadcast-compatible with shape "
                             "argument, and the lengths of the parameter shapes must be equal to or less "
                             "than the length of the shape argument ({})".format(batch_shape, shape))
    shape_prefix = shape[:len(shape) - len(batch_shape)]
    if replace:
        axis = axis - nd if axis >= 0 else axis
        logits_shape = list(shape[len(shape) - len(batch_shape):])
        logits_shape.insert(axis % nd, logits_arr.shape[axis])
        g = gumbel(key, (*shape_prefix, *logits_shape), logits_arr.dtype, mode=mode)
        return jnp.argmax(g + jnp.reshape(logits_arr, (1,) * len(shape_prefix) + logits_arr.shape), axis=axis)
    logits_arr = logits_arr + gumbel(key, logits_arr.shape, logits_arr.dtype, mode=mode)
    k = 1
    for d in shape_prefix:
        k *= d
    if k > logits_arr.shape[axis]:
        raise ValueError(f"Number of samples without replacement ({k}) cannot exceed number of "
                         f"categories ({logits_arr.shape[axis]}).")
    _, indices = lax.top_k(jnp.moveaxis(logits_arr, axis, -1), k)
    dims = (indices.ndim - 1, *range(indices.ndim - 1))
    return lax.reshape(indices, shape, dims)
)PY";

}  // namespace

void add_random_python(Interpreter& ip, ModuleObj& random_module, const Value& random_value) {
  std::unordered_map<std::string, Value> names{{"jnp", ip.import_module("jax.numpy", {})},
                                               {"lax", ip.import_module("jax.lax", {})},
                                               {"_math", ip.import_module("math", {})},
                                               {"_operator", ip.import_module("operator", {})},
                                               {"_random", random_value}};
  Value mod = ip.define_generated_module("jax.random", kSource, names);
  const auto& attrs = mod.as<ModuleObj>().attrs;
  for (const char* name : {"gumbel", "categorical", "exponential", "laplace", "logistic", "cauchy", "rademacher",
                           "truncated_normal", "orthogonal"})
    random_module.attrs[name] = attrs.at(name);
  // Kernel-body forms, called by the C++ randint/permutation/choice on traced keys.
  for (const char* name : {"randint", "permutation", "choice", "uniform", "bernoulli"})
    random_module.attrs[std::string("_traced_") + name] = attrs.at(name);
}

}  // namespace rungs::jax
