// The second half of the jax._src.pallas.mosaic.pipeline module source
// (appended to buffered_ref.cpp's): PipelineStep (what a body given
// _explicit_indices=True gets first), JAX's _make_pipeline_allocations and
// emit_pipeline_with_allocations (one BufferedRef per operand, a full-array
// block whose index map reads no grid index being trivially windowed), and
// the grid-index arithmetic the schedule shares (_next_index, _prev_index,
// _filter_indices).
#include "core/pallas/emit_pipeline.h"

namespace rungs::pallas {

const char* const kPipelineAllocationsSource = R"PY(
@jax.tree_util.register_pytree_node_class
class PipelineStep:
    """What a body given _explicit_indices=True gets first: the step's grid
    indices and the loop counter of this core's share of the grid."""

    def __init__(self, index, local_index):
        self.index = tuple(index)
        self.local_index = local_index

    def tree_flatten(self):
        values = (*self.index, self.local_index)
        return [v for v in values if not isinstance(v, int)], tuple(v if isinstance(v, int) else None for v in values)

    @classmethod
    def tree_unflatten(cls, aux, children):
        it = iter(children)
        values = [next(it) if v is None else v for v in aux]
        return cls(tuple(values[:-1]), values[-1])


class _DependsOnGrid(Exception):
    pass


class _GridProbe:
    # Stands for a grid index while an index map is tried: any use of it
    # means the block moves with the grid.
    def _use(self, *args, **kwargs):
        raise _DependsOnGrid()

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _use
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __truediv__ = __rtruediv__ = _use
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __neg__ = __index__ = __int__ = _use
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = __lshift__ = __rshift__ = __bool__ = _use
    __hash__ = None


def _spec_has_trivial_windowing(spec, grid, full_shape):
    # The whole operand every step: full blocks, and an index map reading
    # no grid index of a dim larger than 1.
    if spec is None or spec.block_shape is None:
        return True
    if len(spec.block_shape) != len(full_shape):
        return False
    for bd, dim in zip(spec.block_shape, full_shape):
        kind, size = _dim_kind(bd)
        if kind != "Blocked" or size != dim:
            return False
    if spec.index_map is None:
        return True
    args = [0 if isinstance(g, int) and g == 1 else _GridProbe() for g in grid]
    if all(not isinstance(a, _GridProbe) for a in args):
        return True
    try:
        out = _as_tuple(spec.index_map(*args))
    except Exception:
        return False
    return not any(isinstance(x, _GridProbe) for x in out)


def _ref_type(ref):
    return jax.ShapeDtypeStruct(tuple(ref.shape), ref.dtype)


def _ref_memory_space(ref):
    # The name of a ref's memory space ("any", "vmem", ...).
    return _ref_space(ref) or "any"


def _make_pipeline_allocations(*refs, in_specs=(), out_specs=(), tiling=None, grid=()):
    # One BufferedRef per operand, for emit_pipeline_with_allocations.
    in_specs = tuple(in_specs) if isinstance(in_specs, (list, tuple)) else (in_specs,)
    out_specs = tuple(out_specs) if isinstance(out_specs, (list, tuple)) else (out_specs,)
    in_refs, out_refs = refs[:len(in_specs)], refs[len(in_specs):]

    def make(spec, ref, output):
        count, lookahead, prefetched = 2, False, 0
        mode = spec.pipeline_mode
        if mode is not None:
            count = mode.buffer_count
            lookahead = bool(getattr(mode, "use_lookahead", False))
            if output and lookahead:
                _raise_error("pipeline_output_lookahead")
            prefetched = 0 if output else getattr(mode, "prefetched_count", 0)
        if lookahead and grid is None:
            raise ValueError("Grid must be specified when using lookahead.")
        trivial = _spec_has_trivial_windowing(spec, grid, tuple(ref.shape))
        if mode is None and trivial:
            count = 1
        kwargs = dict(source_memory_space=_ref_memory_space(ref), tiling=tiling, is_trivial_windowing=trivial)
        if output:
            return BufferedRef.output(spec, _ref_type(ref), count, **kwargs)
        return BufferedRef.input(spec, _ref_type(ref), count, grid_rank=len(grid), use_lookahead=lookahead,
                                 prefetched_count=prefetched, **kwargs)

    ins = jax.tree_util.tree_map(lambda s, r: make(s, r, False), in_specs, tuple(in_refs))
    outs = jax.tree_util.tree_map(lambda s, r: make(s, r, True), out_specs, tuple(out_refs))
    return (*ins, *outs)


def emit_pipeline_with_allocations(body, *, grid, in_specs=(), out_specs=()):
    # The pipeline, and a function making its BufferedRefs (to allocate
    # once, e.g. with pl.run_scoped, and reuse across invocations).
    pipeline = _pltpu().emit_pipeline(body, grid=grid, in_specs=in_specs, out_specs=out_specs)

    def make_allocations(*refs):
        return _make_pipeline_allocations(*refs, in_specs=in_specs, out_specs=out_specs, grid=grid)

    return pipeline, make_allocations


def _filter_indices(indices, grid):
    # A dim of static size 1 always sits at index 0.
    return tuple(0 if isinstance(g, int) and g == 1 else i for i, g in zip(indices, grid))


def _next_index(indices, grid, allow_overflow=False):
    # Row-major increment; the first dim may run past the grid when
    # allow_overflow (the lookahead's end test), else everything wraps.
    out, carry = [], True
    last = len(grid) - 1
    for position, (i, g) in enumerate(reversed(list(zip(indices, grid)))):
        inc = jnp.where(carry, i + 1, i)
        carry = False if allow_overflow and position == last else inc == g
        out.append(jnp.where(carry, 0, inc))
    out = tuple(reversed(out))
    return out if allow_overflow else _filter_indices(out, grid)


def _prev_index(indices, grid):
    out, borrow = [], True
    for i, g in reversed(list(zip(indices, grid))):
        dec = jnp.where(borrow, i - 1, i)
        borrow = dec == -1
        out.append(jnp.where(borrow, g - 1, dec))
    return _filter_indices(tuple(reversed(out)), grid)


# For the schedule's factory (the module keeps no underscored names).
index_helpers = (_next_index, _prev_index, _filter_indices, _make_pipeline_allocations, _infer_tiling)
)PY";

}  // namespace rungs::pallas
