// Page figures of the built site (web/dist) in headless Chromium, printed as
//   bench: NAME ratio=R target=1     (R = measured / budget)
//   info: ...                        (the absolute figures)
//   check: ...                       (yes/no facts about what loads where)
//
//   engine_gzip           the engine as shipped: .wasm + the worker chunk (the
//                         Emscripten glue is bundled into it) + the page-side
//                         engine client, gzipped (zlib level 6, what static
//                         servers commonly send); budget 1 MB
//   first_widget          navigation to the first explainer widget's result,
//                         from tests/web/explainer/bench-first-widget.mjs
//                         (its first, cold-cache run and its fastest run);
//                         budget 1.5 s
//   playground_run_K      window.rungsPlayground.run() on gallery kernel K,
//                         until the result is rendered (one animation frame
//                         after the run resolves), fastest of 3; budget 100 ms
// and a check that Monaco is requested by /playground/ and by no other page.
//
//   node tests/bench/page_bench.mjs        (after scripts/build.sh wasm web)
// Env: RUNGS_WEB_DIR (a web/ folder whose dist/ to measure; default web/).
// Targets live here, never in tests.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const webDir = path.resolve(process.env.RUNGS_WEB_DIR ?? path.join(root, 'web')); // a built copy elsewhere: its dist/ is served
const assets = path.join(webDir, 'dist/assets');
const requireFromWeb = createRequire(path.join(root, 'web/package.json'));
const { chromium } = requireFromWeb('playwright-core');
const { preview } = await import(pathToFileURL(requireFromWeb.resolve('vite')).href);

const ENGINE_BUDGET = 1 << 20; // bytes
const FIRST_WIDGET_BUDGET = 1500; // ms
const ROUND_TRIP_BUDGET = 100; // ms
const ROUTES = ['/', '/playground/', '/errors/', '/embed.html', '/docs/embedding/'];
const MONACO = /monaco|editor\.api|editor\.worker|codicon/;

if (!existsSync(path.join(webDir, 'dist/index.html'))) {
  console.error('web/dist is missing: run scripts/build.sh wasm web first');
  process.exit(2);
}

const bench = (name, measured, budget, unit) => {
  console.log(`bench: ${name} ratio=${(measured / budget).toFixed(2)} target=1`);
  return (extra = '') => console.log(`info: ${name} ${unit}=${measured}${extra}`);
};
const gz = (file) => gzipSync(readFileSync(path.join(assets, file))).length;
const kb = (n) => `${(n / 1024).toFixed(1)}KB`;

// ---------------------------------------------------------------- sizes

function engineSize() {
  const files = readdirSync(assets);
  const wasm = files.find((f) => /^rungs-.*\.wasm$/.test(f));
  const js = files.filter((f) => f.endsWith('.js'));
  const refers = (file, name) => readFileSync(path.join(assets, file), 'utf8').includes(name);
  const worker = js.find((f) => refers(f, wasm)); // the chunk that instantiates the module
  const client = js.find((f) => f !== worker && refers(f, worker)); // the page side that starts the worker
  if (!wasm || !worker) throw new Error(`cannot find the engine in ${assets}`);
  const parts = { wasm, worker, client };
  let total = 0;
  let detail = '';
  for (const [role, file] of Object.entries(parts)) {
    if (!file) continue;
    const n = gz(file);
    total += n;
    detail += ` ${role}=${kb(n)}(${file})`;
  }
  const raw = readFileSync(path.join(assets, wasm)).length;
  bench('engine_gzip', total, ENGINE_BUDGET, 'bytes')(` =${kb(total)}${detail} wasm_raw=${kb(raw)}`);
}

// ---------------------------------------------------------------- first widget

function firstWidget() {
  const script = path.join(root, 'tests/web/explainer/bench-first-widget.mjs');
  const out = execFileSync(process.execPath, [script, '3'], { encoding: 'utf8' });
  const times = [...out.matchAll(/first widget \(\S+\) result (\d+) ms/g)].map((m) => Number(m[1]));
  if (!times.length) throw new Error(`no figures from bench-first-widget.mjs:\n${out}`);
  bench('first_widget_cold', times[0], FIRST_WIDGET_BUDGET, 'ms')(` (first visit: empty HTTP and code caches)`);
  bench('first_widget_warm', Math.min(...times), FIRST_WIDGET_BUDGET, 'ms')(` (fastest of ${times.length} visits: ${times.join(', ')})`);
}

// ---------------------------------------------------------------- pages in Chromium

async function inChromium(fn) {
  const server = await preview({ root: webDir, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0 } });
  const base = server.resolvedUrls.local[0].replace(/\/$/, '');
  const profile = mkdtempSync(path.join(tmpdir(), 'rungs-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await fn(context, base);
  } finally {
    await context.close();
    await new Promise((r) => server.httpServer.close(r));
    rmSync(profile, { recursive: true, force: true });
  }
}

async function monacoPages(context, base) {
  const loadedOn = [];
  for (const route of ROUTES) {
    const page = await context.newPage();
    const requested = new Set();
    page.on('request', (req) => requested.add(new URL(req.url()).pathname));
    await page.goto(base + route, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500); // lazy chunks a page asks for after it settles
    await page.close();
    const js = [...requested].filter((p) => p.startsWith('/assets/') && /\.(js|wasm)$/.test(p)).map((p) => p.slice('/assets/'.length));
    const monaco = [...requested].some((p) => MONACO.test(p));
    if (monaco) loadedOn.push(route);
    const bytes = js.reduce((n, f) => n + (existsSync(path.join(assets, f)) ? gz(f) : 0), 0);
    console.log(`info: page ${route} js_and_wasm_gzip=${kb(bytes)} files=${js.length} monaco=${monaco ? 'yes' : 'no'}`);
  }
  const ok = loadedOn.length === 1 && loadedOn[0] === '/playground/';
  console.log(`check: monaco loaded only on /playground/: ${ok ? 'yes' : `no (loaded on: ${loadedOn.join(' ') || 'none'})`}`);
}

async function playgroundRoundTrips(context, base) {
  const page = await context.newPage();
  const W = '[data-widget="playground"]';
  await page.goto(`${base}/playground/`, { waitUntil: 'load' });
  const settled = () =>
    page.waitForFunction((w) => ['done', 'error'].includes(document.querySelector(w)?.dataset.state) && window.rungsPlayground, W, { timeout: 30_000 });
  await settled();
  const kernels = await page.$$eval(`${W} select[name="kernel"] option`, (os) => os.map((o) => o.value).filter(Boolean));
  for (const kernel of kernels) {
    const source = readFileSync(path.join(root, 'content/kernels', `${kernel}.py`), 'utf8');
    await page.evaluate((s) => window.rungsPlayground.setSource(s), source);
    await page.waitForTimeout(800); // let the as-you-type lint (600 ms debounce) come and go
    const times = await page.evaluate(async () => {
      const out = [];
      for (let i = 0; i < 4; i++) {
        const t0 = performance.now();
        await window.rungsPlayground.run();
        await new Promise((r) => requestAnimationFrame(() => r()));
        out.push(performance.now() - t0);
      }
      return out;
    });
    const best = Math.min(...times.slice(1)); // the first run also pays for this kernel's first tier-up
    const ok = await page.evaluate(() => window.rungsPlayground.state().doc?.ok);
    bench(`playground_run_${kernel}`, Number(best.toFixed(1)), ROUND_TRIP_BUDGET, 'ms')(
      ` first=${times[0].toFixed(1)} ok=${ok}`,
    );
  }
  await page.close();
}

engineSize();
firstWidget();
await inChromium(async (context, base) => {
  await monacoPages(context, base);
  await playgroundRoundTrips(context, base);
});
