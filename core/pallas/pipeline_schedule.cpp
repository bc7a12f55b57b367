// The schedule of a pipeline given BufferedRef allocations
// (`pipeline(*refs, allocations=...)`, emit_pipeline_with_allocations, and
// the published kernels that subclass BufferedRef): JAX's Scheduler in
// jax/_src/pallas/mosaic/pipeline.py, which calls each buffer's own
// copy_in / wait_in / copy_out / wait_out, so a subclass's overrides run
// exactly where JAX runs them. Copies are asynchronous: the next block is
// fetched while the body works on the current slot (num_stages - 1 blocks
// ahead, or as far as a lookahead buffer has free slots), and an output
// block is waited on the step after it was sent.
//
// The slot counters are the only loop state carried through fori_loop;
// each step rebuilds its buffers from the allocations with
// dataclasses.replace (refs are not loop carries).
#include "core/pallas/emit_pipeline.h"

namespace rungs::pallas {

const char* const kPipelineScheduleSource = R"PY(
def _make_bref_pipeline(BufferedRefBase, BufferedRef, PipelineStep, next_index, prev_index, filter_indices):
    import dataclasses
    import jax
    import jax.numpy as jnp
    from jax import lax

    def _pl():
        from jax.experimental import pallas as pl
        return pl

    def _and(a, b):
        if a is False or b is False:
            return False
        if a is True:
            return b
        if b is True:
            return a
        return jnp.logical_and(a, b)

    def _or(a, b):
        if a is True or b is True:
            return True
        if a is False:
            return b
        if b is False:
            return a
        return jnp.logical_or(a, b)

    def _not(a):
        return (not a) if isinstance(a, bool) else jnp.logical_not(a)

    def _when(pred, fn):
        if isinstance(pred, bool):
            if pred:
                fn()
            return
        _pl().when(pred)(fn)

    def _keys(x):
        if type(x).__name__ == "Slice":
            return (x.start, x.size)
        return (x,)

    def _differ(xs, ys):
        out = False
        for x, y in zip(xs, ys):
            for u, v in zip(_keys(x), _keys(y)):
                out = _or(out, u != v)
        return out

    def _map(f, brefs, *others):
        # map_brefs: f on each buffer, with the matching subtree of others.
        if isinstance(brefs, BufferedRefBase):
            return f(brefs, *others)
        if brefs is None:
            return None
        if isinstance(brefs, dict):
            return {k: _map(f, v, *[o[k] for o in others]) for k, v in brefs.items()}
        if isinstance(brefs, (tuple, list)):
            out = [_map(f, b, *[o[i] for o in others]) for i, b in enumerate(brefs)]
            return tuple(out) if isinstance(brefs, tuple) else out
        raise TypeError(f"allocations must hold BufferedRefs, got {type(brefs).__name__}")

    def _prod(xs):
        n = 1
        for x in xs:
            n = n * x
        return n

    class Scheduler:
        def __init__(self, step, indices, grid, offsets, num_stages):
            self.step, self.grid, self.offsets = step, grid, offsets
            self.num_steps = _prod(grid)
            self.first_step = step == 0
            self.last_step = step == self.num_steps - 1
            self.indices = self.add_offset(indices)
            self.prev_indices = self.add_offset(prev_index(indices, grid))
            ahead = next_index(indices, grid)
            self.next_indices = self.add_offset(ahead)
            # fetch_indices[k]: the grid position k steps ahead.
            self.fetch_indices = [self.indices, self.next_indices]
            for _ in range(num_stages - 1):
                ahead = next_index(ahead, grid)
                self.fetch_indices.append(self.add_offset(ahead))

        def add_offset(self, xs):
            return tuple(i + o for i, o in zip(xs, self.offsets))

        def out_of_fetch(self, b):
            if not b.is_buffered:
                return False
            return self.step >= self.num_steps - b.buffer_count + 1

        def _moves(self, b, a, c):
            if not b.is_buffered or b.is_trivial_windowing:
                return False
            if b.has_indirect:
                return True
            return _differ(b.compute_index(*a), b.compute_index(*c))

        def has_changed(self, b):
            return self._moves(b, self.indices, self.prev_indices)

        def will_change_current(self, b):
            return self._moves(b, self.indices, self.next_indices)

        def will_change_fetch(self, b):
            if not b.is_buffered or b.is_trivial_windowing:
                return False
            if not b.has_indirect and b.buffer_count < 2:
                return self.has_changed(b)
            return self._moves(b, self.fetch_indices[b.buffer_count - 2], self.fetch_indices[b.buffer_count - 1])

        def initialize_step(self, b, src, step):
            # Prologue: the first buffer_count - 1 blocks are fetched ahead.
            if not b.is_input or not b.is_buffered or b.is_trivial_windowing or step + 1 >= b.buffer_count:
                return b
            if step < b.prefetched_count:
                if b.use_lookahead and step > 0:
                    b = b.advance_next_fetch(self.grid)
                return b.advance_copy_in_slot()
            if b.use_lookahead:
                if step > 0:
                    return _fetch_with_lookahead(b, src, self.grid, self.offsets, predicate=self.first_step,
                                                 max_num_fetches=1)[0]
                fetch = self.add_offset(b.next_fetch_indices)
                _when(self.first_step, lambda: b.copy_in(src, fetch))
                return b.advance_copy_in_slot(self.first_step)
            fetch = self.fetch_indices[step]
            pred = self.first_step
            if step > 0:
                changed = _differ(b.compute_index(*fetch), b.compute_index(*self.fetch_indices[step - 1]))
                pred = _and(pred, changed)
            _when(pred, lambda: b.copy_in(src, fetch))
            return b.advance_copy_in_slot(pred)

        def copy_in(self, b, src):
            if b.is_trivial_windowing:
                return b
            pred = _and(self.will_change_fetch(b), _not(self.out_of_fetch(b)))
            if b.is_buffered and b.buffer_count < 2:
                # A single buffer is filled in the loop, first step included.
                pred = _or(pred, self.first_step)
            if not b.is_input:
                return b
            if b.use_lookahead:
                return _fetch_with_lookahead(b, src, self.grid, self.offsets, predicate=True)[0]

            def send():
                if b.is_buffered:
                    b.copy_in(src, self.fetch_indices[b.buffer_count - 1])
            _when(pred, send)
            return b.advance_copy_in_slot(pred)

        def wait_in(self, b, src):
            if b.is_trivial_windowing:
                return b
            pred = _or(self.has_changed(b), self.first_step)
            if b.prefetched_count > 0:
                pred = _and(pred, _not(self.step < b.prefetched_count))
            _when(pred, lambda: b.wait_in(src, self.indices) if b.is_input else None)
            return b

        def copy_out(self, b, dst):
            if b.is_trivial_windowing:
                return b
            pred = _or(self.will_change_current(b), self.last_step)
            _when(pred, lambda: b.copy_out(dst, self.indices) if b.is_output else None)
            return b.advance_copy_out_slot(pred)

        def wait_out(self, b, dst):
            # The block sent last step is waited on once the grid has moved
            # on from it (JAX's schedule keeps one output copy in flight).
            if b.is_trivial_windowing:
                return b
            pred = _and(self.has_changed(b), _not(self.first_step))
            _when(pred, lambda: b.wait_out(dst, self.prev_indices) if b.is_output else None)
            return b.advance_wait_out_slot(pred)

        def finalize(self, b, dst):
            if not b.is_trivial_windowing:
                _when(self.last_step, lambda: b.wait_out(dst, self.indices) if b.is_output else None)
            return b

        def advance_slots(self, b):
            if b.is_input:
                b = b.advance_wait_in_slot(_or(self.will_change_current(b), self.last_step))
            return b

    def _fetch_with_lookahead(b, src, grid, offsets, predicate=True, max_num_fetches=None, update_slots=True):
        # Fetch every later block that differs from its predecessor, while
        # free slots remain and the grid has not ended.
        add = lambda xs: tuple(i + o for i, o in zip(xs, offsets))
        limit = b.cumulative_wait_in + jnp.uint32(b.buffer_count)
        if max_num_fetches is not None:
            once = b.cumulative_copy_in + jnp.uint32(max_num_fetches)
            limit = lax.select(limit < once, limit, once)
        predicate = jnp.asarray(predicate, jnp.bool_)

        def cond(carry):
            _, upcoming, copies = carry
            inside = True
            for i, g in zip(upcoming, grid):
                inside = _and(inside, i < g)
            return jnp.logical_and(jnp.logical_and(predicate, copies < limit), inside)

        def body(carry):
            current, upcoming, copies = carry
            changed = jnp.asarray(_differ(b.compute_index(*add(current)), b.compute_index(*add(upcoming))))
            fetching = b.with_slot_index(copy_in_slot=copies)
            _when(changed, lambda: fetching.copy_in(src, add(upcoming)))
            return upcoming, _int32s(next_index(upcoming, grid, True)), copies + changed.astype(jnp.uint32)

        start = _int32s(b.next_fetch_indices)
        final, _, copies = lax.while_loop(cond, body, (start, _int32s(next_index(start, grid, True)),
                                                       b.cumulative_copy_in))
        b = b.with_next_fetch(final)
        if update_slots:
            b = b.with_slot_index(copy_in_slot=copies)
        return b, copies

    def _int32s(xs):
        return tuple(jnp.asarray(x, jnp.int32) for x in xs)

    def _sync_copy(src, dst, indices):
        # pipeline.sync_copy: one side is a buffer, the other its operand.
        from jax.experimental.pallas import tpu as pltpu
        into = isinstance(dst, BufferedRefBase)
        b, hbm = (dst, src) if into else (src, dst)
        window = b.current_ref
        if not b.is_trivial_windowing:
            hbm_slice = b.get_dma_slice(hbm, indices)
            hbm, window = hbm.at[hbm_slice], window.at[b._to_window_slice(hbm_slice)]
        if into:
            pltpu.sync_copy(hbm, window)
        else:
            pltpu.sync_copy(window, hbm)

    def _state(b):
        if not isinstance(b, BufferedRef):
            return ()
        return (b.copy_in_slot, b.wait_in_slot, b.copy_out_slot, b.wait_out_slot, b.next_fetch)

    def _restore(b, state):
        if not isinstance(b, BufferedRef):
            return b
        cin, win, cout, wout, fetch = state
        return dataclasses.replace(b, copy_in_slot=cin, wait_in_slot=win, copy_out_slot=cout,
                                   wait_out_slot=wout, next_fetch=fetch)

    def run(cfg, refs, scratches, allocations, body_prologue):
        grid, offsets = cfg["grid"], cfg["offsets"]
        refs = tuple(refs)
        allocations = tuple(allocations) if isinstance(allocations, list) else allocations
        num_steps = _prod(grid)

        def scheduler(step, indices):
            return Scheduler(step, indices, grid, offsets, cfg["num_stages"])

        def in_env(sched, fn):
            # With _explicit_indices the body gets a PipelineStep and
            # pl.program_id keeps naming the kernel's grid.
            if cfg["explicit"]:
                return fn()
            return _grid_env(sched.indices, grid, fn)

        def call_body(sched, brefs):
            if body_prologue is not None:
                body_prologue()
            current = _map(lambda b: b.current_ref, brefs)
            if cfg["explicit"]:
                cfg["body"](PipelineStep(sched.indices, sched.step), *current, *scratches)
            else:
                cfg["body"](*current, *scratches)

        def bound(sched, states):
            brefs = _map(_restore, allocations, states)
            return _map(lambda b, r: b.bind_existing_ref(r, sched.indices), brefs, refs)

        def pipelined_step(step, carry):
            states, indices = carry
            indices = filter_indices(indices, grid)
            sched = scheduler(step, indices)

            def inner():
                brefs = bound(sched, states)
                brefs = _map(sched.copy_in, brefs, refs)
                brefs = _map(sched.wait_in, brefs, refs)
                call_body(sched, brefs)
                brefs = _map(sched.copy_out, brefs, refs)
                brefs = _map(sched.wait_out, brefs, refs)
                return _map(_state, _map(sched.advance_slots, brefs))

            return in_env(sched, inner), _int32s(next_index(indices, grid))

        def synchronous_step(step, carry):
            states, indices = carry
            indices = filter_indices(indices, grid)
            sched = scheduler(step, indices)

            def inner():
                brefs = bound(sched, states)
                _map(lambda b, r: _sync_copy(r, b, indices) if b.is_input else None, brefs, refs)
                call_body(sched, brefs)
                _map(lambda b, r: _sync_copy(b, r, indices) if b.is_output else None, brefs, refs)
                return states

            return in_env(sched, inner), _int32s(next_index(indices, grid))

        start = (0,) * len(grid)
        initial = _map(lambda b: b.initialize_slots(), allocations)
        if cfg["sync_every_step"]:
            lax.fori_loop(0, num_steps, synchronous_step, (_map(_state, initial), _int32s(start)))
            return

        def pipeline():
            brefs = initial
            _map(lambda b, r: _sync_copy(r, b, start) if (b.is_input and b.is_trivial_windowing and
                                                            b.window_ref is not None and b.prefetched_count < 1)
                 else None, brefs, refs)
            sched = scheduler(0, start)

            def prologue():
                out = brefs
                for k in range(cfg["num_stages"] - 1):
                    out = _map(lambda b, r: sched.initialize_step(b, r, k), out, refs)
                return out

            brefs = in_env(sched, prologue)
            states, after = lax.fori_loop(0, num_steps, pipelined_step, (_map(_state, brefs), _int32s(start)))
            brefs = _map(_restore, allocations, states)
            last = scheduler(num_steps - 1, prev_index(after, grid))
            in_env(last, lambda: _map(last.finalize, brefs, refs))
            _map(lambda b, r: _sync_copy(b, r, start) if (b.is_output and b.is_trivial_windowing and
                                                            b.window_ref is not None) else None, brefs, refs)

        _when(num_steps > 0, pipeline)

    return run, _sync_copy
)PY";

}  // namespace rungs::pallas
