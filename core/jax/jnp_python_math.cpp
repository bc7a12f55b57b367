// jax.numpy elementwise functions and polynomial helpers in Python, as
// ufuncs.py, lax/other.py and polynomial.py write them: logaddexp and
// logaddexp2 (max + log1p(exp(-|delta|)), NaN-safe for equal infinities),
// hypot (scaled, overflow-free), heaviside, deg2rad/rad2deg, frexp and
// ldexp (on the exponent bits, subnormals included), gcd (a
// while_loop of Euclid's steps), lcm, vander, polyval (Horner), kron,
// cross, interp (searchsorted + linear), piecewise.
#include "core/jax/jnp_python_more.h"

namespace rungs::jax {

namespace {

const char* kSource = R"PY(
def logaddexp(x1, x2, /):
    x1, x2 = _promote_inexact(x1, x2)
    amax = _jax.lax.max(x1, x2)
    delta = _jax.lax.sub(x1, x2)
    return _jax.lax.select(jnp.isnan(delta), _jax.lax.add(x1, x2),
                      _jax.lax.add(amax, _jax.lax.log1p(_jax.lax.exp(_jax.lax.neg(_jax.lax.abs(delta))))))


def logaddexp2(x1, x2, /):
    x1, x2 = _promote_inexact(x1, x2)
    amax = _jax.lax.max(x1, x2)
    delta = _jax.lax.sub(x1, x2)
    invln2 = jnp.asarray(1.4426950408889634, amax.dtype)
    return _jax.lax.select(jnp.isnan(delta), _jax.lax.add(x1, x2),
                      _jax.lax.add(amax, _jax.lax.mul(invln2, _jax.lax.log1p(_jax.lax.exp2(_jax.lax.neg(_jax.lax.abs(delta)))))))


def hypot(x1, x2, /):
    x1, x2 = _promote_inexact(x1, x2)
    x1, x2 = _jax.lax.abs(x1), _jax.lax.abs(x2)
    idx_inf = jnp.isposinf(x1) | jnp.isposinf(x2)
    x1, x2 = jnp.maximum(x1, x2), jnp.minimum(x1, x2)
    x = jnp.where(x1 == 0, x1, x1 * _jax.lax.sqrt(1 + _jax.lax.square(_jax.lax.div(x2, jnp.where(x1 == 0, jnp.ones_like(x1), x1)))))
    return jnp.where(idx_inf, jnp.asarray(jnp.inf, x.dtype), x)


def heaviside(x1, x2, /):
    x1, x2 = _promote_inexact(x1, x2)
    zero = jnp.asarray(0, x1.dtype)
    return jnp.where(x1 < zero, zero, jnp.where(x1 > zero, jnp.asarray(1, x1.dtype), jnp.where(jnp.isnan(x1), x1, x2)))


def deg2rad(x, /):
    x, = _promote_inexact(x)
    return x * jnp.asarray(3.141592653589793 / 180, x.dtype)


def rad2deg(x, /):
    x, = _promote_inexact(x)
    return x * jnp.asarray(180 / 3.141592653589793, x.dtype)


radians = deg2rad


degrees = rad2deg


def _gcd_cond(xs):
    return jnp.any(xs[1] != 0)


def _gcd_body(xs):
    x1, x2 = xs
    x1, x2 = (jnp.where(x2 != 0, x2, x1), jnp.where(x2 != 0, _jax.lax.rem(x1, jnp.where(x2 != 0, x2, 1)), jnp.zeros_like(x2)))
    return (jnp.where(x1 < x2, x2, x1), jnp.where(x1 < x2, x1, x2))


def _promote_ints(name, x1, x2):
    x1 = jnp.asarray(x1)
    x2 = jnp.asarray(x2)
    dtype = jnp.result_type(x1, x2)
    if not jnp.issubdtype(dtype, jnp.integer):
        raise ValueError(f"Arguments to jax.numpy.{name} must be integers.")
    return jnp.broadcast_to(x1.astype(dtype), jnp.broadcast_shapes(x1.shape, x2.shape)), x2.astype(dtype)


def gcd(x1, x2, /):
    x1, x2 = _promote_ints("gcd", x1, x2)
    x1, x2 = jnp.broadcast_arrays(jnp.abs(x1), jnp.abs(x2))
    result, _ = _jax.lax.while_loop(_gcd_cond, _gcd_body, (x1, x2))
    return result


def lcm(x1, x2, /):
    x1, x2 = _promote_ints("lcm", x1, x2)
    x1, x2 = jnp.abs(x1), jnp.abs(x2)
    d = gcd(x1, x2)
    return jnp.where(d == 0, jnp.zeros_like(d), x1 * jnp.floor_divide(x2, jnp.where(d == 0, 1, d)))


# (exponent bits, mantissa bits, same-width int) of each float type.
_FLOAT_LAYOUT = {
    'float32': (8, 23, 'int32'),
    'float16': (5, 10, 'int16'),
    'bfloat16': (8, 7, 'int16'),
}


def frexp(x, /):
    x = jnp.asarray(x)
    x, = _promote_inexact(x)
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        raise TypeError("frexp does not support complex-valued inputs")
    nexp, nmant, int_name = _FLOAT_LAYOUT[str(x.dtype)]
    int_dtype = jnp.dtype(int_name)
    mask = (1 << nexp) - 1
    bias = (1 << (nexp - 1)) - 1
    # Subnormals are scaled into the normal range first (ufuncs.py's
    # _normalize_float), then the exponent field is read and replaced by
    # the bias - 1 that puts the mantissa in [0.5, 1).
    tiny = jnp.finfo(x.dtype).tiny
    small = jnp.abs(x) < tiny
    x1 = jnp.where(small, x * jnp.asarray(float(1 << nmant), x.dtype), x)
    x2 = jnp.where(small, jnp.asarray(-nmant, int_dtype), jnp.asarray(0, int_dtype))
    x1 = _jax.lax.bitcast_convert_type(x1, int_dtype)
    x2 = x2 + ((x1 >> nmant) & mask) - bias + 1
    x1 = x1 & jnp.asarray(~(mask << nmant), int_dtype)
    x1 = x1 | jnp.asarray((bias - 1) << nmant, int_dtype)
    x1 = _jax.lax.bitcast_convert_type(x1, x.dtype)
    cond = jnp.isinf(x) | jnp.isnan(x) | (x == 0)
    x2 = jnp.where(cond, jnp.zeros_like(x2), x2)
    return jnp.where(cond, x, x1), x2.astype(jnp.int32)


def ldexp(x1, x2, /):
    x1 = jnp.asarray(x1)
    x2 = jnp.asarray(x2)
    if jnp.issubdtype(x1.dtype, jnp.complexfloating) or jnp.issubdtype(x2.dtype, jnp.inexact):
        raise ValueError(f"ldexp not supported for input types {(x1.dtype, x2.dtype)}")
    x1, = _promote_inexact(x1)
    x2 = x2.astype(x1.dtype)
    # Split off the exponent so a small x1 times a large 2**x2 does not
    # overflow on the way.
    m, e = frexp(x1)
    e = (e.astype(x2.dtype) + x2).astype(x1.dtype)
    m = jnp.where(e > 0, m * 2, m)
    e = jnp.where(e > 0, e - 1, e)
    x = m * (2 ** e.astype(m.dtype))
    return jnp.where(jnp.isinf(x1) | (x1 == 0), x1, x)


# ---- polynomials and products ----


def vander(x, N=None, increasing=False):
    x = jnp.asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array")
    N = x.shape[0] if N is None else _operator.index(N)
    if N < 0:
        raise ValueError("N must be nonnegative")
    iota = _jax.lax.iota(x.dtype, N)
    if not increasing:
        iota = _jax.lax.sub(jnp.asarray(N - 1, iota.dtype), iota)
    return jnp.power(x[..., None], jnp.expand_dims(iota, tuple(range(x.ndim))))


def polyval(p, x, *, unroll=16):
    p = jnp.asarray(p)
    x = jnp.asarray(x)
    dtype = jnp.result_type(p, x)
    p, x = _promote_to(dtype, p, x)
    y = jnp.zeros_like(x)
    for i in range(p.shape[0]):
        y = y * x + p[i]
    return y


def kron(a, b):
    a = jnp.asarray(a)
    b = jnp.asarray(b)
    if a.ndim < b.ndim:
        a = jnp.expand_dims(a, tuple(range(b.ndim - a.ndim)))
    elif b.ndim < a.ndim:
        b = jnp.expand_dims(b, tuple(range(a.ndim - b.ndim)))
    a_reshaped = jnp.expand_dims(a, tuple(range(1, 2 * a.ndim, 2)))
    b_reshaped = jnp.expand_dims(b, tuple(range(0, 2 * b.ndim, 2)))
    out_shape = tuple(sa * sb for sa, sb in zip(a.shape, b.shape))
    return jnp.reshape(jnp.multiply(a_reshaped, b_reshaped), out_shape)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    a = jnp.asarray(a)
    b = jnp.asarray(b)
    if axis is not None:
        axisa = axis
        axisb = axis
        axisc = axis
    a = jnp.moveaxis(a, axisa, -1)
    b = jnp.moveaxis(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("Dimension must be either 2 or 3 for cross product")
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    a0 = a[..., 0]
    a1 = a[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else jnp.zeros_like(a0)
    b0 = b[..., 0]
    b1 = b[..., 1]
    b2 = b[..., 2] if b.shape[-1] == 3 else jnp.zeros_like(b0)
    c = jnp.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
    return jnp.moveaxis(c, -1, axisc)


def interp(x, xp, fp, left=None, right=None, period=None):
    x, xp, fp = _promote_inexact(x, xp, fp)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError("xp and fp must be one-dimensional")
    if xp.shape[0] != fp.shape[0]:
        raise ValueError("xp and fp must be the same size")
    if period is not None:
        if jnp.ndim(period) != 0:
            raise ValueError(f"period must be a scalar; got {period}")
        period = jnp.abs(period)
        x = x % period
        xp = xp % period
        order = jnp.argsort(xp)
        xp = xp[order]
        fp = fp[order]
        xp = jnp.concatenate([xp[-1:] - period, xp, xp[:1] + period])
        fp = jnp.concatenate([fp[-1:], fp, fp[:1]])
    i = jnp.clip(jnp.searchsorted(xp, x, side='right'), 1, len(xp) - 1)
    df = fp[i] - fp[i - 1]
    dx = xp[i] - xp[i - 1]
    delta = x - xp[i - 1]
    # JAX's np.spacing(finfo(dtype).eps): eps is a power of two, so eps * eps.
    epsilon = jnp.finfo(xp.dtype).eps * jnp.finfo(xp.dtype).eps
    dx0 = _jax.lax.abs(dx) <= epsilon
    f = jnp.where(dx0, fp[i - 1], fp[i - 1] + (delta / jnp.where(dx0, 1, dx)) * df)
    if period is None:
        f = jnp.where(x < xp[0], fp[0] if left is None else left, f)
        f = jnp.where(x > xp[-1], fp[-1] if right is None else right, f)
    return f


def piecewise(x, condlist, funclist, *args, **kw):
    x = jnp.asarray(x)
    nc, nf = len(condlist), len(funclist)
    if nf == nc + 1:
        funclist = funclist[-1:] + funclist[:-1]
    elif nf == nc:
        funclist = [0] + list(funclist)
    else:
        raise ValueError(f"with {nc} condition(s), either {nc} or {nc + 1} functions are expected; got {nf}")
    indices = jnp.argmax(jnp.cumsum(jnp.concatenate([jnp.zeros_like(jnp.asarray(condlist[:1]), dtype=bool),
                                                     jnp.asarray(condlist, dtype=bool)], 0), 0), 0)
    dtype = x.dtype
    out = jnp.zeros_like(x)
    for k, f in enumerate(funclist):
        value = f(x, *args, **kw) if callable(f) else f
        out = jnp.where(indices == k, jnp.asarray(value, dtype), out)
    return out
)PY";

}  // namespace

void add_jnp_python_math(Interpreter& ip, const Value& jnp_module) {
  merge_generated(ip, jnp_module, "jax.numpy", kSource, jnp_source_names(ip, jnp_module));
}

}  // namespace rungs::jax
