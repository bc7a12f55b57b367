// jax.lax functions written in Python over the rest of lax, the way
// loops.py writes them: associative_scan (Blelloch's odd/even recursion of
// strided slices, pads and concatenations). Being Python over primitives,
// it runs eagerly on the host and traces into kernels, where each rung
// (and the chip model's lowering checks) sees the slices and pads it is
// made of, as Pallas does. Compiled from generated source, so its frames
// stay out of tracebacks and its errors point at the caller.
#include "core/jax/module_jnp_parts.h"

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
)PY";

}  // namespace

void add_lax_python(Interpreter& ip, const Value& lax_module) {
  Value defs = ip.define_generated_module(
      "jax.lax", kSource,
      {{"lax", lax_module}, {"jnp", ip.import_module("jax.numpy", {})}, {"_tree_util", ip.import_module("jax.tree_util", {})}});
  auto& target = lax_module.as<ModuleObj>().attrs;
  for (const auto& [name, fn] : defs.as<ModuleObj>().attrs) target[name] = fn;
}

}  // namespace rungs::jax
