// §9 "The six-cell notebook": the cells of content/notebook run in one engine
// session, like a notebook kernel (globals and the simulated TPU state carry
// from cell to cell). Run all, or one cell at a time; edit a cell's code and
// run it again; export the whole thing as a real .ipynb. The "simulated TPU
// state" line reports what the engine said: a kernel that failed, and, on
// the next TPU-interpret kernel, whether the engine found leftover state and
// reset it itself (the call's notes.tpu_state) or started clean.
import { renderConsole } from '../../views/console.js';
import { toNotebook } from '../ipynb.js';
import { button, el } from './common.js';

// What a cell's document says about the simulated TPU state, or null.
export function tpuStateNews(doc) {
  for (const call of doc.calls ?? []) {
    if (call.rung !== 'tpu') continue;
    if (call.notes?.tpu_state) return { kind: 'auto-reset', text: call.notes.tpu_state };
    return { kind: 'clean', text: 'this kernel started from a clean simulated TPU' };
  }
  return null;
}

export function notebookCells(cells) {
  const out = [{ kind: 'markdown', source: '# Pallas interpret mode in six cells\n\nExported from the Rungs explainer. Runs on a CPU runtime: no TPU needed.' }];
  for (const c of cells) {
    out.push({ kind: 'markdown', source: `### ${c.title}\n\n${c.prose}`.trim() });
    out.push({ kind: 'code', source: c.code() });
  }
  return out;
}

export default async function mount(root, ctx) {
  const engine = await ctx.engine();
  let session = engine.session();
  const stateLine = el('p', { class: 'nb-state', 'aria-live': 'polite' }, 'Simulated TPU state: nothing has run yet.');
  const cells = ctx.parts().map((part, i) => {
    const editor = el('textarea', { class: 'nb-code', spellcheck: 'false', rows: part.code.split('\n').length, 'aria-label': `cell ${i + 1} code` });
    editor.value = part.code.replace(/\n$/, '');
    const output = el('div', { class: 'nb-output', 'aria-live': 'polite' });
    const note = el('p', { class: 'nb-note' });
    const cell = { name: part.name, title: part.attrs.title, prose: part.el.dataset.md ?? '', code: () => editor.value, output, note, index: i };
    const prose = [...part.el.children].filter((c) => !c.matches('pre'));
    const runBtn = button(`Run cell ${i + 1}`, () => guarded(() => runCell(cell)));
    const box = el('section', { class: 'nb-cell', 'data-cell': part.name, 'data-index': i, 'data-ran': 'no' },
      el('h4', {}, `[${i + 1}] ${part.attrs.title}`), ...prose, editor, el('div', { class: 'nb-bar' }, runBtn), note, output);
    cell.box = box;
    part.el.replaceWith(box);
    return cell;
  });

  async function runCell(cell) {
    ctx.state('running');
    const doc = await session.exec(cell.code(), { trace: true });
    renderConsole(cell.output, { ...doc, calls: [] });
    cell.box.dataset.ran = doc.ok ? 'ok' : 'error';
    cell.box.dataset.errorId = doc.error?.id ?? '';
    const news = tpuStateNews(doc);
    cell.note.textContent = '';
    cell.box.dataset.tpuState = news?.kind ?? '';
    if (news?.kind === 'auto-reset') {
      cell.note.textContent = `The engine found the simulated TPU state a failed kernel left behind, and cleared it before this run (${news.text}). Real JAX asks you to call pltpu.reset_tpu_interpret_mode_state() instead.`;
      stateLine.textContent = 'Simulated TPU state: found left over from a failed kernel, reset automatically by the engine.';
    } else if (news?.kind === 'clean') {
      stateLine.textContent = `Simulated TPU state: cell ${cell.index + 1}'s kernel started clean.`;
    }
    if (/IndexError|Error /.test(doc.stdout) && doc.calls?.some((c) => c.rung === 'tpu')) {
      const buffers = doc.calls.flatMap((c) => (c.events ?? []).filter((e) => e.kind === 'alloc')).length;
      stateLine.textContent = `Simulated TPU state: kept after the failure in cell ${cell.index + 1}, on purpose (${buffers} buffers were allocated before it stopped).`;
    }
    if (/reset_tpu_interpret_mode_state\(\)/.test(cell.code()) && doc.ok) {
      stateLine.textContent = 'Simulated TPU state: pltpu.reset_tpu_interpret_mode_state() ran; the next kernel starts clean.';
    }
    ctx.state('done');
    return doc;
  }

  async function runAll() {
    for (const c of cells) await runCell(c);
  }

  async function restart() {
    session.close();
    session = engine.session();
    for (const c of cells) {
      c.output.replaceChildren();
      c.note.textContent = '';
      c.box.dataset.ran = 'no';
    }
    stateLine.textContent = 'Simulated TPU state: a fresh session, nothing has run yet.';
  }

  function exportNotebook() {
    const nb = toNotebook(notebookCells(cells));
    const blob = new Blob([`${JSON.stringify(nb, null, 1)}\n`], { type: 'application/x-ipynb+json' });
    const a = el('a', { href: URL.createObjectURL(blob), download: 'pallas-interpret-mode.ipynb' });
    root.append(a);
    a.click();
    a.remove();
  }

  function guarded(fn) {
    return fn().catch((err) => {
      stateLine.textContent = `The engine failed: ${err?.message ?? err}`;
      ctx.state('error');
    });
  }

  const toolbar = el('div', { class: 'nb-toolbar' },
    button('Run all', () => guarded(runAll)),
    button('Restart session', () => guarded(restart)),
    button('Export .ipynb', exportNotebook, { class: 'nb-export' }));
  root.prepend(el('div', { class: 'live nb-live' }, toolbar, stateLine));
  await runAll();
}
