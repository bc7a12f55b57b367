// The iframe form's URL state (a playground share link plus the embed's own
// settings): encode -> decode -> validate gives back the same kernel and
// settings, byte for byte, whatever the kernel says.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../web/src/embed/attributes.js';
import { decodeState as decodePlayground, encodeState as encodePlayground } from '../../../web/src/playground/share.js';
import {
  decodeState,
  embedPageUrl,
  encodeState,
  normalizeOrigin,
  playgroundUrl,
  stateFromConfig,
} from '../../../web/src/embed/state.js';

const HOSTILE = '</script><img src=x onerror=window.__pwned=1>\n# "quotes" & ampersands #hash ?q=1 %41 +plus\n\tπ = 3.14159  # ünïcödé 🚀\n';

// What embed.html does: decoded settings become attributes, then validation.
function roundTrip(state) {
  const decoded = decodeState(`#${encodeState(state)}`);
  const { config, problems } = parseConfig((name) => decoded.settings[name] ?? null);
  return { code: decoded.code, config, problems, origin: decoded.origin };
}

describe('state round trip', () => {
  it('keeps a hostile kernel verbatim', () => {
    const out = roundTrip({ code: HOSTILE });
    expect(out.code).toBe(HOSTILE);
    expect(out.problems).toEqual([]);
  });

  it('keeps every setting', () => {
    const config = {
      rung: 'tpu',
      params: { detect_races: true, num_cores_or_threads: 2, random_seed: 7, generation: 'v5p' },
      devices: 4,
      views: ['memory', 'grid', 'output'],
      height: null, // the iframe's own height attribute sizes the iframe form
      editable: true,
      theme: 'dark',
      run: 'click',
    };
    const out = roundTrip(stateFromConfig('x = 1\n', config, { origin: 'https://docs.example.org' }));
    expect(out).toEqual({ code: 'x = 1\n', config, problems: [], origin: 'https://docs.example.org' });
  });

  it('is a playground share link plus only the non-default embed settings', () => {
    const { config } = parseConfig(() => null);
    const plain = encodeState(stateFromConfig('x = 1\n', config));
    expect(`#${plain}`).toBe(encodePlayground({ source: 'x = 1\n', settings: { rung: 'auto', params: {} } }));
    expect(roundTrip(stateFromConfig('x = 1\n', config)).config).toEqual(config);
    const dressed = encodeState({ code: 'x = 1\n', rung: 'tpu', views: ['grid'], theme: 'dark', run: 'click', editable: true });
    expect(dressed).toMatch(/^s=[A-Za-z0-9_-]+&views=grid&editable=1&theme=dark&run=click$/);
    // The playground reads the program and the rung from the same text.
    const opened = decodePlayground(`#${dressed.split('&')[0]}`);
    expect(opened).toEqual({ ok: true, state: { source: 'x = 1\n', settings: { rung: 'tpu', params: {} } } });
  });

  it('round-trips random programs and settings', () => {
    let seed = 12345;
    const rand = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = 'ab =+#&%?/\\\n\t"\'<>{}[]πü🚀';
    for (let i = 0; i < 200; i++) {
      const code = Array.from({ length: rand(80) }, () => [...alphabet][rand([...alphabet].length)]).join('');
      const config = {
        rung: ['auto', 'interpret', 'tpu', 'chip'][rand(4)],
        params: rand(2) ? { detect_races: Boolean(rand(2)), random_seed: rand(1000) } : null,
        devices: rand(2) ? 1 + rand(8) : null,
        views: [['output'], ['grid', 'console'], ['console', 'memory', 'output', 'grid']][rand(3)],
        height: null,
        editable: Boolean(rand(2)),
        theme: ['auto', 'light', 'dark'][rand(3)],
        run: ['auto', 'click'][rand(2)],
      };
      expect(roundTrip(stateFromConfig(code, config))).toEqual({ code, config, problems: [], origin: null });
    }
  });
});

describe('decodeState', () => {
  it('has no code for an empty fragment, and ignores keys it does not know', () => {
    expect(decodeState('')).toEqual({ ok: true, code: null, settings: {}, origin: null });
    const frag = `${encodeState({ code: 'y = 2\n', rung: 'chip' })}&future=1&theme=light`;
    expect(decodeState(`#${frag}`)).toEqual({ ok: true, code: 'y = 2\n', settings: { rung: 'chip', theme: 'light' }, origin: null });
  });
  it('passes invalid embed settings on for validation to name', () => {
    const { settings } = decodeState(`${encodeState({ code: 'x' })}&views=plot&run=now`);
    const { problems } = parseConfig((n) => settings[n] ?? null);
    expect(problems).toEqual(['unknown view: "plot" (expected output, grid, memory, console)', 'invalid run: "now" (expected auto, click)']);
  });
  it('reports a damaged or hostile link instead of running something', () => {
    expect(decodeState('#s=%%%').ok).toBe(false);
    expect(decodeState('#s=AAAA').error).toMatch(/^This share link could not be opened/);
    // A share link whose settings the playground would refuse is refused here too.
    const bad = encodePlayground({ source: 'x', settings: { rung: 'gpu', params: {} } });
    expect(decodeState(bad)).toMatchObject({ ok: false, code: null });
  });
});

describe('normalizeOrigin', () => {
  it('accepts only exact http(s) origins', () => {
    expect(normalizeOrigin('https://docs.example.org')).toBe('https://docs.example.org');
    expect(normalizeOrigin('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    for (const bad of ['*', 'null', 'javascript:alert(1)', 'https://a.org/path', 'data:text/html,x', '', null, 42]) {
      expect(normalizeOrigin(bad)).toBe(null);
    }
  });
});

describe('links', () => {
  const site = 'https://rungs.example/sub/';
  it('builds the playground link as a playground share link (program, rung, params)', () => {
    const { config } = parseConfig((n) => ({ rung: 'tpu', params: '{"detect_races":true}', theme: 'dark', editable: '' })[n] ?? null);
    const url = new URL(playgroundUrl(site, 'print(1)\n', config));
    expect(url.origin + url.pathname).toBe('https://rungs.example/sub/playground/');
    expect(decodePlayground(url.hash)).toEqual({ ok: true, state: { source: 'print(1)\n', settings: { rung: 'tpu', params: { detect_races: true } } } });
  });
  it('opens the plain playground for a kernel too long to share', () => {
    const { config } = parseConfig(() => null);
    const url = new URL(playgroundUrl(site, `# ${'x'.repeat(70_000)}\n`, config));
    expect(url.hash).toBe('');
  });
  it('builds embed.html links beside the site root', () => {
    const url = new URL(embedPageUrl(site, { code: 'x = 1\n', rung: 'chip', views: 'grid' }));
    expect(url.pathname).toBe('/sub/embed.html');
    expect(decodeState(url.hash)).toEqual({ ok: true, code: 'x = 1\n', settings: { rung: 'chip', views: 'grid' }, origin: null });
  });
});
