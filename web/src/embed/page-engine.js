// One engine per page, whatever number of embeds it holds: the first embed
// that scrolls into view starts it, the others queue on the same worker.
//
// Two details make this work on a documentation site that is not Rungs:
// - The worker's URL comes from this module's own URL (Vite turns the
//   `?worker&url` import into a path relative to import.meta.url), never
//   from the host page's location, so /rungs-embed.js works from any path.
// - A Worker must be same-origin with its page. When /rungs-embed.js is loaded
//   from another origin (a docs site using the Rungs site's copy), the worker
//   is started from a one-line blob: module that imports the real one; the
//   engine then fetches its wasm beside that module (both need CORS, which
//   static hosts such as GitHub Pages send).
import { createEngine } from '../engine/engine.js';
import workerPath from '../../../wasm/worker.js?worker&url';

// The same promise for every copy of this module on the page (a page could
// load /rungs-embed.js twice, or bundle it beside its own Rungs widgets).
const KEY = Symbol.for('rungs.embed.engine');

export function workerUrl() {
  return new URL(workerPath, import.meta.url);
}

export function createWorkerFor(url, pageOrigin) {
  if (url.origin === pageOrigin) return new Worker(url, { type: 'module' });
  // The text is built from our own URL (JSON-quoted), never from page input.
  const shim = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(shim), { type: 'module' });
}

export function pageEngine() {
  // Rungs' own pages already hold one (window.rungs, engine/global.js): use
  // it, so a page with both an explainer widget and an embed has one worker.
  const own = globalThis.rungs;
  if (own && typeof own.engine === 'function') {
    return own.engine();
  }
  if (!globalThis[KEY]) {
    const url = workerUrl();
    const started = createEngine({ createWorker: () => createWorkerFor(url, location.origin) });
    globalThis[KEY] = started;
    // A failed start (the wasm could not load) is retried by the next run.
    started.catch(() => {
      if (globalThis[KEY] === started) globalThis[KEY] = null;
    });
  }
  return globalThis[KEY];
}
