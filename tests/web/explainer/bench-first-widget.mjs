// Prints how fast the explainer becomes usable on this machine: time to
// DOMContentLoaded, to the page's script having run (glossary tooltips
// installed), and to the first widget's engine result. Not a test (speed is
// kept out of pass/fail): run it by hand after scripts/build.sh.
//   node tests/web/explainer/bench-first-widget.mjs [runs]
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../../../web');
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
for (let i = 0; i < runs; i++) {
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(base, { waitUntil: 'domcontentloaded' });
  const dcl = Date.now() - t0;
  await page.waitForSelector('#term-tip', { state: 'attached' });
  const interactive = Date.now() - t0;
  await page.waitForSelector('[data-widget="rung-ladder"][data-state="done"]', { timeout: 60_000 });
  const first = Date.now() - t0;
  console.log(`run ${i + 1}: DOMContentLoaded ${dcl} ms, script ready ${interactive} ms, first widget result ${first} ms`);
  await page.close();
}
await context.close();
await new Promise((r) => server.httpServer.close(r));
rmSync(profile, { recursive: true, force: true });
