// What the layout suite (checks/layout.mjs) measures on a loaded page: page
// overflow (with the elements that cause it, so a failure says where to
// look) and axe-core's serious and critical WCAG 2 A/AA violations. Kept
// apart from the check file so the measuring can be read on its own.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const requireFromWeb = createRequire(path.resolve(here, '../../../web/package.json'));
const AXE_SOURCE = readFileSync(requireFromWeb.resolve('axe-core/axe.min.js'), 'utf8');

// Every <details>, in the page and in open shadow roots (the embed's), opened:
// the layout must hold with every disclosure showing.
export async function openAllDisclosures(page) {
  return page.evaluate(() => {
    let n = 0;
    const walk = (root) => {
      for (const d of root.querySelectorAll('details')) {
        d.open = true;
        n += 1;
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return n;
  });
}

// Two animation frames: enough for ResizeObserver callbacks and the
// re-layout a viewport change causes to have happened.
export const settleFrames = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// How far the page scrolls sideways (0 when it does not), and the outermost
// elements sticking out past the viewport that no scrolling box contains.
export async function pageOverflow(page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const width = doc.clientWidth;
    const overflow = Math.max(0, doc.scrollWidth - width);
    if (overflow === 0) return { overflow, culprits: [] };
    const clips = (el) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const sticksOut = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
    };
    const contained = (el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (clips(p)) return true;
      return false;
    };
    const name = (el) =>
      el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') +
      [...el.classList].slice(0, 2).map((c) => `.${c}`).join('') +
      (el.closest('[data-widget]') ? ` in [data-widget=${el.closest('[data-widget]').dataset.widget}]` : '');
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => sticksOut(el) && !contained(el) && !(el.parentElement && sticksOut(el.parentElement) && el.parentElement !== document.body))
      .slice(0, 6)
      .map((el) => `${name(el)} (right ${Math.round(el.getBoundingClientRect().right)})`);
    return { overflow, culprits };
  });
}

// axe-core in the page (through evaluate, which the pages' CSP allows where
// a <script> tag would be refused), run once per call on the whole document.
// iframes are left out: each framed page (embed.html) is a page of the suite.
export async function seriousViolations(page) {
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
      iframes: false,
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(' > ')}${n.any[0]?.message ? `: ${n.any[0].message}` : ''}`),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

// One line per violation, a few nodes each: what a failing check prints.
export function describeViolations(violations) {
  return violations
    .map((v) => `${v.id} ×${v.nodes.length} [${v.nodes.slice(0, 3).join(' | ')}${v.nodes.length > 3 ? ' | …' : ''}]`)
    .join('; ');
}
