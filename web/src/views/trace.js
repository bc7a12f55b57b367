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

// "(1, 0)" for a grid point or block index, "()" for none.
export function tupleText(t) {
  const a = t ?? [];
  return a.length === 1 ? `(${a[0]},)` : `(${a.join(', ')})`;
}

// "[8:16, 0:128]" for a box {start, size}.
export function boxText(box) {
  return `[${box.start.map((s, d) => `${s}:${s + box.size[d]}`).join(', ')}]`;
}

// Which memory space a buffer string like "('vmem', 103, 0, 0)" names; the
// engine prints buffers the way JAX's race reports do.
export function bufferSpace(buffer) {
  const m = /^\('([a-z_]+)'/.exec(String(buffer ?? ''));
  return m ? m[1] : 'memory';
}

// "hbm[0:8, 0:128]" for a DMA end: the buffer's space and its window, with
// Python's slice(a, b, 1) shown as a:b (the engine prints JAX's spelling).
export function dmaEndText(buffer, window) {
  const w = String(window ?? '')
    .replace(/slice\((-?\d+), (-?\d+), 1\)/g, '$1:$2')
    .replace(/slice\((-?\d+), (-?\d+), (-?\d+)\)/g, '$1:$2:$3')
    .replace(/^\((.*?),?\)$/, '$1');
  const id = /^\('[a-z_]+', (\d+)/.exec(String(buffer ?? ''));
  return `${bufferSpace(buffer)}${id ? ` ${id[1]}` : ''}[${w}]`;
}
