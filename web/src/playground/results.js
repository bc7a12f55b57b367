// The playground's results panel: a summary line, a trace bar (which call,
// which grid step) and tabs that each host one shared view. It owns the
// panel's state (the shown document, comparison, call, step, tab) and
// redraws only the visible tab, so scrubbing a big trace stays cheap.
//
//   const results = createResults(root, {onSource, onDownload, onStep})
//   results.showRun(doc)        a run's document (a failed run without values
//                               or calls keeps the previous result's views)
//   results.showCompare(cmp)    an engine.compare document; opens its tab
//   results.setStep(step), results.selectTab(id), results.state()
import { RUNGS, rungNumber } from '../engine/schema.js';
import { renderCompare } from '../views/compare.js';
import { renderConsole } from '../views/console.js';
import { clear, el, linkButton, sourceLabel } from '../views/dom.js';
import { renderGridWalk } from '../views/grid_walk.js';
import { renderHeatmap } from '../views/heatmap.js';
import { renderLowered } from '../views/lowered.js';
import { renderRaces } from '../views/races.js';
import { createStepper } from '../views/stepper.js';
import { renderTimeline } from '../views/timeline.js';
import { callTitle, stepCount, stepEvents } from '../views/trace.js';

export const TABS = [
  { id: 'outputs', label: 'Arrays' },
  { id: 'walk', label: 'Grid walk' },
  { id: 'memory', label: 'Memory timeline' },
  { id: 'races', label: 'Races' },
  { id: 'compare', label: 'Compare rungs' },
  { id: 'lowered', label: 'Lowered (TPU)' },
  { id: 'console', label: 'Console' },
];

// fitBottom(): the page y (px, viewport) the memory timeline may reach down
// to, so it fills its panel beside the editor; null when there is nothing to
// line up with (a narrow screen stacks the editor above the results).
export function createResults(root, { onSource = () => {}, onDownload = () => {}, onStep = () => {}, fitBottom = () => null } = {}) {
  const s = { doc: null, comparison: null, call: 0, step: 0, tab: 'outputs', lines: [], selected: undefined, stale: false };
  const summary = el('div', { class: 'pg-summary', 'aria-live': 'polite' }, el('p', { class: 'rg-muted' }, 'Run a kernel to see its arrays, grid walk and memory.'));
  const callPick = el('select', { 'aria-label': 'pallas_call to show', hidden: true });
  const stepperHost = el('div', { class: 'pg-stepper' });
  const traceBar = el('div', { class: 'pg-tracebar', hidden: true }, callPick, stepperHost);
  const tablist = el('div', { class: 'pg-tabs', role: 'tablist', 'aria-label': 'Result views' });
  const panels = new Map();
  const buttons = new Map();
  for (const t of TABS) {
    const b = el('button', { type: 'button', role: 'tab', id: `pg-tab-${t.id}`, 'aria-controls': `pg-panel-${t.id}`, 'data-tab': t.id, onclick: () => selectTab(t.id) }, t.label);
    const p = el('section', { role: 'tabpanel', id: `pg-panel-${t.id}`, 'aria-labelledby': `pg-tab-${t.id}`, class: 'pg-panel', 'data-panel': t.id, tabindex: 0 });
    buttons.set(t.id, b);
    panels.set(t.id, p);
    tablist.append(b);
  }
  // Arrow keys move between tabs (the ARIA tabs pattern).
  tablist.addEventListener('keydown', (event) => {
    const ids = TABS.map((t) => t.id);
    const i = ids.indexOf(s.tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: ids.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectTab(ids[(next + ids.length) % ids.length]);
    buttons.get(s.tab).focus();
  });
  callPick.addEventListener('change', () => {
    s.call = Number(callPick.value);
    s.step = 0;
    s.lines = [];
    drawTrace();
  });
  clear(root).append(summary, traceBar, tablist, ...panels.values());
  let stepper = null;
  // The timeline's size follows the window's (one redraw per frame at most).
  let resizing = false;
  globalThis.addEventListener?.('resize', () => {
    if (resizing || s.tab !== 'memory' || !s.doc) return;
    resizing = true;
    requestAnimationFrame(() => {
      resizing = false;
      draw();
    });
  });

  function selectTab(id) {
    s.tab = id;
    for (const [tid, b] of buttons) {
      b.setAttribute('aria-selected', String(tid === id));
      b.tabIndex = tid === id ? 0 : -1;
      panels.get(tid).hidden = tid !== id;
    }
    draw();
  }

  function setStep(step, { notify = false } = {}) {
    s.step = Math.max(0, Math.min(Math.max(0, stepCount(s.doc, s.call) - 1), step));
    stepper?.set(s.step);
    draw();
    if (notify) onStep(s.step);
  }

  // The step index of the step event with grid-step number `n` (memory events
  // carry the engine's step number, the stepper counts step events).
  const indexOfStepNumber = (n) => Math.max(0, stepEvents(s.doc?.calls?.[s.call]).findIndex((e) => e.step === n));

  function drawTrace() {
    const calls = s.doc?.calls ?? [];
    callPick.replaceChildren(...calls.map((c, i) => el('option', { value: i }, callTitle(c, i))));
    callPick.value = String(s.call);
    callPick.hidden = calls.length < 2;
    const count = stepCount(s.doc, s.call);
    traceBar.hidden = count === 0;
    stepper?.destroy();
    stepper = count ? createStepper(stepperHost, { count, step: s.step, onStep: (i) => setStep(i, { notify: true }) }) : null;
    draw();
  }

  function draw() {
    const panel = panels.get(s.tab);
    const doc = s.doc;
    if (s.tab === 'compare') return renderCompare(panel, s.comparison, s.step, { onSource });
    if (!doc) return clear(panel).append(el('p', { class: 'rg-empty' }, 'Nothing has run yet.'));
    if (s.tab === 'outputs') return drawArrays(panel, doc);
    if (s.tab === 'lowered') return renderLowered(panel, doc, { call: s.call, onSource });
    if (s.tab === 'walk') return renderGridWalk(panel, doc, s.step, { call: s.call });
    if (s.tab === 'memory') return drawTimeline(panel, doc);
    if (s.tab === 'races') {
      return renderRaces(panel, doc, s.step, {
        onSource,
        onTimeline({ call, step, lines }) {
          s.call = call;
          s.lines = lines;
          s.step = indexOfStepNumber(step);
          drawTrace();
          selectTab('memory');
        },
      });
    }
    return renderConsole(panel, doc, s.step, { call: s.call, onSource });
  }

  // The timeline fills its panel: drawn once to find the room its scroll box
  // gets (the panel reaches down to fitBottom, the legend and detail line
  // below it), then again with columns and rows grown to fill that room.
  function drawTimeline(panel, doc) {
    const options = {
      call: s.call,
      highlightLines: s.lines,
      selected: s.selected,
      onSelect(event) {
        s.selected = event.index;
        // Keep keyboard focus in the timeline; the editor still scrolls and selects.
        if (event.source) onSource(event.source, { focus: false });
        if (event.step >= 0) setStep(indexOfStepNumber(event.step), { notify: true });
      },
    };
    const bottom = fitBottom();
    const top = panel.getBoundingClientRect().top;
    panel.style.height = bottom && bottom - top > 320 ? `${Math.floor(bottom - top)}px` : '';
    renderTimeline(panel, doc, s.step, options);
    const box = panel.querySelector('.rg-timeline-scroll');
    if (!box?.clientWidth) return;
    renderTimeline(panel, doc, s.step, { ...options, fit: { width: box.clientWidth, height: panel.style.height ? box.clientHeight : 0 } });
  }

  function drawArrays(panel, doc) {
    clear(panel);
    if (s.stale) panel.append(el('p', { class: 'pg-stale' }, 'The last run stopped before producing arrays; these are from the run before it.'));
    const names = Object.keys(doc.values ?? {});
    if (!names.length) return panel.append(el('p', { class: 'rg-empty' }, 'The program left no arrays in top-level variables.'));
    for (const name of names) {
      const value = doc.values[name];
      const box = el('div', { class: 'pg-array', 'data-value': name });
      const head = el(
        'div',
        { class: 'pg-array-head' },
        linkButton(`download ${name}.npy`, () => onDownload(name, value), { 'data-download': name, disabled: value.truncated ? true : null }),
      );
      const map = el('div', {});
      renderHeatmap(map, value, { label: name });
      box.append(map, head);
      panel.append(box);
    }
  }

  // "1 array", "3 arrays"; "rung 3 (chip model)" in the engine's own label.
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const rungLabel = (name) => {
    const r = RUNGS.find((x) => x.name === name);
    return r ? `rung ${rungNumber(name)} (${r.label})` : `rung ${name}`;
  };

  function showSummary(doc) {
    const calls = doc.calls ?? [];
    const races = calls.reduce((n, c) => n + (c.races?.length ?? 0), 0);
    const rungs = [...new Set(calls.map((c) => c.rung))];
    const facts = [
      calls.length ? `${plural(calls.length, 'pallas_call')} on ${rungs.map(rungLabel).join(', ')}` : 'no pallas_call ran',
      plural(Object.keys(doc.values ?? {}).length, 'array'),
    ];
    if (races) facts.push(`${races} race${races === 1 ? '' : 's'}`);
    if (rungs.includes('chip')) facts.push('rung 3 is a model of the chip');
    const lines = [el('p', { class: 'pg-facts' }, facts.join(' · '))];
    if (doc.error) {
      const e = doc.error;
      const src = e.line > 0 ? { line: e.line, col: e.col, end_line: e.end_line, end_col: e.end_col, ...(e.file ? { file: e.file } : {}) } : null;
      lines.unshift(el('p', { class: 'pg-error', role: 'alert' }, el('strong', {}, `${e.type}: `), e.message, src ? ' · ' : '', src ? linkButton(sourceLabel(src), () => onSource(src)) : ''));
    }
    clear(summary).append(...lines);
  }

  return {
    showRun(doc) {
      const empty = !doc.ok && !Object.keys(doc.values ?? {}).length && !(doc.calls ?? []).length;
      showSummary(doc);
      if (empty && s.doc) {
        // Keep the previous pictures; the console and summary show the failure.
        s.stale = true;
        s.doc = { ...s.doc, error: doc.error, stdout: doc.stdout };
      } else {
        s.stale = false;
        s.doc = doc;
        s.call = 0;
        s.lines = [];
        s.selected = undefined;
        s.step = Math.min(s.step, Math.max(0, stepCount(doc, 0) - 1));
      }
      drawTrace();
      // A failed run shows its error, whatever tab the reader was on.
      if (!doc.ok) selectTab('console');
    },
    showCompare(comparison) {
      s.comparison = comparison;
      selectTab('compare');
    },
    setStep,
    selectTab,
    state: () => ({ ...s }),
    init() {
      selectTab(s.tab);
    },
  };
}
