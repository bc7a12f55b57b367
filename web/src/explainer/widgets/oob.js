// §7 "One block past the end": the kernel runs on all three rungs at once
// (engine.compare with the trace on). Rung 1's panel draws the input and the
// output; the step whose input window the engine reports as clamped is the
// one that wrote the duplicate, so its write box on the output and its
// landed window on the input are outlined. Rungs 2 and 3 show what they
// said. Every coordinate comes from the trace's step events.
import { errorBlock } from '../../views/console.js';
import { finiteExtent } from '../../views/array2d.js';
import { renderHeatmap } from '../../views/heatmap.js';
import { stepEvents } from '../../views/trace.js';
import { RUNG_ORDER, el, firstLine, pyBool, rungBadge, scalar, unavailable } from './common.js';

const rows = (box) => `rows ${box.start[0]}–${box.start[0] + box.size[0]}`;

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

function rungOnePanel(doc) {
  const panel = el('div', { class: 'oob-rung', 'data-rung': 'interpret' }, el('h3', {}, rungBadge('interpret')));
  const hit = clampedStep(doc);
  const x = doc.values?.x;
  const out = doc.values?.out;
  if (!hit || !x || !out) {
    panel.append(el('p', {}, 'The engine reported no clamped window for this run.'));
    return { panel, hit: null };
  }
  const source = { start: hit.input.landed, size: hit.write.size };
  panel.append(
    el(
      'p',
      { class: 'oob-story' },
      `Grid step ${hit.event.step + 1} asked for block ${`(${hit.input.block_index.join(', ')})`}, start row ${hit.input.start[0]}. `,
      `The slice landed at row ${hit.input.landed[0]} instead, so the kernel copied x's ${rows(source)} into out's ${rows(hit.write)}. No error, every value finite.`,
    ),
  );
  const pics = el('div', { class: 'oob-pictures' });
  const xRoot = el('div', { class: 'oob-x', 'data-box-start': source.start.join(','), 'data-box-size': source.size.join(',') });
  const outRoot = el('div', {
    class: 'oob-out',
    'data-dup-start': hit.write.start.join(','),
    'data-dup-size': hit.write.size.join(','),
  });
  const domain = finiteExtent(x.data) ?? undefined;
  renderHeatmap(xRoot, x, { label: 'x (input)', boxes: [{ ...source, kind: 'source' }], maxWidth: 320, maxCols: 32, domain });
  renderHeatmap(outRoot, out, { label: 'out (rung 1)', boxes: [{ ...hit.write, kind: 'dup' }], maxWidth: 320, maxCols: 32, domain });
  pics.append(xRoot, outRoot);
  panel.append(pics);
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

export default async function mount(root, ctx) {
  ctx.state('running');
  const engine = await ctx.engine();
  const comparison = await engine.compare(ctx.code('kernel'), { trace: true });
  const live = el('div', { class: 'live oob-live' });
  const { panel, hit } = rungOnePanel(comparison.rungs.interpret);
  live.append(panel);
  for (const rung of RUNG_ORDER.slice(1)) live.append(otherPanel(rung, comparison.rungs[rung]));
  root.append(live);
  if (hit) {
    ctx.fact('clamped_start', hit.input.start[0]);
    ctx.fact('landed_start', hit.input.landed[0]);
    ctx.fact('duplicated_rows', hit.write.size[0]);
  }
  const finite = scalar(comparison.rungs.interpret, 'all_finite');
  if (finite !== undefined) ctx.fact('finite', pyBool(finite));
  ctx.state(hit ? 'done' : 'error');
}
