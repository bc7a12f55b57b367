// The engine's home in the browser: a module Web Worker that instantiates the
// wasm module once and serves the page's requests, so a long kernel never
// blocks the page and a runaway one can be stopped by terminating the worker
// (web/src/engine/engine.js does that and starts a fresh one).
//
// Protocol (engine.js is the only client):
//   page -> worker  {id, op, args}
//   worker -> page  {type:'ready'} once the module is instantiated,
//                   {type:'fatal', message} if it cannot be,
//                   {type:'start', id} just before a request enters wasm (the
//                     page's time budget for a call starts here, not while it
//                     waits in the queue behind another call),
//                   {id, ok:true, json} (the engine's answer as JSON text,
//                     parsed by the page: one string copy is cheaper than
//                     structured-cloning a large document), {id, ok:true,
//                     result} (small plain answers, e.g. session bookkeeping),
//                   or {id, ok:false, error:{message}}.
import createRungsModule from '../web/src/generated/rungs.mjs';

const ready = createRungsModule();
ready.then(
  (m) => {
    self.postMessage({ type: 'ready' });
    warmUpWhenIdle();
  },
  (err) => self.postMessage({ type: 'fatal', message: describe(err) }),
);

// V8 first runs wasm functions in its baseline tier and moves hot ones up
// only between calls, never in the middle of one: a page's first long kernel
// would run entirely on baseline code (several times slower). A small kernel
// with many grid steps, run once while the page is still loading, makes the
// interpreter loop, block copies, elementwise ops and matmul hot first.
const WARM_UP = `
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
def k(x_ref, y_ref, o_ref):
    o_ref[...] = jnp.tanh(x_ref[...] @ y_ref[...] + 1.0) * 2.0
x = jnp.ones((64 * 8, 128), jnp.float32)
y = jnp.ones((128, 128), jnp.float32)
o = pl.pallas_call(k, grid=(64,), in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0)),
    pl.BlockSpec((128, 128), lambda i: (0, 0))], out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((64 * 8, 128), jnp.float32), interpret=True)(x, y)
del x, y, o
`;
function warmUp(m) {
  try {
    m.run(WARM_UP, JSON.stringify({ rung: 'interpret' }));
  } catch {
    // A warm-up failure only costs speed; the real runs report their own errors.
  }
}

// The warm-up runs once the worker has been idle for a moment, not right
// after loading: pages send their first request as soon as the module is
// ready (the explainer's first widget), and it must not wait the warm-up's
// ~0.2-0.5 s behind it. Any request cancels a pending warm-up; it is re-armed
// when the queue drains.
const WARM_UP_IDLE_MS = 150;
let warmed = false;
let warmTimer = null;
let inFlight = 0;
function warmUpWhenIdle() {
  clearTimeout(warmTimer);
  if (warmed || inFlight > 0) return;
  warmTimer = setTimeout(async () => {
    if (warmed || inFlight > 0) return;
    warmed = true;
    warmUp(await ready);
  }, WARM_UP_IDLE_MS);
}

// Embind Session objects by the page's session id. They live in the wasm heap
// and are not garbage-collected: sessionDelete frees one.
const sessions = new Map();

function describe(err) {
  return String((err && err.message) || err || 'unknown error');
}

function session(sid) {
  const s = sessions.get(sid);
  if (!s) throw new Error(`no session ${sid} in this engine worker`);
  return s;
}

// Options travel as JSON text; the C++ side refuses unknown keys.
const text = (options) => JSON.stringify(options ?? {});

// The engine's answers are JSON text, and they go to the page as that text:
// a string crosses postMessage as one copy, while the parsed document (tens
// of thousands of numbers in arrays and trace events) took the page 30-40 ms
// to deserialize, longer than parsing the text there.
class JsonText {
  constructor(text) {
    this.text = text;
  }
}
const json = (t) => new JsonText(t);

const OPS = {
  run: (m, source, options) => json(m.run(source, text(options))),
  compare: (m, source, options) => json(m.compare(source, text(options))),
  errors: (m) => json(m.errors()),
  schema: (m) => json(m.schema()),
  check: (m, source, filename) => json(m.check(source, filename ?? '')),
  // A puzzle's files (puzzle.json, spec.py) travel with each check: the
  // engine has no file system, and the page already bundles them.
  puzzleCheck: (m, id, manifest, spec, source) => json(m.puzzleCheck(id, manifest, spec, source)),
  puzzleProgram: (m, id, manifest, spec, source) => json(m.puzzleProgram(id, manifest, spec, source)),
  sessionCreate(m, sid) {
    if (sessions.has(sid)) throw new Error(`session ${sid} already exists`);
    sessions.set(sid, new m.Session());
    return { ok: true };
  },
  sessionExec: (m, sid, cell, options) => json(session(sid).exec(cell, text(options))),
  sessionReset: (m, sid) => json(session(sid).reset()),
  sessionDelete(m, sid) {
    const s = sessions.get(sid);
    if (s) {
      s.delete();
      sessions.delete(sid);
    }
    return { ok: true };
  },
};

async function handle({ id, op, args = [] }) {
  let m;
  try {
    m = await ready;
  } catch (err) {
    self.postMessage({ id, ok: false, error: { message: `the engine failed to load: ${describe(err)}` } });
    return;
  }
  const fn = Object.hasOwn(OPS, op) ? OPS[op] : null;
  if (!fn) {
    self.postMessage({ id, ok: false, error: { message: `unknown engine operation '${op}'` } });
    return;
  }
  self.postMessage({ type: 'start', id });
  try {
    const out = fn(m, ...args);
    self.postMessage(out instanceof JsonText ? { id, ok: true, json: out.text } : { id, ok: true, result: out });
  } catch (err) {
    self.postMessage({ id, ok: false, error: { message: describe(err) } });
  }
}

// One request at a time, in arrival order: the wasm engine is single-threaded
// and the page's per-call timers assume calls run one after another.
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  inFlight += 1;
  clearTimeout(warmTimer);
  queue = queue.then(async () => {
    await handle(data);
    inFlight -= 1;
    warmUpWhenIdle();
  });
};
