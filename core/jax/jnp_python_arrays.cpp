// The rest of the small jax.numpy surface that harness code reaches for,
// in Python over jnp/lax as lax_numpy.py, array_creation.py, setops.py,
// reductions.py and ufuncs.py write it: tri, indices, ix_, logspace,
// fliplr/flipud/rot90, column_stack, dstack, isin (compare-all), digitize
// (searchsorted either way round), average (weights, returned=),
// cumulative_sum (include_initial=), nancumsum/nancumprod, copysign,
// fmax/fmin (NaN-ignoring), float_power, sinc, unstack.
#include "core/jax/jnp_python_more.h"

namespace rungs::jax {

namespace {

const char* kSource = R"PY(
# ---- construction ----


def unstack(x, /, *, axis=0):
    # The arrays along `axis`, as a tuple (tpu_pallas_test unstacks refs' values).
    x = jnp.asarray(x)
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {x.ndim}")
    axis = axis + x.ndim if axis < 0 else axis
    return tuple(jnp.take(x, i, axis=axis) for i in range(x.shape[axis]))


def tri(N, M=None, k=0, dtype=None):
    dtype = float if dtype is None else dtype  # float32 in JAX, float64 in NumPy
    M = N if M is None else M
    rows = _jax.lax.broadcasted_iota(jnp.int32, (N, M), 0)
    cols = _jax.lax.broadcasted_iota(jnp.int32, (N, M), 1)
    return (rows + k >= cols).astype(dtype)


def indices(dimensions, dtype=None, sparse=False):
    dtype = int if dtype is None else dtype  # int32 in JAX, int64 in NumPy
    dimensions = tuple(_operator.index(d) for d in dimensions)
    N = len(dimensions)
    output = []
    s = dimensions
    for i, dim in enumerate(dimensions):
        idx = _jax.lax.iota(dtype, dim)
        if sparse:
            s = (1,) * i + (dim,) + (1,) * (N - i - 1)
        output.append(_jax.lax.broadcast_in_dim(idx, s, (i,)))
    if sparse:
        return tuple(output)
    return jnp.stack(output, 0) if output else jnp.array([], dtype=dtype)


def ix_(*args):
    args = [jnp.asarray(a) for a in args]
    n = len(args)
    output = []
    for i, a in enumerate(args):
        if len(a.shape) != 1:
            raise ValueError(f"Arguments to jax.numpy.ix_ must be 1-dimensional, got shape {a.shape}")
        if a.dtype == jnp.bool_:
            raise NotImplementedError("Boolean arguments to jax.numpy.ix_ are not implemented")
        shape = [1] * n
        shape[i] = a.shape[0]
        if a.size == 0:
            output.append(jnp.zeros(tuple(shape), int))
        else:
            output.append(_jax.lax.broadcast_in_dim(a, tuple(shape), (i,)))
    return tuple(output)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    num = _operator.index(num)
    axis = _operator.index(axis)
    if dtype is None:
        dtype = jnp.result_type(jnp.asarray(start), jnp.asarray(stop))
        if not jnp.issubdtype(dtype, jnp.inexact):
            dtype = jnp.float32
    computation = dtype if jnp.issubdtype(dtype, jnp.inexact) else jnp.float32
    start = jnp.asarray(start).astype(computation)
    stop = jnp.asarray(stop).astype(computation)
    lin = jnp.linspace(start, stop, num, endpoint=endpoint, axis=axis)
    return jnp.power(base, lin).astype(dtype)


# ---- rearranging ----


def fliplr(m):
    return jnp.flip(jnp.asarray(m), 1)


def flipud(m):
    return jnp.flip(jnp.asarray(m), 0)


def rot90(m, k=1, axes=(0, 1)):
    m = jnp.asarray(m)
    if m.ndim < 2:
        raise ValueError("rot90 requires its first argument to have ndim at least "
                         f"two, but got first argument of shape {m.shape}, "
                         f"which has ndim {m.ndim}")
    ax1, ax2 = axes
    ax1 = _canon_axis(ax1, m.ndim)
    ax2 = _canon_axis(ax2, m.ndim)
    if ax1 == ax2:
        raise ValueError("Axes must be different")
    k = k % 4
    if k == 0:
        return m
    if k == 2:
        return jnp.flip(jnp.flip(m, ax1), ax2)
    perm = list(range(m.ndim))
    perm[ax1], perm[ax2] = perm[ax2], perm[ax1]
    if k == 1:
        return jnp.transpose(jnp.flip(m, ax2), perm)
    return jnp.flip(jnp.transpose(m, perm), ax2)


def column_stack(tup):
    arrs = [jnp.asarray(a) for a in tup]
    arrs = [jnp.atleast_2d(a).T if a.ndim < 2 else a for a in arrs]
    return jnp.concatenate(arrs, axis=1)


def dstack(tup, dtype=None):
    arrs = [jnp.atleast_3d(jnp.asarray(a)) for a in tup]
    out = jnp.concatenate(arrs, axis=2)
    return out if dtype is None else out.astype(dtype)


# ---- searching and averaging ----


def isin(element, test_elements, assume_unique=False, invert=False, *, method='auto'):
    element = jnp.asarray(element)
    test_elements = jnp.asarray(test_elements)
    dtype = jnp.result_type(element, test_elements)
    arr1 = element.astype(dtype).ravel()
    arr2 = test_elements.astype(dtype).ravel()
    if arr1.size == 0 or arr2.size == 0:
        result = (jnp.ones if invert else jnp.zeros)(arr1.shape, dtype=bool)
    elif invert:
        result = (arr1[:, None] != arr2[None, :]).all(-1)
    else:
        result = (arr1[:, None] == arr2[None, :]).any(-1)
    return result.reshape(element.shape)


def digitize(x, bins, right=False, *, method=None):
    x = jnp.asarray(x)
    bins_arr = jnp.asarray(bins)
    if bins_arr.ndim != 1:
        raise ValueError(f"digitize: bins must be a 1-dimensional array; got bins={bins}")
    if bins_arr.shape[0] == 0:
        return jnp.zeros_like(x, dtype=int)
    side = 'right' if not right else 'left'
    return jnp.where(bins_arr[-1] >= bins_arr[0],
                     jnp.searchsorted(bins_arr, x, side=side),
                     bins_arr.shape[0] - jnp.searchsorted(bins_arr[::-1], x, side=side))


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    a = jnp.asarray(a)
    if axis is None:
        axis_tuple = tuple(range(a.ndim))
    elif isinstance(axis, int):
        axis_tuple = (_canon_axis(axis, a.ndim),)
    else:
        axis_tuple = tuple(_canon_axis(ax, a.ndim) for ax in axis)
    if weights is None:
        a, = _promote_inexact(a)
        avg = jnp.mean(a, axis=axis, keepdims=keepdims)
        count = 1
        for d in axis_tuple:
            count *= a.shape[d]
        weights_sum = jnp.full((), count, dtype=avg.dtype)
    else:
        a, weights = _promote_inexact(a, weights)
        if a.shape != weights.shape:
            if axis is None:
                raise ValueError("Axis must be specified when shapes of a and weights differ.")
            if weights.shape != tuple(a.shape[ax] for ax in axis_tuple):
                raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
            order = sorted(range(len(axis_tuple)), key=lambda i: axis_tuple[i])
            weights = jnp.transpose(weights, order) if len(order) > 1 else weights
            new_shape = tuple(dim if i in axis_tuple else 1 for i, dim in enumerate(a.shape))
            weights = weights.reshape(new_shape)
        weights_sum = jnp.sum(weights, axis=axis, keepdims=keepdims)
        avg = jnp.sum(a * weights, axis=axis, keepdims=keepdims) / weights_sum
    if returned:
        if avg.shape != weights_sum.shape:
            weights_sum = jnp.broadcast_to(weights_sum, avg.shape)
        return avg, weights_sum
    return avg


# ---- cumulative ----


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    x = jnp.asarray(x)
    if x.ndim == 0:
        raise ValueError("The input must be non-scalar to take a cumulative sum, however a "
                         "scalar value or scalar array was given.")
    if axis is None:
        axis = 0
        if x.ndim > 1:
            raise ValueError(f"The input array has rank {x.ndim}, however axis was not set to an "
                             "explicit value. The axis argument is only optional for one-dimensional "
                             "arrays.")
    axis = _canon_axis(axis, x.ndim)
    out = jnp.cumsum(x, axis=axis, dtype=dtype)
    if include_initial:
        zeros_shape = list(x.shape)
        zeros_shape[axis] = 1
        out = jnp.concatenate([jnp.zeros(tuple(zeros_shape), out.dtype), out], axis=axis)
    return out


def nancumsum(a, axis=None, dtype=None, out=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.nancumsum is not supported.")
    a = jnp.asarray(a)
    if jnp.issubdtype(a.dtype, jnp.inexact):
        a = jnp.where(jnp.isnan(a), jnp.zeros_like(a), a)
    return jnp.cumsum(a, axis=axis, dtype=dtype)


def nancumprod(a, axis=None, dtype=None, out=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.nancumprod is not supported.")
    a = jnp.asarray(a)
    if jnp.issubdtype(a.dtype, jnp.inexact):
        a = jnp.where(jnp.isnan(a), jnp.ones_like(a), a)
    return jnp.cumprod(a, axis=axis, dtype=dtype)


# ---- elementwise ----


def copysign(x1, x2, /):
    x1, x2 = _promote_inexact(x1, x2)
    if jnp.issubdtype(x1.dtype, jnp.complexfloating):
        raise TypeError("copysign does not support complex-valued inputs")
    return jnp.where(jnp.signbit(x2).astype(bool), -jnp.abs(x1), jnp.abs(x1))


def fmax(x1, x2):
    x1, x2 = jnp.asarray(x1), jnp.asarray(x2)
    return jnp.where((x1 > x2) | jnp.isnan(x2), x1, x2)


def fmin(x1, x2):
    x1, x2 = jnp.asarray(x1), jnp.asarray(x2)
    return jnp.where((x1 < x2) | jnp.isnan(x2), x1, x2)


def float_power(x, y, /):
    x, y = _promote_inexact(x, y)
    return _jax.lax.pow(x, y)


def sinc(x, /):
    x, = _promote_inexact(x)
    eq_zero = x == 0
    eq_inf = jnp.abs(x) == jnp.inf
    pi_x = jnp.asarray(3.141592653589793, x.dtype) * x
    safe_pi_x = jnp.where(eq_zero | eq_inf, jnp.ones_like(x), pi_x)
    result = jnp.where(eq_zero, jnp.ones_like(x), jnp.sin(safe_pi_x) / safe_pi_x)
    return jnp.where(eq_inf, jnp.zeros_like(x), result)


def triu_indices(n, k=0, m=None):
    n, k = _operator.index(n), _operator.index(k)
    m = n if m is None else _operator.index(m)
    return jnp.nonzero(jnp.triu(jnp.ones((n, m)), k=k))


def tril_indices(n, k=0, m=None):
    n, k = _operator.index(n), _operator.index(k)
    m = n if m is None else _operator.index(m)
    return jnp.nonzero(jnp.tril(jnp.ones((n, m)), k=k))


def _shape_2d(arr):
    shape = arr.shape if hasattr(arr, "shape") else jnp.shape(arr)
    if len(shape) != 2:
        raise ValueError("Only 2-D inputs are accepted")
    return shape


def triu_indices_from(arr, k=0):
    rows, cols = _shape_2d(arr)
    return triu_indices(rows, k=k, m=cols)


def tril_indices_from(arr, k=0):
    rows, cols = _shape_2d(arr)
    return tril_indices(rows, k=k, m=cols)


def lexsort(keys, axis=-1):
    # The last key is the primary one: sort stably by each key, first to last.
    key_arrays = tuple(jnp.asarray(key) for key in keys)
    if len(key_arrays) == 0:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    if len({jnp.shape(key) for key in key_arrays}) > 1:
        raise ValueError("all keys need to be the same shape")
    if jnp.ndim(key_arrays[0]) == 0:
        return jnp.zeros((), int)
    order = jnp.argsort(key_arrays[0], axis=axis, stable=True)
    for key in key_arrays[1:]:
        step = jnp.argsort(jnp.take_along_axis(key, order, axis=axis), axis=axis, stable=True)
        order = jnp.take_along_axis(order, step, axis=axis)
    return order
)PY";

}  // namespace

void add_jnp_python_arrays(Interpreter& ip, const Value& jnp_module) {
  merge_generated(ip, jnp_module, "jax.numpy", kSource, jnp_source_names(ip, jnp_module));
}

}  // namespace rungs::jax
