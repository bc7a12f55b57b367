// Pallas-aware completions: the names people reach for after `pl.`,
// `pltpu.`, `jnp.` and `lax.`, each with a one-line doc. One line per name,
// "module.name(signature) — doc", parsed once; the editor turns matches into
// Monaco completion items (editor.js), and tests use completionsAt directly.
// InterpretParams' fields and defaults are the engine's own (schema.js).
import { PARAMS } from '../engine/schema.js';
import { pyLiteral } from './settings.js';

function interpretParamsSignature() {
  return PARAMS.filter((p) => p.group === 'InterpretParams')
    .map((p) => `${p.name}=${pyLiteral(p.default)}`)
    .join(', ');
}

const TABLE = `
pl.pallas_call(kernel, out_shape, *, grid=(), in_specs, out_specs, scratch_shapes=(), input_output_aliases={}, interpret=False, compiler_params=None, debug=False) — wrap a kernel into a callable over a grid of programs
pl.BlockSpec(block_shape=None, index_map=None, *, memory_space=None, pipeline_mode=None) — which block of an operand each grid step sees
pl.program_id(axis) — this grid step's index along axis (int32)
pl.num_programs(axis) — the grid's size along axis (a Python int for a static grid)
pl.ds(start, size, stride=1) — a dynamic slice [start, start + size) for indexing refs
pl.dslice(start, size, stride=1) — alias of pl.ds
pl.Slice(start, size, stride=1) — the slice type pl.ds builds
pl.when(condition) — decorator: run the function only when condition holds (lax.cond underneath)
pl.loop(lower, upper, *, step=1) — decorator: a fori_loop over [lower, upper)
pl.cdiv(a, b) — ceiling division, for grid sizes: pl.cdiv(n, block)
pl.ANY — memory space: leave the operand where it is (HBM on TPU); touch it only by DMA
pl.MemorySpace — the generic memory spaces (ANY, DEFAULT, HOST, ...)
pl.Element(block_size, padding=(0, 0)) — block dim whose index map returns an element offset, optionally padded
pl.Blocked(block_size) — block dim whose index map returns a block index (the default for ints)
pl.Squeezed() — block dim of size 1 that is removed from the kernel's ref
pl.squeezed — the Squeezed marker, same as None in block_shape
pl.Buffered(buffer_count) — pipeline_mode hint: how many buffers the TPU pipeline keeps
pl.no_block_spec — the default spec: whole array, default memory space
pl.GridSpec(grid=(), in_specs, out_specs, scratch_shapes=()) — grid and specs bundled in one object
pl.debug_print(fmt, *args) — print from inside the kernel; {} placeholders
pl.debug_check(condition, message) — assert inside the kernel when debug checks are enabled
pl.run_scoped(f, *types) — allocate scratch refs for the duration of f
pl.multiple_of(x, n) — compiler hint that x is a multiple of n (a no-op in interpreters)
pl.semaphore_read(sem) — the current count of a semaphore
pl.semaphore_signal(sem, inc=1) — add inc to a semaphore
pl.semaphore_wait(sem, value=1) — block until the count reaches value, then subtract it
pl.CostEstimate(flops, transcendentals, bytes_accessed) — cost hint for XLA; ignored by interpreters
pltpu.InterpretParams(*, ${interpretParamsSignature()}) — run on rung 2: TPU interpret mode with a memory model
pltpu.CompilerParams(*, dimension_semantics=None, vmem_limit_bytes=None, ...) — Mosaic compiler settings: parallel/arbitrary grid dims, VMEM budget
pltpu.PrefetchScalarGridSpec(num_scalar_prefetch, grid=(), in_specs, out_specs, scratch_shapes=()) — grid spec whose first arguments are copied to SMEM and passed to every index map
pltpu.VMEM(shape, dtype) — a vector-memory scratch buffer (or the VMEM memory space)
pltpu.SMEM(shape, dtype) — a scalar-memory scratch buffer (32-bit scalars)
pltpu.HBM(shape, dtype) — device DRAM; reachable only by DMA
pltpu.ANY — memory space: wherever the operand already is (HBM); DMA only
pltpu.SemaphoreType — REGULAR, DMA or BARRIER; call with a shape for an array of semaphores
pltpu.make_async_copy(src_ref, dst_ref, sem) — a DMA descriptor: .start(), then .wait() before reading dst
pltpu.async_copy(src_ref, dst_ref, sem) — make_async_copy and start it; returns the descriptor
pltpu.sync_copy(src_ref, dst_ref) — copy by DMA and wait for it
pltpu.make_async_remote_copy(src_ref, dst_ref, send_sem, recv_sem, device_id) — a DMA to another device
pltpu.semaphore_signal(sem, inc=1, *, device_id=None, core_index=None) — signal a semaphore, possibly on another core
pltpu.semaphore_wait(sem, value=1) — wait until the semaphore reaches value
pltpu.get_barrier_semaphore() — the barrier semaphore of a collective kernel
pltpu.PARALLEL — dimension semantics: grid steps may run in any order, split over cores
pltpu.ARBITRARY — dimension semantics: grid steps run in order on one core
pltpu.force_tpu_interpret_mode(params=InterpretParams()) — context manager: run every pallas_call on rung 2
pltpu.set_tpu_interpret_mode(params=InterpretParams()) — globally run pallas_calls on rung 2
pltpu.reset_tpu_interpret_mode_state() — clear the TPU interpreter's simulated memory after an error
pltpu.TensorCoreMesh(axis_name, num_cores) — a mesh of TensorCores for pl.core_map
pltpu.touch(ref) — a fake read/write dependency on ref
jnp.arange(start, stop=None, step=None, dtype=None) — evenly spaced values
jnp.zeros(shape, dtype=float32) — an array of zeros
jnp.ones(shape, dtype=float32) — an array of ones
jnp.full(shape, fill_value, dtype=None) — an array filled with one value
jnp.zeros_like(x) — zeros with x's shape and dtype (works on refs' shapes too)
jnp.ones_like(x) — ones with x's shape and dtype
jnp.full_like(x, fill_value) — x's shape and dtype, filled with one value
jnp.dot(a, b, *, preferred_element_type=None) — matrix product; preferred_element_type=jnp.float32 accumulates in f32
jnp.matmul(a, b) — matrix product (the @ operator)
jnp.einsum(subscripts, *operands) — Einstein summation
jnp.sum(x, axis=None, keepdims=False) — sum of elements
jnp.max(x, axis=None, keepdims=False) — maximum of elements
jnp.min(x, axis=None, keepdims=False) — minimum of elements
jnp.mean(x, axis=None, keepdims=False) — mean of elements
jnp.cumsum(x, axis=None) — running sum
jnp.where(condition, x, y) — choose elementwise between x and y
jnp.maximum(x, y) — elementwise maximum
jnp.minimum(x, y) — elementwise minimum
jnp.exp(x) — elementwise e**x
jnp.log(x) — elementwise natural log (log(0) = -inf, log(<0) = nan)
jnp.sqrt(x) — elementwise square root
jnp.tanh(x) — elementwise tanh
jnp.reshape(x, shape) — the same elements in a new shape
jnp.transpose(x, axes=None) — permute axes
jnp.concatenate(arrays, axis=0) — join arrays along an axis
jnp.broadcast_to(x, shape) — broadcast to a shape
jnp.isnan(x) — elementwise NaN test
jnp.isfinite(x) — elementwise finite test
jnp.allclose(a, b, rtol=1e-05, atol=1e-08) — all elements close
jnp.array_equal(a, b) — same shape and elements
jnp.float32 — 32-bit float dtype
jnp.bfloat16 — 16-bit brain float dtype (TPU-native)
jnp.float16 — 16-bit IEEE float dtype
jnp.int32 — 32-bit integer dtype
jnp.int8 — 8-bit integer dtype
jnp.bool_ — boolean dtype
lax.fori_loop(lower, upper, body_fun, init_val) — loop body_fun(i, carry) for i in [lower, upper)
lax.while_loop(cond_fun, body_fun, init_val) — loop while cond_fun(carry)
lax.cond(pred, true_fun, false_fun, *operands) — choose a branch
lax.switch(index, branches, *operands) — choose one of several branches
lax.scan(f, init, xs) — loop with a carry, stacking outputs
lax.dot_general(lhs, rhs, dimension_numbers, preferred_element_type=None) — general contraction
lax.iota(dtype, size) — 0, 1, ..., size - 1
lax.broadcasted_iota(dtype, shape, dimension) — iota along one dimension of a shape
lax.dynamic_slice(x, start_indices, slice_sizes) — slice at traced offsets; the start is clamped to fit
lax.dynamic_update_slice(x, update, start_indices) — write a block at traced offsets (clamped)
lax.select(pred, on_true, on_false) — elementwise choice, same shapes
lax.axis_index(axis_name) — index along a named grid or mesh axis
lax.axis_size(axis_name) — size of a named axis
`;

export const COMPLETIONS = TABLE.trim()
  .split('\n')
  .map((line) => {
    const m = /^(\w+)\.(\w+)(\([^]*?\))?\s+—\s+(.*)$/.exec(line.trim());
    if (!m) throw new Error(`completions: malformed line ${line}`);
    const [, module, name, signature = '', doc] = m;
    return { module, name, signature, doc, callable: Boolean(signature) };
  });

export const MODULES = [...new Set(COMPLETIONS.map((c) => c.module))];

// The completions for the text before the cursor: `pl.pro` -> pl.* names
// starting with "pro". Null when the cursor is not after one of the modules.
export function completionsAt(textBeforeCursor) {
  const m = /(?:^|[^\w.])(pl|pltpu|jnp|lax)\.(\w*)$/.exec(textBeforeCursor);
  if (!m) return null;
  const [, module, partial] = m;
  const items = COMPLETIONS.filter((c) => c.module === module && c.name.toLowerCase().startsWith(partial.toLowerCase()));
  return { module, partial, items };
}
