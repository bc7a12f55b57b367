// jax.numpy's indexing helpers in Python, as indexing.py and lax_numpy.py
// write them: take and take_along_axis (advanced indexing plus JAX's
// out-of-bounds modes: 'fill' gives NaN / the int minimum, 'clip', 'wrap'),
// broadcast_shapes/arrays, divmod, unravel_index, ravel_multi_index,
// meshgrid, select (argmax over the conditions, then select_n), bincount
// and unique with the array API's unique_all/counts/inverse/values (host
// only without size=). Also the shared merge helpers.
#include "core/jax/jnp_python_more.h"

namespace rungs::jax {

namespace {

const char* kSource = R"PY(
def _fill_value_for(dtype):
    # JAX's mode='fill' default: NaN for inexact types, the minimum for
    # signed ints, the maximum for unsigned ints, True for bool.
    if jnp.issubdtype(dtype, jnp.inexact):
        return jnp.nan
    if jnp.issubdtype(dtype, jnp.bool_):
        return True
    if jnp.issubdtype(dtype, jnp.unsignedinteger):
        return jnp.iinfo(dtype).max
    return jnp.iinfo(dtype).min


def _gather_axis(a, idx, axis, mode, fill_value):
    # a[..., idx, ...] along `axis` with jnp.take's out-of-bounds modes;
    # idx must broadcast against a's other axes as advanced indexing does.
    n = a.shape[axis]
    if mode is None or mode == "fill":
        idx = jnp.where(idx < 0, idx + n, idx)
        oob = (idx < 0) | (idx >= n)
        safe = jnp.clip(idx, 0, n - 1)
    elif mode == "wrap":
        safe = jnp.mod(idx, n)
    elif mode == "clip" or mode == "promise_in_bounds":
        safe = jnp.clip(idx, 0, n - 1)
    else:
        raise ValueError(f"Invalid mode '{mode}' for np.take")
    return safe, (oob if mode is None or mode == "fill" else None)


def take(a, indices, axis=None, out=None, mode=None, unique_indices=False,
         indices_are_sorted=False, fill_value=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.take is not supported.")
    a = jnp.asarray(a)
    indices = jnp.asarray(indices)
    if mode == "raise":
        raise NotImplementedError("The 'raise' mode to jnp.take is not supported.")
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _canon_axis(axis, a.ndim)
    if a.shape[axis] == 0:
        if indices.size != 0:
            raise IndexError("Cannot do a non-empty jnp.take() from an empty axis.")
        return a
    safe, oob = _gather_axis(a, indices, axis, mode, fill_value)
    out_shape = a.shape[:axis] + indices.shape + a.shape[axis + 1:]
    if indices.size == 0:
        return jnp.zeros(out_shape, a.dtype)
    result = a[(slice(None),) * axis + (safe,)]
    if oob is None:
        return result
    fill = _fill_value_for(a.dtype) if fill_value is None else fill_value
    mask = oob.reshape((1,) * axis + indices.shape + (1,) * (a.ndim - axis - 1))
    return jnp.where(mask, jnp.asarray(fill, a.dtype), result)


def take_along_axis(arr, indices, axis=-1, mode=None, fill_value=None):
    a = jnp.asarray(arr)
    indices = jnp.asarray(indices)
    if not jnp.issubdtype(indices.dtype, jnp.integer):
        raise TypeError(f"take_along_axis indices must be of integer type, got {indices.dtype}")
    if axis is None:
        if indices.ndim != 1:
            raise ValueError(f"take_along_axis indices must be 1D if axis=None, got shape {indices.shape}")
        a = a.ravel()
        axis = 0
    if a.ndim != indices.ndim:
        raise ValueError(f"indices and arr must have the same number of dimensions; {indices.ndim} vs. {a.ndim}")
    axis = _canon_axis(axis, a.ndim)
    arr_shape = tuple(1 if i == axis else s for i, s in enumerate(a.shape))
    out_shape = broadcast_shapes(indices.shape, arr_shape)
    if a.shape[axis] == 0:
        return jnp.zeros(out_shape, a.dtype)
    if mode != "promise_in_bounds" and not jnp.issubdtype(indices.dtype, jnp.unsignedinteger):
        # Negative indices count from the end in every mode here (jnp.take
        # wraps them only in 'fill').
        indices = jnp.where(indices < 0, indices + a.shape[axis], indices)
    safe, oob = _gather_axis(a, indices, axis, mode, fill_value)
    index = []
    for i in range(a.ndim):
        if i == axis:
            index.append(jnp.broadcast_to(safe, out_shape))
        else:
            shape = [1] * a.ndim
            shape[i] = out_shape[i]
            pos = _jax.lax.broadcasted_iota(jnp.int32, tuple(shape), i)
            if a.shape[i] == 1:
                pos = jnp.zeros_like(pos)
            index.append(jnp.broadcast_to(pos, out_shape))
    result = a[tuple(index)]
    if oob is None:
        return result
    fill = _fill_value_for(a.dtype) if fill_value is None else fill_value
    return jnp.where(jnp.broadcast_to(oob, out_shape), jnp.asarray(fill, a.dtype), result)


def broadcast_shapes(*shapes):
    if not shapes:
        return ()
    shapes = [(s,) if isinstance(s, int) else tuple(s) for s in shapes]
    ndim = max(len(s) for s in shapes)
    padded = [(1,) * (ndim - len(s)) + s for s in shapes]
    result = []
    for sizes in zip(*padded):
        size = 1
        for d in sizes:
            if d != 1:
                if size != 1 and size != d:
                    raise ValueError(f"Incompatible shapes for broadcasting: shapes={[tuple(s) for s in shapes]}")
                size = d
        result.append(size)
    return tuple(result)


def broadcast_arrays(*args):
    arrays = [jnp.asarray(x) for x in args]
    shape = broadcast_shapes(*[x.shape for x in arrays])
    return [x if x.shape == shape else jnp.broadcast_to(x, shape) for x in arrays]


def divmod(x1, x2, /):
    return jnp.floor_divide(x1, x2), jnp.remainder(x1, x2)


# ---- index arithmetic ----


def unravel_index(indices, shape):
    indices_arr = jnp.asarray(indices)
    try:
        shape = list(shape)
    except TypeError:
        shape = [shape]
    if any(jnp.ndim(s) != 0 for s in shape):
        raise ValueError("unravel_index: shape should be a scalar or 1D sequence.")
    out_indices = [0] * len(shape)
    for i in range(len(shape) - 1, -1, -1):
        s = shape[i]
        indices_arr, out_indices[i] = divmod(indices_arr, s)
    oob_pos = indices_arr > 0
    if jnp.issubdtype(indices_arr.dtype, jnp.unsignedinteger):
        oob_neg = jnp.asarray(False)
    else:
        oob_neg = indices_arr < -1
    return tuple(jnp.where(oob_pos, s - 1, jnp.where(oob_neg, 0, i)) for s, i in zip(shape, out_indices))


def ravel_multi_index(multi_index, dims, mode='raise', order='C'):
    if len(multi_index) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    if not all(isinstance(d, int) or jnp.ndim(d) == 0 for d in dims):
        raise TypeError("dims must be a sequence of integers")
    dims = tuple(_operator.index(d) for d in dims)
    multi_index = [jnp.asarray(i) for i in multi_index]
    for index in multi_index:
        if not jnp.issubdtype(index.dtype, jnp.integer):
            raise TypeError("only int indices permitted")
    if mode == "raise":
        for index, s in zip(multi_index, dims):
            if _is_traced(index):
                raise ValueError("The error occurred because ravel_multi_index was jit-compiled"
                                 " with mode='raise'. Use mode='wrap' or mode='clip' instead.")
            if bool(jnp.any((index < 0) | (index >= s))):
                raise ValueError("invalid entry in coordinates array")
    elif mode == "clip":
        multi_index = [jnp.clip(i, 0, d - 1) for i, d in zip(multi_index, dims)]
    elif mode == "wrap":
        multi_index = [jnp.mod(i, d) for i, d in zip(multi_index, dims)]
    else:
        raise ValueError(f"invalid mode={mode!r}. Expected 'raise', 'wrap', or 'clip'")
    if order == "F":
        strides = [1]
        for d in dims[:-1]:
            strides.append(strides[-1] * d)
    elif order == "C":
        strides = [1]
        for d in dims[1:][::-1]:
            strides.append(strides[-1] * d)
        strides = strides[::-1]
    else:
        raise ValueError(f"invalid order={order!r}. Expected 'C' or 'F'")
    result = jnp.asarray(0, dtype=jnp.result_type(*multi_index))
    for i, s in zip(multi_index, strides):
        result = result + i * s
    return result


def meshgrid(*xi, copy=True, sparse=False, indexing='xy'):
    args = [jnp.asarray(x) for x in xi]
    if not copy:
        raise ValueError("jax.numpy.meshgrid only supports copy=True")
    if indexing not in ["xy", "ij"]:
        raise ValueError(f"Valid values for indexing are 'xy' and 'ij', got {indexing}")
    if any(a.ndim != 1 for a in args):
        raise ValueError("Arguments to jax.numpy.meshgrid must be 1D, got shapes "
                         f"{[a.shape for a in args]}")
    if indexing == "xy" and len(args) >= 2:
        args[0], args[1] = args[1], args[0]
    shape = [1 if sparse else a.shape[0] for a in args]
    output = []
    for i, a in enumerate(args):
        a_shape = [*shape[:i], a.shape[0], *shape[i + 1:]] if sparse else shape
        output.append(_jax.lax.broadcast_in_dim(a, tuple(a_shape), (i,)))
    if indexing == "xy" and len(args) >= 2:
        output[0], output[1] = output[1], output[0]
    return tuple(output)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError(f"condlist must have length equal to choicelist ({len(condlist)} vs {len(choicelist)})")
    if len(condlist) == 0:
        raise ValueError("condlist must be non-empty")
    condlist = [jnp.asarray(c) for c in condlist]
    choicelist = [jnp.asarray(c) for c in choicelist]
    default = jnp.asarray(default)
    dtype = jnp.result_type(default, *choicelist)
    choicelist = [c if c.dtype == dtype else c.astype(dtype) for c in [default] + choicelist]
    conditions = jnp.stack(broadcast_arrays(False, *condlist))
    idx = jnp.argmax(conditions.astype(bool), axis=0)
    return _jax.lax.select_n(*broadcast_arrays(idx, *choicelist))


def bincount(x, weights=None, minlength=0, *, length=None):
    x = jnp.asarray(x)
    if x.dtype == jnp.bool_:
        x = x.astype(int)
    if not jnp.issubdtype(x.dtype, jnp.integer):
        raise TypeError(f"x argument to bincount must have an integer type; got {x.dtype}")
    if x.ndim != 1:
        raise ValueError("only 1-dimensional input supported.")
    minlength = _operator.index(minlength)
    if length is None:
        if _is_traced(x):
            _raise_concrete(x, "The error occurred because of argument 'x' of jnp.bincount. "
                            "To avoid this error, pass a static `length` argument.")
        length = max(minlength, x.size and int(max(0, int(x.max()))) + 1)
    else:
        length = _operator.index(length)
    if weights is None:
        weights = jnp.asarray(1, dtype=int)  # counts: int32 in JAX, intp in NumPy
    else:
        weights = jnp.asarray(weights)
        if x.shape != weights.shape:
            raise ValueError("type of weights must match type of x. Got"
                             f" typeof(x)={_short_type(x)} and typeof(weights)={_short_type(weights)}")
    return jnp.zeros(length, weights.dtype).at[jnp.clip(x, 0)].add(weights, mode='drop')


def _short_type(x):
    # JAX's aval.str_short(short_dtypes=True): f32[3,2], i32[], bool[4].
    name = str(x.dtype).replace('float', 'f').replace('uint', 'u').replace('int', 'i').replace('complex', 'c')
    return name + "[" + ",".join(str(d) for d in x.shape) + "]"


def _raise_concrete(x, context):
    shape = ",".join(str(d) for d in x.shape)
    raise _jax.errors.ConcretizationTypeError(
        f"Abstract tracer value encountered where concrete value is expected: "
        f"traced array with shape {x.dtype}[{shape}]\n{context}")


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None,
           *, equal_nan=True, size=None, fill_value=None, sorted=True):
    arr = jnp.asarray(ar)
    hint = ("To make jnp.unique() compatible with JIT and other transforms, you can specify "
            "a concrete value for the size argument, which will determine the output size.")
    if size is None:
        if _is_traced(arr):
            _raise_concrete(arr, "The error arose for the first argument of jnp.unique(). " + hint)
    else:
        size = _operator.index(size)
    if axis is not None:
        raise NotImplementedError("the axis argument of jnp.unique is not supported by Rungs")
    flat = arr.ravel()
    perm = jnp.argsort(flat, stable=True)
    aux = flat[perm]
    n = aux.shape[0]
    if n:
        same = aux[1:] == aux[:-1]
        if equal_nan and jnp.issubdtype(aux.dtype, jnp.inexact):
            same = same | (jnp.isnan(aux[1:]) & jnp.isnan(aux[:-1]))
        mask = jnp.concatenate([jnp.array([True]), jnp.logical_not(same)])
    else:
        mask = jnp.zeros((0,), bool)
    if size is None:
        ind = jnp.nonzero(mask)[0]
    else:
        ind = jnp.nonzero(mask, size=size)[0]
    result = aux[ind] if n else aux
    if size is not None and fill_value is not None:
        valid = jnp.arange(size) < jnp.sum(mask)
        result = jnp.where(valid, result, jnp.asarray(fill_value, result.dtype))
    elif size is not None and n:
        valid = jnp.arange(size) < jnp.sum(mask)
        result = jnp.where(valid, result, aux.min())
    ret = [result]
    if return_index:
        ret.append(perm[ind] if n else perm)
    # Indices and counts are the default int: int32 in JAX, intp (int64) in NumPy.
    group = (jnp.cumsum(mask) - 1).astype(int)
    if return_inverse:
        inv = jnp.zeros(n, int).at[perm].set(group)
        ret.append(inv.reshape(arr.shape) if arr.ndim > 1 else inv)
    if return_counts:
        k = result.shape[0]
        ret.append(jnp.zeros(k, int).at[group].add(1, mode='drop'))
    return ret[0] if len(ret) == 1 else tuple(ret)


_UniqueAllResult = _collections.namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
_UniqueCountsResult = _collections.namedtuple("UniqueCountsResult", ["values", "counts"])
_UniqueInverseResult = _collections.namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def unique_all(x, /, *, size=None, fill_value=None):
    values, indices, inverse_indices, counts = unique(
        x, return_index=True, return_inverse=True, return_counts=True, equal_nan=False,
        size=size, fill_value=fill_value)
    return _UniqueAllResult(values, indices, inverse_indices, counts)


def unique_counts(x, /, *, size=None, fill_value=None):
    values, counts = unique(x, return_counts=True, equal_nan=False, size=size, fill_value=fill_value)
    return _UniqueCountsResult(values, counts)


def unique_inverse(x, /, *, size=None, fill_value=None):
    values, inverse_indices = unique(x, return_inverse=True, equal_nan=False, size=size, fill_value=fill_value)
    return _UniqueInverseResult(values, inverse_indices)


def unique_values(x, /, *, size=None, fill_value=None):
    return unique(x, equal_nan=False, size=size, fill_value=fill_value)
)PY";

}  // namespace

namespace {
// Helpers every jnp source shares (axis canonicalisation, promotion to an
// inexact dtype), prepended to each; private names, so none is exported.
const char* const kSharedHelpers = R"PY(
def _canon_axis(axis, ndim):
    axis = _operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis + ndim if axis < 0 else axis


def _promote_inexact(*args):
    arrays = [jnp.asarray(x) for x in args]
    dtype = jnp.result_type(*arrays)
    if not jnp.issubdtype(dtype, jnp.inexact):
        dtype = jnp.result_type(dtype, jnp.float32)
    # An array already of the type passes through (astype would drop its weak type).
    return [x if x.dtype == dtype else x.astype(dtype) for x in arrays]


def _promote_to(dtype, *arrays):
    return [x if x.dtype == dtype else x.astype(dtype) for x in arrays]
)PY";
}  // namespace

void merge_generated(Interpreter& ip, const Value& target, const std::string& dotted, const char* source,
                     const std::unordered_map<std::string, Value>& names) {
  Value defs = ip.define_generated_module(dotted, std::string(kSharedHelpers) + source, names);
  auto& attrs = target.as<ModuleObj>().attrs;
  for (const auto& [name, fn] : defs.as<ModuleObj>().attrs) attrs[name] = fn;
}

Value in_kernel_builtin() {
  return make_builtin("_in_kernel", [](Interpreter&, CallArgs&) {
    for (ir::TracePtr t = ir::current_trace(); t; t = t->parent)
      if (t->purpose == "kernel") return Value::boolean(true);
    return Value::boolean(false);
  });
}

Value is_traced_builtin() {
  return make_builtin("_is_traced", [](Interpreter&, CallArgs& call) {
    const Value& v = call.positional.at(0);
    return Value::boolean(v.is(ObjKind::Array) && v.as<ArrayObj>().traced());
  });
}

std::unordered_map<std::string, Value> jnp_source_names(Interpreter& ip, const Value& jnp_module) {
  return {{"jnp", jnp_module},
          {"_jax", ip.import_module("jax", {})},
          {"_operator", ip.import_module("operator", {})},
          {"_collections", ip.import_module("collections", {})},
          {"_is_traced", is_traced_builtin()}};
}

void add_jnp_python_indexing(Interpreter& ip, const Value& jnp_module) {
  merge_generated(ip, jnp_module, "jax.numpy", kSource, jnp_source_names(ip, jnp_module));
}

}  // namespace rungs::jax
