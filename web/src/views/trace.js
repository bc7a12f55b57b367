// Read-only accessors over a result document's calls and their trace
// (core/result/README.md). No semantics here: only "which events belong to
// which grid step", so every view numbers steps the same way.
//
// A view's `step` argument is an index into the call's `step` events (0 ..
// stepCount - 1), i.e. the order the engine executed grid points in, which on
// rung 2 with parallel dimensions is not the grid's row-major order.

export function callAt(doc, call = 0) {
  return doc?.calls?.[call] ?? null;
}

// The call's `step` events, in execution order.
export function stepEvents(call) {
  return (call?.events ?? []).filter((e) => e.kind === 'step');
}

export function stepCount(doc, call = 0) {
  return stepEvents(callAt(doc, call)).length;
}

// The step event a view draws for `step`, clamped into range (null when the
// call recorded no steps, e.g. it was run without {trace: true}).
export function stepEvent(doc, call, step) {
  const steps = stepEvents(callAt(doc, call));
  if (!steps.length) return null;
  const i = Math.min(steps.length - 1, Math.max(0, Math.trunc(step) || 0));
  return steps[i];
}

// Memory events (everything but `step`), each with its index in call.events.
export function memoryEvents(call) {
  const out = [];
  (call?.events ?? []).forEach((e, index) => {
    if (e.kind !== 'step') out.push({ ...e, index });
  });
  return out;
}

// What part of a differentiation a call ran in (the document's
// calls[].autodiff), as a reader would say it; "" for an ordinary call.
const AUTODIFF_LABELS = { forward: 'forward pass', backward: 'backward pass', jvp: 'JVP kernel' };
export function autodiffLabel(call) {
  return AUTODIFF_LABELS[call?.autodiff] ?? '';
}

// "call 2: attn_bwd (tpu) · backward pass", for call pickers.
export function callTitle(call, i) {
  const role = autodiffLabel(call);
  return `call ${i + 1}: ${call.kernel} (${call.rung})${role ? ` · ${role}` : ''}`;
}

// "(1, 0)" for a grid point or block index, "()" for none.
export function tupleText(t) {
  const a = t ?? [];
  return a.length === 1 ? `(${a[0]},)` : `(${a.join(', ')})`;
}

// One dimension of a window, in Python's slice notation: "8:16" for a slice
// of stride 1, "0:16:2" for a strided one, ":" for a whole dimension (size
// -1, JAX's slice(None)), and "3" for a dimension picked by an integer.
function dimText(box, d) {
  const start = box.start[d];
  const size = box.size[d];
  const stride = box.stride?.[d] ?? 1;
  if (box.index?.[d]) return String(start);
  if (size < 0) return stride === 1 ? ':' : `::${stride}`;
  return stride === 1 ? `${start}:${start + size}` : `${start}:${start + size * stride}:${stride}`;
}

// "[8:16, 0:128]" for a box {start, size} (a step's reads and writes, a
// race's range), or a DMA window that adds per dimension `stride` and
// `index`: "[1, 0:8, 0:16:2]".
export function boxText(box) {
  return `[${box.start.map((_, d) => dimText(box, d)).join(', ')}]`;
}

// The memory space of a buffer {space, id, device, core} (an event's
// src_buffer / dst_buffer, a race's buffer_ref); "memory" when the document
// has none.
export function bufferSpace(buffer) {
  return buffer?.space || 'memory';
}

// "hbm 100[8:16, 0:128]" for one end of a DMA: the buffer's space and id,
// then its window (an event's src_buffer and src_box, or dst_buffer and
// dst_box). Computed from those fields only: the display strings `src` and
// `src_window` beside them are JAX's spelling and are never parsed.
export function dmaEndText(buffer, box) {
  const id = Number.isInteger(buffer?.id) ? ` ${buffer.id}` : '';
  return `${bufferSpace(buffer)}${id}${box ? boxText(box) : ''}`;
}
