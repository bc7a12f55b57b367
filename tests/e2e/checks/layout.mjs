// The layout suite (issue 20): every page, light and dark, with every widget
// run and every <details> open, at 360, 390, 768, 1280 and 1920 px wide:
// the page never scrolls sideways, and axe-core finds no serious or critical
// WCAG 2 A/AA violation. One page load per page and theme; the viewport is
// resized in place. A full-page screenshot per page, theme and width goes to
// build/layout/ for review (not committed). Every check name starts with
// "layout" so E2E_ONLY=layout runs exactly these.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeViolations, openAllDisclosures, pageOverflow, seriousViolations, settleFrames } from '../lib/layout.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.resolve(here, '../../../build/layout');

const WIDTHS = [360, 390, 768, 1280, 1920];
const HEIGHT = 900;
const PAGES = [
  { name: 'explainer', route: '/' },
  { name: 'playground', route: '/playground/' },
  { name: 'errors', route: '/errors/' },
  { name: 'error-entry', route: '/errors/#tpu_oob_block_input' },
  { name: 'embedding', route: '/docs/embedding/' },
  { name: 'embed', route: '/embed.html' },
];

// Scrolls every widget (and embed) into view, which is what starts the lazy
// ones, then waits until each one that started has finished.
async function runEveryWidget(page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (const w of document.querySelectorAll('[data-widget], rungs-kernel')) {
      w.scrollIntoView({ block: 'center' });
      await frame();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-widget]')].every((w) =>
        w.dataset.hydrated ? ['done', 'error'].includes(w.dataset.state) : w.dataset.state !== 'running',
      ),
    null,
    { timeout: 60_000 },
  );
}

export default function register({ check, openPage }) {
  mkdirSync(shots, { recursive: true });
  for (const { name, route } of PAGES) {
    for (const theme of ['light', 'dark']) {
      check(
        `layout: ${name} (${route}) in ${theme}: no sideways scroll and no serious axe violation at ${WIDTHS.join('/')} px`,
        async () => {
          const { page } = await openPage(route, { colorScheme: theme, viewport: { width: 1280, height: HEIGHT } });
          await runEveryWidget(page);
          const problems = [];
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: HEIGHT });
            await openAllDisclosures(page); // again: a re-render may have made new ones
            await settleFrames(page);
            const { overflow, culprits } = await pageOverflow(page);
            if (overflow) problems.push(`${width} px: page overflows by ${overflow} px (${culprits.join(', ')})`);
            const violations = await seriousViolations(page);
            if (violations.length) problems.push(`${width} px: axe ${describeViolations(violations)}`);
            await page.screenshot({ path: path.join(shots, `${name}-${theme}-${width}.jpeg`), fullPage: true, quality: 70 });
          }
          await page.close(); // the runner's own screenshot would only repeat the last one
          if (problems.length) throw new Error(problems.join('\n    '));
        },
        { timeoutMs: 150_000 },
      );
    }
  }
}
