// pltpu.BufferedRef, pltpu.BufferedRefBase and pltpu.BufferType: the
// multiple-buffered VMEM window of one pipeline operand, as
// jax/_src/pallas/mosaic/pipeline.py defines it -- a frozen dataclass
// registered as a pytree (its static fields are the spec, buffer type,
// buffer count and grid rank; the window, slot counters and semaphores are
// its leaves). Published kernels subclass it (vLLM's ragged paged attention
// and GDN kernels, SGLang-JAX's GDN) and override copy_in / wait_in /
// copy_out / wait_out, so the field names and order, the classmethods
// (create, input, output, input_output) and the slot arithmetic are JAX's:
// `dataclasses.fields(pltpu.BufferedRef)` is how those subclasses copy a
// standard ref into their own class.
//
// The schedule driving these methods is pipeline_schedule.cpp; the rest of
// the module (PipelineStep, emit_pipeline_with_allocations, the index
// helpers) is pipeline_allocations.cpp.
#include "core/pallas/emit_pipeline.h"

namespace rungs::pallas {

const char* const kBufferedRefSource = R"PY(
import dataclasses
import enum

import jax
import jax.numpy as jnp
from jax import lax


def _pl():
    from jax.experimental import pallas as pl
    return pl


def _pltpu():
    from jax.experimental.pallas import tpu as pltpu
    return pltpu


class BufferType(enum.Enum):
    INPUT = 1
    OUTPUT = 2
    INPUT_OUTPUT = 3
    MANUAL = 4

    @property
    def is_input(self):
        return self is BufferType.INPUT or self is BufferType.INPUT_OUTPUT

    @property
    def is_output(self):
        return self is BufferType.OUTPUT or self is BufferType.INPUT_OUTPUT


def _dim_kind(bd):
    # (kind, buffer size) of one block dimension; size None when squeezed.
    if bd is None:
        return "Squeezed", None
    if isinstance(bd, int):
        return "Blocked", bd
    kind = getattr(bd, "kind", None)
    if kind == "Squeezed":
        return kind, None
    if kind in ("Blocked", "Element", "BoundedSlice", "Indirect"):
        return kind, bd.block_size
    raise ValueError(f"Unsupported block dimension type: {bd}")


def _window_shape(spec):
    if spec.block_shape is None:
        raise ValueError("Block shape must be specified.")
    sizes = [_dim_kind(bd)[1] for bd in spec.block_shape]
    return tuple(s for s in sizes if s is not None)


def _space_name(space):
    name = getattr(space, "name", None)
    return str(space).lower() if name is None else str(name).lower()


def _is_aval(x):
    return type(x).__name__ in ("ShapedArray", "ShapeDtypeStruct")


def _dtype_of(dtype_or_type):
    # A dtype, an aval, or anything with a .dtype (np.dtype accepts a ref).
    if _is_aval(dtype_or_type):
        return dtype_or_type.dtype
    try:
        return jnp.dtype(dtype_or_type)
    except TypeError:
        return dtype_or_type.dtype


def _infer_tiling(shape, dtype):
    # tpu_info.infer_tiling for TPU v4 and newer (Tiling.COMPACT): 1 for
    # leading dims, then sublanes doubled from the packing up to the
    # second-minor dim (at most 8), and 128 lanes. JAX asks get_tpu_info(),
    # which refuses the CPU host; the figures are the same on every rung
    # here, and only a partial last block reads them.
    dtype = jnp.dtype(dtype)
    packing = 8 if dtype.name == "int4" else max(1, 4 // dtype.itemsize)
    if len(shape) == 1:
        return (packing * 128,)
    rows = packing
    while rows < min(shape[-2], 8):
        rows *= 2
    return (1,) * (len(shape) - 2) + (rows, 128)


def _align_to(x, a):
    return (x + a - 1) // a * a


def _blocked_slice(index, size, dim, tile):
    # A block of a dim its size divides; else the last block is cut to the
    # tile multiple covering what the array holds (a traced DMA size).
    pl = _pl()
    if dim % size == 0:
        return pl.ds(index * size, size)
    if tile is None:
        raise ValueError("If tiling is None, block_size must divide dim_size.")
    if size % tile != 0:
        raise ValueError(f"Block size must divide tiling: block_size={size}, tiling={tile}")
    last = index == (dim + size - 1) // size - 1
    extent = jnp.where(last, _align_to(dim % size, tile), size)
    return pl.ds(index * size, pl.multiple_of(extent, tile))


def _bounded_slice(start, extent, size, dim, tile):
    pl = _pl()
    if tile is not None and size % tile != 0:
        raise ValueError(f"Block size must divide tiling: block_size={size}, tiling={tile}")
    if tile is None:
        return pl.ds(start, extent)
    past_end = start + extent > dim
    extent = jnp.where(past_end, _align_to(dim - start, tile), extent)
    return pl.ds(start, pl.multiple_of(extent, tile))


def _block_slice(index, bd, dim, tile):
    kind, size = _dim_kind(bd)
    if kind == "Blocked":
        return _blocked_slice(index, size, dim, tile)
    if kind == "Element":
        return _bounded_slice(index, size, size, dim, tile)
    if kind == "BoundedSlice":
        if type(index).__name__ != "Slice":
            raise ValueError("Must return a ds from the index_map for a BoundedSlice dimension.")
        return _bounded_slice(index.start, index.size, size, dim, tile)
    return index


def _as_tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


class BufferedRefBase:
    """What the pipeline asks of an operand's buffer."""

    @property
    def spec(self):
        raise NotImplementedError()

    @property
    def buffer_type(self):
        raise NotImplementedError()

    @property
    def is_buffered(self):
        return False

    @property
    def is_input(self):
        return self.buffer_type.is_input

    @property
    def is_output(self):
        return self.buffer_type.is_output

    @property
    def is_input_output(self):
        return self.buffer_type == BufferType.INPUT_OUTPUT

    @property
    def is_manual(self):
        return self.buffer_type == BufferType.MANUAL

    @property
    def is_trivial_windowing(self):
        return False

    @property
    def prefetched_count(self):
        return 0

    def initialize_slots(self):
        raise NotImplementedError()

    def advance_copy_in_slot(self, predicate=True):
        raise NotImplementedError()

    def advance_wait_in_slot(self, predicate=True):
        raise NotImplementedError()

    def advance_copy_out_slot(self, predicate=True):
        raise NotImplementedError()

    def advance_wait_out_slot(self, predicate=True):
        raise NotImplementedError()

    @property
    def block_shape(self):
        return self.spec.block_shape

    @property
    def has_indirect(self):
        if self.block_shape is None:
            return False
        return any(getattr(bd, "kind", None) == "Indirect" for bd in self.block_shape)

    @property
    def has_allocated_buffer(self):
        raise NotImplementedError()

    @property
    def compute_index(self):
        index_map = self.spec.index_map
        return lambda *indices: _as_tuple(index_map(*indices))

    def get_dma_slice(self, src_ty, grid_indices):
        # The operand's slice for the block at `grid_indices`, the last block
        # of a dim its block size does not divide cut to whole tiles.
        shape = getattr(src_ty, "shape", None)
        if shape is None:
            raise ValueError(f"Type {src_ty} does not have a shape")
        if not shape:
            return ()
        tiling = _infer_tiling(tuple(shape), src_ty.dtype)
        indices = self.compute_index(*grid_indices)
        if not (len(indices) == len(self.block_shape) == len(shape)):
            raise ValueError("zip() argument 2 is shorter than argument 1"
                             if len(self.block_shape) < len(indices) else
                             "zip() argument 2 is longer than argument 1")
        return tuple(_block_slice(i, bd, d, t) for i, bd, d, t in zip(indices, self.block_shape, shape, tiling))

    def _to_window_slice(self, dma_slice):
        pl = _pl()
        return tuple(pl.ds(0, s.size) for s, bd in zip(dma_slice, self.block_shape)
                     if _dim_kind(bd)[1] is not None)

    def bind_existing_ref(self, window_ref, indices):
        return self

    def unbind_refs(self):
        return self

    def with_spec(self, spec):
        raise NotImplementedError()


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class BufferedRef(BufferedRefBase):
    """An operand's window in VMEM (or SMEM): `buffer_count` slots the
    pipeline copies blocks into and out of, counted by four cumulative
    slot registers. A ref already in the buffer's memory space gets no
    buffer (_buffer_count 0): the pipeline views its block in place."""

    _spec: object = dataclasses.field(metadata=dict(static=True))
    _buffer_type: object = dataclasses.field(metadata=dict(static=True))
    _buffer_count: int = dataclasses.field(metadata=dict(static=True))
    _grid_rank: object = dataclasses.field(metadata=dict(static=True))
    window_ref: object
    copy_in_slot: object
    wait_in_slot: object
    copy_out_slot: object
    wait_out_slot: object
    next_fetch: object
    sem_recvs: object
    sem_sends: object
    tiling: object = dataclasses.field(metadata=dict(static=True))
    is_trivial_windowing: bool = dataclasses.field(default=False, metadata=dict(static=True))
    has_allocated_buffer: bool = dataclasses.field(default=False, metadata=dict(static=True))
    prefetched_count: int = dataclasses.field(default=0, metadata=dict(static=True))

    def __post_init__(self):
        if self.is_buffered and self.buffer_count < 1:
            _raise_error("pipeline_buffer_count", self.buffer_count)
        if self.is_output and self.is_buffered and self.buffer_count > 2:
            _raise_error("pipeline_output_buffers")

    @property
    def spec(self):
        return self._spec

    @property
    def buffer_type(self):
        return self._buffer_type

    @property
    def is_buffered(self):
        return self._buffer_count > 0

    @property
    def use_lookahead(self):
        return self._grid_rank is not None

    @property
    def buffer_count(self):
        if not self.is_buffered:
            raise ValueError("buffer count is undefined")
        return self._buffer_count

    @classmethod
    def create(cls, spec, dtype_or_type, buffer_type, buffer_count, grid_rank=None, use_lookahead=False,
               source_memory_space=None, tiling=None, is_trivial_windowing=False, prefetched_count=0):
        pltpu = _pltpu()
        space = pltpu.VMEM if spec.memory_space is None else spec.memory_space
        space_name = _space_name(space)
        if space_name not in ("vmem", "smem", "hbm"):
            _raise_error("pipeline_buffer_space", space_name)
        source_name = "any" if source_memory_space is None else _space_name(source_memory_space)
        unbuffered = dict(_spec=spec, _buffer_type=buffer_type, window_ref=None, copy_in_slot=None,
                          wait_in_slot=None, copy_out_slot=None, wait_out_slot=None, next_fetch=None)
        if source_name == space_name or space_name == "hbm":
            if space_name == "hbm" and _space_name(spec.memory_space) not in ("any", "hbm"):
                raise ValueError("You cannot request HBM block spec for a non-HBM source for"
                                 f"spec={spec!r} and source_memory_space={source_memory_space!r}")
            return cls(_buffer_count=0, _grid_rank=None, sem_recvs=None, sem_sends=None, tiling=None,
                       is_trivial_windowing=is_trivial_windowing, has_allocated_buffer=False, **unbuffered)
        if use_lookahead and grid_rank is None:
            raise ValueError("grid_rank must be specified when use_lookahead is True.")
        dtype = _dtype_of(dtype_or_type)
        if is_trivial_windowing:
            shape = tuple(dtype_or_type.shape) if _is_aval(dtype_or_type) else (123, 456)
        else:
            block = _window_shape(spec)
            sparse = tiling is not None and tiling is getattr(getattr(pltpu, "Tiling", None), "SPARSE_CORE", None)
            shape = (buffer_count * block[0],) if len(block) == 1 and not sparse else (buffer_count, *block)
        window_ref = space(shape, dtype)
        if prefetched_count > 0:
            window_ref = None
            if not is_trivial_windowing and prefetched_count >= buffer_count:
                raise ValueError("prefetched_count must be less than buffer_count for non-trivial windowing,"
                                 f" got prefetched_count={prefetched_count} and buffer_count={buffer_count}")
        semaphores = lambda unused: None if unused or is_trivial_windowing else pltpu.SemaphoreType.DMA((buffer_count,))
        unbuffered["window_ref"] = window_ref
        return cls(_buffer_count=buffer_count, _grid_rank=grid_rank if use_lookahead else None,
                   sem_recvs=semaphores(buffer_type is BufferType.OUTPUT),
                   sem_sends=semaphores(buffer_type is BufferType.INPUT), tiling=tiling,
                   is_trivial_windowing=is_trivial_windowing, has_allocated_buffer=True,
                   prefetched_count=prefetched_count, **unbuffered)

    @classmethod
    def input(cls, spec, dtype_or_type, buffer_count=2, **kwargs):
        return cls.create(spec, dtype_or_type, BufferType.INPUT, buffer_count, **kwargs)

    @classmethod
    def output(cls, spec, dtype_or_type, buffer_count=2, **kwargs):
        return cls.create(spec, dtype_or_type, BufferType.OUTPUT, buffer_count, **kwargs)

    @classmethod
    def input_output(cls, spec, dtype_or_type, buffer_count=2, **kwargs):
        return cls.create(spec, dtype_or_type, BufferType.INPUT_OUTPUT, buffer_count, **kwargs)

    def with_spec(self, spec):
        return dataclasses.replace(self, _spec=spec)

    def with_next_fetch(self, next_fetch=None):
        return dataclasses.replace(self, next_fetch=next_fetch)

    def with_window_ref(self, window_ref):
        return dataclasses.replace(self, window_ref=window_ref)

    def with_slot_index(self, copy_in_slot=None, copy_out_slot=None, wait_in_slot=None, wait_out_slot=None):
        changes = dict(copy_in_slot=copy_in_slot, copy_out_slot=copy_out_slot, wait_in_slot=wait_in_slot,
                       wait_out_slot=wait_out_slot)
        changes = {k: v for k, v in changes.items() if v is not None}
        return dataclasses.replace(self, **changes) if changes else self

    @property
    def current_ref(self):
        if self.window_ref is None:
            if self.prefetched_count > 0:
                raise ValueError(
                    "Expected external window buffer to be bound for prefetched input "
                    f"(prefetched_count={self.prefetched_count}), but window_ref is None. "
                    "Ensure .with_window_ref(...) is called on the BufferedRef in allocations.")
            raise ValueError("window_ref is None")
        if not self.is_buffered or self.is_trivial_windowing:
            return self.window_ref
        slot = self.current_copy_out_slot if self.is_output else self.current_wait_in_slot
        return self._window_ref_at(slot)

    def _slot(self, counter):
        return lax.rem(counter, jnp.uint32(self.buffer_count))

    @property
    def cumulative_copy_in(self):
        assert self.copy_in_slot is not None
        return self.copy_in_slot

    @property
    def current_copy_in_slot(self):
        return self._slot(self.cumulative_copy_in)

    @property
    def cumulative_copy_out(self):
        assert self.copy_out_slot is not None
        return self.copy_out_slot

    @property
    def current_copy_out_slot(self):
        return self._slot(self.cumulative_copy_out)

    @property
    def cumulative_wait_in(self):
        assert self.wait_in_slot is not None
        return self.wait_in_slot

    @property
    def current_wait_in_slot(self):
        return self._slot(self.cumulative_wait_in)

    @property
    def cumulative_wait_out(self):
        assert self.wait_out_slot is not None
        return self.wait_out_slot

    @property
    def current_wait_out_slot(self):
        return self._slot(self.cumulative_wait_out)

    @property
    def next_fetch_indices(self):
        if not self.use_lookahead:
            raise ValueError("Can only get fetch indices if using lookahead.")
        assert self.next_fetch is not None
        return self.next_fetch

    def bind_existing_ref(self, window_ref, indices):
        if self.is_buffered or self.has_allocated_buffer:
            return self
        if self.is_trivial_windowing:
            return dataclasses.replace(self, window_ref=window_ref)
        return dataclasses.replace(self, window_ref=window_ref.at[self.compute_slice(indices)])

    def unbind_refs(self):
        if self.is_buffered or self.has_allocated_buffer:
            return self
        return dataclasses.replace(self, window_ref=None)

    def compute_slice(self, grid_indices):
        pl = _pl()
        indices = self.compute_index(*grid_indices)
        assert self.block_shape is not None
        assert len(self.block_shape) == len(indices)
        out = []
        for bd, idx in zip(self.block_shape, indices):
            kind, size = _dim_kind(bd)
            if kind == "Squeezed":
                out.append(idx)
            elif kind == "Element":
                padding = getattr(bd, "padding", (0, 0))
                if tuple(padding) != (0, 0):
                    raise ValueError(f"Element with padding={tuple(padding)} is not supported.")
                out.append(pl.ds(idx, size))
            elif kind == "BoundedSlice":
                out.append(pl.ds(idx.start, size))
            elif kind == "Blocked":
                out.append(pl.ds(idx * size, size))
            else:
                raise ValueError(f"Unsupported block dimension type: {type(bd)}")
        return tuple(out)

    def initialize_slots(self):
        if self.window_ref is None and self.prefetched_count > 0:
            raise ValueError(
                "Expected external window buffer to be bound for prefetched input "
                f"(prefetched_count={self.prefetched_count}), but window_ref is None. "
                "Ensure .with_window_ref(...) is called on the BufferedRef in allocations.")
        zero_in = jnp.uint32(0) if self.buffer_type.is_input else None
        zero_out = jnp.uint32(0) if self.buffer_type.is_output else None
        fetch = None if self._grid_rank is None else tuple(jnp.int32(0) for _ in range(self._grid_rank))
        return dataclasses.replace(self, copy_in_slot=zero_in, wait_in_slot=zero_in, copy_out_slot=zero_out,
                                   wait_out_slot=zero_out, next_fetch=fetch)

    def _advance(self, name, predicate, applies):
        if not self.is_buffered or not applies:
            return self
        counter = getattr(self, name)
        assert counter is not None
        return self.with_slot_index(**{name: lax.select(jnp.asarray(predicate, jnp.bool_), counter + jnp.uint32(1),
                                                        counter)})

    def advance_copy_in_slot(self, predicate=True):
        return self._advance("copy_in_slot", predicate, self.is_input)

    def advance_wait_in_slot(self, predicate=True):
        return self._advance("wait_in_slot", predicate, self.is_input)

    def advance_copy_out_slot(self, predicate=True):
        return self._advance("copy_out_slot", predicate, self.is_output)

    def advance_wait_out_slot(self, predicate=True):
        return self._advance("wait_out_slot", predicate, self.is_output)

    def _window_ref_at(self, slot, window_slice=None):
        pl = _pl()
        if self.window_ref.ndim > 1:
            return self.window_ref.at[(slot, *(window_slice or ()))]
        # A 1-D window holds its slots end to end.
        n = self.window_ref.shape[0] // self.buffer_count
        if window_slice is None:
            return self.window_ref.at[pl.ds(slot * n, n)]
        assert len(window_slice) == 1
        return self.window_ref.at[pl.ds(slot * n + window_slice[0].start, window_slice[0].size)]

    def _slices(self, hbm_ref, grid_indices):
        hbm_slice = self.get_dma_slice(hbm_ref, grid_indices)
        return hbm_slice, self._to_window_slice(hbm_slice)

    def copy_in(self, src_ref, grid_indices):
        assert self.is_input
        if not self.is_buffered:
            return
        slot = self.current_copy_in_slot
        src, win = self._slices(src_ref, grid_indices)
        _pltpu().make_async_copy(src_ref.at[src], self._window_ref_at(slot, win), self.sem_recvs.at[slot]).start()

    def copy_out(self, dst_ref, grid_indices):
        assert self.is_output
        if not self.is_buffered:
            return
        pltpu = _pltpu()
        slot = self.current_copy_out_slot
        dst, win = self._slices(dst_ref, grid_indices)
        if self.buffer_count == 1:
            pltpu.sync_copy(self._window_ref_at(slot, win), dst_ref.at[dst])
        else:
            pltpu.make_async_copy(self._window_ref_at(slot, win), dst_ref.at[dst], self.sem_sends.at[slot]).start()

    def wait_in(self, src_ref, grid_indices):
        assert self.is_input
        if not self.is_buffered:
            return
        slot = self.current_wait_in_slot
        src, win = self._slices(src_ref, grid_indices)
        _pltpu().make_async_copy(src_ref.at[src], self._window_ref_at(slot, win), self.sem_recvs.at[slot]).wait()

    def wait_out(self, dst_ref, grid_indices):
        assert self.is_output
        if not self.is_buffered:
            return
        slot = self.current_wait_out_slot
        dst, win = self._slices(dst_ref, grid_indices)
        # A single-buffered output was copied synchronously.
        if self.buffer_count > 1:
            _pltpu().make_async_copy(self._window_ref_at(slot, win), dst_ref.at[dst],
                                     self.sem_sends.at[slot]).wait()

    def advance_next_fetch(self, grid):
        if self.next_fetch is None:
            raise ValueError("next_fetch is None")
        return self.with_next_fetch(_next_index(tuple(self.next_fetch), grid))
)PY";

}  // namespace rungs::pallas
