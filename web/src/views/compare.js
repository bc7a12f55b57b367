// Compare view: one program on all three rungs side by side, from the
// document `engine.compare(source)` returns:
//   {rungs: {interpret, tpu, chip}, summary: {verdicts, values_that_differ}}
//
//   renderCompare(root, comparison, step, {onSource, values, maxWidth = 250, maxRows = 32, maxCols = 64})
//
//   values    names to show (default: every array any rung produced)
//   onSource  reveal a source range (error lines are buttons)
//
// Each rung gets a column: its verdict, error, stdout and a small heatmap per
// value. A value the engine's summary lists as differing is flagged, and on
// rungs 2 and 3 the cells that differ from rung 1 are outlined. The three
// heatmaps of one value share a colour scale. Rung 3 is always labelled a
// model of the chip: it is one, and the page must never suggest otherwise.
import { RUNGS as SCHEMA_RUNGS } from '../engine/schema.js';
import { finiteExtent } from './array2d.js';
import { errorBlock } from './console.js';
import { clear, el } from './dom.js';
import { renderHeatmap } from './heatmap.js';

// One column per rung, in the engine's order, titled and described by the
// engine's own schema (rung 3's description says it is a model of the chip).
export const RUNGS = SCHEMA_RUNGS.map((r, i) => ({
  id: r.name,
  title: `Rung ${i + 1} · ${r.name}`,
  subtitle: `${r.selected_by}: ${r.models}`,
}));

export function renderCompare(root, comparison, step, options = {}) {
  clear(root);
  if (!comparison?.rungs) {
    root.append(el('p', { class: 'rg-empty' }, 'No comparison yet.'));
    return;
  }
  const differ = new Set(comparison.summary?.values_that_differ ?? []);
  const names = options.values ?? [...new Set(RUNGS.flatMap((r) => Object.keys(comparison.rungs[r.id]?.values ?? {})))].sort();
  root.append(
    el(
      'p',
      { class: 'rg-compare-head', 'data-differ': [...differ].join(',') },
      differ.size ? `Values that differ between rungs: ${[...differ].join(', ')}.` : 'Every value agrees on the rungs that produced it.',
    ),
  );
  const columns = el('div', { class: 'rg-compare' });
  for (const rung of RUNGS) columns.append(column(rung, comparison, names, differ, options));
  root.append(columns);
}

function column(rung, comparison, names, differ, options) {
  const doc = comparison.rungs[rung.id];
  const verdict = comparison.summary?.verdicts?.[rung.id] ?? (doc?.ok ? 'ok' : 'error');
  const kind = comparison.summary?.verdict_kinds?.[rung.id] ?? (doc?.ok ? 'ok' : 'error');
  const col = el(
    'section',
    { class: `rg-compare-rung rg-rung-${rung.id}`, 'data-rung': rung.id, 'data-verdict': verdict },
    el('h3', {}, rung.title),
    el('p', { class: 'rg-rung-subtitle' }, rung.subtitle),
    el('p', { class: `rg-verdict rg-verdict-${kind}` }, verdict),
  );
  if (!doc) return col;
  if (doc.error) col.append(errorBlock(doc.error, options));
  if (doc.stdout) col.append(el('pre', { class: 'rg-stdout rg-compact', tabindex: 0, 'aria-label': `printed on ${rung.title}` }, clip(doc.stdout, 12)));
  const races = (doc.calls ?? []).reduce((n, c) => n + (c.races?.length ?? 0), 0);
  if (races) col.append(el('p', { class: 'rg-race-count' }, `${races} race${races === 1 ? '' : 's'} reported`));
  const same = el('details', { class: 'rg-compare-same' }, el('summary', {}, 'values every rung agrees on'));
  let sameCount = 0;
  for (const name of names) {
    const value = doc.values?.[name];
    const box = el('div', { class: `rg-compare-value${differ.has(name) ? ' rg-differs' : ''}`, 'data-value': name });
    if (!value) box.append(el('p', { class: 'rg-muted' }, `${name}: not produced on this rung`));
    else {
      const differing = rung.id === 'interpret' ? null : differingAgainstInterpret(comparison, name, rung.id);
      renderHeatmap(box, value, {
        label: differ.has(name) ? `${name} (differs)` : name,
        maxWidth: options.maxWidth ?? 250,
        maxRows: options.maxRows ?? 32,
        maxCols: options.maxCols ?? 64,
        domain: sharedDomain(comparison, name),
        differing,
      });
      // Why this rung's value differs from rung 1's, when the engine knows.
      for (const why of whyAgainstInterpret(comparison, name, rung.id)) box.append(el('p', { class: 'rg-compare-why' }, why));
    }
    if (differ.has(name) || !value) col.append(box);
    else {
      same.append(box);
      sameCount += 1;
    }
  }
  if (sameCount) col.append(same);
  return col;
}

// The positions where this rung's value differs from rung 1's, as the
// engine's compare summary lists them (null when it lists none).
function differingAgainstInterpret(comparison, name, rungId) {
  const entry = (comparison.summary?.values ?? []).find((v) => v.name === name);
  const diff = (entry?.diffs ?? []).find((d) => d.a === 'interpret' && d.b === rungId);
  return diff?.indices?.length ? new Set(diff.indices) : null;
}

// The engine's reasons for a difference from rung 1 (compare.cpp's why_differs).
function whyAgainstInterpret(comparison, name, rungId) {
  if (rungId === 'interpret') return [];
  const entry = (comparison.summary?.values ?? []).find((v) => v.name === name);
  return (entry?.diffs ?? []).find((d) => d.a === 'interpret' && d.b === rungId)?.why ?? [];
}

// One colour scale per value across the rungs, so equal numbers look equal.
function sharedDomain(comparison, name) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of RUNGS) {
    const e = finiteExtent(comparison.rungs[r.id]?.values?.[name]?.data);
    if (e) {
      lo = Math.min(lo, e[0]);
      hi = Math.max(hi, e[1]);
    }
  }
  return lo <= hi ? [lo, hi] : undefined;
}

function clip(text, lines) {
  const all = text.split('\n');
  return all.length > lines + 1 ? `${all.slice(0, lines).join('\n')}\n… (${all.length - lines} more lines)` : text;
}
