// jax.numpy.linalg in Python over jnp, as linalg.py writes it: norm
// (vector norms of any order, matrix norms 'fro', 1, -1, inf, -inf; the
// SVD-based 2, -2 and 'nuc' are refused: Rungs has no SVD), vector_norm,
// matrix_norm, and the array-API aliases kernels' harnesses reach for
// (vecdot, matmul, outer, tensordot, multi_dot, diagonal, trace, cross,
// matrix_transpose). A module of its own, also importable by name (and,
// through numpy's re-export of jnp, as numpy.linalg).
#include "core/jax/jnp_python_more.h"

namespace rungs::jax {

namespace {

const char* kSource = R"PY(
def _inexact_of(x):
    x = jnp.asarray(x)
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return x
    return x.astype(jnp.float32)


def _canon(axis, ndim):
    axis = _operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis + ndim if axis < 0 else axis


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = jnp.asarray(x)
    if ord is None or ord == 2:
        return jnp.sqrt(jnp.sum(x * x, axis=axis, keepdims=keepdims))
    if isinstance(ord, str):
        msg = f"Invalid order '{ord}' for vector norm."
        if ord == "inf":
            msg += "Use 'jax.numpy.inf' instead."
        if ord == "-inf":
            msg += "Use '-jax.numpy.inf' instead."
        raise ValueError(msg)
    if ord == jnp.inf:
        return jnp.max(jnp.abs(x), axis=axis, keepdims=keepdims, initial=0)
    if ord == -jnp.inf:
        return jnp.min(jnp.abs(x), axis=axis, keepdims=keepdims)
    if ord == 0:
        return jnp.sum(x != 0, dtype=x.dtype, axis=axis, keepdims=keepdims)
    if ord == 1:
        return jnp.sum(jnp.abs(x), axis=axis, keepdims=keepdims)
    abs_x = jnp.abs(x)
    ord_arr = jnp.asarray(ord, abs_x.dtype)
    out = jnp.sum(abs_x ** ord_arr, axis=axis, keepdims=keepdims)
    return jnp.power(out, jnp.asarray(1.0 / ord, abs_x.dtype))


def norm(x, ord=None, axis=None, keepdims=False):
    x = _inexact_of(x)
    ndim = x.ndim
    if axis is None:
        if ord is None:
            return jnp.sqrt(jnp.sum(x * x, keepdims=keepdims))
        axis = tuple(range(ndim))
    elif isinstance(axis, tuple):
        axis = tuple(_canon(a, ndim) for a in axis)
    else:
        axis = (_canon(axis, ndim),)
    if len(axis) == 1:
        return vector_norm(x, ord=2 if ord is None else ord, axis=axis, keepdims=keepdims)
    if len(axis) == 2:
        row_axis, col_axis = axis
        if ord is None or ord in ('f', 'fro'):
            return jnp.sqrt(jnp.sum(x * x, axis=axis, keepdims=keepdims))
        if ord == 1 or ord == -1:
            if not keepdims and col_axis > row_axis:
                col_axis -= 1
            sums = jnp.sum(jnp.abs(x), axis=row_axis, keepdims=keepdims)
            if ord == 1:
                return jnp.max(sums, axis=col_axis, keepdims=keepdims, initial=0)
            return jnp.min(sums, axis=col_axis, keepdims=keepdims)
        if ord == jnp.inf or ord == -jnp.inf:
            if not keepdims and row_axis > col_axis:
                row_axis -= 1
            sums = jnp.sum(jnp.abs(x), axis=col_axis, keepdims=keepdims)
            if ord == jnp.inf:
                return jnp.max(sums, axis=row_axis, keepdims=keepdims, initial=0)
            return jnp.min(sums, axis=row_axis, keepdims=keepdims)
        if ord in ('nuc', 2, -2):
            raise NotImplementedError(f"jnp.linalg.norm with ord={ord!r} needs an SVD, which Rungs does not have")
        raise ValueError(f"Invalid order '{ord}' for matrix norm.")
    raise ValueError(f"Improper number of axes for norm: axis={axis}. Pass one axis to"
                     " compute a vector-norm, or two axes to compute a matrix-norm.")


def matrix_norm(x, /, *, keepdims=False, ord='fro'):
    return norm(x, ord=ord, keepdims=keepdims, axis=(-2, -1))


def matrix_transpose(x, /):
    x = jnp.asarray(x)
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose requres at least 2 dimensions; got {x.ndim=}")
    return jnp.swapaxes(x, -1, -2)


def vecdot(x1, x2, /, *, axis=-1, precision=None, preferred_element_type=None):
    x1 = jnp.asarray(x1)
    x2 = jnp.asarray(x2)
    return jnp.sum(x1 * x2, axis=axis)


def matmul(x1, x2, /, *, precision=None, preferred_element_type=None):
    return jnp.matmul(x1, x2, precision=precision, preferred_element_type=preferred_element_type)


def outer(x1, x2, /):
    x1 = jnp.asarray(x1)
    x2 = jnp.asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are x1.ndim={x1.ndim} and x2.ndim={x2.ndim}")
    return x1[:, None] * x2[None, :]


def tensordot(x1, x2, /, *, axes=2, precision=None, preferred_element_type=None):
    return jnp.tensordot(x1, x2, axes=axes, precision=precision, preferred_element_type=preferred_element_type)


def multi_dot(arrays, *, precision=None):
    arrays = [jnp.asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise ValueError(f"multi_dot requires at least two arrays; got len(arrays)={len(arrays)}")
    result = arrays[0]
    for a in arrays[1:]:
        result = jnp.dot(result, a, precision=precision)
    return result


def diagonal(x, /, *, offset=0):
    return jnp.diagonal(x, offset=offset, axis1=-2, axis2=-1)


def trace(x, /, *, offset=0, dtype=None):
    return jnp.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def cross(x1, x2, /, *, axis=-1):
    x1 = jnp.asarray(x1)
    x2 = jnp.asarray(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, "
                         f"but they have shape[axis]={x1.shape[axis]} and shape[axis]={x2.shape[axis]}")
    return jnp.cross(x1, x2, axis=axis)
)PY";

// `import jax.numpy.linalg` finds the submodule jnp made.
const bool kRegistered = (Interpreter::register_module("jax.numpy.linalg",
                                                       [](Interpreter& ip) {
                                                         return ip.getattr(ip.import_module("jax.numpy", {}),
                                                                           "linalg", {});
                                                       }),
                          true);
// numpy re-exports jnp's attributes, linalg included; `import numpy.linalg`
// finds the same module.
const bool kRegisteredNumpy = (Interpreter::register_module("numpy.linalg",
                                                            [](Interpreter& ip) {
                                                              return ip.getattr(ip.import_module("numpy", {}),
                                                                                "linalg", {});
                                                            }),
                               true);

}  // namespace

void add_jnp_linalg_module(Interpreter& ip, const Value& jnp_module) {
  (void)kRegistered;
  (void)kRegisteredNumpy;
  Value linalg = ip.define_generated_module("jax.numpy.linalg", kSource, jnp_source_names(ip, jnp_module));
  jnp_module.as<ModuleObj>().attrs["linalg"] = linalg;
}

}  // namespace rungs::jax
