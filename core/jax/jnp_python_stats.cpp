// jax.numpy statistics in Python, as reductions.py writes them: the nan*
// reductions (NaNs replaced by the reduction's identity, all-NaN slices
// back to NaN for min/max), quantile/percentile/median and their nan forms
// (sort along the axis, gather the neighbours of q*(n-1) and interpolate
// by `method`; a NaN anywhere in a slice makes its result NaN), cov and
// corrcoef.
#include "core/jax/jnp_python_more.h"

namespace rungs::jax {

namespace {

const char* kSource = R"PY(
def _nan_reduction(a, name, reduction, init_val, nan_if_all_nan, axis, keepdims, **kwargs):
    a = jnp.asarray(a)
    if not jnp.issubdtype(a.dtype, jnp.inexact):
        return reduction(a, axis=axis, keepdims=keepdims, **kwargs)
    out = reduction(jnp.where(jnp.isnan(a), jnp.asarray(init_val, a.dtype), a),
                    axis=axis, keepdims=keepdims, **kwargs)
    if nan_if_all_nan:
        return jnp.where(jnp.all(jnp.isnan(a), axis=axis, keepdims=keepdims), jnp.asarray(jnp.nan, a.dtype), out)
    return out


def _no_out(name, out):
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{name} is not supported.")


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    _no_out("nanmin", out)
    return _nan_reduction(a, "nanmin", jnp.min, jnp.inf, True, axis, keepdims)


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    _no_out("nanmax", out)
    return _nan_reduction(a, "nanmax", jnp.max, -jnp.inf, True, axis, keepdims)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    _no_out("nansum", out)
    return _nan_reduction(a, "nansum", jnp.sum, 0, False, axis, keepdims, dtype=dtype)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    _no_out("nanprod", out)
    return _nan_reduction(a, "nanprod", jnp.prod, 1, False, axis, keepdims, dtype=dtype)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    _no_out("nanmean", out)
    a = jnp.asarray(a)
    if jnp.issubdtype(a.dtype, jnp.bool_) or jnp.issubdtype(a.dtype, jnp.integer):
        return jnp.mean(a, axis=axis, dtype=dtype, keepdims=keepdims)
    if dtype is None:
        dtype = a.dtype
    nan_mask = jnp.logical_not(jnp.isnan(a))
    normalizer = jnp.sum(nan_mask, axis=axis, dtype=dtype, keepdims=keepdims)
    td = nansum(a, axis, dtype=dtype, keepdims=keepdims)
    return td / normalizer


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    _no_out("nanvar", out)
    a = _promote_inexact(a)[0]
    if dtype is None:
        dtype = a.dtype
    a_mean = nanmean(a, axis, dtype=dtype, keepdims=True)
    centered = jnp.where(jnp.isnan(a), jnp.asarray(0, a.dtype), a - a_mean)
    normalizer = jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=axis, keepdims=keepdims, dtype=dtype) - ddof
    total = jnp.sum(centered * centered, axis=axis, keepdims=keepdims, dtype=dtype)
    return jnp.where(normalizer <= 0, jnp.asarray(jnp.nan, dtype), total / normalizer)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None):
    _no_out("nanstd", out)
    return jnp.sqrt(nanvar(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims))


def nanargmax(a, axis=None, out=None, keepdims=None):
    _no_out("nanargmax", out)
    a = jnp.asarray(a)
    if not jnp.issubdtype(a.dtype, jnp.inexact):
        return jnp.argmax(a, axis=axis, keepdims=keepdims)
    nan_mask = jnp.isnan(a)
    a = jnp.where(nan_mask, jnp.asarray(-jnp.inf, a.dtype), a)
    res = jnp.argmax(a, axis=axis, keepdims=keepdims)
    return jnp.where(jnp.all(nan_mask, axis=axis, keepdims=keepdims), -1, res)


def nanargmin(a, axis=None, out=None, keepdims=None):
    _no_out("nanargmin", out)
    a = jnp.asarray(a)
    if not jnp.issubdtype(a.dtype, jnp.inexact):
        return jnp.argmin(a, axis=axis, keepdims=keepdims)
    nan_mask = jnp.isnan(a)
    a = jnp.where(nan_mask, jnp.asarray(jnp.inf, a.dtype), a)
    res = jnp.argmin(a, axis=axis, keepdims=keepdims)
    return jnp.where(jnp.all(nan_mask, axis=axis, keepdims=keepdims), -1, res)


# ---- order statistics (reductions.py's _quantile) ----


def _quantile(a, q, axis, method, keepdims, squash_nans):
    if method not in ["linear", "lower", "higher", "midpoint", "nearest"]:
        raise ValueError("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
    a, = _promote_inexact(a)
    q = jnp.asarray(q)
    keepdim = []
    if axis is None:
        if keepdims:
            keepdim = [1] * a.ndim
        a = a.ravel()
        axis = 0
    elif isinstance(axis, tuple):
        keepdim = list(a.shape)
        nd = a.ndim
        axis = tuple(_canon_axis(ax, nd) for ax in axis)
        if len(set(axis)) != len(axis):
            raise ValueError('repeated axis')
        for ax in axis:
            keepdim[ax] = 1
        keep = [d for d in range(nd) if d not in axis]
        a = jnp.transpose(a, keep + list(axis))
        a = a.reshape(tuple(a.shape[:len(keep)]) + (-1,))
        axis = a.ndim - 1
    else:
        axis = _canon_axis(axis, a.ndim)
    q_ndim = q.ndim
    if q_ndim > 1:
        raise ValueError(f"q must be have rank <= 1, got shape {q.shape}")
    if not jnp.issubdtype(q.dtype, jnp.inexact):
        q = q.astype(a.dtype)
    n = a.shape[axis]
    if squash_nans:
        a = _jax.lax.sort(a, dimension=axis)
        counts = jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=axis, dtype=q.dtype, keepdims=True)
    else:
        a = jnp.where(jnp.any(jnp.isnan(a), axis=axis, keepdims=True), jnp.asarray(jnp.nan, a.dtype), a)
        a = _jax.lax.sort(a, dimension=axis)
        counts = jnp.full(a.shape[:axis] + (1,) + a.shape[axis + 1:], n, q.dtype)
    # q's axis leads; the reduced axis stays (size 1) until the end.
    qb = q.reshape(q.shape + (1,) * a.ndim)
    pos = qb * (counts - 1)
    low = jnp.floor(pos)
    high = jnp.ceil(pos)
    high_weight = pos - low
    low_weight = 1 - high_weight
    low = jnp.clip(low, 0, counts - 1).astype(jnp.int32)
    high = jnp.clip(high, 0, counts - 1).astype(jnp.int32)
    ab = jnp.broadcast_to(a, q.shape + a.shape)
    low_value = jnp.take_along_axis(ab, low, axis=axis + q_ndim)
    high_value = jnp.take_along_axis(ab, high, axis=axis + q_ndim)
    if method == "linear":
        low_value, high_value = _promote_to(q.dtype, low_value, high_value)
        result = low_value * low_weight + high_value * high_weight
    elif method == "lower":
        result = low_value
    elif method == "higher":
        result = high_value
    elif method == "nearest":
        result = jnp.where(high_weight <= 0.5, low_value, high_value)
    else:
        result = (low_value + high_value) * jnp.asarray(0.5, low_value.dtype)
    if squash_nans:
        result = jnp.where(counts == 0, jnp.asarray(jnp.nan, result.dtype), result)
    if not keepdims or keepdim:
        result = jnp.squeeze(result, axis + q_ndim)
    if keepdims and keepdim:
        if q_ndim > 0:
            keepdim = [q.shape[0], *keepdim]
        result = result.reshape(tuple(keepdim))
    return _promote_to(a.dtype, result)[0]


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None):
    if overwrite_input or out is not None:
        raise ValueError("jax.numpy.quantile does not support overwrite_input=True or out != None")
    if weights is not None:
        raise NotImplementedError("the weights argument of jnp.quantile is not supported by Rungs")
    return _quantile(jnp.asarray(a), q, axis, method, keepdims, False)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None):
    if overwrite_input or out is not None:
        raise ValueError("jax.numpy.nanquantile does not support overwrite_input=True or out != None")
    if weights is not None:
        raise NotImplementedError("the weights argument of jnp.nanquantile is not supported by Rungs")
    return _quantile(jnp.asarray(a), q, axis, method, keepdims, True)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None):
    q, = _promote_inexact(q)
    if overwrite_input or out is not None:
        raise ValueError("jax.numpy.percentile does not support overwrite_input=True or out != None")
    return quantile(a, q / 100, axis=axis, method=method, keepdims=keepdims, weights=weights)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None):
    q, = _promote_inexact(q)
    if overwrite_input or out is not None:
        raise ValueError("jax.numpy.nanpercentile does not support overwrite_input=True or out != None")
    return nanquantile(a, q / 100, axis=axis, method=method, keepdims=keepdims, weights=weights)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return quantile(a, 0.5, axis=axis, out=out, overwrite_input=overwrite_input, keepdims=keepdims, method='midpoint')


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return nanquantile(a, 0.5, axis=axis, out=out, overwrite_input=overwrite_input, keepdims=keepdims, method='midpoint')


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None):
    if fweights is not None or aweights is not None:
        raise NotImplementedError("the fweights/aweights arguments of jnp.cov are not supported by Rungs")
    if ddof is not None:
        ddof = _operator.index(ddof)
    m = jnp.asarray(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    X = jnp.atleast_2d(m)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if X.shape[0] == 0:
        return jnp.array([]).reshape(0, 0)
    if y is not None:
        y = jnp.asarray(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
        y2 = jnp.atleast_2d(y)
        if not rowvar and y2.shape[0] != 1:
            y2 = y2.T
        X = jnp.concatenate((X, y2), axis=0)
    if ddof is None:
        ddof = 1 if bias == 0 else 0
    X, = _promote_inexact(X)
    n = X.shape[1]
    avg = jnp.mean(X, axis=1)
    f = n - ddof
    X = X - avg[:, None]
    c = jnp.dot(X, X.T)
    return jnp.squeeze(c / f)


def corrcoef(x, y=None, rowvar=True):
    c = cov(x, y, rowvar)
    if len(jnp.shape(c)) == 0:
        return jnp.divide(c, c)
    d = jnp.diag(c)
    stddev = jnp.sqrt(d)
    c = c / stddev[:, None] / stddev[None, :]
    return jnp.clip(c, -1, 1)
)PY";

}  // namespace

void add_jnp_python_stats(Interpreter& ip, const Value& jnp_module) {
  merge_generated(ip, jnp_module, "jax.numpy", kSource, jnp_source_names(ip, jnp_module));
}

}  // namespace rungs::jax
