// §3 "Which import names which chip": the TPU and GPU memory-space tables
// side by side. The TPU table gains a column with what the engine prints for
// each pltpu name (the `spaces` program); the GPU table is documentation
// only (Rungs runs no GPU kernels) and says so. Then the SMEM collision: a
// GPU-style kernel staging a vector in pltpu.SMEM, run on all three rungs.
// A generation picker runs the `generation` program on the chip model of the
// chosen TPU and shows what pltpu.get_tpu_info() reports for it.
import { GENERATIONS } from '../../engine/schema.js';
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

// "kind TPU v5" / "vmem 67108864" lines -> {kind, vmem, smem, cores}.
export function parseInfo(stdout) {
  const out = {};
  for (const line of stdout.split('\n')) {
    const m = /^(kind|vmem|smem|cores) (.+)$/.exec(line.trim());
    if (m) out[m[1]] = m[1] === 'kind' ? m[2] : Number(m[2]);
  }
  return out;
}

const mib = (bytes) => (bytes >= 1 << 20 ? `${bytes / (1 << 20)} MiB` : `${bytes / 1024} KiB`);

// The picker: one chip-model run per choice; the engine's figures, nothing computed here.
function generationPicker(engine, program) {
  const select = el('select', { name: 'generation', 'aria-label': 'TPU generation' },
    ...GENERATIONS.map((g) => el('option', { value: g.name }, g.display)));
  select.value = GENERATIONS.some((g) => g.name === 'v5e') ? 'v5e' : GENERATIONS[0]?.name;
  const out = el('p', { class: 'ms-generation-figures', 'aria-live': 'polite' });
  const box = el('div', { class: 'ms-generation' }, el('label', {}, 'Memories of ', select), out);
  let runId = 0;
  async function show() {
    const id = ++runId;
    box.dataset.state = 'running';
    const doc = await engine.run(program, { rung: 'chip', params: { generation: select.value } });
    if (id !== runId) return;
    if (!doc.ok) {
      out.textContent = `${doc.error.type}: ${doc.error.message}`;
    } else {
      const info = parseInfo(doc.stdout);
      out.textContent = `${info.kind}: VMEM ${mib(info.vmem)} and SMEM ${mib(info.smem)} per TensorCore, ` +
        `${info.cores} TensorCore${info.cores === 1 ? '' : 's'} per device (pltpu.get_tpu_info() on the chip model)`;
      box.dataset.vmem = String(info.vmem);
    }
    box.dataset.generation = select.value;
    box.dataset.state = 'done';
  }
  select.addEventListener('change', show);
  return { box, show };
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
  const picker = generationPicker(engine, ctx.code('generation'));
  side.after(el('div', { class: 'live ms-live' }, picker.box));
  await picker.show();
  const comparison = await engine.compare(ctx.code('smem'), {});
  root.append(el('div', { class: 'live ms-live' }, collision(comparison)));
  if (spaces.SMEM) ctx.fact('smem_value', `'${spaces.SMEM.value}'`);
  ctx.state('done');
}
