// jax.lax functions written in Python over the rest of lax, the way
// loops.py and lax.py write them: associative_scan (Blelloch's odd/even
// recursion of strided slices, pads and concatenations), cumlogsumexp (an
// associative_scan of logaddexp, as JAX lowers it off TPU), map (a scan,
// vmapped per batch with batch_size=), top_k (a stable descending argsort:
// ties keep the lower index first, as XLA's TopK; traced values, which have
// no argsort here, take k rounds of max-and-first-position), sort_key_val, split,
// collapse, reduce_precision (XLA's ReducePrecision on the bits:
// round-to-nearest-even of the mantissa, exponent overflow to a signed
// inf, underflow to a signed zero, NaN kept while a mantissa bit is left),
// and the one-device identities optimization_barrier and
// with_sharding_constraint, and the unary primitives neg_p, exp_p, ... (bind
// applies the lax function). JAX binds one primitive for cumlogsumexp,
// reduce_precision and optimization_barrier that Pallas's TPU lowering has
// no rule for, so in a kernel on the chip rung they raise its refusal. Being Python over primitives,
// it runs eagerly on the host and traces into kernels, where each rung
// (and the chip model's lowering checks) sees the slices and pads it is
// made of, as Pallas does. Compiled from generated source, so its frames
// stay out of tracebacks and its errors point at the caller.
#include "core/jax/jnp_python_more.h"

namespace rungs::jax {

namespace {

const char* kSource = R"PY(
def _interleave(a, b, axis):
    # a and b along `axis` alternately, a first: each padded with zeros in
    # the other's places, then added (or'ed for bool).
    a_pad = [(0, 0, 0)] * a.ndim
    b_pad = [(0, 0, 0)] * b.ndim
    same = a.shape[axis] == b.shape[axis]
    a_pad[axis] = (0, 1 if same else 0, 1)
    b_pad[axis] = (1, 0 if same else 1, 1)
    op = lax.bitwise_or if jnp.issubdtype(a.dtype, jnp.bool_) else lax.add
    return op(lax.pad(a, lax.full((), 0, a.dtype), a_pad),
              lax.pad(b, lax.full((), 0, b.dtype), b_pad))


def associative_scan(fn, elems, reverse=False, axis=0):
    if not callable(fn):
        raise TypeError("lax.associative_scan: fn argument should be callable.")
    elems_flat, tree = _tree_util.tree_flatten(elems)
    if reverse:
        elems_flat = [lax.rev(elem, [axis]) for elem in elems_flat]

    def combine(a_flat, b_flat):
        a = _tree_util.tree_unflatten(tree, a_flat)
        b = _tree_util.tree_unflatten(tree, b_flat)
        c_flat, _ = _tree_util.tree_flatten(fn(a, b))
        return c_flat

    ndim = elems_flat[0].ndim
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    axis = axis % ndim if ndim else axis
    num_elems = int(elems_flat[0].shape[axis])
    if not all(int(elem.shape[axis]) == num_elems for elem in elems_flat[1:]):
        raise ValueError('Array inputs to associative_scan must have the same '
                         'first dimension. (saw: {})'
                         .format([elem.shape for elem in elems_flat]))

    def _scan(elems):
        # Odd positions: the scan of adjacent pairs combined (recursively);
        # even positions: each odd result combined with the next element.
        num_elems = elems[0].shape[axis]
        if num_elems < 2:
            return elems
        reduced_elems = combine(
            [lax.slice_in_dim(elem, 0, -1, stride=2, axis=axis) for elem in elems],
            [lax.slice_in_dim(elem, 1, None, stride=2, axis=axis) for elem in elems])
        odd_elems = _scan(reduced_elems)
        if num_elems % 2 == 0:
            even_elems = combine(
                [lax.slice_in_dim(e, 0, -1, axis=axis) for e in odd_elems],
                [lax.slice_in_dim(e, 2, None, stride=2, axis=axis) for e in elems])
        else:
            even_elems = combine(
                odd_elems,
                [lax.slice_in_dim(e, 2, None, stride=2, axis=axis) for e in elems])
        even_elems = [
            lax.concatenate([lax.slice_in_dim(elem, 0, 1, axis=axis), result], dimension=axis)
            for (elem, result) in zip(elems, even_elems)]
        return [_interleave(e, o, axis) for e, o in zip(even_elems, odd_elems)]

    scans = _scan(elems_flat)
    if reverse:
        scans = [lax.rev(scanned, [axis]) for scanned in scans]
    return _tree_util.tree_unflatten(tree, scans)


def _canonicalize_axis(axis, num_dims):
    axis = _operator.index(axis)
    if not -num_dims <= axis < num_dims:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {num_dims}")
    return axis + num_dims if axis < 0 else axis


def top_k(operand, k, *, axis=-1, is_stable=True):
    operand = jnp.asarray(operand)
    k = _operator.index(k)
    if k < 0:
        raise ValueError(f"k argument to top_k must be nonnegative, got {k}")
    if jnp.issubdtype(operand.dtype, jnp.complexfloating):
        raise ValueError("top_k is not compatible with complex inputs.")
    if operand.ndim == 0:
        raise TypeError(f"top_k operand must have >= 1 dimension, got {operand.shape}")
    axis = _canonicalize_axis(axis, operand.ndim)
    shape = list(operand.shape)
    if shape[axis] < k:
        raise ValueError("k argument to top_k must be no larger than size along axis;"
                         f" got k={k} with shape={shape} and axis={axis}")
    # Largest first; equal values keep their order (lower index first), as
    # XLA's stable TopK; NaNs rank above every number.
    if _is_traced(operand):
        _mosaic_refuses("top_k")
        indices = _top_k_traced(operand, k, axis)
    else:
        order = jnp.argsort(operand, axis=axis, stable=True, descending=True)
        indices = lax.slice_in_dim(order, 0, k, axis=axis).astype(jnp.int32)
    return jnp.take_along_axis(operand, indices, axis=axis), indices


def _top_k_traced(x, k, axis):
    # Traced values (vmap, kernels on rungs 1-2) have no argsort here: k
    # rounds each pick the first not-yet-taken position holding the largest
    # remaining value (a NaN first), from reductions and selects only.
    if jnp.issubdtype(x.dtype, jnp.bool_):
        x = x.astype(jnp.int32)
    n = x.shape[axis]
    pos = lax.broadcasted_iota(jnp.int32, x.shape, axis)
    if jnp.issubdtype(x.dtype, jnp.inexact):
        lowest = jnp.asarray(-jnp.inf, x.dtype)
        nan = jnp.isnan(x)
    else:
        lowest = jnp.asarray(jnp.iinfo(x.dtype).min, x.dtype)
        nan = jnp.zeros(x.shape, bool)
    taken = jnp.zeros(x.shape, bool)
    picks = []
    for _ in range(k):
        free = jnp.logical_not(taken)
        free_nan = nan & free
        best = jnp.max(jnp.where(free & jnp.logical_not(nan), x, lowest), axis=axis, keepdims=True)
        cand = jnp.where(jnp.any(free_nan, axis=axis, keepdims=True), free_nan, free & (x == best))
        pick = jnp.min(jnp.where(cand, pos, n), axis=axis, keepdims=True)
        taken = taken | (pos == pick)
        picks.append(pick)
    if not picks:
        shape = list(x.shape)
        shape[axis] = 0
        return jnp.zeros(tuple(shape), jnp.int32)
    return jnp.concatenate(picks, axis=axis)


def sort_key_val(keys, values, dimension=-1, is_stable=True):
    k, v = lax.sort((keys, values), dimension=dimension, is_stable=is_stable, num_keys=1)
    return k, v


def split(operand, sizes, axis=0):
    operand = jnp.asarray(operand)
    axis = _canonicalize_axis(axis, operand.ndim)
    sizes = [_operator.index(s) for s in sizes]
    if any(s < 0 for s in sizes):
        raise ValueError(f"Sizes passed to split must be nonnegative, got {list(sizes)}")
    if operand.shape[axis] != sum(sizes):
        raise ValueError(f"Sum of sizes {sum(sizes)} must be equal to dimension {axis} of the "
                         f"operand shape {list(operand.shape)}")
    out = []
    start = 0
    for s in sizes:
        out.append(lax.slice_in_dim(operand, start, start + s, axis=axis))
        start += s
    return out


def _slice_bounds(start, stop, n):
    # slice(start, stop).indices(n)[:2] for a step of 1.
    def bound(v, default):
        if v is None:
            return default
        v = _operator.index(v)
        if v < 0:
            v += n
        return min(max(v, 0), n)
    return bound(start, 0), bound(stop, n)


def collapse(operand, start_dimension, stop_dimension=None):
    ndim = len(operand.shape)
    lo, hi = _slice_bounds(start_dimension, stop_dimension, ndim)
    if hi < lo:
        raise ValueError(f"Invalid dimension range passed to collapse: {operand.shape}"
                         f"[{start_dimension}:{stop_dimension}]")
    size = 1
    for d in operand.shape[lo:hi]:
        size *= d
    new_shape = tuple(operand.shape[:lo]) + (size,) + tuple(operand.shape[hi:])
    return lax.reshape(operand, new_shape)


def _mosaic_refuses(name):
    # JAX binds one primitive here, and Pallas's TPU lowering has no rule for
    # it; written as a decomposition, the chip model would otherwise accept
    # it, so its refusal is raised here, in a kernel on the chip rung (whose
    # backend is the TPU). The interpreters (rungs 1-2) run it, as JAX's do.
    if _in_kernel() and _jax.default_backend() == 'tpu':
        _raise_error("chip_unimplemented_primitive", name)


def cumlogsumexp(operand, axis=0, reverse=False):
    operand = jnp.asarray(operand)
    if not jnp.issubdtype(operand.dtype, jnp.floating):
        raise TypeError(f"cumlogsumexp does not accept dtype {operand.dtype}. Accepted dtypes are subtypes of floating.")
    _mosaic_refuses("cumlogsumexp")
    return associative_scan(jnp.logaddexp, operand, reverse=reverse, axis=axis)


def optimization_barrier(operand, /):
    _mosaic_refuses("optimization_barrier")
    # One device, no compiler to hold back: the values pass through.
    return _tree_util.tree_map(lambda x: x, operand)


def with_sharding_constraint(x, shardings):
    # A single device holds every array whole, so each constraint holds.
    return x


def map(f, xs, *, batch_size=None):
    if batch_size is None:
        _, ys = lax.scan(lambda _, x: ((), f(x)), (), xs)
        return ys
    batch_size = _operator.index(batch_size)
    leaves = _tree_util.tree_leaves(xs)
    n = leaves[0].shape[0]
    num_batches = n // batch_size
    rem = n % batch_size
    main = _tree_util.tree_map(
        lambda x: x[:num_batches * batch_size].reshape((num_batches, batch_size) + tuple(x.shape[1:])), xs)
    _, ys = lax.scan(lambda _, x: ((), _jax.vmap(f)(x)), (), main)
    ys = _tree_util.tree_map(lambda y: y.reshape((num_batches * batch_size,) + tuple(y.shape[2:])), ys)
    if rem:
        tail = _tree_util.tree_map(lambda x: x[num_batches * batch_size:], xs)
        tail_ys = _jax.vmap(f)(tail)
        ys = _tree_util.tree_map(lambda a, b: lax.concatenate([a, b], dimension=0), ys, tail_ys)
    return ys


# (exponent bits, mantissa bits, same-width int) of each float type.
_FLOAT_LAYOUT = {
    'float32': (8, 23, 'int32'),
    'float16': (5, 10, 'int16'),
    'bfloat16': (8, 7, 'int16'),
    'float64': (11, 52, 'int64'),
}


def reduce_precision(operand, exponent_bits, mantissa_bits):
    exponent_bits = _operator.index(exponent_bits)
    mantissa_bits = _operator.index(mantissa_bits)
    x = jnp.asarray(operand)
    if exponent_bits < 1:
        raise ValueError(f"reduce_precision: exponent_bits must be positive; got {exponent_bits}")
    if mantissa_bits < 0:
        raise ValueError(f"reduce_precision: mantissa_bits must be non-negative; got {mantissa_bits}")
    name = str(x.dtype)
    if not jnp.issubdtype(x.dtype, jnp.floating) or name not in _FLOAT_LAYOUT:
        raise TypeError(f"reduce_precision does not accept dtype {name}. Accepted dtypes are subtypes of floating.")
    _mosaic_refuses("reduce_precision")
    src_exp, src_mant, int_name = _FLOAT_LAYOUT[name]
    int_dtype = jnp.dtype(int_name)
    nbits = 1 + src_exp + src_mant
    bits = lax.bitcast_convert_type(x, int_dtype)

    def const(v):
        # v as a two's-complement value of the int type.
        if v >= 1 << (nbits - 1):
            v -= 1 << nbits
        return jnp.asarray(v, int_dtype)

    # XLA's ReducePrecision: round the mantissa to nearest even by adding a
    # bias and truncating; a carry into the exponent is the correct rounding.
    if mantissa_bits < src_mant:
        shift = src_mant - mantissa_bits
        last_bit_mask = 1 << shift
        base_bias = (last_bit_mask >> 1) - 1
        last_bit = lax.shift_right_logical(lax.bitwise_and(bits, const(last_bit_mask)), const(shift))
        bits = lax.add(bits, lax.add(last_bit, const(base_bias)))
        bits = lax.bitwise_and(bits, const(((1 << nbits) - 1) & ~(last_bit_mask - 1)))
    # Exponents beyond the reduced range overflow to a signed infinity, and
    # those at or below its minimum flush to a signed zero.
    if exponent_bits < src_exp:
        sign_mask = 1 << (nbits - 1)
        exp_mask = ((1 << src_exp) - 1) << src_mant
        bias = (1 << (src_exp - 1)) - 1
        reduced_bias = (1 << (exponent_bits - 1)) - 1
        x_exp = lax.bitwise_and(bits, const(exp_mask))
        overflows = x_exp > const((bias + reduced_bias) << src_mant)
        underflows = x_exp <= const((bias - reduced_bias) << src_mant)
        signed_zero = lax.bitwise_and(bits, const(sign_mask))
        signed_inf = lax.bitwise_or(signed_zero, const(exp_mask))
        bits = lax.select(overflows, signed_inf, lax.select(underflows, signed_zero, bits))
    result = lax.bitcast_convert_type(bits, x.dtype)
    # NaN stays NaN while a mantissa bit is left to hold it; with none, it
    # becomes +inf.
    nan_out = x if mantissa_bits > 0 else jnp.full_like(x, jnp.inf)
    return lax.select(jnp.isnan(x), nan_out, result)


class _UnaryPrimitive:
    # lax's elementwise primitives as test files reach them (lax.neg_p,
    # prim.name, prim.bind(x)): binding one applies its lax function.
    multiple_results = False

    def __init__(self, name, fn):
        self.name = name
        self._fn = fn

    def __repr__(self):
        return self.name

    def bind(self, x, **params):
        # accuracy=None is the functions' default: JAX binds it explicitly.
        if params.get("accuracy", 0) is None:
            del params["accuracy"]
        return self._fn(x, **params)


neg_p = _UnaryPrimitive("neg", lax.neg)
abs_p = _UnaryPrimitive("abs", lax.abs)
exp_p = _UnaryPrimitive("exp", lax.exp)
log_p = _UnaryPrimitive("log", lax.log)
exp2_p = _UnaryPrimitive("exp2", lax.exp2)
log1p_p = _UnaryPrimitive("log1p", lax.log1p)
logistic_p = _UnaryPrimitive("logistic", lax.logistic)
not_p = _UnaryPrimitive("not", lax.bitwise_not)
rsqrt_p = _UnaryPrimitive("rsqrt", lax.rsqrt)
sin_p = _UnaryPrimitive("sin", lax.sin)
sqrt_p = _UnaryPrimitive("sqrt", lax.sqrt)
tanh_p = _UnaryPrimitive("tanh", lax.tanh)


def empty(shape, dtype, *, out_sharding=None):
    # "Possibly uninitialized values", backend dependent: zeros here, as
    # XLA's CPU backend gives.
    return jnp.zeros(shape, dtype)
)PY";

}  // namespace

void add_lax_python(Interpreter& ip, const Value& lax_module) {
  Value defs = ip.define_generated_module(
      "jax.lax", kSource,
      {{"lax", lax_module}, {"jnp", ip.import_module("jax.numpy", {})}, {"_tree_util", ip.import_module("jax.tree_util", {})},
       {"_operator", ip.import_module("operator", {})},
       {"_jax", ip.import_module("jax", {})},
       {"_in_kernel", in_kernel_builtin()},
       {"_is_traced", is_traced_builtin()},
       {"_raise_error", python::registered_error_raiser()}});
  auto& target = lax_module.as<ModuleObj>().attrs;
  for (const auto& [name, fn] : defs.as<ModuleObj>().attrs) target[name] = fn;
}

}  // namespace rungs::jax
