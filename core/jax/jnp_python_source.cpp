// jax.numpy functions written in Python over the rest of jnp, the way JAX
// writes them in lax_numpy.py: searchsorted (its compare-all method, so it
// traces into kernels too), diff, histogram_bin_edges, histogram, diag,
// diagonal, trace; then the rest of the Python-written jnp (the
// jnp_python_*.cpp files and jnp.linalg, see jnp_python_more.h). Each is
// compiled from generated source, so its frames stay out of tracebacks and
// errors point at the caller.
#include "core/jax/jnp_python_more.h"

namespace rungs::jax {

namespace {

const char* kSource = R"PY(
def _sort_lt(x, y):
    # NumPy's sort order: NaNs after every number.
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return (x < y) | (jnp.isnan(y) & ~jnp.isnan(x))
    return x < y


def searchsorted(a, v, side='left', sorter=None, *, method='scan'):
    a = jnp.asarray(a)
    v = jnp.asarray(v)
    if a.ndim != 1:
        raise ValueError("a should be 1-dimensional")
    if side not in ('left', 'right'):
        raise ValueError(f"{side!r} is an invalid value for keyword 'side'")
    dtype = jnp.result_type(a, v)
    a = a.astype(dtype)
    v = v.astype(dtype)
    if sorter is not None:
        a = a[jnp.asarray(sorter)]
    row = a.reshape((1,) * v.ndim + a.shape)
    col = v[..., None]
    if side == 'left':
        hits = _sort_lt(row, col)
    else:
        hits = ~_sort_lt(col, row)
    return jnp.sum(hits, axis=-1, dtype=int)  # int32 in JAX, intp (int64) in NumPy


def diff(a, n=1, axis=-1, prepend=None, append=None):
    arr = jnp.asarray(a)
    n = _operator.index(n)
    axis = _operator.index(axis)
    if n == 0:
        return arr
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    if arr.ndim == 0:
        raise ValueError(f"diff requires input that is at least one dimensional; got {a}")
    nd = arr.ndim
    axis = axis + nd if axis < 0 else axis
    combined = []
    if prepend is not None:
        combined.append(_diff_edge(prepend, arr, axis))
    combined.append(arr)
    if append is not None:
        combined.append(_diff_edge(append, arr, axis))
    if len(combined) > 1:
        arr = jnp.concatenate(combined, axis)
    later = [slice(None)] * nd
    earlier = [slice(None)] * nd
    later[axis] = slice(1, None)
    earlier[axis] = slice(None, -1)
    for _ in range(n):
        if arr.dtype == jnp.bool_:
            arr = arr[tuple(later)] != arr[tuple(earlier)]
        else:
            arr = arr[tuple(later)] - arr[tuple(earlier)]
    return arr


def _diff_edge(extra, arr, axis):
    extra = jnp.asarray(extra)
    if extra.ndim == 0:
        shape = list(arr.shape)
        shape[axis] = 1
        extra = jnp.broadcast_to(extra, tuple(shape))
    return extra


def _inexact(x):
    x = jnp.asarray(x)
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return x
    return x.astype(float)  # the mode's default float: float32 in JAX, float64 in NumPy


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    if isinstance(bins, str):
        raise NotImplementedError("string values for `bins` not implemented.")
    arr = _inexact(a)
    if jnp.ndim(bins) == 1:
        return jnp.asarray(bins, dtype=arr.dtype)
    bins_int = _operator.index(bins)
    if range is None:
        range = [arr.min(), arr.max()]
    range = jnp.asarray(range, dtype=arr.dtype)
    if jnp.shape(range) != (2,):
        raise ValueError(f"`range` must be either None or a sequence of scalars, got {range}")
    flat = range.max() - range.min() == 0
    lo = jnp.where(flat, range[0] - 0.5, range[0])
    hi = jnp.where(flat, range[1] + 0.5, range[1])
    return jnp.linspace(lo, hi, bins_int + 1, dtype=arr.dtype)


def histogram(a, bins=10, range=None, weights=None, density=None):
    unweighted = weights is None
    if weights is None:
        a = _inexact(a)
        weights = jnp.ones_like(a)
    else:
        a = jnp.asarray(a)
        weights = jnp.asarray(weights)
        if jnp.shape(a) != jnp.shape(weights):
            raise ValueError("weights should have the same shape as a.")
        dtype = jnp.result_type(a, weights, float)
        a = a.astype(dtype)
        weights = weights.astype(dtype)
    bin_edges = histogram_bin_edges(a, bins, range, weights)
    bin_idx = searchsorted(bin_edges, a, side='right')
    bin_idx = jnp.where(a == bin_edges[-1], len(bin_edges) - 1, bin_idx)
    # One slot past the last edge takes what lies above the range (JAX drops it).
    counts = jnp.zeros(len(bin_edges) + 1, weights.dtype).at[bin_idx].add(weights)[1:len(bin_edges)]
    if density:
        bin_widths = diff(bin_edges)
        if _numpy_rules():  # NumPy divides by float64 widths, whatever the input
            counts, bin_widths = counts.astype(float), bin_widths.astype(float)
        counts = counts / bin_widths / counts.sum()
    elif _numpy_rules() and unweighted:
        counts = counts.astype(int)  # NumPy counts unweighted samples in intp; JAX in floats
    return counts, bin_edges


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = jnp.asarray(a)
    if jnp.ndim(a) < 2:
        raise ValueError("diagonal requires an array of at least two dimensions.")
    a = jnp.moveaxis(a, (axis1, axis2), (-2, -1))
    rows, cols = a.shape[-2], a.shape[-1]
    if offset >= 0:
        n = max(0, min(rows, cols - offset))
        i = jnp.arange(n)
        j = i + offset
    else:
        n = max(0, min(rows + offset, cols))
        j = jnp.arange(n)
        i = j - offset
    return a[..., i, j]


def diag(v, k=0):
    v = jnp.asarray(v)
    if jnp.ndim(v) == 1:
        n = v.shape[0] + abs(k)
        i = jnp.arange(v.shape[0])
        return jnp.zeros((n, n), v.dtype).at[i + max(-k, 0), i + max(k, 0)].set(v)
    if jnp.ndim(v) == 2:
        return diagonal(v, k)
    raise ValueError("diag input must be 1d or 2d")


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.trace is not supported.")
    return jnp.sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)
)PY";

}  // namespace

void add_jnp_python(Interpreter& ip, const Value& jnp_module) {
  // _numpy_rules(): whether the call runs as numpy.<name> (NumPy's dtypes),
  // for the few results whose dtype differs beyond the default int/float.
  Value numpy_rules = make_builtin("_numpy_rules", [](Interpreter&, CallArgs&) {
    return Value::boolean(array::NumpyMode::active());
  });
  Value defs = ip.define_generated_module(
      "jax.numpy", kSource,
      {{"jnp", jnp_module}, {"_operator", ip.import_module("operator", {})}, {"_numpy_rules", numpy_rules}});
  auto& target = jnp_module.as<ModuleObj>().attrs;
  for (const auto& [name, fn] : defs.as<ModuleObj>().attrs) target[name] = fn;
  // In this order: later files call the earlier ones' functions through jnp.
  add_jnp_python_indexing(ip, jnp_module);
  add_jnp_python_math(ip, jnp_module);
  add_jnp_python_stats(ip, jnp_module);
  add_jnp_python_arrays(ip, jnp_module);
  add_jnp_linalg_module(ip, jnp_module);
}

}  // namespace rungs::jax
