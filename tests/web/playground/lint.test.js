// The as-you-type check (playground/lint.js): it asks the engine to parse
// (engine.check) and never to run, debounces, drops stale answers, and
// turns the engine's own diagnostics into markers on the offending token.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findCli } from '../../../web/src/explainer/build/check-python.js';
import { LINT_DELAY_MS, createLinter } from '../../../web/src/playground/lint.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// What the engine's check says about `source`: `rungs check FILE --json`,
// the same function the wasm check() calls.
function engineCheck(source) {
  const cli = findCli(root);
  if (!cli) throw new Error('no native engine: set RUNGS_CLI or run scripts/build.sh native');
  const dir = mkdtempSync(path.join(tmpdir(), 'rungs-lint-'));
  try {
    const file = path.join(dir, 'kernel.py');
    writeFileSync(file, source);
    const run = spawnSync(cli, ['check', file, '--json'], { encoding: 'utf8' });
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// An engine that answers check() from the real engine and fails the test
// if anything asks it to run.
function fakeEngine(answer = engineCheck) {
  return {
    check: vi.fn(async (source) => answer(source)),
    run: vi.fn(() => {
      throw new Error('the linter ran the program');
    }),
    compare: vi.fn(() => {
      throw new Error('the linter ran the program');
    }),
  };
}

afterEach(() => vi.useRealTimers());

describe('the as-you-type check', () => {
  it('parses with check() and marks the exact span of a syntax error, running nothing', async () => {
    const engine = fakeEngine();
    const shown = [];
    // An endless loop after the error: a run would never end; a parse does.
    const source = 'x = 1\ny = (x +\nprint(y)\nwhile True:\n    pass\n';
    const linter = createLinter({ engine, source: () => source, onMarkers: (m) => shown.push(m) });
    expect(await linter.now()).toBe(true);
    expect(engine.check).toHaveBeenCalledWith(source);
    expect(engine.run).not.toHaveBeenCalled();
    expect(engine.compare).not.toHaveBeenCalled();
    expect(shown).toEqual([[expect.objectContaining({ severity: 'error', startLineNumber: 2, startColumn: 5, endLineNumber: 2, endColumn: 6 })]]);
    expect(shown[0][0].message).toMatch(/^SyntaxError: .*\[syntax_unclosed_bracket\]$/);
  });

  it('clears the markers once the program parses', async () => {
    const shown = [];
    const linter = createLinter({ engine: fakeEngine(), source: () => 'while True:\n    pass\n', onMarkers: (m) => shown.push(m) });
    await linter.now();
    expect(shown).toEqual([[]]);
  });

  it('waits for the reader to stop typing, then checks the text of that moment', async () => {
    vi.useFakeTimers();
    const engine = fakeEngine(() => ({ ok: true, diagnostics: [] }));
    let text = 'x = (';
    const linter = createLinter({ engine, source: () => text, onMarkers: () => {} });
    linter.schedule();
    await vi.advanceTimersByTimeAsync(LINT_DELAY_MS - 1);
    linter.schedule(); // another keystroke restarts the wait
    text = 'x = (1)';
    await vi.advanceTimersByTimeAsync(LINT_DELAY_MS - 1);
    expect(engine.check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.check).toHaveBeenCalledTimes(1);
    expect(engine.check).toHaveBeenCalledWith('x = (1)');
  });

  it('drops an answer that a run (cancel) or a newer check made stale, and skips while busy', async () => {
    let release;
    const engine = { check: vi.fn(() => new Promise((r) => (release = r))), run: vi.fn() };
    const shown = [];
    let busy = false;
    const linter = createLinter({ engine, source: () => 'x = (', onMarkers: (m) => shown.push(m), busy: () => busy });
    const pending = linter.now();
    await Promise.resolve();
    linter.cancel();
    release({ ok: false, diagnostics: [{ type: 'SyntaxError', message: 'm', line: 1, col: 5, end_line: 1, end_col: 6, id: 'syntax_unclosed_bracket', category: 'parse' }] });
    expect(await pending).toBe(false);
    busy = true;
    const during = linter.now();
    await Promise.resolve();
    release({ ok: true, diagnostics: [] });
    expect(await during).toBe(false);
    expect(shown).toEqual([]);
    expect(engine.run).not.toHaveBeenCalled();
  });

  it('a failed check leaves the markers alone', async () => {
    const shown = [];
    const engine = { check: () => Promise.reject(new Error('worker lost')) };
    const linter = createLinter({ engine, source: () => 'x', onMarkers: (m) => shown.push(m) });
    expect(await linter.now()).toBe(false);
    expect(shown).toEqual([]);
  });

  it('is what the playground page lints with: check, never a one-step run', () => {
    const main = readFileSync(path.join(root, 'web/src/playground/main.js'), 'utf8');
    expect(main).toMatch(/createLinter\(\{\s*engine: rungs,/);
    expect(main).not.toMatch(/maxSteps/);
  });
});
