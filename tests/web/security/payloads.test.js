// The hostile-string corpus (tests/web/payloads.json) through the decoders
// and validators that stand between a link or an attribute and the page.
// Rendering them inertly is checked in Chromium (tests/e2e/checks/hostile.mjs);
// here: text survives exactly, settings carrying markup are refused with a
// message, and no damaged or oversized link makes a decoder throw.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../web/src/embed/attributes.js';
import { decodeState as decodeEmbed, encodeState as encodeEmbed } from '../../../web/src/embed/state.js';
import { MAX_DECODED_BYTES, decodeState, encodeState, toBase64Url } from '../../../web/src/playground/share.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { payloads } = JSON.parse(readFileSync(path.join(here, '../payloads.json'), 'utf8'));
const SETTINGS = { rung: 'auto', params: {} };
const forged = (obj) => `#s=${toBase64Url(deflateSync(strToU8(JSON.stringify(obj))))}`;

// A small deterministic generator (xorshift32), so a failure reproduces.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

describe('the payload corpus', () => {
  it('is a real corpus of distinct strings that try to run script', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(15);
    expect(new Set(payloads).size).toBe(payloads.length);
    expect(payloads.filter((p) => /__pwned/.test(p)).length).toBeGreaterThanOrEqual(12);
  });

  it.each(payloads.map((p) => [p]))('share links carry %j as exact text', (p) => {
    const state = { source: `# ${p}\nprint(${JSON.stringify(p)})\n`, settings: SETTINGS };
    expect(decodeState(encodeState(state))).toEqual({ ok: true, state });
    // The embed's fragment form of the same link, with the payload as a setting too.
    const fragment = encodeEmbed({ code: state.source, rung: 'auto', params: {}, views: p, theme: p });
    const back = decodeEmbed(fragment);
    expect(back.ok).toBe(true);
    expect(back.code).toBe(state.source);
    expect(back.settings.views).toBe(p); // passed on as an attribute string ...
  });

  it.each(payloads.map((p) => [p]))('settings %j are refused with a message, never used', (p) => {
    for (const bad of [
      { v: 1, source: 'x = 1\n', settings: { rung: p, params: {} } },
      { v: 1, source: 'x = 1\n', settings: { rung: 'auto', params: { [p]: 1 } } },
      { v: 1, source: 'x = 1\n', settings: { rung: 'auto', params: { generation: p } } },
      { v: 1, source: 'x = 1\n', settings: SETTINGS, kernel: p },
      { v: 1, source: 'x = 1\n', settings: SETTINGS, step: p },
    ]) {
      const r = decodeState(forged(bad));
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      expect(r.error).toMatch(/^This share link could not be opened: /);
    }
    // ... and the attribute validator rejects it, falling back to defaults.
    const { config, problems } = parseConfig((name) => (name === 'editable' ? null : p));
    expect(problems.length).toBeGreaterThanOrEqual(4);
    expect(config.rung).toBe('auto');
    expect(config.theme).toBe('auto');
    expect(config.views).not.toContain(p);
    for (const value of Object.values(config)) expect(JSON.stringify(value) ?? '').not.toContain('__pwned');
  });
});

describe('damaged and oversized links never throw', () => {
  const good = encodeState({ source: 'import jax\nprint(1)\n'.repeat(20), settings: SETTINGS });

  it('every truncation and single-character change of a real link', () => {
    const random = rng(7);
    const cases = [];
    for (let n = 0; n < good.length; n += 3) cases.push(good.slice(0, n));
    const alphabet = 'AZaz09-_*%#&=<>"\'\\ ';
    for (let i = 0; i < 300; i++) {
      const at = 3 + Math.floor(random() * (good.length - 3));
      const c = alphabet[Math.floor(random() * alphabet.length)];
      cases.push(good.slice(0, at) + c + good.slice(at + 1));
    }
    for (const hash of cases) {
      let r;
      expect(() => (r = decodeState(hash)), hash).not.toThrow();
      expect(typeof r.ok).toBe('boolean');
      if (!r.ok) expect(r.error).toMatch(/^This share link could not be opened: \S/);
      expect(() => decodeEmbed(hash.slice(1))).not.toThrow();
    }
  });

  it('random base64url payloads of every size up to 4 KB', () => {
    const random = rng(11);
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < 200; i++) {
      const n = Math.floor(random() * 4096);
      let s = '';
      for (let j = 0; j < n; j++) s += chars[Math.floor(random() * chars.length)];
      const r = decodeState(`#s=${s}`);
      if (!r.ok) expect(r.error).toMatch(/^This share link could not be opened: /);
    }
  });

  it('a link past the length cap is refused before it is decoded', () => {
    const r = decodeState(`#s=${'A'.repeat(200_000)}`);
    expect(r).toEqual({ ok: false, error: 'This share link could not be opened: the link is too long.' });
  });

  it('a deflate bomb is refused once it inflates past 64 KB', () => {
    const bomb = forged({ v: 1, source: 'a'.repeat(20 * MAX_DECODED_BYTES), settings: SETTINGS }); // 1.3 MB
    expect(bomb.length).toBeLessThan(5_000);
    const r = decodeState(bomb);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/larger than 64 KB/);
  });

  it('JSON that is valid but hostile in shape', () => {
    for (const raw of ['null', '"s"', '1e999', '{"v":1,"source":{"toString":"x"}}', '{"__proto__":{"v":1},"source":"x"}', '[]']) {
      const r = decodeState(`#s=${toBase64Url(deflateSync(strToU8(raw)))}`);
      expect(r.ok, raw).toBe(false);
      expect(Object.prototype.v).toBeUndefined(); // nothing was written to Object.prototype
    }
  });
});
