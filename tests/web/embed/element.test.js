// @vitest-environment jsdom
// <rungs-kernel> in a DOM, with a scripted engine and a scripted
// IntersectionObserver: lifecycle, state on the host, inert kernel text,
// attribute problems, lazy start, src loading, and independence of embeds.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeState } from '../../../web/src/playground/share.js';

// One fake observer for the page, as visibility.js creates one.
class FakeObserver {
  static current = null;
  constructor(callback) {
    this.callback = callback;
    this.watched = new Set();
    FakeObserver.current = this;
  }
  observe(el) {
    this.watched.add(el);
  }
  unobserve(el) {
    this.watched.delete(el);
  }
  show(el) {
    this.callback([{ target: el, isIntersecting: true }]);
  }
}

const okDoc = (over = {}) => ({ ok: true, stdout: 'hello\n', values: { z: { dtype: 'float32', shape: [4], data: [1, 2, 'NaN', 4] } }, error: null, calls: [], ...over });
const engine = { calls: [], next: [], run: vi.fn() };
engine.run.mockImplementation(async (source, options) => {
  engine.calls.push({ source, options });
  return engine.next.shift() ?? okDoc();
});

beforeAll(async () => {
  globalThis.IntersectionObserver = FakeObserver;
  const { defineRungsKernel } = await import('../../../web/src/embed/element.js');
  defineRungsKernel({ siteRoot: new URL('https://rungs.example/'), getEngine: async () => engine });
});

afterEach(() => {
  document.body.replaceChildren();
  engine.calls = [];
  engine.next = [];
  engine.run.mockClear();
  vi.unstubAllGlobals();
});

function kernel(attrs = {}, text = 'x = 1\n') {
  const el = document.createElement('rungs-kernel');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.textContent = text;
  document.body.append(el);
  return el;
}
const inner = (el) => el.shadowRoot.querySelector('[data-widget="embed"]');
const settle = () => new Promise((r) => setTimeout(r, 0));
async function until(predicate) {
  for (let i = 0; i < 100 && !predicate(); i++) await settle();
  expect(predicate()).toBe(true);
}

describe('<rungs-kernel>', () => {
  it('draws its frame in a shadow root and mirrors its state on the host', () => {
    const el = kernel({}, '\n    x = 1\n    print(x)\n  ');
    expect(el.getAttribute('data-widget')).toBe('embed');
    expect(el.getAttribute('data-state')).toBe('idle');
    expect(inner(el).dataset.state).toBe('idle');
    expect(el.shadowRoot.querySelector('.rk-code').textContent).toBe('x = 1\nprint(x)\n');
    expect(el.source).toBe('x = 1\nprint(x)\n');
    const link = new URL(el.shadowRoot.querySelector('a.rk-open').href);
    expect(link.origin + link.pathname).toBe('https://rungs.example/playground/');
    expect(decodeState(link.hash)).toEqual({ ok: true, state: { source: 'x = 1\nprint(x)\n', settings: { rung: 'auto', params: {} } } });
    expect(el.shadowRoot.querySelector('a.rk-open').rel).toBe('noopener noreferrer');
    // Nothing ran yet: it has not been seen.
    expect(engine.run).not.toHaveBeenCalled();
  });

  it('runs once when first scrolled into view, then shows its views', async () => {
    const el = kernel({ rung: 'tpu', params: '{"detect_races": true}', views: 'output,console,grid' });
    const states = [];
    el.addEventListener('rungs-statechange', (e) => states.push(e.detail.state));
    FakeObserver.current.show(el);
    await until(() => el.getAttribute('data-state') === 'done');
    expect(states).toEqual(['running', 'done']);
    expect(engine.calls).toEqual([{ source: 'x = 1\n', options: { rung: 'tpu', params: { detect_races: true }, trace: true, timeoutMs: 10_000 } }]);
    expect(el.result.stdout).toBe('hello\n');
    const shown = [...el.shadowRoot.querySelectorAll('.rk-view:not([hidden])')].map((s) => s.dataset.view);
    expect(shown).toEqual(['output', 'console', 'grid']);
    expect(el.shadowRoot.querySelector('.rg-stdout').textContent).toBe('hello\n');
    expect(el.shadowRoot.querySelectorAll('.rg-heatmap rect.rg-cell').length).toBe(4);
    expect(FakeObserver.current.watched.has(el)).toBe(false); // seen once is enough
  });

  it('waits for the Run button with run="click"', async () => {
    const el = kernel({ run: 'click' });
    FakeObserver.current.show(el);
    await settle();
    expect(engine.run).not.toHaveBeenCalled();
    el.shadowRoot.querySelector('button.rk-run').click();
    await until(() => el.getAttribute('data-state') === 'done');
    expect(engine.run).toHaveBeenCalledTimes(1);
  });

  it('ends in error for a program error, showing the message as text', async () => {
    engine.next.push(okDoc({ ok: false, stdout: '', values: {}, error: { type: 'ValueError', message: '<b>bad</b>', line: 2, col: 1, id: 'x' } }));
    const el = kernel({ views: 'console' });
    FakeObserver.current.show(el);
    await until(() => el.getAttribute('data-state') === 'error');
    expect(el.shadowRoot.querySelector('.rg-error').textContent).toContain('ValueError: <b>bad</b>');
    expect(el.shadowRoot.querySelector('b')).toBe(null);
  });

  it('keeps hostile kernel text inert', async () => {
    const hostile = '</script><img src=x onerror=window.__pwned=1>\nprint("<img src=x onerror=window.__pwned=1>")\n';
    engine.next.push(okDoc({ stdout: '<img src=x onerror=window.__pwned=1>\n', values: {} }));
    const el = kernel({ editable: '', views: 'console' }, hostile);
    FakeObserver.current.show(el);
    await until(() => el.getAttribute('data-state') === 'done');
    expect(el.shadowRoot.querySelector('textarea').value).toBe(hostile);
    expect(document.querySelectorAll('img').length).toBe(0);
    expect(el.shadowRoot.querySelectorAll('img').length).toBe(0);
    expect(el.shadowRoot.querySelector('.rg-stdout').textContent).toBe('<img src=x onerror=window.__pwned=1>\n');
    expect(window.__pwned).toBeUndefined();
  });

  it('lists attribute problems, refuses to run and says why', async () => {
    const el = kernel({ rung: 'gpu', params: '{"detect_races": "yes"}' });
    expect(el.getAttribute('data-state')).toBe('error');
    const items = [...el.shadowRoot.querySelectorAll('.rk-problems li')].map((li) => li.textContent);
    expect(items).toEqual([
      'rungs-kernel: invalid params.detect_races: "yes" (detect_races must be true or false)',
      'rungs-kernel: invalid rung: "gpu" (expected auto, interpret, tpu, chip)',
    ]);
    expect(el.shadowRoot.querySelector('button.rk-run').disabled).toBe(true);
    FakeObserver.current.show(el);
    await el.run();
    expect(engine.run).not.toHaveBeenCalled();
  });

  it('redraws when an attribute changes', async () => {
    const el = kernel({ rung: 'gpu', run: 'click' });
    expect(el.getAttribute('data-state')).toBe('error');
    el.setAttribute('rung', 'chip');
    expect(el.getAttribute('data-state')).toBe('idle');
    expect(el.shadowRoot.querySelector('.rk-rung').textContent).toBe('rung 3: chip model');
  });

  it('loads src from the page origin when seen, and refuses other origins', async () => {
    const fetch = vi.fn(async (href) => ({ ok: true, status: 200, url: href, text: async () => '  y = 2\n' }));
    vi.stubGlobal('fetch', fetch);
    const el = kernel({ src: 'kernels/k.py', run: 'click' }, '');
    expect(fetch).not.toHaveBeenCalled();
    FakeObserver.current.show(el);
    await until(() => el.source === 'y = 2\n');
    expect(fetch.mock.calls[0][0]).toBe(new URL('kernels/k.py', document.baseURI).href);

    const far = kernel({ src: 'https://evil.example/k.py' }, '');
    FakeObserver.current.show(far);
    await until(() => far.getAttribute('data-state') === 'error');
    expect(far.shadowRoot.querySelector('.rk-status').textContent).toMatch(/^invalid src: https:\/\/evil\.example\/k\.py is not on this page's origin/);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps several embeds independent', async () => {
    const a = kernel({ run: 'click' }, 'a = 1\n');
    const b = kernel({ run: 'click', theme: 'dark', editable: '' }, 'b = 2\n');
    FakeObserver.current.show(a);
    FakeObserver.current.show(b);
    await a.run();
    expect(a.getAttribute('data-state')).toBe('done');
    expect(b.getAttribute('data-state')).toBe('idle');
    expect(inner(b).querySelector('.rk-view:not([hidden])')).toBe(null);
    expect(inner(a).dataset.theme).toBe('auto');
    expect(inner(b).dataset.theme).toBe('dark');
    b.shadowRoot.querySelector('textarea').value = 'b = 3\n';
    await b.run();
    expect(engine.calls.map((c) => c.source)).toEqual(['a = 1\n', 'b = 3\n']);
    expect(a.source).toBe('a = 1\n');
  });

  it('takes a source set from a script verbatim', () => {
    const el = document.createElement('rungs-kernel');
    el.source = '  indented on purpose\n';
    document.body.append(el);
    expect(el.source).toBe('  indented on purpose\n');
  });
});

describe('<rungs-kernel> with several files', () => {
  function withFiles(attrs, html) {
    const el = document.createElement('rungs-kernel');
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.innerHTML = html;
    document.body.append(el);
    return el;
  }
  const HTML =
    '<script type="text/x-python">\n  import util\n  print(util.A)\n</script>' +
    '<script type="text/x-python" data-file="util.py">\n  A = 1\n</script>';

  it('sends data-file children as files, shows them, and links them to the playground', async () => {
    const el = withFiles({ views: 'console' }, HTML);
    expect(el.source).toBe('import util\nprint(util.A)\n');
    expect(el.files).toEqual({ 'util.py': 'A = 1\n' });
    const file = el.shadowRoot.querySelector('details.rk-file[data-file="util.py"]');
    expect(file.querySelector('summary').textContent).toBe('util.py');
    expect(file.querySelector('code').textContent).toBe('A = 1\n');
    expect(decodeState(new URL(el.shadowRoot.querySelector('a.rk-open').href).hash).state.files).toEqual({ 'util.py': 'A = 1\n' });
    FakeObserver.current.show(el);
    await until(() => el.getAttribute('data-state') === 'done');
    expect(engine.calls).toEqual([{ source: 'import util\nprint(util.A)\n', options: { rung: 'auto', files: { 'util.py': 'A = 1\n' }, timeoutMs: 10_000 } }]);
  });

  it('names the file an error was raised in', async () => {
    engine.next.push(okDoc({ ok: false, values: {}, error: { type: 'NameError', message: "name 'B' is not defined", line: 2, col: 5, id: 'name_error', file: 'util.py' } }));
    const el = withFiles({ views: 'console' }, HTML);
    FakeObserver.current.show(el);
    await until(() => el.getAttribute('data-state') === 'error');
    expect(el.shadowRoot.querySelector('.rk-status').textContent).toBe('NameError in util.py on line 2');
    expect(el.shadowRoot.querySelector('.rg-error-where').textContent).toMatch(/^util\.py:2:5/);
  });

  it('refuses to run with a file it cannot name', () => {
    const el = withFiles({}, '<script type="text/x-python" data-file="my util.py">A = 1</script>print(1)');
    expect(el.getAttribute('data-state')).toBe('error');
    expect(el.shadowRoot.querySelector('.rk-problems').textContent).toMatch(/rungs-kernel: data-file="my util.py": "my util" in "my util.py" is not a Python identifier/);
  });
});
