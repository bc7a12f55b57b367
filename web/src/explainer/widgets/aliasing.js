// §10 "Aliasing and the debugging toolkit": three programs (the :::parts).
//   inplace   scale_rows_inplace on rung 2; the trace's allocations show one
//             HBM buffer serving as input and output
//   wrong     a block reversal declared in place, on all three rungs; rung
//             2's block copies, in order, show the read that comes after
//             the write-back it collides with. A toggle re-runs it with and
//             without the alias, and a stepper walks the copies one at a
//             time, drawing the shared HBM buffer's blocks as they stand
//             (which step last wrote each, from the copy events)
//   prefetch  aliasing a scalar-prefetch operand: fine on rung 1, refused
//             by rung 2 (linked to its error page)
import { errorBlock } from '../../views/console.js';
import { createStepper } from '../../views/stepper.js';
import { RUNG_ORDER, el, rungBadge, unavailable } from './common.js';

// Rows of a copy event, "rows 8–16".
const rows = (e) => `rows ${e.start[0]}–${e.start[0] + e.size[0]}`;

export function blockCopies(call) {
  return (call?.events ?? []).filter((e) => e.kind === 'copy_in' || e.kind === 'copy_out');
}

function copyTable(call) {
  const body = el('tbody');
  for (const e of blockCopies(call)) {
    const op = call.operands[e.operand];
    body.append(
      el('tr', { class: e.kind, 'data-step': e.step },
        el('td', {}, String(e.step + 1)),
        el('td', {}, e.kind === 'copy_in' ? 'HBM → VMEM (read)' : 'VMEM → HBM (write back)'),
        el('td', {}, `${op?.name ?? e.operand}`),
        el('td', {}, rows(e))),
    );
  }
  return el('table', { class: 'alias-copies' },
    el('caption', {}, 'Rung 2, block copies in the order they happened (input and output share one HBM buffer)'),
    el('thead', {}, el('tr', {}, el('th', {}, 'step'), el('th', {}, 'copy'), el('th', {}, 'ref'), el('th', {}, 'rows'))),
    body);
}

function rungLine(rung, doc, siteRoot) {
  const li = el('li', { 'data-rung': rung }, rungBadge(rung), ' ');
  if (unavailable(doc)) li.append('not in this build of the engine yet.');
  else if (doc.error) {
    li.append(errorBlock(doc.error));
    li.append(el('a', { href: `${siteRoot}errors/#${doc.error.id}` }, `about ${doc.error.id}`));
  } else li.append(el('code', {}, doc.stdout.trim() || '(printed nothing)'));
  return li;
}

async function inplace(part, engine) {
  const doc = await engine.run(part.code, { rung: 'tpu', trace: true });
  const box = el('div', { class: 'alias-result' });
  if (!doc.ok) {
    box.append(errorBlock(doc.error));
    return box;
  }
  const allocs = (doc.calls[0].events ?? []).filter((e) => e.kind === 'alloc' && e.space === 'hbm');
  const outputs = allocs.filter((a) => a.role === 'output');
  box.append(
    el('p', {}, rungBadge('tpu'), ' printed ', el('code', {}, doc.stdout.trim())),
    el('p', { 'data-hbm-buffers': allocs.length, 'data-output-buffers': outputs.length },
      `HBM buffers the simulator allocated for this call: ${allocs.map((a) => `${a.buffer} (${a.role}, ${a.shape.join('×')})`).join(', ')}. `,
      outputs.length ? `The output got a buffer of its own (${outputs[0].buffer}).` : 'None is an output: the output is written into input 0\u2019s buffer.'),
  );
  return box;
}

// The program with or without its `input_output_aliases={0: 0},` line.
export function withAlias(source, aliased) {
  return aliased ? source : source.replace(/^\s*input_output_aliases=\{0: 0\},\n/m, '');
}

// After copies 0..k: per 8-row block of the output's HBM buffer, the grid
// step whose write-back last landed there (null: not yet written).
export function writtenBy(copies, k, blocks) {
  const by = Array(blocks).fill(null);
  for (const e of copies.slice(0, k + 1)) if (e.kind === 'copy_out') by[e.start[0] / e.size[0]] = e.step + 1;
  return by;
}

function copyOrder(call) {
  const copies = blockCopies(call);
  const table = copyTable(call);
  const blocks = Math.max(...copies.map((e) => e.start[0] / e.size[0] + 1));
  const strip = el('ol', { class: 'alias-blocks', 'aria-label': 'the output buffer, block by block' });
  const caption = el('p', { class: 'alias-copy-now', 'aria-live': 'polite' });
  const stepperRoot = el('div', { class: 'alias-stepper' });
  function show(k) {
    const rowsEls = table.querySelectorAll('tbody tr');
    rowsEls.forEach((r, i) => r.classList.toggle('alias-current', i === k));
    const e = copies[k];
    caption.textContent = `copy ${k + 1} of ${copies.length}: step ${e.step + 1} ${e.kind === 'copy_in' ? 'reads' : 'writes back'} ${rows(e)}`;
    strip.replaceChildren(...writtenBy(copies, k, blocks).map((w, b) =>
      el('li', { class: w ? 'alias-written' : null, 'data-block': b }, `rows ${b * 8}–${b * 8 + 8}: ${w ? `written by step ${w}` : 'the input still'}`)));
    strip.dataset.copy = String(k);
  }
  createStepper(stepperRoot, { count: copies.length, onStep: show, intervalMs: 900, label: 'Copy' });
  show(0);
  return el('div', { class: 'alias-order' }, stepperRoot, caption, strip, table);
}

// The reversal with a toggle: aliased (the shared buffer) or not.
async function reversal(part, engine, siteRoot) {
  const toggle = el('input', { type: 'checkbox', name: 'aliased', checked: true });
  const label = el('label', { class: 'alias-toggle' }, toggle, ' declare input_output_aliases={0: 0}');
  const result = el('div', { class: 'alias-result' });
  const box = el('div', {}, label, result);
  async function run() {
    box.dataset.state = 'running';
    const comparison = await engine.compare(withAlias(part.code, toggle.checked), { trace: true });
    const tpuCall = comparison.rungs.tpu.calls?.[0];
    result.replaceChildren(el('ul', { class: 'alias-rungs' }, ...RUNG_ORDER.map((r) => rungLine(r, comparison.rungs[r], siteRoot))));
    if (tpuCall) result.append(copyOrder(tpuCall));
    box.dataset.aliased = String(toggle.checked);
    box.dataset.state = 'done';
  }
  toggle.addEventListener('change', run);
  await run();
  return box;
}

async function compared(part, engine, siteRoot) {
  const comparison = await engine.compare(part.code, {});
  const box = el('div', { class: 'alias-result' });
  box.append(el('ul', { class: 'alias-rungs' }, ...RUNG_ORDER.map((r) => rungLine(r, comparison.rungs[r], siteRoot))));
  return box;
}

export default async function mount(root, ctx) {
  ctx.state('running');
  const engine = await ctx.engine();
  const parts = Object.fromEntries(ctx.parts().map((p) => [p.name, p]));
  parts.inplace.el.append(await inplace(parts.inplace, engine));
  parts.wrong.el.append(await reversal(parts.wrong, engine, ctx.siteRoot));
  parts.prefetch.el.append(await compared(parts.prefetch, engine, ctx.siteRoot));
  ctx.state('done');
}
