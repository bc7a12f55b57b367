// engine.js's client logic (request ids, time budgets, worker respawn, lost
// sessions) against a scripted fake Worker, so every path runs in
// milliseconds with fake timers and without wasm.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine, timeoutDocument } from '../../web/src/engine/engine.js';

// A stand-in for a module Worker: records what the page posts; the test
// decides when the "worker" starts and answers each request.
class FakeWorker {
  static all = [];
  constructor({ autoReady = true } = {}) {
    this.posted = [];
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
    FakeWorker.all.push(this);
    if (autoReady) queueMicrotask(() => this.emit({ type: 'ready' }));
  }
  postMessage(msg) {
    if (this.terminated) throw new Error('postMessage after terminate');
    this.posted.push(msg);
  }
  terminate() {
    this.terminated = true;
  }
  emit(data) {
    this.onmessage?.({ data });
  }
  start(id) {
    this.emit({ type: 'start', id });
  }
  reply(id, result) {
    this.emit({ id, ok: true, result });
  }
  last(op) {
    return this.posted.filter((m) => !op || m.op === op).at(-1);
  }
}

const okDoc = (stdout = '') => ({ ok: true, stdout, values: {}, error: null, calls: [] });
const newEngine = (options = {}) => createEngine({ createWorker: () => new FakeWorker(), ...options });

beforeEach(() => {
  FakeWorker.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('engine client', () => {
  it('waits for the worker, posts {id, op, args} and resolves with the result', async () => {
    const engine = await newEngine();
    const w = FakeWorker.all[0];
    const p = engine.run('x = 1', { rung: 'tpu', trace: true, timeoutMs: 500 });
    const msg = w.last('run');
    // timeoutMs stays on the page side; the rest goes to the engine.
    expect(msg.args).toEqual(['x = 1', { rung: 'tpu', trace: true }]);
    w.start(msg.id);
    w.reply(msg.id, okDoc('hi'));
    expect(await p).toEqual(okDoc('hi'));
  });

  it('parses documents the worker sends as JSON text, and turns bad text into an error document', async () => {
    const engine = await newEngine();
    const w = FakeWorker.all[0];
    const p = engine.run('x = 1');
    const msg = w.last('run');
    w.start(msg.id);
    w.emit({ id: msg.id, ok: true, json: JSON.stringify(okDoc('as text')) });
    expect(await p).toEqual(okDoc('as text'));
    const q = engine.run('x = 2');
    const bad = w.last('run');
    w.start(bad.id);
    w.emit({ id: bad.id, ok: true, json: '{"ok": tru' });
    const doc = await q;
    expect(doc.ok).toBe(false);
    expect(doc.error.message).toMatch(/not JSON/);
  });

  it('rejects createEngine when the wasm cannot load', async () => {
    const create = () => {
      const w = new FakeWorker({ autoReady: false });
      queueMicrotask(() => w.emit({ type: 'fatal', message: 'no WebAssembly here' }));
      return w;
    };
    await expect(createEngine({ createWorker: create })).rejects.toThrow(/no WebAssembly here/);
  });

  it('stops a runaway run: error document, worker terminated, a fresh worker started', async () => {
    vi.useFakeTimers();
    const engine = await newEngine();
    const first = FakeWorker.all[0];
    const p = engine.run('while True: pass', { timeoutMs: 250 });
    first.start(first.last('run').id);
    vi.advanceTimersByTime(249);
    expect(first.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    const doc = await p;
    expect(doc).toEqual(timeoutDocument(250, 'run'));
    expect(doc.ok).toBe(false);
    expect(doc.error).toMatchObject({
      type: 'RuntimeError',
      id: 'interrupted',
      message: 'run stopped: the kernel ran past its time budget of 250 ms',
    });
    expect(first.terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
    // The next run goes to the new worker and works.
    const second = FakeWorker.all[1];
    const q = engine.run('x = 1');
    second.reply(second.last('run').id, okDoc());
    expect(await q).toEqual(okDoc());
  });

  it('starts the budget when the worker starts the call, not while it waits in the queue', async () => {
    vi.useFakeTimers();
    const engine = await newEngine();
    const w = FakeWorker.all[0];
    engine.run('slow', { timeoutMs: 0 }); // no budget
    const queued = engine.run('x = 1', { timeoutMs: 100 });
    vi.advanceTimersByTime(10_000); // still queued: no timer yet
    expect(w.terminated).toBe(false);
    const [slow, fast] = w.posted.filter((m) => m.op === 'run');
    w.reply(slow.id, okDoc());
    w.start(fast.id);
    w.reply(fast.id, okDoc('fast'));
    expect(await queued).toEqual(okDoc('fast'));
  });

  it('moves calls queued behind a runaway one to the new worker', async () => {
    vi.useFakeTimers();
    const engine = await newEngine();
    const first = FakeWorker.all[0];
    const runaway = engine.run('loop', { timeoutMs: 50 });
    const behind = engine.compare('x = 1');
    const registry = engine.errors();
    first.start(first.posted[0].id);
    vi.advanceTimersByTime(50);
    expect((await runaway).error.id).toBe('interrupted');
    const second = FakeWorker.all[1];
    expect(second.posted.map((m) => m.op)).toEqual(['compare', 'errors']);
    second.reply(second.last('compare').id, { rungs: {} });
    second.reply(second.last('errors').id, [{ id: 'internal_error' }]);
    expect(await behind).toEqual({ rungs: {} });
    expect(await registry).toEqual([{ id: 'internal_error' }]);
  });

  it('a session lost to a respawn says so once, then starts fresh', async () => {
    vi.useFakeTimers();
    const engine = await newEngine();
    const first = FakeWorker.all[0];
    const s = engine.session();
    const a = s.exec('a = 1');
    expect(first.posted.map((m) => m.op)).toEqual(['sessionCreate', 'sessionExec']);
    first.reply(first.posted[0].id, { ok: true });
    first.reply(first.last('sessionExec').id, okDoc());
    await a;
    // An unrelated runaway run kills the worker and the session's state with it.
    const r = engine.run('loop', { timeoutMs: 10 });
    first.start(first.last('run').id);
    vi.advanceTimersByTime(10);
    await r;
    const lost = await s.exec('print(a)');
    expect(lost.ok).toBe(false);
    expect(lost.error.id).toBe('interrupted');
    expect(lost.error.message).toMatch(/session's variables and simulated memory were lost/);
    expect(lost.error.message).toMatch(/time budget/);
    const second = FakeWorker.all[1];
    expect(second.posted).toHaveLength(0); // the lost cell did not run
    // The next exec re-creates the session in the new worker.
    const b = s.exec('a = 1');
    expect(second.posted.map((m) => m.op)).toEqual(['sessionCreate', 'sessionExec']);
    second.reply(second.posted[0].id, { ok: true });
    second.reply(second.last('sessionExec').id, okDoc('fresh'));
    expect(await b).toEqual(okDoc('fresh'));
  });

  it('reset() after a loss just starts fresh, without a lost report', async () => {
    vi.useFakeTimers();
    const engine = await newEngine();
    const first = FakeWorker.all[0];
    const s = engine.session();
    s.exec('loop', { timeoutMs: 5 });
    first.start(first.last('sessionExec').id);
    vi.advanceTimersByTime(5);
    expect(await s.reset()).toEqual({ ok: true });
    const second = FakeWorker.all[1];
    const p = s.exec('x = 1');
    second.reply(second.last('sessionExec').id, okDoc());
    expect(await p).toEqual(okDoc());
  });

  it('a crashed worker fails pending calls as documents and is replaced on next use', async () => {
    const engine = await newEngine();
    const first = FakeWorker.all[0];
    const p = engine.run('x = 1');
    const registry = engine.errors();
    first.onerror({ message: 'out of memory' });
    const doc = await p;
    expect(doc.ok).toBe(false);
    expect(doc.error.message).toMatch(/crashed: out of memory/);
    await expect(registry).rejects.toThrow(/out of memory/);
    const q = engine.run('x = 2');
    const second = FakeWorker.all[1];
    second.reply(second.last('run').id, okDoc());
    expect(await q).toEqual(okDoc());
  });

  it('a worker-side failure resolves documents and rejects other calls', async () => {
    const engine = await newEngine();
    const w = FakeWorker.all[0];
    const run = engine.run('x');
    const registry = engine.errors();
    w.emit({ id: w.last('run').id, ok: false, error: { message: 'boom' } });
    w.emit({ id: w.last('errors').id, ok: false, error: { message: 'bang' } });
    expect((await run).error).toMatchObject({ message: 'boom', id: 'internal_error' });
    await expect(registry).rejects.toThrow('bang');
  });

  it('refuses bad arguments before they reach the worker', async () => {
    const engine = await newEngine();
    await expect(engine.run(42)).rejects.toThrow(TypeError);
    await expect(engine.run('x', { timeoutMs: -1 })).rejects.toThrow(/timeoutMs/);
    expect(FakeWorker.all[0].posted).toHaveLength(0);
  });
});
