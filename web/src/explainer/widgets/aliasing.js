// §10 "Aliasing and the debugging toolkit": three programs (the :::parts).
//   inplace   scale_rows_inplace on rung 2; the trace's allocations show one
//             HBM buffer serving as input and output
//   wrong     a block reversal declared in place, on all three rungs; rung
//             2's block copies, in order, show the read that comes after
//             the write-back it collides with
//   prefetch  aliasing a scalar-prefetch operand: fine on rung 1, refused
//             by rung 2 (linked to its error page)
import { errorBlock } from '../../views/console.js';
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

async function compared(part, engine, siteRoot, withCopies) {
  const comparison = await engine.compare(part.code, { trace: withCopies });
  const box = el('div', { class: 'alias-result' });
  box.append(el('ul', { class: 'alias-rungs' }, ...RUNG_ORDER.map((r) => rungLine(r, comparison.rungs[r], siteRoot))));
  const tpuCall = comparison.rungs.tpu.calls?.[0];
  if (withCopies && tpuCall) box.append(copyTable(tpuCall));
  return box;
}

export default async function mount(root, ctx) {
  ctx.state('running');
  const engine = await ctx.engine();
  const parts = Object.fromEntries(ctx.parts().map((p) => [p.name, p]));
  parts.inplace.el.append(await inplace(parts.inplace, engine));
  parts.wrong.el.append(await compared(parts.wrong, engine, ctx.siteRoot, true));
  parts.prefetch.el.append(await compared(parts.prefetch, engine, ctx.siteRoot, false));
  ctx.state('done');
}
