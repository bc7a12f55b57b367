// Output view for the embed: every array the program left behind, each as
// the shared heatmap (web/src/views/heatmap.js). Pure in (root, doc).
import { renderHeatmap } from '../../views/heatmap.js';
import { clear, el } from '../../views/dom.js';

const MAX_ARRAYS = 6;

// Names in drawing order: arrays before scalars (a 1x1 heatmap says little),
// then by name, as the engine lists them, so the order is deterministic.
export function arrayOrder(values) {
  const names = Object.keys(values ?? {});
  const rank = (n) => ((values[n].shape ?? []).length ? 0 : 1);
  return names.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

export function renderOutput(root, doc, { maxWidth = 520 } = {}) {
  clear(root);
  const names = arrayOrder(doc.values);
  if (!names.length) {
    root.append(el('p', { class: 'rk-note' }, doc.ok ? 'the program left no arrays to show' : 'no arrays: the program stopped early'));
    return;
  }
  for (const name of names.slice(0, MAX_ARRAYS)) {
    const slot = el('div', { class: 'rk-array' });
    root.append(slot);
    renderHeatmap(slot, doc.values[name], { label: name, maxWidth, maxRows: 32, maxCols: 64 });
  }
  if (names.length > MAX_ARRAYS) {
    root.append(el('p', { class: 'rk-note' }, `and ${names.length - MAX_ARRAYS} more arrays: ${names.slice(MAX_ARRAYS).join(', ')}`));
  }
}
