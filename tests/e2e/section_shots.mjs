// Screenshots of each explainer section (heading to the end of its figure),
// for reviewing the figures side by side at a phone and a desktop width: the
// layout suite's full-page shots are too long to read a figure in. Not a
// check: it asserts nothing and writes build/layout/sections/<width>-<theme>-<id>-<part>.png.
//
//   node tests/e2e/section_shots.mjs [width ...]     (default 390 1280; needs web/dist)
//   THEME=dark node tests/e2e/section_shots.mjs
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openAllDisclosures, settleFrames } from './lib/layout.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../../web');
const out = path.resolve(here, '../../build/layout/sections');
const requireFromWeb = createRequire(path.join(webDir, 'package.json'));
const { chromium } = requireFromWeb('playwright-core');
const { preview } = await import(pathToFileURL(requireFromWeb.resolve('vite')).href);

const widths = process.argv.slice(2).map(Number).filter(Boolean);
const theme = process.env.THEME ?? 'light';
mkdirSync(out, { recursive: true });
const server = await preview({ root: webDir, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } });
const base = server.resolvedUrls.local[0].replace(/\/$/, '');
const profile = mkdtempSync(path.join(tmpdir(), 'rungs-shots-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  colorScheme: theme,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const width of widths.length ? widths : [390, 1280]) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${base}/`);
    // Start every lazy widget, then wait for all of them to settle.
    await page.evaluate(async () => {
      for (const w of document.querySelectorAll('[data-widget]')) {
        w.scrollIntoView({ block: 'center' });
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await page.waitForFunction(() => [...document.querySelectorAll('[data-widget]')].every((w) => w.dataset.state !== 'running'), null, { timeout: 90_000 });
    if (process.env.OPEN) await openAllDisclosures(page);
    await settleFrames(page);
    const sections = await page.evaluate(() =>
      [...document.querySelectorAll('h2[id]')].map((h) => {
        // From the heading to the next heading (or the page's end).
        const next = [...document.querySelectorAll('h2[id]')].find((x) => x.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_PRECEDING);
        const top = h.getBoundingClientRect().top + scrollY;
        const bottom = next ? next.getBoundingClientRect().top + scrollY : document.documentElement.scrollHeight;
        return { id: h.id, top, bottom };
      }),
    );
    // A long section in parts of at most PART px, each readable on its own.
    const PART = Number(process.env.PART ?? 1400);
    for (const s of sections) {
      const height = Math.min(s.bottom - s.top, 8000) + 8;
      for (let i = 0; i * PART < height; i++) {
        const clip = { x: 0, y: Math.max(0, s.top - 16) + i * PART, width, height: Math.min(PART, height - i * PART) };
        await page.screenshot({ path: path.join(out, `${width}-${theme}-${s.id}-${i + 1}.png`), fullPage: true, clip });
      }
    }
    console.log(`${width} px: ${sections.length} sections`);
    await page.close();
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await new Promise((r) => server.httpServer.close(r));
}
