// Same answers (issue: "the result document from WASM equals the native
// CLI's for every conformance program"): each program under
// tests/conformance runs through the wasm build in Node and through the
// native CLI (build/native/rungs --json), on every rung, and the documents
// must be identical except for fields that measure the machine. Needs
// scripts/build.sh native wasm. When RUNGS_NATIVE_DOCS names a folder of
// documents the conformance runner saved from the same CLI (scripts/test.sh
// points it at the ones ctest just wrote), those are read instead of running
// the CLI again: under the sanitizers that second run was a third of
// Vitest's time in CI. A document missing there is made by the CLI.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import createRungsModule from '../../web/src/generated/rungs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = process.env.RUNGS_CLI ?? path.join(root, 'build/native/rungs');
const conformance = path.join(root, 'tests/conformance');
const savedDocs = process.env.RUNGS_NATIVE_DOCS;

function pyFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...pyFiles(full));
    else if (name.endsWith('.py')) out.push(full);
  }
  return out;
}

// Programs of several files (tests/conformance/run.py's package_case):
// packages/<case>/main.py runs as a script, packages/<case>/app/main.py as
// the module app.main; the case's other files are its modules.
function packageCase(file) {
  const parts = path.relative(conformance, file).split(path.sep);
  if (parts.length < 3 || parts[0] !== 'packages') return null;
  const dir = path.join(conformance, parts[0], parts[1]);
  const inner = parts.slice(2);
  return { dir, module: inner.length > 1 ? inner.join('.').slice(0, -3) : null };
}

function programs(dir) {
  return pyFiles(dir).filter((f) => !packageCase(f) || path.basename(f) === 'main.py');
}

// The run options that give the wasm engine what the CLI reads from disk.
function programOptions(file) {
  const pkg = packageCase(file);
  if (!pkg) return { filename: path.basename(file) };
  const files = {};
  for (const f of pyFiles(pkg.dir)) if (f !== file) files[path.relative(pkg.dir, f)] = readFileSync(f, 'utf8');
  if (!pkg.module) return { filename: path.basename(file), files };
  const dot = pkg.module.lastIndexOf('.');
  return { filename: path.relative(pkg.dir, file), files, package: pkg.module.slice(0, dot) };
}

function cliCommand(file) {
  const pkg = packageCase(file);
  return pkg && pkg.module ? ['run', '-m', pkg.module, '--path', pkg.dir] : ['run', file];
}

// `# rungs-args: --max-steps N` (and --max-memory, --params JSON, --devices N) lines
// become run options on both sides.
function extraOptions(source) {
  const line = source.split('\n').find((l) => l.startsWith('# rungs-args:'));
  const opts = {};
  const args = line ? line.slice(line.indexOf(':') + 1).trim().split(/\s+/) : [];
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === '--max-steps') opts.maxSteps = Number(args[i + 1]);
    if (args[i] === '--max-memory') opts.maxMemory = Number(args[i + 1]);
    if (args[i] === '--params') opts.params = JSON.parse(args[i + 1]);
    if (args[i] === '--devices') opts.devices = Number(args[i + 1]);
  }
  return { opts, args };
}

function native(file, rung, args) {
  const saved = savedDocs && path.join(savedDocs, `${path.relative(conformance, file)}.${rung}.json`);
  if (saved && existsSync(saved)) return readFileSync(saved, 'utf8');
  try {
    return execFileSync(cli, [...cliCommand(file), '--rung', rung, '--json', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (err) {
    return err.stdout; // exit status 1 still prints the document
  }
}

// Compiled once; each run still gets a fresh instance (fresh memory), as
// the CLI is a fresh process. Compiling the engine anew for each of the
// ~900 runs was most of this file's time.
let compiled;
beforeAll(async () => {
  compiled = await WebAssembly.compile(await readFile(path.join(root, 'web/src/generated/rungs.wasm')));
});

function freshEngine() {
  return createRungsModule({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
  });
}

// NumPy's float64 math calls the C library's exp/log/..., which glibc
// (native) and musl (wasm) may round differently in the last place; 15
// significant digits still tell every float32 value and every printed
// float64 apart, so only that last-ulp noise is forgiven.
function sameToLastUlps(_key, value) {
  return typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(15)) : value;
}

describe.runIf(existsSync(cli))('wasm and native give the same result documents', () => {
  const files = programs(conformance);
  it('finds the conformance programs', () => expect(files.length).toBeGreaterThan(20));
  for (const file of files) {
    const rel = path.relative(conformance, file);
    it(rel, async () => {
      // A fresh instance per run, as the CLI is a fresh process. (That a
      // run's figures do not depend on earlier runs in the same process is
      // tested natively: tests/core/result/document_test.cpp.)
      const source = readFileSync(file, 'utf8');
      const { opts, args } = extraOptions(source);
      for (const rung of ['interpret', 'tpu', 'chip']) {
        const fromNative = JSON.parse(native(file, rung, args), sameToLastUlps);
        const options = { rung, ...programOptions(file), ...opts };
        const fresh = await freshEngine();
        const fromWasm = JSON.parse(fresh.run(source, JSON.stringify(options)), sameToLastUlps);
        expect({ rung, ...fromWasm }).toEqual({ rung, ...fromNative });
      }
      // Three wasm runs of the heaviest programs (limit/, a 300,000-deep
      // list) pass 20 s on a loaded 2-core CI machine; this checks
      // agreement, not speed (tests/bench/ times the engine).
    }, 90_000);
  }
});
