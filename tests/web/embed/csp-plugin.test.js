// The site's Content-Security-Policy: its exact text, the per-page Monaco
// relaxation, and the build-time refusal of markup the policy would block.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineViolations, policyText, usesMonaco } from '../../../web/src/embed/csp-plugin.js';

describe('policyText', () => {
  it('allows only the site itself, plus wasm compilation', () => {
    expect(policyText()).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
        "font-src 'self' data:; connect-src 'self'; worker-src 'self'; frame-src 'self'; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'",
    );
    expect(policyText()).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|https?:/);
  });
  it('lets Monaco pages have inline styles, never inline scripts', () => {
    const text = policyText({ inlineStyles: true });
    expect(text).toContain("style-src 'self' 'unsafe-inline';");
    expect(text).toContain("script-src 'self' 'wasm-unsafe-eval';");
  });
});

describe('usesMonaco', () => {
  const bundle = {
    'assets/playground.js': { type: 'chunk', fileName: 'assets/playground.js', moduleIds: ['/w/src/pages/playground.js'], imports: ['assets/shared.js'], dynamicImports: ['assets/editor.js'] },
    'assets/editor.js': { type: 'chunk', fileName: 'assets/editor.js', moduleIds: ['/w/node_modules/monaco-editor/esm/vs/editor/editor.api.js'], imports: [] },
    'assets/shared.js': { type: 'chunk', fileName: 'assets/shared.js', moduleIds: ['/w/src/engine/engine.js'], imports: ['assets/playground.js'] },
    'assets/home.js': { type: 'chunk', fileName: 'assets/home.js', moduleIds: ['/w/src/pages/home.js'], imports: ['assets/shared.js'] },
    'assets/x.css': { type: 'asset', fileName: 'assets/x.css' },
  };
  it('follows static and dynamic imports (and survives cycles)', () => {
    expect(usesMonaco(bundle['assets/playground.js'], bundle)).toBe(true);
    expect(usesMonaco(bundle['assets/home.js'], bundle)).toBe(true); // via shared -> playground
    expect(usesMonaco(bundle['assets/editor.js'], bundle)).toBe(true);
    expect(usesMonaco({ type: 'chunk', fileName: 'alone.js', modules: { '/w/src/a.js': {} } }, { 'alone.js': { type: 'chunk', fileName: 'alone.js', modules: { '/w/src/a.js': {} } } })).toBe(false);
    expect(usesMonaco(undefined, bundle)).toBe(false);
  });
});

describe('inlineViolations', () => {
  it('passes the pages Vite writes', () => {
    const html = '<head><script type="module" crossorigin src="./assets/a.js"></script><link rel="stylesheet" href="./a.css"></head>' +
      '<body><script type="text/x-python">print("<b>")</script><p>text with style= and onload= in it</p></body>';
    expect(inlineViolations(html, { inlineStyles: false })).toEqual([]);
  });
  it('names what the policy would block', () => {
    expect(inlineViolations('<script>alert(1)</script>', { inlineStyles: true })).toEqual(['an inline <script>']);
    expect(inlineViolations('<script type="module">import "x"</script>', { inlineStyles: true })).toEqual(['an inline <script>']);
    expect(inlineViolations('<img src=x onerror="alert(1)">', { inlineStyles: true })).toEqual(['an on*="" event-handler attribute']);
    expect(inlineViolations('<style>p{}</style><p style="color:red">', { inlineStyles: false })).toEqual(['a <style> element', 'a style="" attribute']);
    expect(inlineViolations('<style>p{}</style><p style="color:red">', { inlineStyles: true })).toEqual([]);
  });
});

describe('the plugin', () => {
  const hook = contentSecurityPolicy().transformIndexHtml.handler;
  it('puts the policy first in <head>', () => {
    const tags = hook('<html><head></head><body></body></html>', { filename: 'x.html', chunk: undefined, bundle: {} });
    expect(tags).toEqual([
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policyText() }, injectTo: 'head-prepend' },
    ]);
  });
  it('fails the build on a page the policy would break', () => {
    expect(() => hook('<body><script>x()</script></body>', { filename: '/w/web/bad.html', bundle: {} })).toThrow(
      /bad\.html: the site's Content-Security-Policy .* would block an inline <script>/,
    );
  });
  it('runs on builds only (the dev server injects inline styles)', () => {
    expect(contentSecurityPolicy().apply).toBe('build');
  });
});
