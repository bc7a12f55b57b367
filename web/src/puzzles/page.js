// The puzzles page's wiring: list, statement, editor, check, hints, solution,
// share link and notebook export. It only displays: the verdicts are the
// engine's (rungs.puzzles.check), the content is content/puzzles/.
import { createEditor, prefersPlainEditor } from '../playground/editor.js';
import { setState } from '../site/widget.js';
import { clear, el } from '../views/dom.js';
import { renderFigure } from './figure.js';
import { inlineFragment, markdownFragment } from './markdown-dom.js';
import { puzzleNotebook } from './notebook.js';
import { loadProgress, saveProgress, withCode, withHint, withVerdict } from './progress.js';
import { decodeAttempt, encodeAttempt } from './share.js';
import { renderVerdicts } from './verdicts.js';

export async function mountPuzzlePage(root, { puzzles, content }) {
  const part = (role) => root.querySelector(`[data-role="${role}"]`);
  let progress = loadProgress();
  let current = null;
  let lastVerdict = null;
  let saveTimer = null;

  const say = (text, kind = 'info') => {
    const m = part('message');
    m.textContent = text;
    m.dataset.kind = kind;
    m.hidden = !text;
  };
  const persist = () => saveProgress(progress);
  const puzzleById = (id) => content.find((p) => p.id === id);

  const editor = await createEditor(part('editor'), {
    value: '',
    plain: prefersPlainEditor(),
    onRun: () => check(),
    onChange: (text) => {
      if (!current) return;
      progress = withCode(progress, current.id, text);
      clearTimeout(saveTimer);
      saveTimer = setTimeout(persist, 300);
    },
  });

  function drawList() {
    const list = clear(part('list'));
    for (const { id, title } of puzzles.list()) {
      const solved = Boolean(progress.solved[id]);
      const link = el('a', { href: `#${id}`, 'data-id': id, 'aria-current': current?.id === id ? 'page' : null },
        `${title}`, solved ? el('span', { class: 'pz-mark', 'aria-label': 'solved' }, ' ✓') : null);
      list.append(el('li', { 'data-solved': String(solved) }, link));
    }
  }

  function drawHints() {
    const open = progress.hints[current.id] ?? 0;
    const list = clear(part('hints'));
    current.hints.slice(0, open).forEach((h) => {
      list.append(el('li', {}, inlineFragment(h)));
    });
    const button = part('hint');
    const left = current.hints.length - open;
    button.disabled = left <= 0;
    button.textContent = left > 0 ? `Show hint ${open + 1} of ${current.hints.length}` : 'No more hints';
  }

  function drawSolution() {
    const tried = Boolean(progress.tried[current.id]);
    part('reveal').disabled = !tried;
    part('solution-note').hidden = tried;
    part('solution').hidden = true;
    part('use-solution').hidden = true;
  }

  function open(id, source) {
    const p = puzzleById(id) ?? content[0];
    current = p;
    progress = { ...progress, current: p.id };
    part('title').textContent = `${p.id.slice(0, 2)}. ${p.title}`;
    clear(part('statement')).append(markdownFragment(p.statement.replace(/^# .*\n/, '')));
    clear(part('figure')).append(renderFigure(p.figure), el('p', { class: 'pz-caption' }, p.figure?.caption ?? ''));
    editor.setValue(source ?? progress.code[p.id] ?? p.starter);
    lastVerdict = null;
    renderVerdicts(part('verdicts'), null);
    drawList();
    drawHints();
    drawSolution();
    persist();
    setState(root, 'done');
  }

  async function check() {
    if (!current) return null;
    const id = current.id;
    const source = editor.getValue();
    setState(root, 'running');
    say('Checking on every rung…');
    const verdict = await puzzles.check(id, source);
    if (current.id !== id) return verdict; // the reader moved on meanwhile
    lastVerdict = verdict;
    progress = withVerdict(withCode(progress, id, source), id, verdict);
    persist();
    say('');
    renderVerdicts(part('verdicts'), verdict, { onLocate: (where) => editor.reveal(where) });
    drawList();
    drawSolution();
    setState(root, 'done');
    return verdict;
  }

  part('check').addEventListener('click', () => check());
  part('reset').addEventListener('click', () => editor.setValue(current.starter));
  part('hint').addEventListener('click', () => {
    progress = withHint(progress, current.id, current.hints.length);
    persist();
    drawHints();
    part('hints').lastElementChild?.setAttribute('tabindex', '-1');
    part('hints').lastElementChild?.focus();
  });
  part('reveal').addEventListener('click', () => {
    const pre = part('solution');
    pre.textContent = current.solution;
    pre.hidden = false;
    part('use-solution').hidden = false;
  });
  part('use-solution').addEventListener('click', () => editor.setValue(current.solution));
  part('share').addEventListener('click', async () => {
    const url = `${location.origin}${location.pathname}${encodeAttempt({ id: current.id, source: editor.getValue() })}`;
    try {
      await navigator.clipboard.writeText(url);
      say('Share link copied: it opens this puzzle with your code.');
    } catch {
      say(`Share link: ${url}`);
    }
    history.replaceState(null, '', url);
  });
  part('notebook').addEventListener('click', async () => {
    const program = await puzzles.program(current.id, editor.getValue());
    if (!program?.ok) return say(`The notebook could not be built: ${program?.error?.message}`, 'error');
    const nb = puzzleNotebook(current, program.text);
    const blob = new Blob([JSON.stringify(nb, null, 1)], { type: 'application/x-ipynb+json' });
    const a = el('a', { href: URL.createObjectURL(blob), download: `rungs-puzzle-${current.id}.ipynb` });
    a.click();
    URL.revokeObjectURL(a.href);
    say('Notebook downloaded: upload it to Colab (File → Upload notebook) or open it in Jupyter.');
  });

  function route() {
    const shared = decodeAttempt(location.hash);
    if (!shared.ok) say(shared.error, 'error');
    if (shared.attempt && puzzleById(shared.attempt.id)) return open(shared.attempt.id, shared.attempt.source);
    const id = decodeURIComponent(location.hash.slice(1));
    open(puzzleById(id) ? id : (progress.current ?? content[0]?.id));
  }
  window.addEventListener('hashchange', route);
  route();

  return {
    open: (id) => open(id),
    getSource: () => editor.getValue(),
    setSource: (text) => editor.setValue(text),
    check,
    state: () => ({ id: current?.id, verdict: lastVerdict, progress }),
  };
}
