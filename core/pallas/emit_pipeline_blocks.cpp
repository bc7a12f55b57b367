// The block-level half of pltpu.emit_pipeline, in Python: which block of an
// operand a grid step selects (BlockSpec block dims and index maps, as
// jax/_src/pallas/mosaic/pipeline.py reads them) and how it moves between
// the operand and its VMEM window (DMAs issued through pltpu).
//
// Each source defines one factory returning the functions the scheduler in
// emit_pipeline.cpp composes; they read `_raise_error` (registry errors) and
// `_ref_space` (a ref's memory space name) from the names they are compiled
// with.
#include "core/pallas/emit_pipeline.h"

namespace rungs::pallas {

// make_plan(spec, ref, role) describes one operand (role "in", "out" or
// "acc" for an accumulated output); dma_slices gives the DMA indexers of a
// grid position's block.
const char* const kPipelinePlanSource = R"PY(
def _make_pipeline_plans(_tiling):
    # _tiling: the pipeline module's _infer_tiling (buffered_ref.cpp), one
    # copy of tpu_info.infer_tiling's figures for both schedules.
    import jax.numpy as jnp

    def _mods():
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu
        return pl, pltpu

    def _dim_kind(bd):
        if bd is None:
            return "squeezed", None
        if isinstance(bd, int):
            return "Blocked", bd
        kind = getattr(bd, "kind", None)
        if kind == "Squeezed":
            return "squeezed", None
        if kind in ("Blocked", "Element", "BoundedSlice"):
            return kind, bd.block_size
        _raise_error("pipeline_block_dim", bd)

    def _buffer_count(spec, is_output):
        mode = spec.pipeline_mode
        if mode is None:
            return 2
        if is_output and mode.use_lookahead:
            _raise_error("pipeline_output_lookahead")
        return mode.buffer_count

    def make_plan(spec, ref, role):
        # One operand of the pipeline: its block dims, whether it is copied
        # through a buffer of its own or aliased (a ref already in the
        # buffer's memory space), and the scratch types run_scoped allocates.
        pl, pltpu = _mods()
        count = _buffer_count(spec, role != "in")
        # No block_shape is trivial windowing (pipeline.py's
        # _spec_has_trivial_windowing): every step sees the whole operand,
        # whatever the index map says.
        whole = spec.block_shape is None
        block_shape = tuple(ref.shape) if whole else spec.block_shape
        dims = [_dim_kind(bd) for bd in block_shape]
        space = pltpu.VMEM if spec.memory_space is None else spec.memory_space
        if space.name not in ("vmem", "smem", "hbm"):
            _raise_error("pipeline_buffer_space", space.name)
        # BufferedRef.create: an HBM spec is never buffered (the body works
        # on the operand itself), nor is a ref already in the buffer's space.
        aliased = space.name == _ref_space(ref) or space.name == "hbm"
        if not aliased:
            if count < 1:
                _raise_error("pipeline_buffer_count", count)
            if role != "in" and count > 2:
                _raise_error("pipeline_output_buffers")
        window = tuple(size for kind, size in dims if kind != "squeezed")
        allocs = []
        if not aliased:
            allocs += [space(window, ref.dtype), pltpu.SemaphoreType.DMA]
        if role == "acc":
            allocs.append(pltpu.VMEM(window, ref.dtype))
        tiling = _tiling(ref.shape, ref.dtype) if ref.shape else ()
        return dict(spec=spec, ref=ref, role=role, dims=dims, aliased=aliased, allocs=allocs,
                    shape=tuple(ref.shape), tiling=tiling, whole=whole)

    def block_indices(plan, indices):
        index_map = plan["spec"].index_map
        if index_map is None or plan["whole"]:
            return (0,) * len(plan["dims"])
        out = index_map(*indices)
        return tuple(out) if isinstance(out, (tuple, list)) else (out,)

    def _key(bi):
        if type(bi).__name__ == "Slice":
            return (bi.start, bi.size)
        return (bi,)

    def differ(plan, a, b):
        # Whether two grid positions select different blocks: the block
        # stays in its buffer (and an output is not yet written back) while
        # it does not change, as JAX's scheduler decides.
        changed = jnp.bool_(False)
        for x, y in zip(block_indices(plan, a), block_indices(plan, b)):
            for u, v in zip(_key(x), _key(y)):
                changed = jnp.logical_or(changed, u != v)
        return changed

    def _check_rank(plan, count):
        shape = plan["shape"]
        for position, n in ((2, len(plan["dims"])), (3, len(shape))):
            if n != count:
                _raise_error("zip_strict", position, "shorter" if n < count else "longer",
                             "s" if position > 2 else "", "-%d" % (position - 1) if position > 2 else "")

    def _blocked(bi, size, dim, tile):
        # _create_blocked_slice: a block of a dimension its size divides; the
        # last block of one it does not is cut to what the array holds.
        pl, _ = _mods()
        if dim % size == 0:
            return pl.ds(bi * size, size), size, None
        if size % tile != 0:
            _raise_error("pipeline_tiling", "block_size=%d, tiling=%d" % (size, tile))
        last = (dim + size - 1) // size - 1
        return pl.ds(bi * size, size), size, (bi == last, dim % size)

    def dma_slices(plan, indices):
        # (source index, window index, dynamic part) for the block at
        # `indices`; the dynamic part is (window dim, start, size, last-cut)
        # for the one dimension whose copied extent is only known at run time.
        pl, _ = _mods()
        blocks = block_indices(plan, indices)
        _check_rank(plan, len(blocks))
        src, win, dynamic = [], [], None
        for d, (bi, (kind, size)) in enumerate(zip(blocks, plan["dims"])):
            dim, tile = plan["shape"][d], plan["tiling"][d]
            if kind == "squeezed":
                src.append(bi)
                continue
            if kind == "BoundedSlice":
                if type(bi).__name__ != "Slice":
                    _raise_error("pipeline_bounded_ds")
                start, extent = bi.start, bi.size
                if isinstance(extent, int):
                    src.append(pl.ds(start, extent))
                    win.append(pl.ds(0, extent))
                    continue
                cut = None
            elif kind == "Element":
                src.append(pl.ds(bi, size))
                win.append(pl.ds(0, size))
                continue
            else:
                whole, extent, cut = _blocked(bi, size, dim, tile)
                if cut is None:
                    src.append(whole)
                    win.append(pl.ds(0, size))
                    continue
                start = bi * size
            if dynamic is not None:
                _raise_error("pipeline_two_dynamic_dims")
            dynamic = (len(src), len(win), start, extent, cut)
            src.append(None)
            win.append(None)
        return src, win, dynamic

    def alias_view(plan, indices):
        # BufferedRef.compute_slice: an operand already in the buffer's
        # memory space is not copied; the body gets a view of its block.
        pl, _ = _mods()
        view = []
        for bi, (kind, size) in zip(block_indices(plan, indices), plan["dims"]):
            if kind == "squeezed":
                view.append(bi)
            elif kind == "Element":
                _raise_error("pipeline_alias_dim", "Element")
            elif kind == "BoundedSlice":
                _raise_error("pipeline_alias_dim", "BoundedSlice")
            else:
                view.append(pl.ds(bi * size, size))
        return plan["ref"].at[tuple(view)]

    return make_plan, block_indices, differ, alias_view, dma_slices
)PY";

// copy_block(plan, buffers, indices, into_window): one block's DMA.
const char* const kPipelineCopySource = R"PY(
def _make_pipeline_copies(dma_slices):
    import jax
    import jax.numpy as jnp
    from jax import lax

    def _mods():
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu
        return pl, pltpu

    def _dma(hbm, window, sem, src, win, into_window):
        a, b = hbm.at[tuple(src)], window.at[tuple(win)]
        if into_window:
            _sync_dma(a, b, sem)
        else:
            _sync_dma(b, a, sem)

    def _with(index, position, value):
        out = list(index)
        out[position] = value
        return out

    def _cut_copy(hbm, window, sem, src, win, dynamic, into_window):
        # The last block of a dimension its block size does not divide: the
        # copy covers the rows the array has (two static-size DMAs, one per
        # branch), the rest of the window keeps what it held.
        pl, _ = _mods()
        s, w, start, extent, (is_last, rest) = dynamic

        @pl.when(is_last)
        def _():
            _dma(hbm, window, sem, _with(src, s, pl.ds(start, rest)), _with(win, w, pl.ds(0, rest)), into_window)

        @pl.when(jnp.logical_not(is_last))
        def _():
            _dma(hbm, window, sem, _with(src, s, pl.ds(start, extent)), _with(win, w, pl.ds(0, extent)), into_window)

    def _row_copy(hbm, window, sem, src, win, dynamic, into_window):
        # A BoundedSlice whose size the index map computes at run time: DMA
        # shapes are static, so the slice moves one row at a time.
        pl, _ = _mods()
        s, w, start, extent, _ = dynamic

        def row(r, carry):
            _dma(hbm, window, sem, _with(src, s, pl.ds(start + r, 1)), _with(win, w, pl.ds(r, 1)), into_window)
            return carry

        lax.fori_loop(0, extent, row, 0)

    def copy_block(plan, buffers, indices, into_window):
        # Synchronous DMA of the block at `indices` between the operand and
        # its window (start, then wait): the schedule has no copy in flight
        # across a body, so rung 2's race detector sees none.
        hbm, window, sem = plan["ref"], buffers[0], buffers[1]
        src, win, dynamic = dma_slices(plan, indices)
        if dynamic is None:
            _dma(hbm, window, sem, src, win, into_window)
        elif dynamic[4] is not None:
            _cut_copy(hbm, window, sem, src, win, dynamic, into_window)
        else:
            _row_copy(hbm, window, sem, src, win, dynamic, into_window)

    return copy_block
)PY";

}  // namespace rungs::pallas
