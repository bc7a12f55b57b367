// Console view: what the program printed, the error that stopped it, and
// what the engine traced (each call's jaxpr and notes).
//
//   renderConsole(root, doc, step, {call = 0, onSource})
//
// stdout is shown whole; when the call has a step event for `step`, the text
// printed from that step on is dimmed (a step event records the length of
// stdout when the step began), so scrubbing the grid walk shows which lines
// a step's pl.debug_print produced. debug=True output is part of stdout.
// The error shows its type, message, source line (a button: onSource) and
// traceback. Everything is text: programs print what they like.
import { renderNotes } from './notes.js';
import { clear, el, linkButton, sourceLabel } from './dom.js';
import { autodiffLabel, stepEvent, stepEvents, tupleText } from './trace.js';

export function renderConsole(root, doc, step, options = {}) {
  clear(root);
  if (!doc) return;
  if (doc.error) root.append(errorBlock(doc.error, options));
  root.append(stdoutBlock(doc, step, options));
  // What warnings.warn showed (CPython writes these to stderr), as printed.
  if (doc.warnings?.length) {
    root.append(el('pre', { class: 'rg-warnings', 'aria-label': 'warnings' }, doc.warnings.join('\n')));
  }
  (doc.calls ?? []).forEach((call, i) => root.append(callBlock(call, i)));
}

export function errorBlock(error, options = {}) {
  const src = error.line > 0 ? { line: error.line, col: error.col, end_line: error.end_line, end_col: error.end_col, ...(error.file ? { file: error.file } : {}) } : null;
  const block = el(
    'div',
    { class: 'rg-error', role: 'alert', 'data-error-id': error.id ?? '' },
    el('p', { class: 'rg-error-title' }, el('strong', {}, error.type ?? 'Error'), ': ', error.message ?? ''),
  );
  const where = [];
  if (src) where.push(options.onSource ? linkButton(sourceLabel(src), () => options.onSource(src), { 'data-line': src.line }) : sourceLabel(src));
  if (error.id) where.push(` · error id ${error.id}`);
  if (where.length) block.append(el('p', { class: 'rg-error-where' }, ...where));
  if (error.traceback?.length > 1) {
    const frames = el('ol', { class: 'rg-traceback' });
    for (const f of error.traceback) {
      const fsrc = { line: f.line, col: f.col, ...(f.file ? { file: f.file } : {}) };
      frames.append(el('li', {}, `${f.function} `, options.onSource ? linkButton(sourceLabel(fsrc), () => options.onSource(fsrc)) : sourceLabel(fsrc)));
    }
    block.append(el('details', {}, el('summary', {}, 'traceback'), frames));
  }
  return block;
}

function stdoutBlock(doc, step, options) {
  const text = doc.stdout ?? '';
  const pre = el('pre', { class: 'rg-stdout', tabindex: 0, 'aria-label': 'program output' });
  const ev = step === undefined || step === null ? null : stepEvent(doc, options.call ?? 0, step);
  const cut = ev && Number.isInteger(ev.stdout) ? Math.min(ev.stdout, text.length) : text.length;
  if (!text) pre.append(el('span', { class: 'rg-muted' }, '(nothing printed)'));
  else {
    pre.append(text.slice(0, cut));
    if (cut < text.length) pre.append(el('span', { class: 'rg-later', title: 'printed from this grid step on' }, text.slice(cut)));
  }
  // A quiet label, not a heading: the output is the point, not its name.
  const head = el('p', { class: 'rg-out-label' }, 'printed');
  if (ev && cut < text.length) {
    const n = stepEvents(doc.calls?.[options.call ?? 0]).indexOf(ev) + 1;
    head.append(el('span', { class: 'rg-muted' }, ` · dimmed: printed from grid step ${n} on`));
  }
  return el('section', { class: 'rg-console-out' }, head, pre);
}

function callBlock(call, i) {
  const box = el('details', { class: 'rg-call', 'data-call': i });
  const role = autodiffLabel(call);
  box.append(el('summary', {}, `call ${i + 1}: ${call.kernel} on rung ${call.rung}${call.grid?.length ? `, grid ${tupleText(call.grid)}` : ''}${role ? ` · ${role}` : ''}`));
  box.append(el('h4', {}, 'kernel jaxpr'), el('pre', { class: 'rg-jaxpr', tabindex: 0, 'aria-label': 'kernel jaxpr' }, call.jaxpr ?? ''));
  const notes = call.notes ?? {};
  // The pallas_call dump reads as code; every other note as a labelled summary.
  if (notes.pallas) box.append(el('h4', {}, 'pallas_call'), el('pre', { class: 'rg-note', tabindex: 0, 'aria-label': 'pallas_call' }, notes.pallas));
  if (Object.keys(notes).some((k) => k !== 'pallas')) box.append(renderNotes(notes, { skip: ['pallas'] }));
  return box;
}
