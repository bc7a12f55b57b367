// jax.numpy.linalg in Python over jnp, as linalg.py writes it: norm
// (vector norms of any order, matrix norms 'fro', 1, -1, inf, -inf, and
// the SVD-based 2, -2 and 'nuc'), vector_norm,
// matrix_norm, and the array-API aliases kernels' harnesses reach for
// (vecdot, matmul, outer, tensordot, multi_dot, diagonal, trace, cross,
// matrix_transpose). The decompositions (inv, solve, det, slogdet,
// cholesky, qr, eigh/eigvalsh, svd/svdvals, matrix_rank, pinv, lstsq,
// matrix_power; eig/eigvals refused: no complex dtypes) check and
// promote as linalg.py does and call the host kernels of linalg_kernels.cpp
// (_lu, _solve, ...) where JAX calls LAPACK; the 2x2/3x3 det and slogdet
// formulas are JAX's own float32 arithmetic. A module of its own, also
// importable by name (and, through numpy's re-export of jnp, as numpy.linalg).
#include "core/jax/jnp_python_more.h"
#include "core/jax/linalg_kernels.h"

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
            y = jnp.moveaxis(x, (row_axis, col_axis), (-2, -1))
            s = svd(y, compute_uv=False)
            r = jnp.sum(s, axis=-1) if ord == 'nuc' else (jnp.max(s, axis=-1) if ord == 2 else jnp.min(s, axis=-1))
            if keepdims:
                r = jnp.expand_dims(r, sorted((row_axis, col_axis)))
            return r
        raise ValueError(f"Invalid order '{ord}' for matrix norm.")
    raise ValueError(f"Improper number of axes for norm: axis={axis}. Pass one axis to"
                     " compute a vector-norm, or two axes to compute a matrix-norm.")


def matrix_norm(x, /, *, keepdims=False, ord='fro'):
    return norm(x, ord=ord, keepdims=keepdims, axis=(-2, -1))


def matrix_transpose(x, /):
    x = jnp.asarray(x)
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose requires at least 2 dimensions; got ndim={x.ndim}")
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


SlogdetResult = _collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
EighResult = _collections.namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
QRResult = _collections.namedtuple("QRResult", ["Q", "R"])
SVDResult = _collections.namedtuple("SVDResult", ["U", "S", "Vh"])


def _chip_refuses(name, *xs):
    # In a kernel on the chip rung (a TPU backend) Pallas's TPU lowering has
    # no rule for the linalg primitive JAX binds here (lu, cholesky, qr,
    # eigh, svd): say so as Mosaic does. Elsewhere the host kernels run, or
    # refuse a traced operand (jnp_host_only).
    if _in_kernel() and _jax.default_backend() == 'tpu' and any(_is_traced(x) for x in xs):
        _raise_error("chip_unimplemented_primitive", name)


def _square_or_raise(a, message):
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(message.format(a.shape))


def _rank_at_least_2(a, name):
    if a.ndim < 2:
        raise TypeError(f"Input 0 to {name} must have rank at least 2, but got shape={a.shape}")


def _core_dims_error(dim, size, other, signature):
    raise ValueError(f"inconsistent size for core dimension {dim!r}: {size!r} vs {other!r} "
                     f"on vectorized function with excluded=frozenset() and signature={signature!r}")


def solve(a, b):
    a = _inexact_of(a)
    b = _inexact_of(b)
    dtype = jnp.result_type(a, b)
    a = a.astype(dtype)
    b = b.astype(dtype)
    if a.ndim < 2:
        raise ValueError(f"left hand array must be at least two dimensional; got a.shape={a.shape}")
    if b.ndim > 1 and a.ndim == b.ndim + 1 and a.shape[-1] == b.shape[-1] and a.shape[-1] != b.shape[-2]:
        raise ValueError(f"Invalid shapes for solve: {a.shape}, {b.shape}. Prior to JAX v0.5.0,"
                         " this would have been treated as a batched 1-dimensional solve."
                         " To recover this behavior, use solve(a, b[..., None]).squeeze(-1).")
    signature = "(m,m),(m)->(m)" if b.ndim == 1 else "(m,m),(m,n)->(m,n)"
    _chip_refuses("lu", a, b)
    if a.shape[-1] != a.shape[-2]:
        _core_dims_error('m', a.shape[-1], a.shape[-2], signature)
    m_b = b.shape[-1] if b.ndim == 1 else b.shape[-2]
    if m_b != a.shape[-1]:
        _core_dims_error('m', m_b, a.shape[-1], signature)
    if b.ndim == 1:
        batch = a.shape[:-2]
        a_full = a
        b_full = jnp.broadcast_to(b[..., None], batch + (b.shape[0], 1))
        return _solve(a_full, b_full)[..., 0]
    batch = jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return _solve(jnp.broadcast_to(a, batch + a.shape[-2:]), jnp.broadcast_to(b, batch + b.shape[-2:]))


def inv(a):
    a = jnp.asarray(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Argument to inv must have shape [..., n, n], got {a.shape}.")
    a = _inexact_of(a)
    eye = jnp.broadcast_to(jnp.eye(a.shape[-1], dtype=a.dtype), a.shape)
    return solve(a, eye)


def _slogdet_lu(a):
    _chip_refuses("lu", a)
    lu, pivot, _ = _lu(a)
    diag = jnp.diagonal(lu, axis1=-2, axis2=-1)
    is_zero = jnp.any(diag == 0, axis=-1)
    parity = jnp.count_nonzero(pivot != jnp.arange(a.shape[-1], dtype=pivot.dtype), axis=-1)
    parity = parity + jnp.count_nonzero(diag < 0, axis=-1)
    sign = jnp.where(is_zero, jnp.array(0, a.dtype), jnp.array(-2 * (parity % 2) + 1, dtype=a.dtype))
    logdet = jnp.where(is_zero, jnp.array(-jnp.inf, a.dtype), jnp.sum(jnp.log(jnp.abs(diag)).astype(a.dtype), axis=-1))
    return sign, logdet


def slogdet(a, *, method=None):
    a = _inexact_of(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Argument to slogdet() must have shape [..., n, n], got {a.shape}")
    if method is not None and method not in ("lu", "qr"):
        raise ValueError(f"Unknown slogdet method '{method}'. Supported methods are 'lu' (`None`), and 'qr'.")
    n = a.shape[-1]
    if method != "qr" and n in (1, 2):
        det = a[..., 0, 0] if n == 1 else (a[..., 0, 0] * a[..., 1, 1]) - (a[..., 0, 1] * a[..., 1, 0])
        return SlogdetResult(jnp.sign(det), jnp.log(jnp.abs(det)))
    return SlogdetResult(*_slogdet_lu(a))


def det(a):
    a = _inexact_of(a)
    shape = a.shape
    if len(shape) >= 2 and shape[-1] == 2 and shape[-2] == 2:
        return a[..., 0, 0] * a[..., 1, 1] - a[..., 0, 1] * a[..., 1, 0]
    if len(shape) >= 2 and shape[-1] == 3 and shape[-2] == 3:
        return (a[..., 0, 0] * a[..., 1, 1] * a[..., 2, 2] +
                a[..., 0, 1] * a[..., 1, 2] * a[..., 2, 0] +
                a[..., 0, 2] * a[..., 1, 0] * a[..., 2, 1] -
                a[..., 0, 2] * a[..., 1, 1] * a[..., 2, 0] -
                a[..., 0, 0] * a[..., 1, 2] * a[..., 2, 1] -
                a[..., 0, 1] * a[..., 1, 0] * a[..., 2, 2])
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        sign, logdet = slogdet(a)
        return sign * jnp.exp(logdet).astype(sign.dtype)
    raise ValueError(f"Argument to _det() must have shape [..., n, n], got {shape}")


def _symmetrize(x):
    # lax.linalg.symmetrize: (x + x.mT) / 2, before any shape rule runs.
    if x.ndim < 2:
        raise ValueError(f"x must be at least two-dimensional for matrix_transpose; got ndim={x.ndim}")
    return (x + jnp.swapaxes(x, -1, -2)) / 2


def cholesky(a, *, upper=False, symmetrize_input=True):
    a = _inexact_of(a)
    if symmetrize_input:
        a = _symmetrize(a)
    _rank_at_least_2(a, "cholesky")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"The input to cholesky must be a square matrix. Got shape {a.shape[-2:]}.")
    _chip_refuses("cholesky", a)
    L = _cholesky(a)
    return jnp.swapaxes(L, -1, -2) if upper else L


def qr(a, mode="reduced"):
    a = _inexact_of(a)
    if mode not in ("reduced", "r", "full", "complete"):
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    _rank_at_least_2(a, "qr")
    _chip_refuses("qr", a)
    q, r = _qr(a, mode == "complete")
    if mode == "r":
        return r
    return QRResult(q, r)


def eigh(a, UPLO=None, symmetrize_input=True):
    a = _inexact_of(a)
    if UPLO is None or UPLO == "L":
        lower = True
    elif UPLO == "U":
        lower = False
    else:
        raise ValueError(f"UPLO must be one of None, 'L', or 'U', got {UPLO}")
    if symmetrize_input:
        a = _symmetrize(a)
    _rank_at_least_2(a, "eigh")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Argument to symmetric eigendecomposition must have shape [..., n, n], got shape {a.shape[-2:]}")
    if not symmetrize_input:
        low = jnp.tril(a) if lower else jnp.triu(a)
        a = low + jnp.swapaxes(low, -1, -2) - jnp.eye(a.shape[-1], dtype=a.dtype) * a
    _chip_refuses("eigh", a)
    w, v = _eigh(a)
    return EighResult(w, v)


def eigvalsh(a, UPLO="L", *, symmetrize_input=True):
    return eigh(a, UPLO, symmetrize_input).eigenvalues


def svd(a, full_matrices=True, compute_uv=True, hermitian=False, subset_by_index=None):
    a = _inexact_of(a)
    _rank_at_least_2(a, "svd")
    if subset_by_index is not None:
        raise NotImplementedError("jnp.linalg.svd with subset_by_index is not supported by Rungs")
    _chip_refuses("svd", a)
    u, s, vh = _svd(a, bool(full_matrices) and bool(compute_uv))
    if not compute_uv:
        return s
    return SVDResult(u, s, vh)


def svdvals(x, /):
    return svd(x, compute_uv=False)


def matrix_rank(M, rtol=None, *, tol=None):
    M = _inexact_of(M)
    if rtol is not None and tol is not None:
        raise ValueError("matrix_rank: only one of tol or rtol may be specified.")
    if M.ndim < 2:
        return (M != 0).any().astype(jnp.int32)
    S = svd(M, full_matrices=False, compute_uv=False)
    if tol is None:
        if rtol is None:
            rtol = S.max(-1) * max(M.shape[-2:]) * jnp.finfo(S.dtype).eps
        else:
            rtol = jnp.expand_dims(rtol, -1) * S.max(-1)
        tol = rtol
    return jnp.sum(S > jnp.expand_dims(jnp.asarray(tol), -1), axis=-1)


def pinv(a, rtol=None, hermitian=False, *, rcond=None):
    a = _inexact_of(a)
    if rcond is not None:
        if rtol is not None:
            raise ValueError("pinv: only one of rtol and rcond may be specified.")
        rtol = rcond
    m, n = a.shape[-2:]
    if m == 0 or n == 0:
        return jnp.empty(a.shape[:-2] + (n, m), a.dtype)
    if rtol is None:
        rtol = 10. * max(m, n) * jnp.array(jnp.finfo(a.dtype).eps, dtype=a.dtype)
    u, s, vh = svd(a, full_matrices=False)
    cutoff = jnp.asarray(rtol)[..., None] * s[..., 0:1]
    s = jnp.where(s > cutoff, s, jnp.inf).astype(u.dtype)
    res = jnp.matmul(jnp.swapaxes(vh, -1, -2), jnp.divide(jnp.swapaxes(u, -1, -2), s[..., None]), precision="highest")
    return res.astype(a.dtype)


def matrix_power(a, n):
    arr = jnp.asarray(a)
    if arr.ndim < 2:
        raise TypeError(f"{arr.ndim}-dimensional array given. Array must be at least two-dimensional")
    if arr.shape[-2] != arr.shape[-1]:
        raise TypeError("Last 2 dimensions of the array must be square")
    try:
        n = _operator.index(n)
    except TypeError:
        raise TypeError(f"exponent must be an integer, got {n}")
    if n == 0:
        return jnp.broadcast_to(jnp.eye(arr.shape[-2], dtype=arr.dtype), arr.shape)
    if n < 0:
        arr = inv(arr)
        n = -n
    if n == 1:
        return arr
    if n == 2:
        return arr @ arr
    if n == 3:
        return (arr @ arr) @ arr
    z = result = None
    while n > 0:
        z = arr if z is None else (z @ z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else (result @ z)
    return result


def lstsq(a, b, rcond=None, *, numpy_resid=False):
    a = _inexact_of(a)
    b = _inexact_of(b)
    dtype = jnp.result_type(a, b)
    a = a.astype(dtype)
    b = b.astype(dtype)
    if a.shape[0] != b.shape[0]:
        raise ValueError("Leading dimensions of input arrays must match")
    b_ndim = b.ndim
    if b_ndim == 1:
        b = b[:, None]
    if a.ndim != 2:
        raise TypeError(f"{a.ndim}-dimensional array given. Array must be two-dimensional")
    if b.ndim != 2:
        raise TypeError(f"{b.ndim}-dimensional array given. Array must be one or two-dimensional")
    m, n = a.shape
    if rcond is None:
        rcond = float(jnp.finfo(dtype).eps) * max(n, m)
    else:
        rcond = jnp.where(rcond < 0, jnp.finfo(dtype).eps, rcond)
    u, s, vt = svd(a, full_matrices=False)
    mask = (s > 0) & (s >= jnp.asarray(rcond, dtype=s.dtype) * s[0])
    rank = mask.sum()
    safe_s = jnp.where(mask, s, 1).astype(dtype)
    s_inv = jnp.where(mask, 1 / safe_s, 0)[:, None]
    utb = jnp.matmul(u.T, b, precision="highest")
    x = jnp.matmul(vt.T, s_inv * utb, precision="highest")
    if numpy_resid and (rank < n or m <= n):
        resid = jnp.asarray([], dtype)
    else:
        resid = norm(b - jnp.matmul(a, x, precision="highest"), axis=0) ** 2
    if b_ndim == 1:
        x = x.ravel()
    return x, resid, rank, s


def eig(a):
    raise NotImplementedError("jnp.linalg.eig (complex eigenvalues and vectors) is not supported by Rungs, which has no complex dtypes; for symmetric matrices use jnp.linalg.eigh")


def eigvals(a):
    raise NotImplementedError("jnp.linalg.eigvals (complex eigenvalues) is not supported by Rungs, which has no complex dtypes; for symmetric matrices use jnp.linalg.eigvalsh")
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
  std::unordered_map<std::string, Value> names = jnp_source_names(ip, jnp_module);
  names["_lu"] = make_builtin("_lu", linalg_lu);
  names["_solve"] = make_builtin("_solve", linalg_solve);
  names["_cholesky"] = make_builtin("_cholesky", linalg_cholesky);
  names["_qr"] = make_builtin("_qr", linalg_qr);
  names["_eigh"] = make_builtin("_eigh", linalg_eigh);
  names["_svd"] = make_builtin("_svd", linalg_svd);
  names["_in_kernel"] = in_kernel_builtin();
  names["_raise_error"] = python::registered_error_raiser();
  Value linalg = ip.define_generated_module("jax.numpy.linalg", kSource, names);
  jnp_module.as<ModuleObj>().attrs["linalg"] = linalg;
}

}  // namespace rungs::jax
