// §7 "One block past the end": the kernel runs on all three rungs at once
// (engine.compare with the trace on). Rung 1's panel draws the input and the
// output; the step whose input window the engine reports as clamped is the
// one that wrote the duplicate, so its write box on the output and its
// landed window on the input are outlined. Rungs 2 and 3 show what they
// said. Every coordinate comes from the trace's step events.
//
// The reader can drag the index map's offset (the program's OFFSET, in
// `lambda i: (i + OFFSET, 0)`): each value is a fresh engine run of the
// edited program, and the figure shows, step by step, the window the index
// map asked for against the one the slice landed on. Nothing is computed
// here: asked, landed and clamped are fields of the trace.
import { errorBlock } from '../../views/console.js';
import { finiteExtent } from '../../views/array2d.js';
import { renderGridWalk } from '../../views/grid_walk.js';
import { renderHeatmap } from '../../views/heatmap.js';
import { stepEvents } from '../../views/trace.js';
import { RUNG_ORDER, el, firstLine, pyBool, rungBadge, scalar, setAssignments, unavailable } from './common.js';

const rows = (box) => `rows ${box.start[0]}–${box.start[0] + box.size[0]}`;
const OFFSETS = { min: 0, max: 2 };

// The clamped step of the first call: the input entry whose window moved and
// the output entry that step wrote. Pure reading of the trace.
export function clampedStep(doc) {
  const call = doc?.calls?.[0];
  for (const ev of stepEvents(call)) {
    const input = ev.operands.find((o) => o.clamped && call.operands[o.operand]?.role === 'input');
    if (!input) continue;
    const output = ev.operands.find((o) => call.operands[o.operand]?.role === 'output');
    return { event: ev, input, output, write: output?.writes?.[0] ?? null };
  }
  return null;
}

// Each step's input window, asked and landed, as the trace reports them.
export function inputWindows(doc) {
  const call = doc?.calls?.[0];
  return stepEvents(call).flatMap((ev) =>
    ev.operands
      .filter((o) => call.operands[o.operand]?.role === 'input')
      .map((o) => {
        const operand = call.operands[o.operand];
        return { step: ev.step, block: o.block_index, asked: o.start, landed: o.landed, clamped: Boolean(o.clamped), size: operand.block_shape, shape: operand.shape };
      }),
  );
}

function windowList(doc) {
  const list = el('ol', { class: 'oob-windows', 'aria-label': 'input window of each grid step' });
  for (const w of inputWindows(doc)) {
    const asked = { start: w.asked, size: w.size };
    const landed = { start: w.landed, size: w.size };
    list.append(
      el('li', { 'data-step': w.step, 'data-clamped': String(w.clamped) },
        `step ${w.step + 1}: block (${w.block.join(', ')}) → `,
        el('span', { class: 'oob-asked' }, `asked ${rows(asked)}`),
        ', ',
        el('span', { class: 'oob-landed' }, `landed ${rows(landed)}`),
        w.clamped ? ` (clamped: the array has ${w.shape[0]} rows)` : ''),
    );
  }
  return list;
}

function rungOnePanel(doc) {
  const panel = el('div', { class: 'oob-rung', 'data-rung': 'interpret' }, el('h3', {}, rungBadge('interpret')));
  const x = doc.values?.x;
  const out = doc.values?.out;
  if (!doc.ok || !x || !out) {
    panel.append(doc.error ? errorBlock(doc.error) : el('p', {}, 'The program left no x and out to draw.'));
    return { panel, hit: null };
  }
  const hit = clampedStep(doc);
  const source = hit ? { start: hit.input.landed, size: hit.write.size } : null;
  panel.append(
    hit
      ? el('p', { class: 'oob-story' },
        `Grid step ${hit.event.step + 1} asked for block (${hit.input.block_index.join(', ')}), start row ${hit.input.start[0]}. `,
        `The slice landed at row ${hit.input.landed[0]} instead, so the kernel copied x's ${rows(source)} into out's ${rows(hit.write)}. No error, every value finite.`)
      : el('p', { class: 'oob-story' }, 'Every window the index map asked for is inside x: nothing was clamped, and out is x.'),
    windowList(doc),
  );
  const walk = el('div', { class: 'oob-walk' });
  const steps = stepEvents(doc.calls?.[0]);
  // The clamped step shows the two windows apart; without one, the last step.
  renderGridWalk(walk, doc, hit ? steps.indexOf(hit.event) : steps.length - 1, { maxWidth: 300, maxHeight: 150 });
  const pics = el('div', { class: 'oob-pictures' });
  const xRoot = el('div', { class: 'oob-x', 'data-box-start': source?.start.join(','), 'data-box-size': source?.size.join(',') });
  const outRoot = el('div', { class: 'oob-out', 'data-dup-start': hit?.write.start.join(','), 'data-dup-size': hit?.write.size.join(',') });
  const domain = finiteExtent(x.data) ?? undefined;
  renderHeatmap(xRoot, x, { label: 'x (input)', boxes: source ? [{ ...source, kind: 'source' }] : [], maxWidth: 320, maxCols: 32, domain });
  renderHeatmap(outRoot, out, { label: 'out (rung 1)', boxes: hit ? [{ ...hit.write, kind: 'dup' }] : [], maxWidth: 320, maxCols: 32, domain });
  pics.append(xRoot, outRoot);
  panel.append(walk, pics);
  return { panel, hit };
}

function otherPanel(rung, doc) {
  const panel = el('div', { class: 'oob-rung', 'data-rung': rung }, el('h3', {}, rungBadge(rung)));
  if (unavailable(doc)) {
    panel.append(
      el('p', { class: 'oob-pending' }, 'The chip model is not in this build of the engine yet. On real hardware this read is undefined: the documentation calls padding unspecified and asks for at least one in-bounds element per block.'),
    );
  } else if (doc.error) {
    panel.append(errorBlock(doc.error));
  } else {
    const finite = scalar(doc, 'all_finite');
    panel.append(
      el('p', {}, `Returned without an error${finite === undefined ? '' : `; all values finite: ${pyBool(finite)}`}.`),
      rung === 'chip' ? el('p', { class: 'model-note' }, 'This is the model\u2019s stand-in for undefined behaviour, not a prediction of what a TPU returns.') : null,
    );
  }
  panel.dataset.outcome = doc.error ? firstLine(doc.error.id) : 'ok';
  return panel;
}

function render(live, comparison) {
  const { panel, hit } = rungOnePanel(comparison.rungs.interpret);
  live.replaceChildren(panel, ...RUNG_ORDER.slice(1).map((rung) => otherPanel(rung, comparison.rungs[rung])));
  return hit;
}

// The offset slider: each value runs the edited program (once; results are
// kept), and a newer drag wins over a run still in flight.
function offsetControl(root, ctx, engine, live, first) {
  const source = ctx.code('kernel');
  const value = el('output', { class: 'oob-k' }, String(first));
  const slider = el('input', { type: 'range', min: OFFSETS.min, max: OFFSETS.max, step: 1, value: first, name: 'offset', 'aria-label': 'index map offset k in lambda i: (i + k, 0)' });
  const runs = new Map();
  let latest = 0;
  slider.addEventListener('input', async () => {
    const k = Number(slider.value);
    const id = ++latest;
    value.textContent = String(k);
    ctx.state('running');
    if (!runs.has(k)) runs.set(k, engine.compare(setAssignments(source, { OFFSET: k }), { trace: true }));
    const comparison = await runs.get(k);
    if (id !== latest) return;
    render(live, comparison);
    root.dataset.offset = String(k);
    ctx.state('done');
  });
  return el('div', { class: 'oob-drag' },
    el('label', {}, el('code', {}, 'lambda i: (i + '), slider, value, el('code', {}, ', 0)')),
    el('span', { class: 'rg-muted' }, 'drag the offset: each value is a new run of the program'));
}

export default async function mount(root, ctx) {
  ctx.state('running');
  const engine = await ctx.engine();
  const comparison = await engine.compare(ctx.code('kernel'), { trace: true });
  const live = el('div', { class: 'live oob-live' });
  const hit = render(live, comparison);
  const first = Number(/^OFFSET\s*=\s*(\d+)/m.exec(ctx.code('kernel'))?.[1] ?? 1);
  root.dataset.offset = String(first);
  root.append(offsetControl(root, ctx, engine, live, first), live);
  // The prose quotes the program as written (OFFSET = 1).
  if (hit) {
    ctx.fact('clamped_start', hit.input.start[0]);
    ctx.fact('landed_start', hit.input.landed[0]);
    ctx.fact('duplicated_rows', hit.write.size[0]);
  }
  const finite = scalar(comparison.rungs.interpret, 'all_finite');
  if (finite !== undefined) ctx.fact('finite', pyBool(finite));
  ctx.state(hit ? 'done' : 'error');
}
