// Share links: round trip, and refusal of oversized or malformed state.
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_DECODED_BYTES, decodeState, encodeState, toBase64Url } from '../../../web/src/playground/share.js';

const state = {
  source: 'import jax\nprint("héllo ✓")\n' + 'x = 1\n'.repeat(50),
  settings: { rung: 'tpu', params: { detect_races: true, num_cores_or_threads: 2, dma_execution_mode: 'eager', generation: 'v5e' } },
  step: 3,
  kernel: 'dma_race',
};
const link = (obj) => `#s=${toBase64Url(deflateSync(strToU8(typeof obj === 'string' ? obj : JSON.stringify(obj))))}`;

describe('share links', () => {
  it('round-trips code, settings, step and gallery id through the hash', () => {
    const hash = encodeState(state);
    expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    expect(hash.length).toBeLessThan(JSON.stringify(state).length);
    expect(decodeState(hash)).toEqual({ ok: true, state });
  });

  it('treats a hash without state as nothing shared', () => {
    expect(decodeState('')).toEqual({ ok: true, state: null });
    expect(decodeState('#section-2')).toEqual({ ok: true, state: null });
  });

  it('refuses state that inflates past 64 KB, without inflating all of it', () => {
    const big = { v: 1, source: 'a'.repeat(10 * MAX_DECODED_BYTES), settings: { rung: 'auto', params: {} } };
    const hash = link(big);
    expect(hash.length).toBeLessThan(2000); // a tiny link ...
    const r = decodeState(hash); // ... that would expand to 640 KB
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/larger than 64 KB/);
    expect(() => encodeState({ source: 'b'.repeat(MAX_DECODED_BYTES), settings: { rung: 'auto', params: {} } })).toThrow(/too long to share/);
  });

  it.each([
    ['#s=not*base64', /not base64url/],
    ['#s=AAAA', /not valid compressed data|cut short/],
    [link('not json'), /not valid JSON/],
    [link([1, 2]), /not an object/],
    [link({ v: 2, source: '' }), /version 2/],
    [link({ v: 1 }), /no kernel source/],
    [link({ v: 1, source: 'x', settings: { rung: 'gpu' } }), /rung must be one of/],
    [link({ v: 1, source: 'x', settings: { params: { detect_races: 'yes' } } }), /detect_races must be true or false/],
    [link({ v: 1, source: 'x', settings: { params: { num_cores_or_threads: 0 } } }), /whole number from 1/],
    [link({ v: 1, source: 'x', settings: { params: { evil: 1 } } }), /unknown parameter evil/],
    [link({ v: 1, source: 'x', step: -1 }), /step must be/],
    [link({ v: 1, source: 'x', kernel: '../etc' }), /gallery id is malformed/],
  ])('refuses %s', (hash, why) => {
    const r = decodeState(hash);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^This share link could not be opened: /);
    expect(r.error).toMatch(why);
  });
});
