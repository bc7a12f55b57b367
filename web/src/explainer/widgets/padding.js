// §5 "The padding": the reader picks the array and block shapes; the widget
// writes them into the program's `ROWS, COLS = …` and
// `BLOCK_ROWS, BLOCK_COLS = …` lines, runs it on rung 1, and draws the
// padded operand from the call's operands[0] (padded_shape, pad_hi). The
// widget computes nothing about padding itself.
import { renderPadding } from '../draw/padding.js';
import { codeBlock, el, setAssignments } from './common.js';

const FIELDS = [
  { key: 'rows', label: 'array rows', min: 1, max: 64 },
  { key: 'cols', label: 'array columns', min: 1, max: 512 },
  { key: 'brow', label: 'block rows', min: 1, max: 64 },
  { key: 'bcol', label: 'block columns', min: 1, max: 512 },
];

// Reads the defaults from the program text itself.
export function defaultsFrom(source) {
  const a = /^ROWS, COLS = (\d+), (\d+)$/m.exec(source);
  const b = /^BLOCK_ROWS, BLOCK_COLS = (\d+), (\d+)$/m.exec(source);
  if (!a || !b) throw new Error('the padding program must assign ROWS, COLS and BLOCK_ROWS, BLOCK_COLS');
  return { rows: +a[1], cols: +a[2], brow: +b[1], bcol: +b[2] };
}

export function programFor(source, v) {
  return setAssignments(source, {
    'ROWS, COLS': `${v.rows}, ${v.cols}`,
    'BLOCK_ROWS, BLOCK_COLS': `${v.brow}, ${v.bcol}`,
  });
}

export default async function mount(root, ctx) {
  const template = ctx.code('kernel');
  const values = defaultsFrom(template);
  const form = el('form', { class: 'padding-form', 'aria-label': 'shapes' });
  const inputs = {};
  for (const f of FIELDS) {
    inputs[f.key] = el('input', { type: 'number', min: f.min, max: f.max, step: 1, value: values[f.key], name: f.key });
    form.append(el('label', {}, `${f.label} `, inputs[f.key]));
  }
  const message = el('p', { class: 'padding-message', 'aria-live': 'polite' });
  const picture = el('div', { class: 'padding-picture' });
  const shown = el('details', { class: 'padding-source' }, el('summary', {}, 'the program as run'));
  root.append(el('div', { class: 'live padding-live' }, form, message, picture, shown));

  let runId = 0;
  let first = true;
  async function run() {
    const v = {};
    for (const f of FIELDS) {
      const n = Number(inputs[f.key].value);
      if (!Number.isInteger(n) || n < f.min || n > f.max) {
        message.textContent = `${f.label} must be a whole number from ${f.min} to ${f.max}.`;
        return;
      }
      v[f.key] = n;
    }
    const id = ++runId;
    ctx.state('running');
    message.textContent = 'running…';
    const source = programFor(template, v);
    const engine = await ctx.engine();
    const doc = await engine.run(source, { rung: 'interpret', trace: false });
    if (id !== runId) return; // a newer choice is on its way
    shown.replaceChildren(el('summary', {}, 'the program as run'), codeBlock(source));
    if (!doc.ok) {
      message.textContent = `${doc.error.type}: ${doc.error.message}`;
      picture.replaceChildren();
      ctx.state('done');
      return;
    }
    const operand = doc.calls[0].operands[0];
    renderPadding(picture, operand);
    message.textContent = `The engine padded x from (${operand.shape.join(', ')}) to (${operand.padded_shape.join(', ')}).`;
    if (first) {
      ctx.fact('padded_shape', operand.padded_shape);
      ctx.fact('pad_hi', operand.pad_hi);
      first = false;
    }
    ctx.state('done');
  }
  let timer = null;
  form.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, 250);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    run();
  });
  await run();
}
