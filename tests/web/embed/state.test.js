// The iframe form's URL state: encode -> decode -> validate gives back the
// same kernel and settings, byte for byte, whatever the kernel says.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../web/src/embed/attributes.js';
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
      params: { detect_races: true, num_cores_or_threads: 2, random_seed: null },
      views: ['memory', 'grid', 'output'],
      height: null, // the iframe's own height attribute sizes the iframe form
      editable: true,
      theme: 'dark',
      run: 'click',
    };
    const out = roundTrip(stateFromConfig('x = 1\n', config, { origin: 'https://docs.example.org' }));
    expect(out).toEqual({ code: 'x = 1\n', config, problems: [], origin: 'https://docs.example.org' });
  });

  it('keeps the defaults out of the URL', () => {
    const { config } = parseConfig(() => null);
    expect(encodeState(stateFromConfig('x = 1\n', config))).toBe('code=x+%3D+1%0A');
    expect(roundTrip(stateFromConfig('x = 1\n', config)).config).toEqual(config);
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
  it('ignores keys it does not know and reports absent code as null', () => {
    expect(decodeState('#rung=chip&future=1')).toEqual({ code: null, settings: { rung: 'chip' }, origin: null });
    expect(decodeState('')).toEqual({ code: null, settings: {}, origin: null });
  });
  it('passes invalid settings on for validation to name', () => {
    const { settings } = decodeState('code=x&rung=gpu&params=%7Bnope');
    const { problems } = parseConfig((n) => settings[n] ?? null);
    expect(problems).toEqual([expect.stringMatching(/^invalid params: not JSON/), 'invalid rung: "gpu" (expected auto, interpret, tpu, chip)']);
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
  it('builds the playground link with only program, rung and params', () => {
    const { config } = parseConfig((n) => ({ rung: 'tpu', params: '{"detect_races":true}', theme: 'dark', editable: '' })[n] ?? null);
    const url = new URL(playgroundUrl(site, 'print(1)\n', config));
    expect(url.origin + url.pathname).toBe('https://rungs.example/sub/playground/');
    expect(decodeState(url.hash)).toEqual({ code: 'print(1)\n', settings: { rung: 'tpu', params: '{"detect_races":true}' }, origin: null });
  });
  it('builds embed.html links beside the site root', () => {
    const url = new URL(embedPageUrl(site, { code: 'x = 1\n', rung: 'chip' }));
    expect(url.pathname).toBe('/sub/embed.html');
    expect(url.hash).toBe('#code=x+%3D+1%0A&rung=chip');
  });
});
