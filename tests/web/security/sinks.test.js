// No code path of ours turns text into markup or code. The site shows
// strangers' kernels, share links and embed attributes, so the only safe
// sinks are textContent, textarea.value and attributes set one by one. This
// test greps our sources (web/, wasm/worker.js) for the dangerous sinks, and
// the built bundle (web/dist, when present) for the same sinks outside the
// vendor code listed below, each with the reason it is acceptable.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const web = path.join(root, 'web');

// A sink is a call or assignment that parses a string as HTML or script.
// `Function(` covers `new Function(` and the minifier's bare `Function(`;
// `.html(` is d3-selection's innerHTML setter.
const SINKS = [
  { name: 'eval(', re: /(?<![\w$.])eval\s*\(/g },
  { name: 'Function(', re: /(?<![\w$.])Function\s*\(/g },
  { name: 'setTimeout/setInterval with a string', re: /\bset(?:Timeout|Interval)\s*\(\s*['"`]/g },
  { name: 'innerHTML', re: /\binnerHTML\b/g },
  { name: 'outerHTML', re: /\bouterHTML\b/g },
  { name: 'insertAdjacentHTML', re: /\binsertAdjacentHTML\b/g },
  { name: 'document.write', re: /\bdocument\.write(?:ln)?\s*\(/g },
  { name: 'createContextualFragment', re: /\bcreateContextualFragment\b/g },
  { name: 'srcdoc', re: /\bsrcdoc\b/g },
  { name: 'd3 .html(', re: /\.html\s*\(/g },
];

function walk(dir, keep, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, keep, out);
    else if (keep(p)) out.push(p);
  }
  return out;
}

// Comments may name a sink (to say it is not used); code may not. Strips
// block comments and whole-line // comments only: a trailing `//` could be
// inside a string (a URL), and leaving it is the conservative choice.
function stripComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/^\s*\/\/.*$/gm, '');
}

function hits(text, sinks = SINKS) {
  const found = [];
  for (const { name, re } of sinks) {
    for (const m of text.matchAll(re)) {
      const line = text.slice(0, m.index).split('\n').length;
      found.push({ name, index: m.index, line, context: text.slice(Math.max(0, m.index - 120), m.index + 80) });
    }
  }
  return found;
}

// Our own code: web/ (minus dependencies, build output and the Emscripten
// glue, which is generated and checked in the bundle part) and the worker.
const ourFiles = [
  ...walk(web, (p) => /\.(m?js|html)$/.test(p) && !/[\\/](node_modules|dist|generated)[\\/]/.test(p)),
  path.join(root, 'wasm/worker.js'),
].filter(existsSync);

describe('no HTML/script sinks in our sources', () => {
  it('scans a real set of files', () => {
    expect(ourFiles.length).toBeGreaterThan(40);
    expect(ourFiles.some((f) => f.endsWith('web/src/playground/share.js'))).toBe(true);
  });

  it('finds each sink in a sample (the patterns work)', () => {
    const sample = [
      'eval(x)', 'new Function("a", b)', 'el.innerHTML = t', 'el.outerHTML = t', "el.insertAdjacentHTML('beforeend', t)",
      'document.write(t)', 'range.createContextualFragment(t)', 'frame.srcdoc = t', "sel.html(t)", "setTimeout('go()', 1)",
    ].join('\n');
    expect(new Set(hits(sample).map((h) => h.name)).size).toBe(SINKS.length);
    expect(hits(stripComments('// el.innerHTML is never used\n/* eval( */ x.evaluate(1); isFunction(f)'))).toEqual([]);
  });

  it.each(ourFiles.map((f) => [path.relative(root, f)]))('%s', (rel) => {
    const found = hits(stripComments(readFileSync(path.join(root, rel), 'utf8')));
    expect(found.map((h) => `${rel}:${h.line} ${h.name}: ${h.context.trim()}`)).toEqual([]);
  });
});

// Vendor code in the bundle that contains a sink. A hit passes only if its
// file and surrounding text match an entry; anything else (our code, or a new
// dependency) fails the test until someone looks at it and adds a reason.
const VENDOR = [
  {
    file: /^(editor\.api|monaco|editor\.worker)-[\w-]+\.js$/,
    sinks: ['innerHTML', 'outerHTML', 'insertAdjacentHTML'],
    why: 'Monaco renders its own widgets (hovers, ghost text) through a Trusted Types policy; we only hand it text through setValue',
  },
  {
    context: /this\.innerHTML=|\.node\(\)\.innerHTML/,
    sinks: ['innerHTML'],
    why: "d3-selection's selection.html() is bundled with d3 but never called (the source scan above rejects .html()",
  },
  {
    context: /return function `\+/,
    sinks: ['Function('],
    why: "Embind's createNamedFunction/craftInvokerFunction build wrappers named after our C++ bindings, never from user text",
  },
];

const dist = path.join(web, 'dist');
const bundle = walk(dist, (p) => /\.(m?js|html)$/.test(p));

describe.skipIf(!bundle.length)('no HTML/script sinks in the built bundle outside listed vendor code', () => {
  it.each(bundle.map((f) => [path.relative(root, f)]))('%s', (rel) => {
    const text = readFileSync(path.join(root, rel), 'utf8');
    const file = path.basename(rel);
    const unexplained = hits(text, SINKS.filter((s) => s.name !== 'd3 .html(')).filter(
      (h) => !VENDOR.some((v) => v.sinks.includes(h.name) && (v.file ? v.file.test(file) : true) && (v.context ? v.context.test(h.context) : true)),
    );
    expect(unexplained.map((h) => `${rel} ${h.name}: …${h.context}…`)).toEqual([]);
  });
});
