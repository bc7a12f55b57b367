// postMessage between embed.html and its host: who counts as the host, which
// messages are obeyed (exactly one shape, from the parent, from its origin),
// and what the embed reports.
import { describe, expect, it, vi } from 'vitest';
import {
  hostOrigin,
  isRunRequest,
  startFrameChannel,
  stateMessage,
} from '../../../web/src/embed/frame-channel.js';

const HOST = 'https://docs.example.org';

describe('hostOrigin', () => {
  it('is null when not framed', () => {
    expect(hostOrigin({ framed: false, declared: HOST })).toBe(null);
  });
  it('uses the declared origin when the browser agrees or cannot say', () => {
    expect(hostOrigin({ framed: true, declared: HOST, ancestorOrigins: [HOST] })).toBe(HOST);
    expect(hostOrigin({ framed: true, declared: HOST })).toBe(HOST);
  });
  it('turns the channel off when the declared origin is not the parent', () => {
    expect(hostOrigin({ framed: true, declared: HOST, ancestorOrigins: ['https://evil.example'] })).toBe(null);
    expect(hostOrigin({ framed: true, declared: HOST, ancestorOrigins: ['null'] })).toBe(null);
  });
  it('falls back to the parent origin, then the referrer', () => {
    expect(hostOrigin({ framed: true, ancestorOrigins: ['https://a.example'] })).toBe('https://a.example');
    expect(hostOrigin({ framed: true, ancestorOrigins: ['null'] })).toBe(null);
    expect(hostOrigin({ framed: true, referrer: 'https://b.example/docs/page.html' })).toBe('https://b.example');
    expect(hostOrigin({ framed: true, referrer: 'file:///x.html' })).toBe(null);
    expect(hostOrigin({ framed: true })).toBe(null);
  });
});

describe('isRunRequest', () => {
  const parent = {};
  const run = { source: 'rungs-host', version: 1, type: 'run' };
  const ok = (over) => isRunRequest({ origin: HOST, source: parent, data: run, ...over }, { parent, origin: HOST });

  it('accepts exactly the run message from the parent at the host origin', () => {
    expect(ok({})).toBe(true);
  });
  it('ignores other origins and other windows', () => {
    expect(ok({ origin: 'https://evil.example' })).toBe(false);
    expect(ok({ origin: 'null' })).toBe(false);
    expect(ok({ source: {} })).toBe(false);
    expect(ok({ source: null })).toBe(false);
    expect(isRunRequest({ origin: HOST, source: parent, data: run }, { parent, origin: null })).toBe(false);
  });
  it('ignores every other shape', () => {
    const bad = [
      'run',
      null,
      [run],
      { ...run, type: 'eval' },
      { ...run, version: 2 },
      { ...run, version: '1' },
      { ...run, source: 'rungs-embed' },
      { ...run, code: 'print(1)' },
      { source: 'rungs-host', type: 'run' },
      Object.assign(Object.create({ injected: true }), run),
    ];
    for (const data of bad) expect(ok({ data })).toBe(false);
  });
});

describe('stateMessage', () => {
  it('carries the state, and a summary once a run ended', () => {
    expect(stateMessage('running', null)).toEqual({ source: 'rungs-embed', version: 1, type: 'state', state: 'running' });
    const doc = {
      ok: false,
      stdout: 'x'.repeat(20_000),
      values: { big: { data: [1, 2, 3] } },
      error: { type: 'ValueError', message: 'bad', line: 3, col: 5, id: 'x', traceback: [] },
      calls: [],
    };
    const msg = stateMessage('error', doc);
    expect(msg).toEqual({
      source: 'rungs-embed',
      version: 1,
      type: 'state',
      state: 'error',
      ok: false,
      stdout: 'x'.repeat(10_000),
      error: { type: 'ValueError', message: 'bad', line: 3, col: 5 },
    });
  });
});

describe('startFrameChannel', () => {
  function fakeWindow({ ancestorOrigins = [HOST] } = {}) {
    const parent = { posted: [], postMessage(msg, target) { this.posted.push({ msg, target }); } };
    const listeners = {};
    const win = {
      parent,
      location: { ancestorOrigins },
      document: { referrer: '', documentElement: { scrollHeight: 321 }, body: {} },
      addEventListener: (type, fn) => (listeners[type] = fn),
      removeEventListener: (type) => delete listeners[type],
      dispatch: (type, event) => listeners[type]?.(event),
    };
    return win;
  }
  function fakeKernel() {
    const handlers = {};
    return {
      run: vi.fn(),
      result: null,
      getAttribute: () => 'idle',
      addEventListener: (type, fn) => (handlers[type] = fn),
      removeEventListener: (type) => delete handlers[type],
      emit: (state) => handlers['rungs-statechange']?.({ detail: { state } }),
    };
  }

  it('posts height and state to the host origin only, and obeys a valid run', () => {
    const win = fakeWindow();
    const kernel = fakeKernel();
    const stop = startFrameChannel({ win, kernel });
    expect(win.parent.posted).toEqual([
      { msg: { source: 'rungs-embed', version: 1, type: 'height', height: 321 }, target: HOST },
      { msg: { source: 'rungs-embed', version: 1, type: 'state', state: 'idle' }, target: HOST },
    ]);
    kernel.emit('running');
    expect(win.parent.posted.at(-1)).toEqual({ msg: { source: 'rungs-embed', version: 1, type: 'state', state: 'running' }, target: HOST });

    win.dispatch('message', { origin: 'https://evil.example', source: win.parent, data: { source: 'rungs-host', version: 1, type: 'run' } });
    win.dispatch('message', { origin: HOST, source: win.parent, data: { source: 'rungs-host', version: 1, type: 'run', extra: 1 } });
    expect(kernel.run).not.toHaveBeenCalled();
    win.dispatch('message', { origin: HOST, source: win.parent, data: { source: 'rungs-host', version: 1, type: 'run' } });
    expect(kernel.run).toHaveBeenCalledTimes(1);

    stop();
    win.dispatch('message', { origin: HOST, source: win.parent, data: { source: 'rungs-host', version: 1, type: 'run' } });
    expect(kernel.run).toHaveBeenCalledTimes(1);
  });

  it('stays silent when it cannot tell who the host is', () => {
    const win = fakeWindow({ ancestorOrigins: ['null'] });
    startFrameChannel({ win, kernel: fakeKernel() });
    expect(win.parent.posted).toEqual([]);
  });

  it('stays silent when not framed', () => {
    const win = fakeWindow();
    win.parent = win;
    win.postMessage = vi.fn();
    startFrameChannel({ win, kernel: fakeKernel() });
    expect(win.postMessage).not.toHaveBeenCalled();
  });
});
