// §1 "One argument, three interpreters": the same program on the three
// rungs (engine.compare, trace on). A tab per rung shows what it models and
// cannot see (the :::part prose) next to what it reported for this program:
// its output, how many grid steps it recorded, and the memory events only
// rung 2 records. The strip of three summaries tells the story untouched.
import { renderConsole } from '../../views/console.js';
import { renderNotes } from '../../views/notes.js';
import { stepEvents } from '../../views/trace.js';
import { RUNG_INFO, RUNG_ORDER, el, rungBadge, unavailable } from './common.js';

// Counts of the call's events by kind ("step", "copy_in", …).
export function eventCounts(call) {
  const counts = {};
  for (const e of call?.events ?? []) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
  return counts;
}

function summary(rung, doc) {
  if (unavailable(doc)) return 'not in this build of the engine yet';
  if (doc.error) return `raised ${doc.error.type}`;
  const call = doc.calls?.[0];
  const counts = eventCounts(call);
  const memory = Object.entries(counts).filter(([k]) => k !== 'step');
  const parts = [`${counts.step ?? 0} grid steps`];
  if (memory.length) parts.push(memory.map(([k, n]) => `${n} ${k.replace('_', ' ')}`).join(', '));
  else if (rung === 'interpret') parts.push('no memory events: there is no memory to record');
  return parts.join('; ');
}

function evidence(rung, doc) {
  const box = el('div', { class: 'ladder-evidence' }, el('h4', {}, 'What it reported for this program'));
  if (unavailable(doc)) {
    box.append(el('p', {}, 'The chip model is not in this build of the engine yet; the prose above says what it will check.'));
    return box;
  }
  box.append(el('p', { class: 'ladder-summary' }, summary(rung, doc)));
  const notes = doc.calls?.[0]?.notes ?? {};
  if (rung === 'chip') {
    box.append(el('p', { class: 'model-note' }, 'Rung 3 is a model: the compile checks and chip semantics Rungs knows about, not a TPU.'));
  }
  const out = el('div');
  renderConsole(out, { ...doc, calls: [] });
  box.append(out);
  if (Object.keys(notes).some((k) => k !== 'pallas')) box.append(renderNotes(notes, { skip: ['pallas'] }));
  return box;
}

export default async function mount(root, ctx) {
  ctx.state('running');
  const parts = Object.fromEntries(ctx.parts().map((p) => [p.name, p]));
  const tabs = el('div', { class: 'ladder-tabs', role: 'tablist', 'aria-label': 'rungs' });
  const strip = el('ol', { class: 'ladder-strip' });
  const panel = el('div', { class: 'ladder-panel', role: 'tabpanel' });
  root.append(el('div', { class: 'live ladder-live' }, strip, tabs, panel));
  const engine = await ctx.engine();
  const comparison = await engine.compare(ctx.code('kernel'), { trace: true });

  const buttons = {};
  function select(rung) {
    for (const [r, b] of Object.entries(buttons)) {
      b.setAttribute('aria-selected', String(r === rung));
      b.tabIndex = r === rung ? 0 : -1;
    }
    for (const [r, p] of Object.entries(parts)) p.el.hidden = r !== rung;
    panel.replaceChildren(parts[rung].el, evidence(rung, comparison.rungs[rung]));
    parts[rung].el.hidden = false;
    root.dataset.selected = rung;
  }
  for (const rung of RUNG_ORDER) {
    const b = el('button', { type: 'button', role: 'tab', 'data-rung': rung, onclick: () => select(rung) }, RUNG_INFO[rung].label);
    b.addEventListener('keydown', (e) => {
      const i = RUNG_ORDER.indexOf(rung);
      const n = RUNG_ORDER.length;
      const next = e.key === 'ArrowRight' ? RUNG_ORDER[(i + 1) % n] : e.key === 'ArrowLeft' ? RUNG_ORDER[(i + n - 1) % n] : null;
      if (next) {
        select(next);
        buttons[next].focus();
      }
    });
    buttons[rung] = b;
    tabs.append(b);
    strip.append(el('li', { 'data-rung': rung }, rungBadge(rung), ' ', summary(rung, comparison.rungs[rung])));
  }
  select('interpret');
  const one = comparison.rungs.interpret;
  const two = comparison.rungs.tpu;
  ctx.fact('steps', stepEvents(one.calls?.[0]).length);
  const c = eventCounts(two.calls?.[0]);
  ctx.fact('tpu_copies', (c.copy_in ?? 0) + (c.copy_out ?? 0));
  ctx.state('done');
}
