// Writes web/src/generated/schema.json, the engine's own description of its
// run contract, for schema.js to import (the page needs it synchronously and
// must not declare any of it again). Run right after the wasm build:
//
//   node web/src/engine/write-schema.js
//
// It asks the wasm module the page itself runs (web/src/generated/rungs.mjs,
// loaded as bindings.test.js loads it). A tree with no wasm build yet asks
// the native CLI instead (RUNGS_CLI, else build/native/rungs, ...), which is
// built from the same core, so pages and tests that need only the schema work
// there too. The file is rewritten only when its text changes, so the web
// build's up-to-date check (scripts/build.sh) is not disturbed.
//
// Every page (and the embed script documentation sites load) bundles this
// file, so the error registry keeps only what pages use synchronously: id,
// exception class and category. The message templates (two thirds of the
// schema) stay in the engine: the catalog reads them from engine.errors().
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findCli } from '../explainer/build/check-python.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const generated = path.join(root, 'web/src/generated');

async function fromWasm() {
  const { default: createRungsModule } = await import(pathToFileURL(path.join(generated, 'rungs.mjs')).href);
  const m = await createRungsModule({ wasmBinary: readFileSync(path.join(generated, 'rungs.wasm')) });
  return { text: m.schema(), from: 'web/src/generated/rungs.wasm' };
}

function fromCli(cli) {
  const run = spawnSync(cli, ['schema', '--json'], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (run.error) throw new Error(`could not run ${cli}: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`${cli} schema --json failed (${run.status}): ${run.stderr}`);
  return { text: run.stdout, from: cli };
}

// An error registry entry as pages keep it.
export const pageError = ({ id, type, category }) => ({ id, type, category });

export async function engineSchema() {
  if (existsSync(path.join(generated, 'rungs.mjs')) && existsSync(path.join(generated, 'rungs.wasm'))) return fromWasm();
  const cli = findCli(root);
  if (cli) return fromCli(cli);
  throw new Error('no engine to ask: build the wasm part (scripts/build.sh wasm) or the native CLI (scripts/build.sh native)');
}

export async function writeSchema() {
  const { text, from } = await engineSchema();
  const schema = JSON.parse(text);
  for (const key of ['rungs', 'params', 'generations', 'errors']) {
    if (!Array.isArray(schema[key])) throw new Error(`the schema from ${from} has no '${key}' list`);
  }
  schema.errors = schema.errors.map(pageError);
  const out = `${JSON.stringify(schema, null, 1)}\n`;
  const file = path.join(generated, 'schema.json');
  mkdirSync(generated, { recursive: true });
  const same = existsSync(file) && readFileSync(file, 'utf8') === out;
  if (!same) writeFileSync(file, out);
  return { file, from, changed: !same };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { file, from, changed } = await writeSchema();
    console.log(`${path.relative(root, file)} ${changed ? 'written' : 'unchanged'} (from ${from})`);
  } catch (err) {
    console.error(`write-schema: ${err.message}`);
    process.exit(1);
  }
}
