// Design-token colours for drawing that CSS cannot reach. An SVG shape can
// take its colour from a stylesheet rule (var(--rg-…)), and then a theme
// switch recolours it for free; pixels on a canvas are concrete numbers, so
// a view that paints one reads the tokens at draw time and paints again when
// the theme changes.
//
//   tokenColours(node, {key: '--rg-token'}, fallback)  -> {key: 'rgb(…)' | '#…'}
//   repaintOnThemeChange(canvas, paint)                 paint() again on a switch
//
// The fallback applies where no stylesheet sets the token: a node not yet in
// a document, or jsdom in unit tests.

export function tokenColours(node, tokens, fallback) {
  const out = { ...fallback };
  let style = null;
  try {
    style = node?.isConnected ? node.ownerDocument.defaultView.getComputedStyle(node) : null;
  } catch {
    style = null;
  }
  if (!style) return out;
  for (const [key, name] of Object.entries(tokens)) {
    const v = style.getPropertyValue(name).trim();
    if (v) out[key] = v;
  }
  return out;
}

// Canvases to repaint, held weakly: a view that re-renders drops its old
// canvas, and nothing here keeps it (or the array it drew) alive. One
// observer per page watches what switches the theme: <html data-theme>
// (site/theme.js) and the system's colour scheme. (An embed whose theme
// attribute changes mounts its views again, which reads the tokens anew.)
const canvases = new Set(); // WeakRef<canvas>
const paintOf = new WeakMap(); // canvas -> paint()
let watching = false;

function repaintAll() {
  for (const ref of [...canvases]) {
    const canvas = ref.deref();
    if (!canvas) canvases.delete(ref);
    else if (canvas.isConnected) paintOf.get(canvas)?.();
  }
}

function watch(win) {
  if (watching || !win) return;
  watching = true;
  win.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', repaintAll);
  if (typeof win.MutationObserver === 'function') {
    new win.MutationObserver(repaintAll).observe(win.document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }
}

export function repaintOnThemeChange(canvas, paint) {
  if (typeof WeakRef !== 'function') return;
  paintOf.set(canvas, paint);
  canvases.add(new WeakRef(canvas));
  watch(canvas.ownerDocument?.defaultView);
}
