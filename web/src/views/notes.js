// A call's notes (the result document's calls[i].notes: "chip.vmem",
// "cost.time", ...) as a labelled summary instead of raw keys. The engine
// writes every value; this view only names the keys for a reader, groups
// them by their prefix, and folds a long value's detail lines under its
// first line. A key it has no name for is shown as the engine spells it.
import { el } from './dom.js';

const GROUPS = { chip: 'Chip model', cost: 'Cost estimate (the chip model\u2019s roofline, not a measurement)' };
const LABELS = {
  'chip.generation': 'generation',
  'chip.order': 'grid order',
  'chip.vmem': 'VMEM and SMEM use',
  'chip.memory': 'memory semantics',
  'cost.time': 'estimated time',
  'cost.flops': 'flops',
  'cost.mxu_flops': 'MXU flops',
  'cost.transcendentals': 'transcendentals',
  'cost.hbm_bytes': 'HBM bytes',
  'cost.block_copies': 'block copies',
  'cost.dmas': 'DMAs',
  'cost.arithmetic_intensity': 'arithmetic intensity',
  'cost.model': 'how it is estimated',
  model: 'what the model leaves out',
};
// Keys a reader looks at first, in this order; the rest follow as given.
const FIRST = ['chip.generation', 'chip.order', 'chip.vmem', 'cost.time', 'cost.flops', 'cost.hbm_bytes', 'cost.block_copies'];

function value(text) {
  const [first, ...rest] = String(text).split('\n');
  const dd = el('dd', {}, first);
  if (rest.length) dd.append(el('details', {}, el('summary', {}, 'detail'), el('pre', { class: 'rg-note', tabindex: 0 }, rest.join('\n'))));
  return dd;
}

// notes: {key: string}; skip: keys shown elsewhere (e.g. 'pallas').
// Returns one <dl> per group, each under its group's name.
export function renderNotes(notes, { skip = [] } = {}) {
  const keys = Object.keys(notes ?? {}).filter((k) => !skip.includes(k));
  keys.sort((a, b) => rank(a) - rank(b));
  const box = el('div', { class: 'rg-notes-box' });
  let list = null;
  let group = null;
  for (const key of keys) {
    const prefix = key.includes('.') ? key.split('.')[0] : '';
    if (!list || prefix !== group) {
      group = prefix;
      if (GROUPS[prefix]) box.append(el('p', { class: 'rg-notes-group' }, GROUPS[prefix]));
      list = el('dl', { class: 'rg-notes' });
      box.append(list);
    }
    const note = notes[key];
    list.append(el('dt', { 'data-key': key }, LABELS[key] ?? key), value(typeof note === 'string' ? note : JSON.stringify(note)));
  }
  return box;
}

function rank(key) {
  const i = FIRST.indexOf(key);
  const group = key.startsWith('chip.') ? 0 : key.startsWith('cost.') ? 1 : 2;
  return group * 100 + (i < 0 ? 50 : i);
}
