// The WASM side of the benchmarks: every run of benchmarks.json through the
// Embind module in Node, exactly as the worker loads it (the ES6 web,worker
// build given its bytes, TOOLCHAIN §2), printed against the native figures
// of the same run.sh invocation:
//   bench: NAME_wasm_vs_native ratio=R target=2
// R = the fastest timed WASM repetition / the native engine's fastest
// (kernel_ns in the native bench's --benchmark_out JSON). A real-kernel run
// (benchmarks.json `reference`) also prints NAME_wasm_vs_reference: the WASM
// time over its native C++ reference's (baseline_ns), with the run's target. Each run uses one
// Session: the setup program runs once as a cell, then the timed cell
// (`__o = run()`) runs untimed for two seconds (V8 starts on baseline code
// and tiers hot functions up between calls), then `reps` times timed. The
// first call's time is an `info:` line: it is what a page's first run pays
// (the page figures measure that experience end to end).
//
//   node tests/bench/wasm_bench.mjs NATIVE_JSON
// Env: RUNGS_WASM_DIR (folder holding rungs.{mjs,wasm}; default
// web/src/generated), RUNGS_BENCH_QUICK=1 (2 repetitions), RUNGS_BENCH_ONLY
// (runs whose name contains it). Targets live here, never in tests.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const wasmDir = path.resolve(process.env.RUNGS_WASM_DIR ?? path.join(here, '../../web/src/generated'));
const TARGET = 2;
const WARM_UP_MS = 2000;

const nativePath = process.argv[2];
if (!nativePath) {
  console.error('usage: node tests/bench/wasm_bench.mjs NATIVE_JSON (rungs_bench --benchmark_out=FILE)');
  process.exit(2);
}

// Native engine time per run name ("elementwise_rung1/iterations:15/manual_time" -> elementwise_rung1).
// (and the native C++ reference's time, for real-kernel runs).
function nativeFigures(file) {
  const out = new Map();
  const reference = new Map();
  for (const b of JSON.parse(readFileSync(file, 'utf8')).benchmarks ?? []) {
    if (b.run_type !== 'iteration' || b.error_occurred || !(b.kernel_ns > 0)) continue;
    out.set(b.name.split('/')[0], b.kernel_ns);
    reference.set(b.name.split('/')[0], b.baseline_ns);
  }
  return { out, reference };
}

const { out: native, reference: nativeReference } = nativeFigures(nativePath);
const spec = JSON.parse(readFileSync(path.join(here, 'benchmarks.json'), 'utf8'));
const { default: createRungsModule } = await import(pathToFileURL(path.join(wasmDir, 'rungs.mjs')).href);
const wasmBinary = await readFile(path.join(wasmDir, 'rungs.wasm'));
const m = await createRungsModule({ wasmBinary });

// One cell; throws with the engine's message when the program fails.
function exec(session, cell, options, what) {
  const doc = JSON.parse(session.exec(cell, JSON.stringify(options)));
  if (!doc.ok) throw new Error(`${what}: ${doc.error.type}: ${doc.error.message}`);
  return doc;
}

const quick = Boolean(process.env.RUNGS_BENCH_QUICK);
for (const [name, run] of Object.entries(spec.runs)) {
  if (process.env.RUNGS_BENCH_ONLY && !name.includes(process.env.RUNGS_BENCH_ONLY)) continue;
  const line = `${name}_wasm_vs_native`;
  const session = new m.Session();
  try {
    // As in the native harness: no step budget to speak of, room for the inputs and results.
    const options = { rung: run.rung, maxSteps: 2 ** 52, maxMemory: 2 ** 30 };
    if (run.params) options.params = run.params;
    exec(session, readFileSync(path.join(here, 'programs', run.file), 'utf8'), { ...options, filename: run.file }, `${name} setup`);
    let t0 = performance.now();
    exec(session, run.cell, options, name);
    const first = performance.now() - t0;
    // V8 moves hot functions up from its baseline tier between calls, a few
    // at a time: keep calling for WARM_UP_MS (at least twice) so the timed
    // calls measure the optimised code, as the native figures do.
    const warmEnd = performance.now() + (quick ? 0 : WARM_UP_MS);
    for (let i = 0; i < 2 || performance.now() < warmEnd; i++) exec(session, run.cell, options, name);
    let best = Infinity;
    for (let i = 0; i < (quick ? 2 : run.reps); i++) {
      t0 = performance.now();
      exec(session, run.cell, options, name);
      best = Math.min(best, performance.now() - t0);
    }
    const nativeNs = native.get(name);
    if (nativeNs === undefined) {
      console.log(`bench: ${line} error=no native figure for ${name} in ${nativePath}`);
    } else {
      console.log(`bench: ${line} ratio=${(best / (nativeNs / 1e6)).toFixed(2)} target=${TARGET}`);
    }
    // A real kernel is also measured against its C++ reference (run natively).
    const referenceNs = nativeReference.get(name);
    if (run.reference && referenceNs > 0) {
      const r = (best / (referenceNs / 1e6)).toFixed(2);
      console.log(`bench: ${name}_wasm_vs_reference ratio=${r} target=${run.target ?? '-'}`);
    }
    let info = `info: ${line} wasm_ms=${best.toFixed(2)} first_call_ms=${first.toFixed(2)}`;
    if (nativeNs !== undefined) info += ` native_ms=${(nativeNs / 1e6).toFixed(2)}`;
    if (run.steps) info += ` ns_per_step=${((best * 1e6) / run.steps).toFixed(0)}`;
    console.log(info);
  } catch (err) {
    console.log(`bench: ${line} error=${String(err?.message ?? err).split('\n')[0]}`);
  } finally {
    session.delete();
  }
}
