// pltpu.emit_pipeline: a grid of blocks run inside a kernel, over operands
// the kernel holds in HBM (memory space ANY), as the TPU core_map guide, the
// distributed guide and the quickstart use it.
//
// JAX writes emit_pipeline in Python (jax/_src/pallas/mosaic/pipeline.py)
// over run_scoped, DMAs, semaphores, fori_loop and pl.when; so does Rungs.
// Most pipelines run JAX's own schedule over BufferedRefs (buffered_ref.cpp,
// pipeline_schedule.cpp): given as allocations, or made per invocation.
// What the JAX 0.9 API adds (should_accumulate_out, init_accumulators),
// bounded slices and partial last blocks keep a synchronous schedule that
// gives the same values: each step copies in the blocks that changed, runs
// the body on VMEM windows, and copies back output blocks the next step
// leaves, every DMA waited on within its step. Two things Python cannot
// say here are builtins: `_grid_env`, which makes pl.program_id /
// pl.num_programs name the pipeline's grid while a step is traced, and
// `_ref_space`, a ref's memory space (a ref already in VMEM is aliased,
// not copied); `_sync_dma` issues a DMA at the program's own line.
#include "core/pallas/emit_pipeline.h"

#include <string>

#include "core/jax/array_value.h"
#include "core/pallas/kernel_api.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/objects.h"

namespace rungs::pallas {

namespace {

struct GridEnvStack : python::StageState {
  std::vector<GridEnv> envs;
};

std::vector<GridEnv>& grid_env_stack(python::Interpreter& ip) { return ip.state<GridEnvStack>().envs; }

// Pops the environment even when the step's tracing raises.
struct GridEnvScope {
  GridEnvScope(python::Interpreter& ip, GridEnv env) : ip_(ip) { grid_env_stack(ip).push_back(std::move(env)); }
  ~GridEnvScope() { grid_env_stack(ip_).pop_back(); }
  GridEnvScope(const GridEnvScope&) = delete;
  GridEnvScope& operator=(const GridEnvScope&) = delete;

 private:
  python::Interpreter& ip_;
};

// _grid_env(indices, sizes, fn): fn() with the pipeline's grid current.
Value grid_env_builtin(python::Interpreter& ip, python::CallArgs& call) {
  python::Args a(call, "_grid_env", {"indices", "sizes", "fn"}, 3);
  GridEnvScope scope(ip, GridEnv{ip.iterate(a[0]), ip.iterate(a[1])});
  return ip.call(a[2], python::Values{}, call.where);
}

// _ref_space(ref): "any", "vmem", "smem", ... ("" for a non-ref, which the
// pipeline then copies like an HBM operand and the DMA refuses).
Value ref_space_builtin(python::Interpreter&, python::CallArgs& call) {
  if (call.positional.empty() || !call.positional[0].is(python::ObjKind::Ref)) return python::make_str("");
  return python::make_str(ir::memory_space_name(call.positional[0].as<jax::RefObj>().aval().space));
}

// _sync_dma(src, dst, sem): one DMA, started and waited on, recorded at the
// program's call of the pipeline rather than inside the generated source
// (so rung 2's race and bounds reports name a line of the program).
Value dma_builtin(python::Interpreter& ip, python::CallArgs& call) {
  python::Args a(call, "_sync_dma", {"src", "dst", "sem"}, 3);
  SourceRange where = ip.user_site();
  python::CallArgs copy;
  copy.positional = {a[0], a[1], a[2]};
  copy.where = where;
  Value descriptor = make_async_copy(ip, copy);
  ip.call(ip.getattr(descriptor, "start", where), python::Values{}, where);
  ip.call(ip.getattr(descriptor, "wait", where), python::Values{}, where);
  return Value::none();
}

// run(cfg, plans, buffers, scratches, init_accumulators, body_prologue):
// the grid loop of one pipeline invocation.
const char* const kRunSource = R"PY(
def _make_pipeline_runner(differ, alias_view, copy_block):
    import jax
    import jax.numpy as jnp
    from jax import lax

    class PipelineStep:
        # What a body given _explicit_indices=True gets first (JAX's
        # pipeline.PipelineStep): the step's grid indices and the loop
        # counter of this core's share of the grid.
        def __init__(self, index, local_index):
            self.index = tuple(index)
            self.local_index = local_index

    def _mods():
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu
        return pl, pltpu

    def _grid_indices(step, grid, offsets):
        # Row-major grid position of linear step `step` (floor division, so
        # step -1 is the last position and num_steps the first, as JAX's
        # _prev_index / _next_index wrap), shifted by this core's offsets.
        out, stride = [], 1
        for size in reversed(grid):
            out.append((step // stride) % size)
            stride = stride * size
        return tuple(i + o for i, o in zip(reversed(out), offsets))

    def _accumulate(window, accum):
        # BufferedRef.accumulate: add in float32 (int32 for int32 outputs).
        acc_dtype = jnp.int32 if window.dtype == jnp.int32 else jnp.float32
        window[...] = (window[...].astype(acc_dtype) + accum[...].astype(acc_dtype)).astype(window.dtype)

    def _fetch(plan, bufs, idx, visit, init_acc):
        # Before the body: an input's block is copied in when the grid moves
        # to a different block; an accumulated output's block too (unless
        # init_accumulators), and its starting value kept to add back later.
        pl, _ = _mods()
        role = plan["role"]
        if role == "out":
            return
        load = visit if role == "in" else jnp.logical_and(visit, jnp.logical_not(init_acc))
        if not plan["aliased"]:
            @pl.when(load)
            def _():
                copy_block(plan, bufs, idx, True)
        if role == "acc":
            accum = bufs[-1]
            window = _window(plan, bufs, idx)

            @pl.when(load)
            def _():
                accum[...] = window[...]

            @pl.when(jnp.logical_and(visit, init_acc))
            def _():
                accum[...] = jnp.zeros_like(accum)

    def _store(plan, bufs, idx, leave):
        # After the body: an output block goes back to its operand when the
        # next step selects another block, or at the last step.
        pl, _ = _mods()
        if plan["role"] == "in":
            return

        @pl.when(leave)
        def _():
            if plan["role"] == "acc":
                _accumulate(_window(plan, bufs, idx), bufs[-1])
            if not plan["aliased"]:
                copy_block(plan, bufs, idx, False)

    def _window(plan, bufs, idx):
        return alias_view(plan, idx) if plan["aliased"] else bufs[0]

    def _step(cfg, plans, per_plan, scratches, init_acc, prologue, num_steps, step):
        pl, _ = _mods()
        grid, offsets = cfg["grid"], cfg["offsets"]
        idx = _grid_indices(step, grid, offsets)
        prev = _grid_indices(step - 1, grid, offsets)
        nxt = _grid_indices(step + 1, grid, offsets)
        first, last = step == 0, step == num_steps - 1
        for plan, bufs in zip(plans, per_plan):
            visit = True if cfg["sync_every_step"] else jnp.logical_or(first, differ(plan, idx, prev))
            _fetch(plan, bufs, idx, visit, init_acc)
        if prologue is not None:
            prologue()
        windows = [_window(plan, bufs, idx) for plan, bufs in zip(plans, per_plan)]
        args = jax.tree_util.tree_unflatten(cfg["tree"], windows)
        if cfg["explicit"]:
            cfg["body"](PipelineStep(idx, step), *args, *scratches)
        else:
            cfg["body"](*args, *scratches)
        for plan, bufs in zip(plans, per_plan):
            leave = True if cfg["sync_every_step"] else jnp.logical_or(last, differ(plan, idx, nxt))
            _store(plan, bufs, idx, leave)

    def run(cfg, plans, per_plan, scratches, init_acc, prologue):
        # One synchronous step per grid point: copy in, body, copy out, with
        # pl.program_id / pl.num_programs naming the pipeline's own grid
        # inside (JAX's scheduler.grid_env()).
        grid = cfg["grid"]
        num_steps = 1
        for size in grid:
            num_steps = num_steps * size
        init_acc = jnp.bool_(init_acc)

        def loop_body(step, carry):
            idx = _grid_indices(step, grid, cfg["offsets"])
            _grid_env(idx, grid, lambda: _step(cfg, plans, per_plan, scratches, init_acc, prologue, num_steps, step))
            return carry

        lax.fori_loop(0, num_steps, loop_body, 0)

    return run
)PY";

// emit_pipeline itself: argument checks, the core split of the grid, and
// the returned `pipeline(*refs, ...)`.
const char* const kMainSource = R"PY(
def _make_emit_pipeline(make_plan, run, run_brefs, BufferedRefBase, make_allocations):
    import jax
    import jax.numpy as jnp
    from jax import lax

    def _mods():
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu
        return pl, pltpu

    def _tuple_text(items):
        parts = [_semantics_repr(x) for x in items]
        text = ", ".join(parts) + ("," if len(parts) == 1 else "")
        return ("[%s]" if isinstance(items, list) else "(%s)") % text

    def _semantics_repr(x):
        if type(x).__name__ == "GridDimensionSemantics":
            name = str(x)
            return "<GridDimensionSemantics.%s: '%s'>" % (name.upper(), name)
        return repr(x)

    def _partition_grid(grid, core_axis, dimension_semantics):
        # JAX's _partition_grid: with several cores on `core_axis`, each core
        # runs a slice of the first parallel dimension the cores divide (or
        # of the largest one, the first cores taking one step more).
        pl, pltpu = _mods()
        zeros = (0,) * len(grid)
        if core_axis is None:
            return grid, zeros
        if isinstance(core_axis, int):
            num_cores, core_id = pl.num_programs(core_axis), pl.program_id(core_axis)
        else:
            num_cores, core_id = lax.axis_size(core_axis), lax.axis_index(core_axis)
        if not isinstance(num_cores, int):
            _raise_error("pipeline_dynamic_cores", "core_axis=%r" % (core_axis,))
        if num_cores == 1:
            return grid, zeros
        if dimension_semantics is None:
            dimension_semantics = (pltpu.ARBITRARY,) * len(grid)
        if len(dimension_semantics) != len(grid):
            _raise_error("pipeline_semantics_length")
        parallel = [i for i, d in enumerate(dimension_semantics) if d == pltpu.PARALLEL]
        if not parallel:
            _raise_error("pipeline_no_parallel", "dimension_semantics=" + _tuple_text(dimension_semantics))
        divisible = [i for i in parallel if isinstance(grid[i], int) and grid[i] % num_cores == 0]
        if divisible:
            d = divisible[0]
            size = grid[d] // num_cores
            return _update(grid, d, size), _update(zeros, d, core_id * size)
        dynamic = [i for i in parallel if not isinstance(grid[i], int)]
        static = [i for i in parallel if isinstance(grid[i], int)]
        if len(dynamic) > 1:
            _raise_error("pipeline_multi_dynamic", "grid=%r" % (grid,))
        if dynamic and not static:
            d = dynamic[0]
        else:
            largest = max(grid[i] for i in static)
            d = [i for i in static if grid[i] == largest][0]
        base, rem = grid[d] // num_cores, grid[d] % num_cores
        iters = jnp.where(core_id < rem, base + 1, base)
        offset = jnp.where(core_id < rem, core_id * iters, core_id * base + rem)
        return _update(grid, d, iters), _update(zeros, d, offset)

    def _update(t, i, v):
        return t[:i] + (v,) + t[i + 1:]

    def _broadcast(prefix, full):
        # _broadcast_pytree_to for should_accumulate_out: a bool for every
        # output, or a tuple/list of them shaped like out_specs.
        def fail():
            _raise_error("pipeline_broadcast", prefix, jax.tree_util.tree_structure(full))
        if not isinstance(prefix, (tuple, list, dict)):
            return [prefix] * len(jax.tree.leaves(full))
        if type(prefix).__name__ != type(full).__name__ or len(prefix) != len(full):
            fail()
        out = []
        for p, f in zip(prefix, full):
            if isinstance(p, (tuple, list, dict)):
                fail()
            out += [p] * len(jax.tree.leaves(f))
        return out

    def _normalize_specs(specs):
        if not isinstance(specs, (list, tuple)):
            specs = (specs,)
        return tuple(specs)

    def emit_pipeline(body, *, grid, in_specs=(), out_specs=(), tiling=None, should_accumulate_out=False,
                      core_axis=None, core_axis_name=None, dimension_semantics=None, trace_scopes=True,
                      no_pipelining=False, _explicit_indices=False):
        if any(g <= 0 for g in grid if isinstance(g, int)):
            raise ValueError(f"All elements in the grid must be strictly positive, but got grid={tuple(grid)}")
        if any(not isinstance(d, (int, jax.Array)) for d in grid):
            _raise_error("pipeline_grid_types", tuple(type(d) for d in grid))
        if not (core_axis is None or core_axis_name is None):
            _raise_error("pipeline_core_axes")
        core = core_axis_name if core_axis is None else core_axis
        grid, offsets = _partition_grid(tuple(grid), core, dimension_semantics)
        in_specs = _normalize_specs(in_specs)
        out_specs = _normalize_specs(out_specs)
        accumulate = _broadcast(should_accumulate_out, out_specs)
        counts = [2] + [s.pipeline_mode.buffer_count for s in jax.tree.leaves((in_specs, out_specs))
                        if getattr(s, "pipeline_mode", None) is not None]
        cfg = dict(body=body, grid=grid, offsets=offsets, in_specs=in_specs, out_specs=out_specs,
                   accumulate=accumulate, sync_every_step=no_pipelining, explicit=_explicit_indices,
                   tree=jax.tree_util.tree_structure((*in_specs, *out_specs)), num_stages=max(counts))

        def pipeline(*refs, scratches=None, allocations=None, first_cycle=True, last_cycle=True,
                     init_accumulators=False, prefetch=None, postyeet=None, schedule=None,
                     body_prologue=None):
            # first_cycle / last_cycle only move JAX's first copy-in and last
            # wait-out between chained invocations, and a schedule only when
            # copies are issued; every copy here completes within its step,
            # so none of them changes a value.
            if _holds_buffered_refs(allocations):
                # BufferedRef allocations (maybe subclasses with their own
                # copies) run JAX's asynchronous schedule.
                for name, value in (("prefetch", prefetch), ("postyeet", postyeet)):
                    if value is not None:
                        _raise_error("pipeline_not_modelled", name)
                scratches = () if scratches is None else tuple(scratches)
                return run_brefs(cfg, refs, scratches, allocations, body_prologue)
            if (allocations is None and not any(cfg["accumulate"]) and not init_accumulators
                    and prefetch is None and postyeet is None and _whole_blocks(cfg, refs)):
                # JAX's own path: BufferedRefs for every operand, allocated
                # for this invocation. (Bounded slices and partial last
                # blocks keep the synchronous schedule below, which moves
                # them with static-size DMAs.)
                pl, _ = _mods()
                scratches = () if scratches is None else tuple(scratches)
                allocs = make_allocations(*refs, in_specs=cfg["in_specs"], out_specs=cfg["out_specs"],
                                          grid=cfg["grid"])
                pl.run_scoped(lambda a: run_brefs(cfg, refs, scratches, a, body_prologue), allocs)
                return
            _pipeline(cfg, refs, scratches, allocations, init_accumulators, prefetch, postyeet,
                      body_prologue)

        return pipeline

    def _whole_blocks(cfg, refs):
        # Every block of every operand a fixed-size window inside it.
        specs = jax.tree.leaves((cfg["in_specs"], cfg["out_specs"]))
        if len(specs) != len(refs) or not all(hasattr(r, "shape") for r in refs):
            return False
        for spec, ref in zip(specs, refs):
            if spec is None or spec.block_shape is None:
                continue
            space = "vmem" if spec.memory_space is None else str(getattr(spec.memory_space, "name", "")).lower()
            if space == _ref_space(ref):
                continue  # viewed in place, never copied
            if len(spec.block_shape) != len(ref.shape):
                return False
            for bd, dim in zip(spec.block_shape, ref.shape):
                kind = "Blocked" if isinstance(bd, int) else ("Squeezed" if bd is None else getattr(bd, "kind", None))
                if kind == "Squeezed" or kind == "Element":
                    continue
                if kind != "Blocked" or dim % (bd if isinstance(bd, int) else bd.block_size) != 0:
                    return False
        return True

    def _holds_buffered_refs(allocations):
        if isinstance(allocations, BufferedRefBase):
            return True
        if isinstance(allocations, (tuple, list)):
            return any(_holds_buffered_refs(a) for a in allocations)
        if isinstance(allocations, dict):
            return any(_holds_buffered_refs(a) for a in allocations.values())
        return False

    def _pipeline(cfg, refs, scratches, allocations, init_accumulators, prefetch, postyeet, body_prologue):
        pl, _ = _mods()
        # allocations (emit_pipeline_with_allocations' buffers) change no
        # value: the pipeline allocates its own and leaves them unused.
        for name, value in (("prefetch", prefetch), ("postyeet", postyeet)):
            if value is not None:
                _raise_error("pipeline_not_modelled", name)
        plans = _plans(cfg, refs)
        if cfg["sync_every_step"] and any(p["role"] == "acc" for p in plans):
            _raise_error("pipeline_sync_accumulators")
        allocs = [a for p in plans for a in p["allocs"]]
        counts = [len(p["allocs"]) for p in plans]
        scratches = () if scratches is None else tuple(scratches)

        def scoped(*buffers):
            per_plan, at = [], 0
            for n in counts:
                per_plan.append(buffers[at:at + n])
                at += n
            run(cfg, plans, per_plan, scratches, init_accumulators, body_prologue)

        pl.run_scoped(scoped, *allocs)

    def _plans(cfg, refs):
        n_in = len(cfg["in_specs"])
        in_refs, out_refs = tuple(refs[:n_in]), tuple(refs[n_in:])
        plans = []
        jax.tree_util.tree_map(lambda s, r: plans.append(make_plan(s, r, "in")), cfg["in_specs"], in_refs)
        outs = []
        jax.tree_util.tree_map(lambda s, r: outs.append((s, r)), cfg["out_specs"], out_refs)
        for (s, r), acc in zip(outs, cfg["accumulate"]):
            plans.append(make_plan(s, r, "acc" if acc else "out"))
        return plans

    return emit_pipeline
)PY";

}  // namespace

const GridEnv* current_grid_env(python::Interpreter& ip) {
  const auto& stack = grid_env_stack(ip);
  return stack.empty() ? nullptr : &stack.back();
}

void add_emit_pipeline(python::Interpreter& ip, python::ModuleObj& pltpu) {
  const std::unordered_map<std::string, Value> names{
      {"_raise_error", python::registered_error_raiser()},
      {"_grid_env", python::make_builtin("_grid_env", grid_env_builtin)},
      {"_ref_space", python::make_builtin("_ref_space", ref_space_builtin)},
      {"_sync_dma", python::make_builtin("_sync_dma", dma_builtin)}};
  auto factory = [&](const char* source, const char* name, python::Values args) {
    Value fn = ip.define_generated_function(source, name, name, names);
    return ip.call(fn, std::move(args), {});
  };
  // BufferedRef & co live in the module JAX defines them in, so their
  // reprs and subclasses' MROs name it.
  Value defs = ip.define_generated_module("jax._src.pallas.mosaic.pipeline",
                                          std::string(kBufferedRefSource) + kPipelineAllocationsSource, names);
  auto& attrs = defs.as<python::ModuleObj>().attrs;
  const python::Values& helpers = attrs.at("index_helpers").as<python::TupleObj>().items;
  python::Values brefs = factory(kPipelineScheduleSource, "_make_bref_pipeline",
                                 {attrs.at("BufferedRefBase"), attrs.at("BufferedRef"), attrs.at("PipelineStep"),
                                  helpers[0], helpers[1], helpers[2]})
                             .as<python::TupleObj>()
                             .items;
  python::Values plans = factory(kPipelinePlanSource, "_make_pipeline_plans", {helpers[4]}).as<python::TupleObj>().items;
  Value copy_block = factory(kPipelineCopySource, "_make_pipeline_copies", {plans[4]});
  Value run = factory(kRunSource, "_make_pipeline_runner", {plans[2], plans[3], copy_block});
  Value emit = factory(kMainSource, "_make_emit_pipeline",
                       {plans[0], run, brefs[0], attrs.at("BufferedRefBase"), helpers[3]});
  emit.as<python::FunctionObj>().qualname = "emit_pipeline";
  attrs["emit_pipeline"] = emit;
  for (const char* name : {"BufferedRef", "BufferedRefBase", "BufferType", "PipelineStep", "emit_pipeline",
                           "emit_pipeline_with_allocations"})
    pltpu.attrs[name] = attrs.at(name);
}

}  // namespace rungs::pallas
