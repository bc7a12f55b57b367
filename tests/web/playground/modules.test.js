// The playground's small pure modules: settings, completions, diagnostics,
// the Colab snippet, storage and the gallery.
import { describe, expect, it } from 'vitest';
import { colabSnippet } from '../../../web/src/playground/colab.js';
import { COMPLETIONS, completionsAt } from '../../../web/src/playground/completions.js';
import { checkMarkers, isParseError, markerFor, raceMarkers } from '../../../web/src/playground/diagnostics.js';
import { DEFAULT_KERNEL, GALLERY, kernelById, parseKernel } from '../../../web/src/playground/gallery.js';
import { ERRORS, PARAMS, RUNG_OPTIONS } from '../../../web/src/engine/schema.js';
import { runOptions, settingsText, validateSettings } from '../../../web/src/playground/settings.js';
import { loadLast, saveLast } from '../../../web/src/playground/storage.js';
import { fixture } from '../views/snapshot.js';

describe('settings', () => {
  it('sends params only when some are set', () => {
    expect(runOptions({ rung: 'auto', params: {} }, { trace: true })).toEqual({ rung: 'auto', trace: true });
    expect(runOptions({ rung: 'tpu', params: { detect_races: true } })).toEqual({ rung: 'tpu', params: { detect_races: true } });
    expect(runOptions({ rung: 'tpu', params: {}, devices: 4 })).toEqual({ rung: 'tpu', devices: 4 });
  });
  it('carries a device count through links, refusing one the engine would', () => {
    expect(validateSettings({ rung: 'auto', devices: 8 })).toEqual({ rung: 'auto', params: {}, devices: 8 });
    expect(() => validateSettings({ devices: 0 })).toThrow('devices must be an integer from 1 to 64');
    expect(() => validateSettings({ devices: 2.5 })).toThrow('devices must be an integer');
    expect(settingsText({ rung: 'tpu', params: {}, devices: 4 })).toBe('rung=tpu devices=4');
  });
  it('validates every param of the engine schema, and nothing else', () => {
    expect(validateSettings({ rung: 'chip', params: { generation: 'v6e', random_seed: '42' } })).toEqual({ rung: 'chip', params: { generation: 'v6e', random_seed: 42 } });
    expect(() => validateSettings({ params: { generation: 'v9' } })).toThrow(/generation must be one of/);
    expect(() => validateSettings({ params: { detect_race: true } })).toThrow('unknown parameter detect_race');
    expect(() => validateSettings({ rung: 'gpu' })).toThrow(`rung must be one of ${RUNG_OPTIONS.join(', ')}`);
    for (const rung of RUNG_OPTIONS) expect(validateSettings({ rung }).rung).toBe(rung);
    // Every param the engine exports, at its default, is a setting a link may carry.
    const defaults = Object.fromEntries(PARAMS.map((p) => [p.name, p.default]));
    expect(Object.keys(defaults).length).toBeGreaterThanOrEqual(7);
    expect(validateSettings({ params: defaults }).params).toEqual(defaults);
    expect(settingsText({ rung: 'tpu', params: { detect_races: false, dma_execution_mode: 'eager' } })).toBe("rung=tpu detect_races=False dma_execution_mode='eager'");
    expect(settingsText({ rung: 'tpu', params: { random_seed: null } })).toBe('rung=tpu random_seed=None');
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
  it("shows InterpretParams' fields and defaults as the engine exports them", () => {
    const [ip] = completionsAt('pltpu.InterpretP').items;
    const fields = PARAMS.filter((p) => p.group === 'InterpretParams');
    const names = [...ip.signature.matchAll(/(\w+)=/g)].map((m) => m[1]);
    expect(names).toEqual(fields.map((p) => p.name));
    expect(ip.signature).toContain('detect_races=False');
    expect(ip.signature).toContain('num_cores_or_threads=1');
    expect(ip.signature).toContain('random_seed=None');
    expect(ip.signature).toContain('dma_execution_mode="on_wait"');
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
  it("takes 'parse' from the registry's category of the error's id", () => {
    for (const e of ERRORS) expect(isParseError({ type: e.type, id: e.id }), e.id).toBe(e.category === 'parse');
    expect(ERRORS.filter((e) => e.category === 'parse').length).toBeGreaterThan(20);
    expect(isParseError(null)).toBe(false);
  });
  it('turns check() diagnostics into markers', () => {
    expect(checkMarkers({ ok: true, diagnostics: [] })).toEqual([]);
    const d = { type: 'SyntaxError', message: "'(' was never closed", line: 2, col: 5, end_line: 2, end_col: 6, id: 'syntax_unclosed_bracket', category: 'parse' };
    expect(checkMarkers({ ok: false, diagnostics: [d] })).toEqual([
      { severity: 'error', message: "SyntaxError: '(' was never closed [syntax_unclosed_bracket]", startLineNumber: 2, startColumn: 5, endLineNumber: 2, endColumn: 6, source: 'rungs' },
    ]);
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
    expect(out).not.toContain('a model of the chip');
  });
  it('passes only InterpretParams fields to InterpretParams, and says when the chip model was involved', () => {
    const chip = PARAMS.filter((p) => p.group === 'chip');
    expect(chip.length).toBeGreaterThan(0);
    const params = { detect_races: true, ...Object.fromEntries(chip.map((p) => [p.name, p.default])) };
    const out = colabSnippet('x = 1\n', { rung: 'auto', params });
    expect(out).toContain('interpret=pltpu.InterpretParams(detect_races=True)\n');
    expect(out).toContain('rung 3 in the playground is a model of the chip');
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
