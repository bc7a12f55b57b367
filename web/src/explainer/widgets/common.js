// Small pieces every explainer widget uses: rung labels (rung 3 is always
// called a model), reading scalar results out of a result document, the
// verdict a rung gave a program, and buttons. Everything here reads fields
// of result documents; nothing re-derives what the engine decided.
import { RUNGS, RUNG_NAMES, rungNumber } from '../../engine/schema.js';
import { el } from '../../views/dom.js';

export { el };

// The rungs in the engine's order (interpret, tpu, chip).
export const RUNG_ORDER = RUNG_NAMES;

// Each rung's number, label and what it models, in the engine's own words
// (rung 3's label and description say it is a model of the chip).
export const RUNG_INFO = Object.fromEntries(
  RUNGS.map((r) => {
    const n = rungNumber(r.name);
    return [r.name, { n, short: `Rung ${n}`, label: `Rung ${n} · ${r.label}`, models: r.models }];
  }),
);

// "Rung 3 · chip model", with what the rung models as its tooltip.
export function rungBadge(rung) {
  const info = RUNG_INFO[rung];
  const badge = el('span', { class: `rung-badge rung-${rung}`, 'data-rung': rung }, info.label);
  badge.title = info.models;
  return badge;
}

// The chip rung may be missing from this build of the engine.
export const unavailable = (doc) => doc?.error?.id === 'rung_not_available';

// A 0-d (or first) element of a value the program left at top level.
export function scalar(doc, name) {
  const v = doc?.values?.[name];
  if (!v || !v.data?.length) return undefined;
  return v.data[0];
}

export const isTrue = (v) => v === true || v === 1 || v === 'True';

// A boolean as Python prints it.
export const pyBool = (v) => (v === true || v === 1 ? 'True' : v === false || v === 0 ? 'False' : String(v));

// What a rung said about a buggy program: it raised, reported a race, put
// NaN in the output (the program's own has_nan), returned a wrong answer
// without complaint (its own matches), or got it right.
export function verdict(doc) {
  if (unavailable(doc)) return { kind: 'unavailable', complained: false, text: 'not in this build yet' };
  if (doc?.error) return { kind: 'error', complained: true, text: `raises ${doc.error.type}`, id: doc.error.id };
  const races = (doc?.calls ?? []).reduce((n, c) => n + (c.races?.length ?? 0), 0);
  if (races) return { kind: 'race', complained: true, text: `reports ${races === 1 ? 'a race' : `${races} races`}` };
  if (isTrue(scalar(doc, 'has_nan'))) return { kind: 'nan', complained: true, text: 'NaN in the output' };
  if (scalar(doc, 'matches') !== undefined && !isTrue(scalar(doc, 'matches'))) {
    return { kind: 'wrong', complained: false, text: 'wrong answer, no complaint' };
  }
  return { kind: 'right', complained: false, text: 'right answer' };
}

export function button(text, onClick, attrs = {}) {
  return el('button', { type: 'button', ...attrs, onclick: onClick }, text);
}

// A <pre> with program text (textContent only).
export function codeBlock(source, attrs = {}) {
  return el('pre', { class: 'code', 'data-lang': 'python', tabindex: 0, ...attrs }, el('code', {}, source));
}

// Replaces top-level `NAME = ...` lines of a program (the reader's choices in
// the padding widget). Values must already be validated program text.
export function setAssignments(source, values) {
  let out = source;
  for (const [names, value] of Object.entries(values)) {
    const re = new RegExp(`^${names.replace(/[, ]+/g, '\\s*,\\s*')}\\s*=.*$`, 'm');
    if (!re.test(out)) throw new Error(`the program has no line assigning ${names}`);
    out = out.replace(re, `${names} = ${value}`);
  }
  return out;
}

// The first line of an error message, for compact cells.
export const firstLine = (text) => String(text ?? '').split('\n')[0];
