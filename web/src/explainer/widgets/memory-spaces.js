// §3 "Which import names which chip": the TPU and GPU memory-space tables
// side by side. The TPU table gains a column with what the engine prints for
// each pltpu name (the `spaces` program); the GPU table is documentation
// only (Rungs runs no GPU kernels) and says so. Then the SMEM collision: a
// GPU-style kernel staging a vector in pltpu.SMEM, run on all three rungs.
import { errorBlock } from '../../views/console.js';
import { RUNG_ORDER, el, rungBadge, unavailable } from './common.js';

// "SMEM <MemorySpace.SMEM: 'smem'>" lines -> {SMEM: {repr, value}}.
export function parseSpaces(stdout) {
  const out = {};
  for (const line of stdout.split('\n')) {
    const m = /^(\w+) (<.*: '([^']*)'>)$/.exec(line.trim());
    if (m) out[m[1]] = { repr: m[2], value: m[3] };
  }
  return out;
}

function addEngineColumn(table, spaces) {
  const headRow = table.querySelector('thead tr');
  headRow?.append(el('th', { scope: 'col' }, 'the engine prints'));
  for (const row of table.querySelectorAll('tbody tr')) {
    const name = row.querySelector('td code')?.textContent.replace(/^pl\./, '') ?? '';
    const found = spaces[name];
    row.append(el('td', { 'data-space': name }, found ? el('code', {}, found.repr) : '—'));
  }
}

function collision(comparison) {
  const list = el('ul', { class: 'ms-collision' });
  for (const rung of RUNG_ORDER) {
    const doc = comparison.rungs[rung];
    const item = el('li', { 'data-rung': rung }, rungBadge(rung), ' ');
    if (unavailable(doc)) item.append('not in this build of the engine yet; the real TPU compiler refuses vector stores to SMEM.');
    else if (doc.error) item.append(errorBlock(doc.error));
    else item.append(`ran; printed ${doc.stdout.trim() || 'nothing'}: the vector sat in "SMEM" without complaint.`);
    list.append(item);
  }
  return el('div', { class: 'ms-collision-box' }, el('h4', {}, 'A GPU habit on a TPU: a whole tile staged in pltpu.SMEM'), list);
}

export default async function mount(root, ctx) {
  ctx.state('running');
  const parts = Object.fromEntries(ctx.parts().map((p) => [p.name, p]));
  const engine = await ctx.engine();
  const doc = await engine.run(ctx.code('spaces'), { rung: 'interpret' });
  if (!doc.ok) throw new Error(`${doc.error.type}: ${doc.error.message}`);
  const spaces = parseSpaces(doc.stdout);
  const tpuTable = parts.tpu.el.querySelector('table');
  if (tpuTable) addEngineColumn(tpuTable, spaces);
  parts.gpu.el.querySelector('table')?.classList.add('ms-static');
  const side = el('div', { class: 'ms-tables' }, parts.tpu.el, parts.gpu.el);
  const smemPre = root.querySelector('pre[data-name="smem"]');
  smemPre.before(side);
  const comparison = await engine.compare(ctx.code('smem'), {});
  root.append(el('div', { class: 'live ms-live' }, collision(comparison)));
  if (spaces.SMEM) ctx.fact('smem_value', `'${spaces.SMEM.value}'`);
  ctx.state('done');
}
