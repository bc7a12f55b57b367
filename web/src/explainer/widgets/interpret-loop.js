// §4 "What interpret=True literally executes": the kernel runs on rung 1
// with the trace on, and the widget replays the grid loop one step at a
// time (autoplaying once): the index map's block index, the start offset it
// asks for, where the clamping slice landed, the kernel, the write-back.
// The operand picture is the shared grid-walk view; the output picture is
// out as it stands after the current step: the blocks the trace says steps
// 1..i wrote hold the run's values, everything else is still the NaN the
// interpreter pre-filled (hatched). The trace carries write boxes, not the
// values written, so a block's values are read from the final array: exact
// for a kernel that writes each output block once, as this one does (a
// per-step copy of written values in the trace would lift that limit).
import { renderGridWalk } from '../../views/grid_walk.js';
import { renderHeatmap } from '../../views/heatmap.js';
import { createStepper } from '../../views/stepper.js';
import { stepEvents, tupleText } from '../../views/trace.js';
import { el, scalar } from './common.js';

// The five stages of one step, as text, from its step event.
export function stageTexts(call, event) {
  const stages = [];
  for (const entry of event.operands) {
    const op = call.operands[entry.operand];
    const name = `${op.name} (${op.role})`;
    stages.push({
      name,
      index: `index map → block ${tupleText(entry.block_index)}`,
      start: `start offset ${tupleText(entry.start)} = block × ${tupleText(op.block_shape)}`,
      landed: entry.clamped
        ? `slice clamped: landed at ${tupleText(entry.landed)}, not ${tupleText(entry.start)}`
        : `slice at ${tupleText(entry.landed)}, inside the array`,
      write: entry.writes?.length ? `written back at ${tupleText(entry.writes[0].start)}` : 'written back unchanged',
      clamped: entry.clamped,
    });
  }
  return stages;
}

// A 2-D array as it stood once the given boxes had been written: their
// cells from the final array, every other cell NaN (rung 1's pre-fill).
// Arrays of another rank are returned as they are.
export function valueAfter(final, boxes) {
  if (final.shape.length !== 2) return final;
  const [rows, cols] = final.shape;
  const inside = new Uint8Array(rows * cols);
  for (const b of boxes) {
    for (let r = Math.max(0, b.start[0]); r < Math.min(rows, b.start[0] + b.size[0]); r += 1) {
      inside.fill(1, r * cols + Math.max(0, b.start[1]), r * cols + Math.min(cols, b.start[1] + b.size[1]));
    }
  }
  return { ...final, data: final.data.map((v, k) => (inside[k] ? v : 'NaN')) };
}

// "8-31": the rows of a 2-D array that are NaN throughout, as ranges (for
// tests and the figure's data attributes).
export function nanRowRanges(value) {
  if (value.shape.length !== 2) return '';
  const [rows, cols] = value.shape;
  const ranges = [];
  for (let r = 0; r < rows; r += 1) {
    if (!value.data.slice(r * cols, (r + 1) * cols).every((v) => v === 'NaN')) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === r - 1) last[1] = r;
    else ranges.push([r, r]);
  }
  return ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');
}

function stagePanel(call, event, index, count) {
  const list = el('ol', { class: 'loop-stages', 'data-step': index });
  for (const s of stageTexts(call, event)) {
    list.append(
      el(
        'li',
        { class: s.clamped ? 'clamped' : null },
        el('strong', {}, s.name),
        el('span', { class: 'stage' }, s.index),
        el('span', { class: 'stage' }, s.start),
        el('span', { class: 'stage' }, s.landed),
        el('span', { class: 'stage' }, s.write),
      ),
    );
  }
  return el(
    'div',
    { class: 'loop-step' },
    el('p', { class: 'loop-head' }, `Step ${index + 1} of ${count}: grid point ${tupleText(event.point)} → kernel runs on the slices → blocks written back`),
    list,
  );
}

export default async function mount(root, ctx) {
  ctx.state('running');
  const engine = await ctx.engine();
  const doc = await engine.run(ctx.code('kernel'), { rung: 'interpret', trace: true });
  if (!doc.ok) throw new Error(`${doc.error.type}: ${doc.error.message}`);
  const call = doc.calls[0];
  const steps = stepEvents(call);
  const outIndex = call.operands.findIndex((o) => o.role === 'output');

  const live = el('div', { class: 'live loop-live' });
  const stepperRoot = el('div', { class: 'loop-stepper' });
  const stageRoot = el('div', { class: 'loop-stage-root', 'aria-live': 'polite' });
  const walkRoot = el('div', { class: 'loop-walk' });
  const outRoot = el('div', { class: 'loop-out' });
  const jaxpr = el('details', { class: 'loop-jaxpr' }, el('summary', {}, 'the kernel, as the jaxpr each step runs'), el('pre', { tabindex: 0 }, call.jaxpr));
  live.append(
    el('p', { class: 'loop-prefill' }, `Before step 1: out is ${call.operands[outIndex].shape.join(' × ')} of NaN, and x is padded to ${call.operands[0].padded_shape.join(' × ')}.`),
    stepperRoot,
    stageRoot,
    el('div', { class: 'loop-figures' }, walkRoot, outRoot),
    jaxpr,
  );
  root.append(live);

  const show = (i) => {
    stageRoot.replaceChildren(stagePanel(call, steps[i], i, steps.length));
    renderGridWalk(walkRoot, doc, i, { maxWidth: 420, maxHeight: 160 });
    const written = steps.slice(0, i + 1).flatMap((ev) => ev.operands[outIndex].writes.map((w) => ({ ...w, kind: 'write' })));
    const now = valueAfter(doc.values.out, written);
    outRoot.dataset.nanRows = nanRowRanges(now);
    renderHeatmap(outRoot, now, { label: `out after step ${i + 1} of ${steps.length} (hatched: still NaN; outlined: written so far)`, boxes: written, maxWidth: 420 });
  };
  const stepper = createStepper(stepperRoot, { count: steps.length, onStep: show, intervalMs: 1400, label: 'Grid step' });
  show(0);
  ctx.fact('steps', steps.length);
  ctx.fact('nan_rows', scalar(doc, 'nan_rows'));
  ctx.state('done');
  // Tell the story without a click: play through once (unless the reader
  // asked for less motion).
  const calm = root.ownerDocument.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (!calm) stepperRoot.querySelector('button[aria-label="Play"]')?.click();
  void stepper;
}
