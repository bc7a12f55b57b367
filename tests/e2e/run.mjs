// End-to-end checks of the built site (web/dist) in Debian's Chromium:
// `vite preview` on a free 127.0.0.1 port, playwright-core driving
// /usr/bin/chromium (TOOLCHAIN §7). Prints one line per check and the closing
// `N passed, M failed`; exits 1 on any failure. Screenshots go to
// tests/e2e/artifacts/ (git-ignored).
//
//   node tests/e2e/run.mjs            (after scripts/build.sh)
//   E2E_ONLY=routes node tests/e2e/run.mjs   (checks whose name contains it)
import { mkdtempSync, mkdirSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../../web');
const artifacts = path.join(here, 'artifacts');
// The packages live in web/node_modules, which Node's ESM resolution would
// not search from tests/e2e/.
const requireFromWeb = createRequire(path.join(webDir, 'package.json'));
const { chromium } = requireFromWeb('playwright-core');
const { preview } = await import(pathToFileURL(requireFromWeb.resolve('vite')).href);

const ROUTES = ['/', '/playground/', '/puzzles/', '/errors/', '/embed.html', '/docs/embedding/'];
const CHECK_TIMEOUT_MS = 30_000;

if (!existsSync(path.join(webDir, 'dist/index.html'))) {
  console.error('web/dist is missing: run scripts/build.sh first');
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });

const server = await preview({
  root: webDir,
  logLevel: 'warn',
  preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
});
const base = server.resolvedUrls.local[0].replace(/\/$/, '');
const profile = mkdtempSync(path.join(tmpdir(), 'rungs-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});

// Every request any page makes, to prove the site works offline.
const offsite = [];
context.on('request', (req) => {
  const url = new URL(req.url());
  if (['data:', 'blob:', 'about:'].includes(url.protocol)) return;
  if (url.hostname !== '127.0.0.1') offsite.push(req.url());
});

// A page that records its own problems: uncaught errors, console errors,
// failed requests and HTTP errors. The runner checks them, screenshots and
// closes every page a check opened, whether the check passed or not.
let opened = [];
// options: colorScheme ('light' | 'dark', what the page's system theme
// reads) and viewport ({width, height}), both set before the page loads.
async function openPage(route, { colorScheme, viewport } = {}) {
  const page = await context.newPage();
  if (colorScheme) await page.emulateMedia({ colorScheme });
  if (viewport) await page.setViewportSize(viewport);
  const problems = [];
  opened.push({ page, problems });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(base + route, { waitUntil: 'load' });
  return { page, problems };
}

const shotName = (name) => name.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root';

// Waits until every widget on the page (and in its frames) has left "running"/"idle".
async function widgetsSettled(page, { allowIdle = true } = {}) {
  for (const frame of page.frames()) {
    await frame.waitForFunction(
      (idleOk) =>
        [...document.querySelectorAll('[data-widget]')].every((w) =>
          ['done', 'error', ...(idleOk ? ['idle'] : [])].includes(w.dataset.state),
        ),
      allowIdle,
      { timeout: 15_000 },
    );
  }
}

// DESIGN.md "Contracts": the shape every run returns.
function assertResultDocument(doc, what) {
  const fail = (why) => {
    throw new Error(`${what}: ${why}: ${JSON.stringify(doc).slice(0, 300)}`);
  };
  if (!doc || typeof doc !== 'object') fail('not an object');
  if (typeof doc.ok !== 'boolean') fail('ok is not a boolean');
  if (typeof doc.stdout !== 'string') fail('stdout is not a string');
  if (!doc.values || typeof doc.values !== 'object') fail('values is not an object');
  if (!Array.isArray(doc.calls)) fail('calls is not an array');
  if (doc.ok ? doc.error !== null : typeof doc.error?.message !== 'string') fail('error does not match ok');
}

const checks = [];
// options.timeoutMs: a longer limit for a check that does much (the layout suite).
const check = (name, fn, { timeoutMs = CHECK_TIMEOUT_MS } = {}) => checks.push({ name, fn, timeoutMs });

check('window.rungs.run on / returns a result document', async () => {
  const { page } = await openPage('/');
  const source = await page.locator('[data-widget="oob"] pre[data-lang="python"]').first().textContent();
  const doc = await page.evaluate((src) => window.rungs.run(src, { rung: 'interpret' }), source);
  assertResultDocument(doc, 'rungs.run');
  const again = await page.evaluate(() => window.rungs.run('x = 1\n', { rung: 'tpu', trace: true }));
  assertResultDocument(again, 'rungs.run (second call, same worker)');
});

check('window.rungs.compare, errors and session work through the worker', async () => {
  const { page } = await openPage('/');
  const out = await page.evaluate(async () => {
    const compare = await window.rungs.compare('x = 1\n');
    const errors = await window.rungs.errors();
    const s = await window.rungs.session();
    const cells = [await s.exec('a = 1\n'), await s.exec('b = 2\n')];
    const reset = await s.reset();
    s.close();
    const bad = await window.rungs.run('x = 1\n', { rung: 'gpu' });
    return { compare, errors, cells, reset, bad };
  });
  for (const rung of ['interpret', 'tpu', 'chip']) assertResultDocument(out.compare.rungs?.[rung], `compare.${rung}`);
  if (!Array.isArray(out.errors) || out.errors.length === 0) throw new Error('errors() is empty');
  // A template may be empty: Python and JAX raise a few errors with no message.
  if (!out.errors.every((e) => e.id && e.type && typeof e.template === 'string')) throw new Error('errors() entries lack id/type/template');
  out.cells.forEach((c, i) => assertResultDocument(c, `session cell ${i + 1}`));
  if (out.reset?.ok !== true) throw new Error(`session reset: ${JSON.stringify(out.reset)}`);
  assertResultDocument(out.bad, 'run with a bad rung');
  if (out.bad.ok !== false || out.bad.error.id !== 'bad_run_option' || !/'gpu'/.test(out.bad.error.message)) {
    throw new Error(`a bad rung should come back as an error document: ${JSON.stringify(out.bad.error)}`);
  }
});





// Page-specific checks live in checks/*.mjs, one file per area, each
// exporting register(helpers); they run after the shared checks above.
for (const file of readdirSync(path.join(here, 'checks')).filter((f) => f.endsWith('.mjs')).sort()) {
  const mod = await import(pathToFileURL(path.join(here, 'checks', file)).href);
  mod.default({ check, openPage, widgetsSettled, assertResultDocument, base, artifacts });
}

for (const route of ROUTES) {
  check(`route ${route} loads cleanly (title, nav, window.rungs, no errors)`, async () => {
    const { page } = await openPage(route);
    const info = await page.evaluate(() => ({
      title: document.title,
      nav: document.querySelectorAll('nav a').length,
      rungs: typeof window.rungs?.run === 'function',
    }));
    if (!info.title) throw new Error('no <title>');
    if (info.nav === 0) throw new Error('no nav links');
    if (!info.rungs) throw new Error('window.rungs is missing');
    await widgetsSettled(page);
    });
}

check('/rungs-embed.js is served as a script that defines <rungs-kernel>', async () => {
  const res = await fetch(`${base}/rungs-embed.js`);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  if (!/javascript/.test(res.headers.get('content-type') ?? '')) throw new Error(`content-type ${res.headers.get('content-type')}`);
  // The stable URL may be a one-line loader of the hashed bundle: follow it.
  const loaded = /^import\s*["']([^"']+)["']/.exec(body.trim());
  const text = loaded ? body + (await (await fetch(new URL(loaded[1], `${base}/rungs-embed.js`))).text()) : body;
  if (!text.includes('rungs-kernel')) throw new Error('does not mention rungs-kernel');
});

check('no request left 127.0.0.1', async () => {
  if (offsite.length) throw new Error(`off-site requests: ${[...new Set(offsite)].join(', ')}`);
});

// Run the checks in order; one failure does not stop the others.
const only = process.env.E2E_ONLY;
let passed = 0;
let failed = 0;
for (const { name, fn, timeoutMs } of checks) {
  if (only && !name.includes(only)) continue;
  opened = [];
  const started = Date.now();
  try {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    await Promise.race([fn(), timeout]).finally(() => clearTimeout(timer));
    if (opened.length && !opened[0].page.isClosed()) await opened[0].page.waitForTimeout(50); // let late console errors arrive
    const problems = opened.flatMap((o) => o.problems);
    if (problems.length) throw new Error(problems.join('; '));
    passed += 1;
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (err) {
    failed += 1;
    console.log(`FAIL ${name}: ${err.message}`);
  } finally {
    for (const [i, { page }] of opened.entries()) {
      const file = `${shotName(name)}${i ? `_${i}` : ''}.png`;
      await page.screenshot({ path: path.join(artifacts, file), fullPage: true }).catch(() => {});
      await page.close().catch(() => {});
    }
  }
}

await context.close();
await new Promise((resolve) => server.httpServer.close(resolve));
rmSync(profile, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
