// The per-rung verdicts of a check: one card per rung with the engine's
// message, and for a value mismatch the failing case as heatmaps (got,
// expected, |got - expected|, all from the engine's result). Pure: a verdict
// in, DOM out, nothing outside `root` touched.
import { renderHeatmap } from '../views/heatmap.js';
import { clear, el } from '../views/dom.js';

export const RUNG_LABEL = {
  interpret: 'Rung 1 · interpret: values',
  tpu: 'Rung 2 · tpu: races and bounds',
  chip: 'Rung 3 · chip model: compiles',
};

function heatmaps(failure) {
  if (!failure?.got || !failure?.want) return null;
  const box = el('div', { class: 'pz-diff' });
  const parts = [
    ['got', failure.got],
    ['expected', failure.want],
    ['|got − expected|', failure.diff],
  ];
  for (const [label, value] of parts) {
    if (!value) continue;
    const host = el('figure', { class: 'pz-heat' });
    box.append(host);
    renderHeatmap(host, value, { label: `${label} (case ${failure.case ?? '?'})`, maxWidth: 300, maxRows: 32, maxCols: 64 });
  }
  return box;
}

export function renderVerdicts(root, verdict, { onLocate } = {}) {
  clear(root);
  if (!verdict) return;
  root.append(
    el('p', { class: verdict.solved ? 'pz-solved' : 'pz-unsolved', role: 'status' },
      verdict.solved ? 'Solved: every rung passes.' : 'Not solved yet: every rung must pass.'),
  );
  for (const [rung, v] of Object.entries(verdict.rungs ?? {})) {
    const card = el('section', { class: `pz-verdict ${v.ok ? 'ok' : 'fail'}`, 'data-rung': rung, 'data-ok': String(v.ok) },
      el('h3', {}, `${v.ok ? '✓' : '✗'} ${RUNG_LABEL[rung] ?? rung}`),
      el('pre', { class: 'pz-message' }, v.message ?? ''),
    );
    if (v.error?.line > 0 && onLocate) {
      card.append(el('button', { type: 'button', class: 'pz-locate', onclick: () => onLocate(v.error) }, `Show line ${v.error.line} in the editor`));
    }
    const maps = heatmaps(v.failure);
    if (maps) card.append(maps);
    root.append(card);
  }
}
