// The page's handle on the Rungs engine. The engine itself (wasm) lives in a
// module Web Worker (wasm/worker.js); this client owns that worker, numbers
// requests, and turns replies into promises.
//
// Runaway kernels: wasm cannot be interrupted from outside, so a call that
// outlives its time budget is stopped by terminating the whole worker. The
// call then resolves with an error *result document* (views show it like any
// other error), a fresh worker is started at once (the browser keeps the
// compiled wasm, so this costs ~0.1 s), calls that were still queued move to
// it, and notebook sessions, whose state died with the old worker, say so on
// their next exec.
//
//   const engine = await createEngine();
//   const doc = await engine.run(source, { rung, platform, devices, timeoutMs, trace, params });
//   await engine.compare(source, opts); await engine.errors();
//   await engine.schema(); await engine.check(source);
//   const s = engine.session(); await s.exec(cell, opts); await s.reset(); s.close();
//
// engine.schema() asks the running engine; pages that need the schema
// synchronously (forms, validation) read the same data from schema.js.
import { errorById } from './schema.js';

export const DEFAULT_TIMEOUT_MS = 10_000;

// Ops whose reply is a result document: their failures become error
// documents instead of rejections, so a view can always render the outcome.
const DOCUMENT_OPS = new Set(['run', 'compare', 'sessionExec', 'puzzleCheck']);

// A result document (DESIGN.md "Contracts") for a failure the engine never
// saw: timeouts, a lost worker, a lost session, a page that could not reach
// the engine. The one builder of such documents on the JS side: `id` names
// an entry of the engine's registry (schema.js), whose exception class the
// error takes; an id the registry lacks is a bug in the page, so it throws.
export function errorDocument(message, { id = 'internal_error', op } = {}) {
  const entry = errorById(id);
  if (!entry) throw new TypeError(`errorDocument: '${id}' is not an id of the engine's error registry`);
  const doc = {
    ok: false,
    stdout: '',
    values: {},
    error: { type: entry.type, message, line: 0, col: 0, id },
    calls: [],
  };
  if (op === 'compare') doc.rungs = {};
  return doc;
}

export function timeoutDocument(ms, op) {
  return errorDocument(`run stopped: the kernel ran past its time budget of ${ms} ms`, {
    id: 'interrupted',
    op,
  });
}

function lostSessionDocument(reason) {
  return errorDocument(
    `run stopped: this session's variables and simulated memory were lost when the engine ` +
      `restarted (${reason}); this cell did not run. Run the session's cells again from the top.`,
    { id: 'interrupted' },
  );
}

// Vite recognises exactly this shape and bundles the worker with its wasm.
function defaultCreateWorker() {
  return new Worker(new URL('../../../wasm/worker.js', import.meta.url), { type: 'module' });
}

function budget(timeoutMs, fallback) {
  const ms = timeoutMs === undefined ? fallback : timeoutMs;
  if (ms === null || ms === 0 || ms === Infinity) return Infinity; // no limit
  if (typeof ms !== 'number' || !(ms > 0)) {
    throw new TypeError(`timeoutMs must be a positive number of milliseconds, got ${ms}`);
  }
  return ms;
}

class Engine {
  #createWorker;
  #defaultTimeout;
  #worker = null;
  #generation = 0; // bumped whenever a worker is torn down: sessions compare it
  #restartReason = '';
  #pending = new Map(); // request id -> call
  #nextId = 1;
  #nextSessionId = 1;
  #ready = null; // {promise, resolve, reject} for the current worker

  constructor(createWorker, defaultTimeout) {
    this.#createWorker = createWorker;
    this.#defaultTimeout = defaultTimeout;
  }

  // Resolves once the current worker has instantiated the wasm module.
  ready() {
    this.#ensureWorker();
    return this.#ready.promise;
  }

  run(source, options = {}) {
    return this.#documentCall('run', source, options);
  }

  compare(source, options = {}) {
    return this.#documentCall('compare', source, options);
  }

  errors() {
    return this.#send('errors', []);
  }

  // The engine's own description: rungs, params (types, defaults, choices),
  // chip generations and the error registry with categories.
  schema() {
    return this.#send('schema', []);
  }

  // Parse-only diagnostics for the editor: {ok, diagnostics: [{type,
  // message, line, col, end_line, end_col, id, category}]}; nothing runs.
  check(source, filename) {
    return this.#send('check', [source, filename]);
  }

  // A practice puzzle's check (core/puzzle/judge.h): {id, title, solved,
  // rungs: {interpret, tpu, chip: {ok, message, error, failure}}}, or an
  // error document when the puzzle's own files are malformed. `puzzle` is
  // {id, manifest, spec}: the text of its puzzle.json and spec.py.
  puzzleCheck(puzzle, source, { timeoutMs } = {}) {
    return this.#puzzleCall('puzzleCheck', puzzle, source, timeoutMs);
  }

  // The check program the engine would run for this attempt ({ok, text}),
  // for the notebook export.
  puzzleProgram(puzzle, source) {
    return this.#puzzleCall('puzzleProgram', puzzle, source, undefined);
  }

  #puzzleCall(op, puzzle, source, timeoutMs) {
    if (typeof source !== 'string') return Promise.reject(new TypeError(`${op}(puzzle, source): source must be a string`));
    let ms;
    try {
      ms = budget(timeoutMs, this.#defaultTimeout);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.#send(op, [puzzle.id, puzzle.manifest, puzzle.spec, source], { timeoutMs: ms });
  }

  session() {
    const s = { sid: this.#nextSessionId++, generation: null, closed: false };
    return {
      exec: (cell, options = {}) => this.#sessionExec(s, cell, options),
      reset: () => this.#sessionReset(s),
      close: () => this.#sessionClose(s),
    };
  }

  // Stops the worker for good; pending calls end with an error.
  terminate() {
    this.#teardown('the engine was shut down');
  }

  #documentCall(op, source, options) {
    if (typeof source !== 'string') {
      return Promise.reject(new TypeError(`${op}(source): source must be a string`));
    }
    const { timeoutMs, ...rest } = options ?? {};
    let ms;
    try {
      ms = budget(timeoutMs, this.#defaultTimeout);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.#send(op, [source, rest], { timeoutMs: ms });
  }

  #sessionExec(s, cell, options) {
    if (s.closed) return Promise.reject(new Error('exec on a closed session'));
    if (typeof cell !== 'string') return Promise.reject(new TypeError('exec(cell): cell must be a string'));
    if (s.generation !== null && s.generation !== this.#generation) {
      s.generation = null; // reported once; the next exec starts a fresh session
      return Promise.resolve(lostSessionDocument(this.#restartReason));
    }
    const { timeoutMs, ...rest } = options ?? {};
    let ms;
    try {
      ms = budget(timeoutMs, this.#defaultTimeout);
    } catch (err) {
      return Promise.reject(err);
    }
    if (s.generation === null) {
      // Lazily (re)create the worker-side session; the worker handles requests
      // in order, so the exec below finds it.
      this.#send('sessionCreate', [s.sid], { session: s }).catch(() => {});
      s.generation = this.#generation;
    }
    return this.#send('sessionExec', [s.sid, cell, rest], { timeoutMs: ms, session: s });
  }

  async #sessionReset(s) {
    if (s.closed) throw new Error('reset on a closed session');
    if (s.generation === null || s.generation !== this.#generation) {
      s.generation = null; // nothing to reset: the next exec starts fresh anyway
      return { ok: true };
    }
    return this.#send('sessionReset', [s.sid], { session: s });
  }

  #sessionClose(s) {
    if (s.closed) return;
    s.closed = true;
    if (s.generation === this.#generation && this.#worker) {
      this.#send('sessionDelete', [s.sid], { session: s }).catch(() => {});
    }
  }

  #send(op, args, { timeoutMs = Infinity, session = null } = {}) {
    this.#ensureWorker();
    return new Promise((resolve, reject) => {
      const call = { id: this.#nextId++, op, args, timeoutMs, session, resolve, reject, timer: null };
      this.#pending.set(call.id, call);
      this.#post(call);
    });
  }

  #post(call) {
    this.#worker.postMessage({ id: call.id, op: call.op, args: call.args });
  }

  #ensureWorker() {
    if (this.#worker) return;
    let resolve, reject;
    const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
    promise.catch(() => {}); // observed through ready() or through the calls
    this.#ready = { promise, resolve, reject };
    const worker = this.#createWorker();
    // Handlers check `worker` is still current: a terminated worker's late
    // events must not touch the calls that moved to its successor.
    worker.onmessage = (event) => {
      if (worker === this.#worker) this.#onMessage(event.data);
    };
    worker.onerror = (event) => {
      event?.preventDefault?.();
      if (worker === this.#worker) {
        this.#teardown(`the engine worker crashed: ${event?.message || 'unknown error'}`);
      }
    };
    this.#worker = worker;
  }

  #onMessage(msg) {
    if (msg?.type === 'ready') return this.#ready.resolve();
    if (msg?.type === 'fatal') {
      return this.#teardown(`the engine failed to load: ${msg.message}`);
    }
    const call = this.#pending.get(msg?.id);
    if (!call) return;
    if (msg.type === 'start') {
      // The budget covers the call's own run, not its wait in the queue.
      if (call.timeoutMs !== Infinity) {
        call.timer = setTimeout(() => this.#onTimeout(call), call.timeoutMs);
      }
      return;
    }
    clearTimeout(call.timer);
    this.#pending.delete(call.id);
    if (!msg.ok) return this.#fail(call, msg.error?.message || 'the engine reported an unknown failure');
    if (typeof msg.json !== 'string') return call.resolve(msg.result);
    let doc;
    try {
      doc = JSON.parse(msg.json); // the worker sends documents as text (see wasm/worker.js)
    } catch (err) {
      return this.#fail(call, `the engine sent a document that is not JSON: ${err.message}`);
    }
    call.resolve(doc);
  }

  #fail(call, message) {
    if (DOCUMENT_OPS.has(call.op)) call.resolve(errorDocument(message, { op: call.op }));
    else call.reject(new Error(message));
  }

  #onTimeout(call) {
    this.#pending.delete(call.id);
    call.resolve(timeoutDocument(call.timeoutMs, call.op));
    const waiting = this.#stopWorker('a run went past its time budget');
    // Respawn now, so the next call finds a warm worker.
    this.#ensureWorker();
    for (const other of waiting) {
      if (other.session) {
        // Its session died with the worker; report it on this call only.
        other.session.generation = null;
        if (other.op === 'sessionExec') other.resolve(lostSessionDocument(this.#restartReason));
        else other.resolve({ ok: true });
      } else {
        this.#pending.set(other.id, other);
        this.#post(other);
      }
    }
  }

  // Terminates the worker and hands back the calls it still owed.
  #stopWorker(reason) {
    const waiting = [...this.#pending.values()];
    for (const call of waiting) clearTimeout(call.timer);
    this.#pending.clear();
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready?.reject(new Error(reason));
    this.#generation += 1;
    this.#restartReason = reason;
    return waiting;
  }

  #teardown(reason) {
    for (const call of this.#stopWorker(reason)) this.#fail(call, reason);
  }
}

// Starts the worker and resolves once the wasm engine is ready to run.
// `createWorker` is injectable so tests can substitute a fake Worker.
export async function createEngine({
  createWorker = defaultCreateWorker,
  timeoutMs = DEFAULT_TIMEOUT_MS,
} = {}) {
  const engine = new Engine(createWorker, budget(timeoutMs, DEFAULT_TIMEOUT_MS));
  await engine.ready();
  return engine;
}
