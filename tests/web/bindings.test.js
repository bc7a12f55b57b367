// The Embind surface (wasm/bindings.cpp) loaded in Node exactly as the worker
// loads it in the browser: the one ES6 web,worker build, given its bytes
// (TOOLCHAIN §2). Needs the wasm build: scripts/build.sh writes
// web/src/generated/rungs.{mjs,wasm}.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import createRungsModule from '../../web/src/generated/rungs.mjs';

let m;
beforeAll(async () => {
  const wasmBinary = await readFile(new URL('../../web/src/generated/rungs.wasm', import.meta.url));
  m = await createRungsModule({ wasmBinary });
});

// DESIGN.md "Contracts": { ok, stdout, values, error, calls }.
function expectResultDocument(doc) {
  expect(Object.keys(doc).sort()).toEqual(expect.arrayContaining(['calls', 'error', 'ok', 'stdout', 'values']));
  expect(typeof doc.ok).toBe('boolean');
  expect(typeof doc.stdout).toBe('string');
  expect(doc.values).toBeTypeOf('object');
  expect(Array.isArray(doc.calls)).toBe(true);
  for (const [name, v] of Object.entries(doc.values)) {
    expect(name).toMatch(/^[A-Za-z_]\w*$/);
    expect(typeof v.dtype).toBe('string');
    expect(Array.isArray(v.shape)).toBe(true);
    expect(v.data.length).toBe(v.shape.reduce((a, b) => a * b, 1));
  }
  if (doc.ok) expect(doc.error).toBeNull();
  else {
    expect(typeof doc.error.type).toBe('string');
    expect(typeof doc.error.message).toBe('string');
    expect(Number.isInteger(doc.error.line)).toBe(true);
    expect(Number.isInteger(doc.error.col)).toBe(true);
    expect(typeof doc.error.id).toBe('string');
  }
}

const example = await readFile(new URL('../../content/kernels/add_vectors.py', import.meta.url), 'utf8');

describe('wasm bindings', () => {
  it('errors() is a non-empty registry of {id, type, template}', () => {
    const registry = JSON.parse(m.errors());
    expect(registry.length).toBeGreaterThan(0);
    const ids = new Set();
    for (const e of registry) {
      expect(e.id).toMatch(/^[a-z][a-z0-9_]*$/);
      // A Python exception class name (StopIteration and sys.exit's SystemExit
      // are the ones without a suffix; the re module's is re.error), possibly
      // with its module path as CPython prints it
      // (numpy._core._exceptions._UFuncOutputCastingError).
      expect(e.type).toMatch(/^(?:(?:[a-z_]\w*\.)*_?(?:[A-Z]\w*)?(?:Error|Exception)|StopIteration|SystemExit|re\.error)$/);
      expect(typeof e.template).toBe('string');
      // Python and JAX raise these four with no message at all.
      if (!['next_exhausted', 'tpu_partial_swap', 'chip_masked_load', 'chip_scan_reverse', 'jvp_pallas_prefetch'].includes(e.id)) expect(e.template.length, e.id).toBeGreaterThan(0);
      ids.add(e.id);
    }
    expect(ids.size).toBe(registry.length); // ids are unique
    expect(ids.has('internal_error')).toBe(true);
  });

  it('run() returns a well-formed result document', () => {
    const doc = JSON.parse(m.run(example, JSON.stringify({ rung: 'interpret' })));
    expectResultDocument(doc);
  });

  it('run() accepts every rung and the documented options', () => {
    for (const rung of ['auto', 'interpret', 'tpu', 'chip']) {
      const options = { rung, trace: true, params: { detect_races: true }, maxSteps: 1000, maxMemory: 1 << 20 };
      expectResultDocument(JSON.parse(m.run('x = 1\n', JSON.stringify(options))));
    }
    expectResultDocument(JSON.parse(m.run('x = 1\n', ''))); // empty options: defaults
  });

  it('the platform option sets the host the run models', () => {
    const program = 'import jax\nprint(jax.default_backend())\n';
    for (const platform of ['cpu', 'tpu']) {
      const doc = JSON.parse(m.run(program, JSON.stringify({ platform })));
      expect(doc.stdout).toBe(`${platform}\n`);
      expect(doc.host.platform).toBe(platform);
    }
    expect(JSON.parse(m.run(program, JSON.stringify({ rung: 'chip' }))).host.platform).toBe('tpu');
  });

  it('the devices option sets how many devices jax.devices() lists, on either host', () => {
    const program = 'import jax\nprint(jax.device_count(), jax.devices()[-1].id)\n';
    expect(JSON.parse(m.run(program, JSON.stringify({ devices: 4 }))).stdout).toBe('4 3\n');
    expect(JSON.parse(m.run(program, JSON.stringify({ devices: 8, platform: 'tpu' }))).stdout).toBe('8 7\n');
    expect(JSON.parse(m.run(program, '{}')).stdout).toBe('1 0\n');
  });

  it('refused options come back as error documents naming what was wrong, not a throw', () => {
    // The core parses options (run_options.cpp): invalid JSON, a wrong type,
    // an unknown rung or key, each a usage error from the registry.
    const cases = [
      ['{not json', 'bad_run_option', /not valid JSON/],
      ['{"maxSteps": "many"}', 'bad_run_option', /'maxSteps' must be a positive integer/],
      ['{"rung": "gpu"}', 'bad_run_option', /'gpu'/],
      ['{"colour": 1}', 'bad_run_option', /unknown option 'colour'/],
      ['[1]', 'bad_run_option', /must be a JSON object/],
      ['{"devices": 65}', 'bad_run_option', /'devices' must be at most 64/],
      ['{"devices": 0}', 'bad_run_option', /'devices' must be a positive integer/],
      ['{"params": {"detect_race": true}}', 'unknown_run_param', /unknown param 'detect_race'; known params: detect_races,/],
      ['{"params": {"num_cores_or_threads": "2"}}', 'bad_run_param', /param 'num_cores_or_threads' must be a whole number from 1 to 16, got a string "2"/],
      ['{"params": {"generation": "v99"}}', 'bad_run_param', /param 'generation' must be one of .*'v5e'/],
    ];
    for (const [options, id, message] of cases) {
      let text;
      expect(() => (text = m.run('x = 1\n', options))).not.toThrow();
      const doc = JSON.parse(text);
      expectResultDocument(doc);
      expect(doc.ok).toBe(false);
      expect(doc.error.id, options).toBe(id);
      expect(doc.error.message, options).toMatch(message);
    }
  });

  it('schema() describes rungs, params and the registry; check() parses without running', () => {
    const schema = JSON.parse(m.schema());
    expect(schema.rungs.map((r) => r.name)).toEqual(['interpret', 'tpu', 'chip']);
    const races = schema.params.find((p) => p.name === 'detect_races');
    expect(races).toMatchObject({ type: 'bool', group: 'InterpretParams', default: false });
    expect(schema.params.find((p) => p.name === 'generation').choices).toContain('v5e');
    const categories = new Set(schema.errors.map((e) => e.category));
    expect([...categories].sort()).toEqual(['compile', 'kernel', 'parse', 'runtime', 'usage']);
    const ok = JSON.parse(m.check('print(1)\n', ''));
    expect(ok).toEqual({ ok: true, diagnostics: [] });
    const bad = JSON.parse(m.check('x = 1\ny = (2,\n', 'k.py'));
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics[0]).toMatchObject({ type: 'SyntaxError', line: 2, col: 5, category: 'parse' });
    // check() runs nothing: an endless loop parses and returns at once.
    expect(JSON.parse(m.check('while True:\n    pass\n', '')).ok).toBe(true);
  });

  it('compare() answers per rung, and with an error document on bad options', () => {
    const doc = JSON.parse(m.compare(example, '{}'));
    expect(Object.keys(doc.rungs).sort()).toEqual(['chip', 'interpret', 'tpu']);
    for (const rungDoc of Object.values(doc.rungs)) expectResultDocument(rungDoc);
    const bad = JSON.parse(m.compare(example, '{"trace": "yes"}'));
    expect(bad.ok).toBe(false);
    expect(bad.rungs).toEqual({});
  });

  it('a Session executes cells, resets, and reports bad options as documents', () => {
    const s = new m.Session();
    try {
      expectResultDocument(JSON.parse(s.exec('a = 1\n', '{}')));
      expectResultDocument(JSON.parse(s.exec('b = 2\n', '{"rung": "tpu"}')));
      expect(JSON.parse(s.reset())).toEqual({ ok: true });
      const bad = JSON.parse(s.exec('c = 3\n', '{"rung": 3}'));
      expect(bad.ok).toBe(false);
    } finally {
      s.delete();
    }
  });
});
