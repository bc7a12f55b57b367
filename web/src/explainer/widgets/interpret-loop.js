// §4 "What interpret=True literally executes": the kernel runs on rung 1
// with the trace on, and the widget replays the grid loop one step at a
// time (autoplaying once): the index map's block index, the start offset it
// asks for, where the clamping slice landed, the kernel, the write-back.
// The operand picture is the shared grid-walk view; the output picture is
// the final array (NaN where no step wrote) with the blocks written up to
// the current step outlined. Everything drawn is a field of the trace.
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
    walkRoot,
    outRoot,
    jaxpr,
  );
  root.append(live);

  const show = (i) => {
    stageRoot.replaceChildren(stagePanel(call, steps[i], i, steps.length));
    renderGridWalk(walkRoot, doc, i, { maxWidth: 420, maxHeight: 160 });
    const written = steps.slice(0, i + 1).flatMap((ev) => ev.operands[outIndex].writes.map((w) => ({ ...w, kind: 'write' })));
    renderHeatmap(outRoot, doc.values.out, { label: `out after the loop (outlined: written by steps 1–${i + 1})`, boxes: written, maxWidth: 420 });
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
