// Prints how fast the explainer becomes usable on this machine: time from
// navigation to DOMContentLoaded and to the first widget's engine result. Widgets start only
// when they scroll near the viewport, and the first one sits below the fold
// of a 1280x720 window, so the first widget is scrolled into view at
// DOMContentLoaded: the figure is what a reader who goes straight to it
// waits (module chunk, worker, wasm compile, the run). Not a test (speed is
// kept out of pass/fail): tests/bench/page_bench.mjs runs it, or by hand
// after scripts/build.sh.
//   node tests/web/explainer/bench-first-widget.mjs [runs]
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(process.env.RUNGS_WEB_DIR ?? path.join(here, '../../../web')); // the site to serve (its dist/)
const requireFromWeb = createRequire(path.join(webDir, 'package.json'));
const { chromium } = requireFromWeb('playwright-core');
const { preview } = await import(pathToFileURL(requireFromWeb.resolve('vite')).href);

const runs = Number(process.argv[2] ?? 3);
const server = await preview({ root: webDir, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0 } });
const base = server.resolvedUrls.local[0];
const profile = mkdtempSync(path.join(tmpdir(), 'rungs-bench-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
// The moment the first widget says "done", taken in the page (performance.now()
// counts from the start of the navigation), not when Playwright's polling
// notices it.
await context.addInitScript(() => {
  new MutationObserver((_, obs) => {
    const first = document.querySelector('[data-widget]');
    if (first?.dataset.state === 'done') {
      window.__firstWidgetDone = performance.now();
      obs.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
});
for (let i = 0; i < runs; i++) {
  const page = await context.newPage();
  await page.goto(base, { waitUntil: 'domcontentloaded' });
  const name = await page.evaluate(() => {
    const first = document.querySelector('[data-widget]');
    first.scrollIntoView();
    return first.dataset.widget;
  });
  await page.waitForSelector(`[data-widget="${name}"][data-state="done"]`, { timeout: 60_000 });
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { dcl: nav.domContentLoadedEventEnd, first: window.__firstWidgetDone };
  });
  const ms = (v) => (v === undefined ? '?' : Math.round(v));
  console.log(`run ${i + 1}: DOMContentLoaded ${ms(t.dcl)} ms, first widget (${name}) result ${ms(t.first)} ms`);
  await page.close();
}
await context.close();
await new Promise((r) => server.httpServer.close(r));
rmSync(profile, { recursive: true, force: true });
