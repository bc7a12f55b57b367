// engine/schema.js, the web app's one copy of the engine's run contract: it
// is exactly what the engine exports (`rungs schema --json`), its param
// checker agrees with the engine's own on every param, and every error id
// the JS side can put into a result document is an id of that registry.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorDocument } from '../../web/src/engine/engine.js';
import {
  ERRORS,
  PARAMS,
  RUNG_NAMES,
  RUNG_OPTIONS,
  SCHEMA,
  checkParam,
  describeValues,
  errorById,
  paramByName,
  rungNumber,
} from '../../web/src/engine/schema.js';
import { pageError } from '../../web/src/engine/write-schema.js';
import { findCli } from '../../web/src/explainer/build/check-python.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = findCli(root);

async function wasmModule() {
  const wasm = path.join(root, 'web/src/generated/rungs.wasm');
  if (!existsSync(wasm)) throw new Error('needs the wasm build: scripts/build.sh wasm');
  const { default: createRungsModule } = await import('../../web/src/generated/rungs.mjs');
  return createRungsModule({ wasmBinary: readFileSync(wasm) });
}

function needCli() {
  if (!cli) throw new Error('no native engine: set RUNGS_CLI or run scripts/build.sh native');
  return cli;
}

describe('schema.js', () => {
  it("is the engine's own schema, as `rungs schema --json` prints it (errors without their templates)", () => {
    const run = spawnSync(needCli(), ['schema', '--json'], { encoding: 'utf8', maxBuffer: 16 << 20 });
    expect(run.status, run.stderr).toBe(0);
    const engine = JSON.parse(run.stdout);
    expect(SCHEMA).toEqual({ ...engine, errors: engine.errors.map(pageError) });
    expect(ERRORS.length).toBeGreaterThan(400);
    expect(Object.keys(ERRORS[0]).sort()).toEqual(['category', 'id', 'type']);
  });

  it('derives the rung lists and lookups from it', () => {
    expect(RUNG_NAMES).toEqual(SCHEMA.rungs.map((r) => r.name));
    expect(RUNG_NAMES).toEqual(['interpret', 'tpu', 'chip']); // DESIGN.md: the three rungs, in order
    expect(RUNG_OPTIONS).toEqual(['auto', ...RUNG_NAMES]); // "auto" is the one addition
    expect(RUNG_NAMES.map(rungNumber)).toEqual([1, 2, 3]);
    expect(rungNumber('auto')).toBe(0);
    for (const p of PARAMS) expect(paramByName(p.name)).toBe(p);
    expect(paramByName('__proto__')).toBe(null);
    for (const e of ERRORS) expect(errorById(e.id)).toBe(e);
    expect(Object.isFrozen(SCHEMA.params[0])).toBe(true);
  });

  it('checks each param type the way the form and links need', () => {
    const p = (name) => paramByName(name);
    expect(checkParam(p('detect_races'), true)).toBe(true);
    expect(() => checkParam(p('detect_races'), 'yes')).toThrow('detect_races must be true or false');
    expect(() => checkParam(p('dma_execution_mode'), 'lazy')).toThrow('dma_execution_mode must be one of on_wait, eager');
    expect(checkParam(p('num_cores_or_threads'), ' 2 ')).toBe(2); // a form field's text
    expect(() => checkParam(p('num_cores_or_threads'), 17)).toThrow('num_cores_or_threads must be a whole number from 1 to 16');
    expect(checkParam(p('random_seed'), null)).toBe(null);
    expect(() => checkParam(p('num_cores_or_threads'), null)).toThrow(/whole number/);
    expect(() => checkParam({ name: 'x', type: 'tensor' }, 1)).toThrow("x has type 'tensor'");
    expect(describeValues(p('detect_races'))).toBe('true | false');
    expect(describeValues(p('dma_execution_mode'))).toBe('"on_wait" | "eager"');
    expect(describeValues(p('num_cores_or_threads'))).toBe('1 … 16');
    expect(describeValues(p('random_seed'))).toBe('0 … 2147483647 | null');
  });

  // Asks the wasm engine (in-process: a hundred CLI runs under ASan would
  // take a minute) whether a run with {name: value} as params is refused.
  it("accepts exactly the param values the engine accepts (run's params)", async () => {
    const m = await wasmModule();
    const disagreements = [];
    for (const param of PARAMS) {
      const probes = new Set([param.default, true, false, 'nope', 1.5, null, [1]]);
      for (const c of param.choices ?? []) probes.add(c);
      if (param.min !== undefined) for (const v of [param.min, param.max, param.min - 1, param.max + 1]) probes.add(v);
      for (const value of probes) {
        let page = true;
        try {
          checkParam(param, value);
        } catch {
          page = false;
        }
        const doc = JSON.parse(m.run('x = 1\n', JSON.stringify({ rung: 'interpret', params: { [param.name]: value } })));
        const engine = doc.ok ? 'accepts' : doc.error.id === 'bad_run_param' ? 'refuses' : `fails with ${doc.error.id} (${doc.error.message})`;
        if ((page ? 'accepts' : 'refuses') !== engine) disagreements.push(`${param.name}=${JSON.stringify(value)}: page ${page ? 'accepts' : 'refuses'}, engine ${engine}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

// Every web/src file, for the scans below.
function sources(dir = path.join(root, 'web/src')) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'generated') continue;
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (name.endsWith('.js')) out.push(full);
  }
  return out;
}

describe('error documents built on the JS side', () => {
  it('use only ids of the registry, through the one builder (engine.js errorDocument)', () => {
    const ids = [];
    const builders = [];
    for (const file of sources()) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(root, file);
      // A hand-built document: an `error: {type, ...}` object literal.
      if (/\berror:\s*\{\s*type\b/.test(text) && !rel.endsWith('engine/engine.js')) builders.push(rel);
      for (const m of text.matchAll(/\berrorDocument\(/g)) {
        const call = text.slice(m.index, text.indexOf(';', m.index));
        if (/^errorDocument\(message, \{ id = '(\w+)'/.test(call)) ids.push([rel, /id = '(\w+)'/.exec(call)[1]]); // the default
        for (const id of call.matchAll(/\bid: '(\w+)'/g)) ids.push([rel, id[1]]);
      }
    }
    expect(builders).toEqual([]);
    expect(ids.map(([, id]) => id)).toEqual(expect.arrayContaining(['internal_error', 'interrupted']));
    expect(ids.filter(([, id]) => !errorById(id))).toEqual([]);
  });

  it('take the exception class from the registry, and refuse an id it lacks', () => {
    expect(errorDocument('boom').error).toEqual({ type: errorById('internal_error').type, message: 'boom', line: 0, col: 0, id: 'internal_error' });
    expect(errorDocument('late', { id: 'interrupted', op: 'compare' })).toMatchObject({ ok: false, rungs: {}, error: { id: 'interrupted', type: 'RuntimeError' } });
    expect(() => errorDocument('x', { id: 'page' })).toThrow("'page' is not an id of the engine's error registry");
  });
});
