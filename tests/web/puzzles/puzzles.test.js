// @vitest-environment jsdom
// The puzzles page's own logic: the content bundle (one folder per puzzle),
// the JS API over a fake engine, progress kept across reloads, share links,
// the notebook export, the figure and the verdict cards.
import { describe, expect, it } from 'vitest';
import { notebookProblems } from '../../../web/src/explainer/ipynb.js';
import { createPuzzleApi, verdictFromResult } from '../../../web/src/puzzles/api.js';
import { PUZZLES, collectPuzzles, splitHints } from '../../../web/src/puzzles/content.js';
import { blockGrid, renderFigure } from '../../../web/src/puzzles/figure.js';
import { puzzleNotebook, splitProgram } from '../../../web/src/puzzles/notebook.js';
import { loadProgress, saveProgress, withCode, withHint, withVerdict } from '../../../web/src/puzzles/progress.js';
import { decodeAttempt, encodeAttempt } from '../../../web/src/puzzles/share.js';
import { renderVerdicts } from '../../../web/src/puzzles/verdicts.js';
import { inlineFragment, markdownFragment } from '../../../web/src/puzzles/markdown-dom.js';

function memoryStorage() {
  const data = new Map();
  return { getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, String(v)) };
}

describe('puzzle content', () => {
  it('bundles every folder of content/puzzles in order, with statement, hints, starter and solution', () => {
    expect(PUZZLES.length).toBeGreaterThanOrEqual(15);
    expect(PUZZLES.map((p) => p.id)).toEqual([...PUZZLES.map((p) => p.id)].sort());
    for (const p of PUZZLES) {
      expect(p.title).toBeTruthy();
      expect(p.hints.length).toBeGreaterThanOrEqual(2);
      expect(p.starter).not.toBe(p.solution);
      expect(p.figure?.arrays?.length).toBeGreaterThan(0);
    }
  });

  it('leaves out a folder that lacks a file instead of failing the page', () => {
    const got = collectPuzzles({ '/content/puzzles/01-a/puzzle.json': '{"title": "A"}' });
    expect(got).toEqual([]);
  });

  it('splits hints on --- lines', () => {
    expect(splitHints('one\n---\ntwo\n---\n')).toEqual(['one', 'two']);
  });
});

describe('rungs.puzzles', () => {
  const fakeEngine = (answer) => {
    const calls = [];
    return { calls, puzzleCheck: async (p, source, opts) => (calls.push({ p, source, opts }), answer) };
  };

  it('lists and gets puzzles, and refuses an unknown id by name', () => {
    const api = createPuzzleApi(PUZZLES, async () => fakeEngine({}));
    expect(api.list()[0]).toEqual({ id: PUZZLES[0].id, title: PUZZLES[0].title });
    expect(Object.keys(api.get(PUZZLES[0].id)).sort()).toEqual(['id', 'solution', 'starter', 'title']);
    expect(() => api.get('99-nope')).toThrow(/no puzzle '99-nope'/);
  });

  it("sends the puzzle's own files with the source and returns the engine's verdict", async () => {
    const verdict = { id: PUZZLES[0].id, solved: true, rungs: { interpret: { ok: true, message: 'm' } } };
    const engine = fakeEngine(verdict);
    const api = createPuzzleApi(PUZZLES, async () => engine);
    expect(await api.check(PUZZLES[0].id, 'src')).toBe(verdict);
    expect(engine.calls[0].p.spec).toBe(PUZZLES[0].spec);
    expect(engine.calls[0].source).toBe('src');
  });

  it('turns an error document (a timeout) into a failed verdict on every rung', () => {
    const v = verdictFromResult({ ok: false, error: { type: 'RuntimeError', message: 'run stopped: time budget' } });
    expect(v.solved).toBe(false);
    expect(Object.values(v.rungs).map((r) => r.ok)).toEqual([false, false, false]);
    expect(v.rungs.tpu.message).toMatch(/time budget/);
  });
});

describe('progress', () => {
  it('survives a reload and keeps a solved mark after a later failed try', () => {
    const storage = memoryStorage();
    let p = loadProgress(storage);
    p = withCode(p, '01-add', 'mine');
    p = withVerdict(p, '01-add', { solved: true });
    p = withVerdict(p, '01-add', { solved: false });
    p = withHint(withHint(withHint(p, '01-add', 2), '01-add', 2), '01-add', 2);
    saveProgress(p, storage);
    const back = loadProgress(storage);
    expect(back.code['01-add']).toBe('mine');
    expect(back.solved['01-add']).toBe(true);
    expect(back.tried['01-add']).toBe(true);
    expect(back.hints['01-add']).toBe(2);
  });

  it('reads junk as empty progress', () => {
    const storage = memoryStorage();
    storage.setItem('rungs.puzzles.v1', '{not json');
    expect(loadProgress(storage).solved).toEqual({});
  });
});

describe('share links', () => {
  it('round-trip an attempt and refuse a malformed one', () => {
    const hash = encodeAttempt({ id: '03-row-sum', source: 'print("hi")\n' });
    expect(decodeAttempt(hash)).toEqual({ ok: true, attempt: { id: '03-row-sum', source: 'print("hi")\n' } });
    expect(decodeAttempt('#a=!!!').ok).toBe(false);
    expect(decodeAttempt('#03-row-sum')).toEqual({ ok: true, attempt: null });
  });
});

describe('notebook export', () => {
  const program = 'import jax\ndef add(x, y):\n    return x\n\n# ---- puzzle 01-add: the spec and the checker\ndef puzzle_spec(x, y):\n    return x + y\n';

  it("splits the engine's check program into the reader's cell and the checker", () => {
    const [mine, checker] = splitProgram(program);
    expect(mine).toBe('import jax\ndef add(x, y):\n    return x\n');
    expect(checker.startsWith('# ---- puzzle 01-add')).toBe(true);
  });

  it('is a valid notebook whose last cell runs the checker in TPU interpret mode with race detection', () => {
    const nb = puzzleNotebook(PUZZLES[0], program);
    expect(notebookProblems(nb)).toEqual([]);
    const last = nb.cells.at(-1).source.join('');
    expect(last).toMatch(/force_tpu_interpret_mode\(pltpu\.InterpretParams\(detect_races=True\)\)/);
    expect(last).toContain(JSON.stringify(splitProgram(program)[1]));
    expect(nb.cells[2].source.join('')).toBe(splitProgram(program)[0].trimEnd());
  });
});

describe('figure and verdicts', () => {
  it('cuts each array into its blocks, a ragged edge counting as a block', () => {
    expect(blockGrid([20, 128], [8, 128])).toMatchObject({ down: 3, across: 1 });
    const svg = renderFigure({ arrays: [{ name: 'x', shape: [16, 256], block: [8, 128] }] });
    expect(svg.querySelectorAll('rect.pz-block').length).toBe(4);
  });

  it("shows each rung's message and the failing case as heatmaps", () => {
    const root = document.createElement('div');
    const arr = { dtype: 'float32', shape: [1, 2], data: [1, 2] };
    renderVerdicts(root, {
      solved: false,
      rungs: {
        interpret: { ok: false, message: 'case 1 of 2: 1 of 2 values differ', failure: { case: 1, got: arr, want: arr, diff: arr } },
        tpu: { ok: true, message: 'all 2 cases match' },
      },
    });
    expect(root.querySelector('[data-rung="interpret"]').dataset.ok).toBe('false');
    expect(root.querySelector('[data-rung="interpret"] .pz-message').textContent).toMatch(/values differ/);
    expect(root.querySelectorAll('[data-rung="interpret"] .pz-heat').length).toBe(3);
    expect(root.querySelector('[data-rung="tpu"]').dataset.ok).toBe('true');
  });
});

describe('markdown to DOM', () => {
  it('builds paragraphs, code and emphasis as elements, and leaves markup in the text as text', () => {
    const host = document.createElement('div');
    host.append(markdownFragment('Use `pl.when` **once**.\n\n<script>alert(1)</script> [x](javascript:alert(1))'));
    expect(host.querySelectorAll('p').length).toBe(2);
    expect(host.querySelector('code').textContent).toBe('pl.when');
    expect(host.querySelector('strong').textContent).toBe('once');
    expect(host.querySelector('script')).toBeNull();
    expect(host.textContent).toContain('<script>alert(1)</script>');
    expect(host.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
  });

  it('renders every puzzle statement and hint', () => {
    for (const p of PUZZLES) {
      const host = document.createElement('div');
      host.append(markdownFragment(p.statement));
      expect(host.querySelector('h1')?.textContent).toBeTruthy();
      expect(host.querySelectorAll('p').length).toBeGreaterThan(0);
      for (const h of p.hints) expect(inlineFragment(h).textContent.length).toBeGreaterThan(10);
    }
  });
});
