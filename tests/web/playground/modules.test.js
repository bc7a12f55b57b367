// The playground's small pure modules: settings, completions, diagnostics,
// the Colab snippet, storage and the gallery.
import { describe, expect, it } from 'vitest';
import { colabSnippet } from '../../../web/src/playground/colab.js';
import { COMPLETIONS, completionsAt } from '../../../web/src/playground/completions.js';
import { isParseError, markerFor, raceMarkers } from '../../../web/src/playground/diagnostics.js';
import { DEFAULT_KERNEL, GALLERY, kernelById, parseKernel } from '../../../web/src/playground/gallery.js';
import { PARAMS, runOptions, settingsText, validateSettings } from '../../../web/src/playground/settings.js';
import { loadLast, saveLast } from '../../../web/src/playground/storage.js';
import { fixture } from '../views/snapshot.js';

describe('settings', () => {
  it('sends params only when some are set', () => {
    expect(runOptions({ rung: 'auto', params: {} }, { trace: true })).toEqual({ rung: 'auto', trace: true });
    expect(runOptions({ rung: 'tpu', params: { detect_races: true } })).toEqual({ rung: 'tpu', params: { detect_races: true } });
  });
  it('validates every field of the table', () => {
    expect(validateSettings({ rung: 'chip', params: { generation: 'v6e', random_seed: '42' } })).toEqual({ rung: 'chip', params: { generation: 'v6e', random_seed: 42 } });
    expect(() => validateSettings({ params: { generation: 'v9' } })).toThrow(/generation must be one of/);
    expect(PARAMS.map((p) => p.key)).toEqual(['detect_races', 'dma_execution_mode', 'out_of_bounds_reads', 'uninitialized_memory', 'num_cores_or_threads', 'random_seed', 'generation']);
    expect(settingsText({ rung: 'tpu', params: { detect_races: false, dma_execution_mode: 'eager' } })).toBe("rung=tpu detect_races=False dma_execution_mode='eager'");
  });
});

describe('completions', () => {
  it('completes Pallas names after pl., pltpu., jnp. and lax.', () => {
    expect(completionsAt('    i = pl.pro').items.map((c) => c.name)).toEqual(['program_id']);
    expect(completionsAt('pltpu.make').items.map((c) => c.name)).toEqual(['make_async_copy', 'make_async_remote_copy']);
    expect(completionsAt('x = jnp.').items.length).toBeGreaterThan(20);
    expect(completionsAt('lax.fori').items[0].doc).toMatch(/loop/);
    expect(completionsAt('np.arr')).toBeNull();
    expect(completionsAt('self.pl.x')).toBeNull();
  });
  it('has a one-line doc for every name', () => {
    for (const c of COMPLETIONS) expect(c.doc.length, `${c.module}.${c.name}`).toBeGreaterThan(10);
  });
});

describe('diagnostics', () => {
  it('turns an engine error span into a marker covering the token', () => {
    const { error } = fixture('syntax_error.interpret');
    expect(isParseError(error)).toBe(true);
    expect(markerFor(error)).toMatchObject({ startLineNumber: 3, startColumn: 5, endLineNumber: 3, endColumn: 6, severity: 'error' });
    expect(markerFor({ type: 'E', message: 'm', line: 4, col: 9 })).toMatchObject({ startColumn: 9, endColumn: 10 });
    expect(markerFor({ type: 'E', message: 'm', line: 0, col: 0 })).toBeNull();
  });
  it('tells parse errors from run errors', () => {
    expect(isParseError({ type: 'RuntimeError', id: 'step_limit', traceback: [{}] })).toBe(false);
    expect(isParseError({ type: 'NotImplementedError', id: 'unsupported_class', traceback: [] })).toBe(true);
    expect(isParseError({ type: 'NotImplementedError', id: 'rung_not_available', traceback: [] })).toBe(false);
    expect(isParseError(fixture('one_block_past_the_end.tpu').error)).toBe(false);
  });
  it('marks both accesses of a race', () => {
    expect(raceMarkers(fixture('dma_race.tpu')).map((m) => [m.startLineNumber, m.severity])).toEqual([[11, 'warning'], [10, 'warning']]);
  });
});

describe('colab snippet', () => {
  it('keeps the kernel verbatim under a header with pip and jax.config hints', () => {
    const src = 'import jax\n\n\nx = 1  # trailing\n';
    const out = colabSnippet(src, { rung: 'tpu', params: { detect_races: true, num_cores_or_threads: 2 } });
    expect(out.endsWith(`\n\n${src}`)).toBe(true);
    expect(out).toMatch(/^# From the Rungs playground/);
    expect(out).toContain('!pip install -U "jax[cpu]"');
    expect(out).toContain('jax.config.update(');
    expect(out).toContain('interpret=pltpu.InterpretParams(detect_races=True, num_cores_or_threads=2)');
  });
});

describe('storage', () => {
  it('keeps the last edit and ignores junk', () => {
    const store = new Map();
    const fake = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
    expect(loadLast(fake)).toBeNull();
    expect(saveLast({ source: 'x = 1', settings: { rung: 'tpu', params: {} }, kernel: null }, fake)).toBe(true);
    expect(loadLast(fake)).toEqual({ source: 'x = 1', settings: { rung: 'tpu', params: {} }, kernel: null });
    store.set('rungs.playground.v1', '{"source": 3}');
    expect(loadLast(fake)).toBeNull();
    store.set('rungs.playground.v1', '{not json');
    expect(loadLast(fake)).toBeNull();
    expect(saveLast({ source: '', settings: {} }, { setItem() { throw new Error('full'); } })).toBe(false);
  });
});

describe('gallery', () => {
  it('has at least 12 kernels, each opening with a one-line description', () => {
    expect(GALLERY.length).toBeGreaterThanOrEqual(12);
    for (const k of GALLERY) {
      expect(k.source.startsWith('# '), k.id).toBe(true);
      expect(k.title.length, k.id).toBeGreaterThan(20);
      expect(k.id).toMatch(/^[a-z0-9_]+$/);
    }
    expect(kernelById(DEFAULT_KERNEL)).not.toBeNull();
    expect(parseKernel('a/b/c_d.py', 'x = 1\n').title).toBe('c d');
  });
});
