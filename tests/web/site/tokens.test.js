// The design tokens (web/src/site/tokens.css) are the one place colours are
// written: the two copies of the dark palette (a chosen theme, the system's
// theme) agree, light and dark define the same tokens, no other stylesheet
// defines one, and every token a stylesheet uses exists.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '../../../web');
const TOKENS = path.join(web, 'src/site/tokens.css');

// selector text -> Map(property -> value), for each innermost rule.
function rules(css) {
  const out = new Map();
  for (const [, selector, body] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const decls = new Map([...body.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map(([, k, v]) => [k, v.trim()]));
    out.set(selector.trim().replace(/\s+/g, ' '), decls);
  }
  return out;
}

function stylesheets(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.css'))
    .map((f) => path.join(dir, f));
}

describe('design tokens', () => {
  const r = rules(readFileSync(TOKENS, 'utf8'));
  const light = r.get(':root, .rk');
  const chosen = r.get(":root[data-theme='dark'], .rk[data-theme='dark']");
  const system = r.get(":root:not([data-theme]), .rk[data-theme='auto']");

  it('writes the dark palette the same way for a chosen and a system theme', () => {
    expect(chosen.size).toBeGreaterThan(10);
    expect([...system]).toEqual([...chosen]);
  });

  // Colours differ by theme; type and spacing do not, so only colours are
  // written again for dark, and every one of them is.
  it('gives every light colour a dark value, and dark nothing else', () => {
    const isColour = (v) => /^#[0-9a-f]{3,8}$/i.test(v);
    const colours = (m) => [...m].filter(([k, v]) => k.startsWith('--') && isColour(v)).map(([k]) => k).sort();
    const tokens = (m) => [...m.keys()].filter((k) => k.startsWith('--')).sort();
    expect(tokens(chosen)).toEqual(colours(light));
    expect(colours(light).length).toBeGreaterThan(25);
  });

  it('is the only stylesheet that defines a token, and defines every token used', () => {
    const defined = new Set(light.keys());
    const problems = [];
    for (const file of [...stylesheets(path.join(web, 'src')), ...stylesheets(path.join(web, 'docs'))]) {
      const css = readFileSync(file, 'utf8');
      const rel = path.relative(web, file);
      if (file !== TOKENS && /--r[gk]-[\w-]+\s*:/.test(css)) problems.push(`${rel} defines a token`);
      for (const [, name] of css.matchAll(/var\((--r[gk]-[\w-]+)/g)) {
        if (!defined.has(name)) problems.push(`${rel} uses ${name}, which tokens.css does not define`);
      }
    }
    expect(problems).toEqual([]);
  });
});
