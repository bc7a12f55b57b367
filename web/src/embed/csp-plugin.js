// The site's Content-Security-Policy, as a Vite plugin that writes it into
// every built page as <meta http-equiv="Content-Security-Policy"> (the site is
// static files, so there are no response headers to carry it).
//
// The policy lets a page run only the site's own scripts (no inline script,
// no event-handler attributes, no eval; 'wasm-unsafe-eval' permits compiling
// WebAssembly and nothing else), load only its own styles, fonts, images,
// frames and workers, and fetch only from itself. Embedded kernels are text:
// even a page bug that put program text into markup could not run it.
//
// One relaxation, decided per page from the bundle rather than by a list:
// Monaco writes <style> elements and style="" attributes at runtime
// (microsoft/monaco-editor#271), so a page whose scripts include
// monaco-editor also gets 'unsafe-inline' for styles (never for scripts).
//
// Dev mode (`vite`) has no policy: Vite injects styles inline there. The
// build also refuses pages that would break under the policy: an inline
// <script>, an on*="" handler, or (on strict pages) inline styles.

export const BASE_POLICY = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'], // data: for the blank favicon and inlined small assets
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
});

export function policyText({ inlineStyles = false } = {}) {
  const policy = { ...BASE_POLICY };
  if (inlineStyles) policy['style-src'] = [...policy['style-src'], "'unsafe-inline'"];
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

// Does this entry chunk (or anything it imports, statically or lazily) bundle
// monaco-editor?
export function usesMonaco(chunk, bundle) {
  const seen = new Set();
  const stack = chunk ? [chunk.fileName] : [];
  while (stack.length) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    const c = bundle?.[name];
    if (!c || c.type !== 'chunk') continue;
    const ids = c.moduleIds ?? Object.keys(c.modules ?? {});
    if (ids.some((id) => /[\\/]node_modules[\\/]monaco-editor[\\/]/.test(id))) return true;
    stack.push(...(c.imports ?? []), ...(c.dynamicImports ?? []));
  }
  return false;
}

// Markup the policy would block, as messages (empty: the page is fine).
export function inlineViolations(html, { inlineStyles }) {
  const found = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1];
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    const runs = !type || type === 'module' || /javascript|ecmascript/.test(type);
    if (runs && !/\bsrc\s*=/.test(attrs) && m[2].trim()) found.push('an inline <script>');
  }
  if (/<[a-z][^>]*\son[a-z]+\s*=/i.test(html)) found.push('an on*="" event-handler attribute');
  if (!inlineStyles) {
    if (/<style\b/i.test(html)) found.push('a <style> element');
    if (/<[a-z][^>]*\sstyle\s*=/i.test(html)) found.push('a style="" attribute');
  }
  return found;
}

export function contentSecurityPolicy() {
  return {
    name: 'rungs-content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const inlineStyles = usesMonaco(ctx.chunk, ctx.bundle);
        const problems = inlineViolations(html, { inlineStyles });
        if (problems.length) {
          throw new Error(
            `${ctx.filename}: the site's Content-Security-Policy (web/src/embed/csp-plugin.js) ` +
              `would block ${problems.join(', ')}; move it into a file under web/src/`,
          );
        }
        return [
          {
            tag: 'meta',
            attrs: { 'http-equiv': 'Content-Security-Policy', content: policyText({ inlineStyles }) },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
