// One engine per page, shared by every widget on it and exposed as
// `window.rungs` for the browser console and for the end-to-end tests:
//   await rungs.run(source, { rung: 'interpret' })
// The worker starts on first use, so a page that never runs a kernel never
// downloads the wasm.
import { createEngine } from './engine.js';

let shared = null;

export function getEngine() {
  if (!shared) {
    shared = createEngine();
    // A failed start (e.g. the wasm could not load) is retried on next use.
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}

export const rungs = Object.freeze({
  run: async (source, options) => (await getEngine()).run(source, options),
  compare: async (source, options) => (await getEngine()).compare(source, options),
  errors: async () => (await getEngine()).errors(),
  schema: async () => (await getEngine()).schema(),
  check: async (source, filename) => (await getEngine()).check(source, filename),
  session: async () => (await getEngine()).session(),
  engine: getEngine,
});

if (typeof window !== 'undefined') window.rungs = rungs;
