// §2 "What each rung catches, drawn as a walk": every buggy kernel (a
// :::part) runs on all three rungs with engine.compare. The walk starts at
// rung 1 and steps down until a rung complains: an error, a race report, or
// NaN in the output (the program's own has_nan). On rungs 2 and 3 a wrong
// answer where rung 1 was right also counts: the rungs disagree, and the
// disagreement is the catch. Rows fill in as their runs finish.
import { errorBlock } from '../../views/console.js';
import { renderRaces } from '../../views/races.js';
import { RUNG_INFO, RUNG_ORDER, codeBlock, el, rungBadge, verdict } from './common.js';

// Which rung catches the bug, from the three rungs' verdicts.
export function walk(verdicts) {
  const base = verdicts.interpret;
  for (const rung of RUNG_ORDER) {
    const v = verdicts[rung];
    if (v.complained) return rung;
    if (rung !== 'interpret' && v.kind === 'wrong' && base.kind === 'right') return rung;
  }
  return null;
}

// A rung that raised, reported a race or showed NaN caught the bug itself;
// one that silently returned a wrong answer (where rung 1 was right) did
// not: the reader only knows because the rungs were compared.
const caughtTag = (v) => (v.complained ? 'caught here' : 'caught by comparing rungs');

function cell(rung, v, state) {
  return el(
    'td',
    { class: `walk-cell walk-${state}`, 'data-rung': rung, 'data-verdict': v.kind, 'data-label': RUNG_INFO[rung].label },
    el('span', { class: 'walk-verdict' }, v.text),
    state === 'caught' ? el('span', { class: 'walk-tag' }, caughtTag(v)) : null,
  );
}

function details(part, comparison, catcher) {
  const box = el('details', { class: 'walk-details' }, el('summary', {}, 'the program, and what the catching rung said'));
  box.append(codeBlock(part.code));
  if (catcher) {
    const doc = comparison.rungs[catcher];
    box.append(el('h4', {}, rungBadge(catcher)));
    if (doc.error) box.append(errorBlock(doc.error));
    else if (doc.calls?.some((c) => c.races?.length)) {
      const races = el('div');
      renderRaces(races, doc);
      box.append(races);
    } else if (doc.stdout) box.append(el('pre', { class: 'walk-stdout', tabindex: 0 }, doc.stdout));
  }
  return box;
}

export default async function mount(root, ctx) {
  ctx.state('running');
  const parts = ctx.parts();
  for (const p of parts) p.el.hidden = true; // the table replaces them; their code moves into each row
  const head = el('tr', {}, el('th', { scope: 'col' }, 'bug'), ...RUNG_ORDER.map((r) => el('th', { scope: 'col' }, rungBadge(r))));
  const body = el('tbody');
  const note = el('p', { class: 'walk-note', 'aria-live': 'polite' });
  const table = el('table', { class: 'walk-table' }, el('thead', {}, head), body);
  const scroller = el('div', { class: 'rg-scroll', tabindex: 0, role: 'region', 'aria-label': 'the walk, one row per bug' }, table);
  root.append(el('div', { class: 'live walk-live' }, scroller, note));

  const counts = Object.fromEntries([...RUNG_ORDER, 'none'].map((r) => [r, 0]));
  let chipMissing = false;
  const engine = await ctx.ownEngine();
  for (const part of parts) {
    const row = el('tr', { 'data-bug': part.name, class: 'walk-row walk-pending' }, el('th', { scope: 'row' }, part.attrs.title ?? part.name));
    for (const r of RUNG_ORDER) row.append(el('td', { class: 'walk-cell' }, '…'));
    body.append(row);
    const comparison = await engine.compare(part.code, {});
    const verdicts = Object.fromEntries(RUNG_ORDER.map((r) => [r, verdict(comparison.rungs[r])]));
    if (verdicts.chip.kind === 'unavailable') chipMissing = true;
    const catcher = walk(verdicts);
    counts[catcher ?? 'none'] += 1;
    const reached = catcher ? RUNG_INFO[catcher].n : RUNG_ORDER.length + 1;
    // The program and the catching rung's report open in a row of their
    // own, as wide as the table, under the bug's row.
    const more = el('tr', { class: 'walk-more' }, el('td', { colspan: RUNG_ORDER.length + 1 }, details(part, comparison, catcher)));
    row.after(more);
    row.replaceChildren(
      el('th', { scope: 'row' }, part.attrs.title ?? part.name),
      ...RUNG_ORDER.map((r) => {
        const n = RUNG_INFO[r].n;
        const state = n < reached ? 'passed' : n === reached ? 'caught' : 'unreached';
        return cell(r, verdicts[r], state);
      }),
    );
    row.className = 'walk-row';
    row.dataset.caughtBy = catcher ?? 'none';
  }
  ctx.fact('bugs', parts.length);
  ctx.fact('caught_interpret', counts.interpret);
  ctx.fact('caught_tpu', counts.tpu);
  ctx.fact('caught_chip', counts.chip);
  ctx.fact('uncaught', counts.none);
  note.textContent = chipMissing
    ? 'The chip model (rung 3) is not in this build of the engine yet, so bugs only the compiler would catch walk off the bottom of the ladder here.'
    : 'Rung 3 is a model of the chip: the compile checks Rungs knows Mosaic makes, and chip semantics. Real hardware may disagree.';
  ctx.state('done');
}
