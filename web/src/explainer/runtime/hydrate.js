// Brings the static widget roots of a page to life. Each [data-widget]
// root is left alone until it scrolls near the viewport; then its module is
// imported (one chunk per widget, so the page itself stays small) and
// mounted with a context that gives it the shared engine, its own python
// blocks and parts, and a way to publish the facts the prose quotes.
//
// A widget module: `export default async function mount(root, ctx)`. It
// sets data-state itself (running, then done); a throw ends in "error" with
// the message shown in the widget.
import { createEngine } from '../../engine/engine.js';
import { setState } from '../../site/widget.js';
import { publishFact } from './facts.js';

export function widgetContext(root, { engine, siteRoot = './', doc = root.ownerDocument }) {
  const name = root.dataset.widget;
  const codeIn = (el) => el.querySelector('pre[data-lang="python"]')?.textContent ?? '';
  let own = null;
  return {
    name,
    engine,
    // A worker of the widget's own, for a widget with many runs (the rung
    // walk) so it does not hold up the page's shared engine.
    ownEngine() {
      own ??= createEngine();
      return own;
    },
    doc,
    siteRoot, // relative URL of the site root from this page ('./' or '../')
    // A named python block of this widget (```python name=kernel).
    code(blockName) {
      const pre = root.querySelector(`pre[data-lang="python"][data-name="${blockName}"]`);
      if (!pre) throw new Error(`widget ${name} has no python block named ${blockName}`);
      return pre.textContent;
    },
    // The :::part children, in page order, with their attributes and code.
    parts() {
      return [...root.querySelectorAll('.part')]
        .filter((el) => el.parentElement.closest('[data-widget]') === root)
        .map((el) => ({ el, name: el.dataset.part, attrs: { ...el.dataset }, code: codeIn(el) }));
    },
    fact(key, value) {
      publishFact(doc, `${name}.${key}`, value);
    },
    state(s) {
      setState(root, s);
    },
  };
}

function showFailure(root, err) {
  const box = root.ownerDocument.createElement('p');
  box.className = 'widget-failure';
  box.setAttribute('role', 'alert');
  box.textContent = `This widget could not run: ${err?.message ?? err}`;
  root.append(box);
}

export async function mountWidget(root, load, options) {
  if (root.dataset.hydrated) return;
  root.dataset.hydrated = 'true';
  try {
    const mod = await load();
    await mod.default(root, widgetContext(root, options));
  } catch (err) {
    showFailure(root, err);
    setState(root, 'error');
  }
}

// loaders: {widgetName: () => import('…')}; roots with no loader are skipped.
export function hydrate(scope, { loaders, engine, siteRoot, rootMargin = '300px 0px' }) {
  const view = scope.ownerDocument?.defaultView ?? globalThis;
  const roots = [...scope.querySelectorAll('[data-widget]')].filter((r) => loaders[r.dataset.widget]);
  const start = (root) => mountWidget(root, loaders[root.dataset.widget], { engine, siteRoot });
  if (!view.IntersectionObserver) {
    roots.forEach(start);
    return () => {};
  }
  const io = new view.IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        io.unobserve(e.target);
        start(e.target);
      }
    },
    { rootMargin },
  );
  roots.forEach((r) => io.observe(r));
  return () => io.disconnect();
}
