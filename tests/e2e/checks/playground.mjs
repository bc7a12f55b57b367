// End-to-end checks of the playground (/playground/); loaded by tests/e2e/run.mjs.
// The page exposes window.rungsPlayground (getSource, setSource, run,
// compare, markers, selectedLine, state) next to window.rungs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeState } from '../../../web/src/playground/share.js';

const kernels = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/kernels');
// A share link that opens the playground on a gallery kernel with settings:
// checks start from a known state whatever an earlier check saved.
const linkTo = (kernel, settings = { rung: 'auto', params: {} }, extra = '') =>
  `/playground/${extra}${encodeState({ source: readFileSync(path.join(kernels, `${kernel}.py`), 'utf8'), settings, kernel })}`;

const W = '[data-widget="playground"]';

export default function register({ check, openPage, assertResultDocument, artifacts }) {
  // Opens the playground and waits for its first (automatic) run to finish.
  async function openPlayground(route = '/playground/', viewport = { width: 1280, height: 800 }) {
    const opened = await openPage(route);
    await opened.page.setViewportSize(viewport);
    await settled(opened.page);
    return opened;
  }

  async function settled(page) {
    await page.waitForFunction((w) => ['done', 'error'].includes(document.querySelector(w)?.dataset.state) && window.rungsPlayground, W, { timeout: 20_000 });
  }

  // Picks a gallery kernel and rung through the page's own controls, then runs.
  async function runKernel(page, kernel, rung) {
    await page.selectOption(`${W} select[name="rung"]`, rung);
    await page.evaluate((w) => (document.querySelector(w).dataset.state = 'idle'), W);
    await page.selectOption(`${W} select[name="kernel"]`, kernel); // picking runs it
    await settled(page);
    return page.evaluate(() => window.rungsPlayground.state().doc);
  }

  const shot = (page, name) => page.screenshot({ path: path.join(artifacts, `playground_${name}.png`), fullPage: false });

  check('playground: Monaco loads from the bundle and the headline kernel runs at 1280x800', async () => {
    // A first visit: no last edit saved by an earlier check (the browser
    // profile is shared by every check).
    const { page } = await openPlayground();
    await page.evaluate(() => localStorage.clear());
    // Monaco fetches its icon font (codicon) lazily; reloading while that
    // request is in flight aborts it (net::ERR_ABORTED), which the runner
    // counts as a failed request: let the first load finish its requests.
    await page.waitForLoadState('networkidle');
    await page.reload({ waitUntil: 'load' });
    await settled(page);
    const info = await page.evaluate((w) => {
      const root = document.querySelector(w);
      return {
        editor: root.dataset.editor,
        monaco: Boolean(root.querySelector('.monaco-editor')),
        heatmaps: root.querySelectorAll('[data-panel="outputs"] .rg-heatmap').length,
        nanMarked: root.querySelectorAll('[data-panel="outputs"] rect.rg-nan').length,
        kernel: root.querySelector('select[name="kernel"]').value,
        source: window.rungsPlayground.getSource().split('\n')[0],
      };
    }, W);
    if (info.editor !== 'monaco' || !info.monaco) throw new Error(`no Monaco editor: ${JSON.stringify(info)}`);
    if (info.kernel !== 'one_block_past_the_end' || !info.source.startsWith('# One block past the end')) throw new Error(`unexpected first kernel: ${JSON.stringify(info)}`);
    if (info.heatmaps < 2) throw new Error(`expected heatmaps of x and y, got ${info.heatmaps}`);
    await shot(page, 'desktop_light');
  });

  // Every gallery kernel on every rung, through the page's own controls, in
  // groups so each check stays within the runner's time budget.
  const GROUPS = 3;
  for (const rung of ['interpret', 'tpu', 'chip']) {
    for (let group = 0; group < GROUPS; group++) {
      check(`playground: gallery kernels (group ${group + 1}/${GROUPS}) run on rung ${rung} from the page`, async () => {
        const { page } = await openPlayground();
        const all = await page.$$eval(`${W} select[name="kernel"] option`, (os) => os.map((o) => o.value).filter(Boolean));
        if (all.length < 12) throw new Error(`only ${all.length} gallery kernels`);
        const bad = [];
        for (const kernel of all.filter((_, i) => i % GROUPS === group)) {
          const doc = await runKernel(page, kernel, rung);
          assertResultDocument(doc, `${kernel} on ${rung}`);
          // An error is a valid result to show; an internal error or a crash is not.
          if (doc.error?.id === 'internal_error') bad.push(`${kernel}: internal error ${doc.error.message}`);
          if (!doc.ok && !(await page.locator(`${W} .pg-error`).count())) bad.push(`${kernel}: error not shown`);
          const calls = doc.calls.map((c) => c.rung);
          if (doc.ok && calls.some((r) => r !== rung)) bad.push(`${kernel}: ran on ${calls} instead of ${rung}`);
        }
        if (bad.length) throw new Error(bad.join('; '));
      });
    }
  }

  check('playground: the backward-pass gallery kernel shows its forward call, then its backward call, in the grid walk', async () => {
    const { page } = await openPlayground(linkTo('backward_pass', { rung: 'tpu', params: {} }));
    const doc = await page.evaluate(() => window.rungsPlayground.state().doc);
    if (!doc.ok) throw new Error(`the run failed: ${doc.error?.message}`);
    const roles = doc.calls.map((c) => `${c.kernel}:${c.autodiff}`).join(' ');
    if (roles !== 'gelu_tanh_kernel:forward gelu_tanh_grad_kernel:backward') throw new Error(`calls: ${roles}`);
    if (!/gradient matches: True/.test(doc.stdout)) throw new Error(`printed: ${doc.stdout}`);
    const pick = page.locator(`${W} select[aria-label="pallas_call to show"]`);
    const options = await pick.locator('option').allTextContents();
    if (!options[0].endsWith('· forward pass') || !options[1].endsWith('· backward pass')) throw new Error(`call picker: ${options.join(' | ')}`);
    await page.click(`${W} [role="tab"][data-tab="walk"]`);
    await pick.selectOption('1');
    const head = page.locator(`${W} [data-panel="walk"] .rg-walk-head`).first();
    await head.waitFor({ timeout: 10_000 });
    const text = await head.textContent();
    if (!text.startsWith('gelu_tanh_grad_kernel (backward pass) · step 1 of 2')) throw new Error(`grid walk: ${text}`);
  });

  check('playground: a big output is painted on a canvas and hovering reads the engine\'s values', async () => {
    const { page } = await openPlayground(linkTo('accumulator_not_zeroed', { rung: 'interpret', params: {} }));
    const fig = page.locator(`${W} [data-panel="outputs"] .rg-heatmap:has(.rg-heatmap-stack)`).first();
    if ((await fig.count()) === 0) throw new Error('no output heatmap drawn on a canvas');
    const painted = await fig.evaluate((f) => {
      const c = f.querySelector('canvas.rg-cell-canvas');
      const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const colours = new Set();
      for (let i = 0; i < px.length; i += 4 * 97) if (px[i + 3]) colours.add(`${px[i]},${px[i + 1]},${px[i + 2]}`);
      return { colours: colours.size, rects: f.querySelectorAll('rect.rg-cell').length, name: f.querySelector('figcaption').textContent.split(':')[0] };
    });
    if (painted.colours < 2 || painted.rects !== 0) throw new Error(`canvas not painted as expected: ${JSON.stringify(painted)}`);
    // Hover the middle of the first cell: the readout names element [0, 0] with the document's value.
    const box = await fig.locator('svg').first().boundingBox();
    await page.mouse.move(box.x + 3, box.y + 3);
    const readout = await fig.locator('.rg-readout').textContent();
    const expected = await page.evaluate((n) => window.rungsPlayground.state().doc.values[n], painted.name);
    const first = Number(expected.data[0]);
    if (readout.startsWith(`${painted.name}[0:`)) return; // a binned cell: its mean is checked in Vitest
    const shown = Number(readout.split(' = ')[1]);
    const same = Number.isNaN(first) ? /= nan$/.test(readout) : Math.abs(shown - first) <= 1e-4 * (1 + Math.abs(first));
    if (!readout.startsWith(`${painted.name}[0, 0] = `) || !same)
      throw new Error(`hover readout ${JSON.stringify(readout)}, the document says ${first}`);
  });

  check('playground: scrubbing the grid walk highlights the block the engine reported', async () => {
    const { page } = await openPlayground(linkTo('one_block_past_the_end'));
    const source = await page.evaluate(() => window.rungsPlayground.getSource());
    const reference = await page.evaluate((src) => window.rungs.run(src, { rung: 'interpret', trace: true }), source);
    const steps = reference.calls[0].events.filter((e) => e.kind === 'step');
    await page.click(`${W} [role="tab"][data-tab="walk"]`);
    for (const target of [1, 0, 1]) {
      // Drag the slider (a keyboard move on the range input, as a user would).
      await page.focus(`${W} .rg-stepper input[type="range"]`);
      await page.keyboard.press(target === 0 ? 'Home' : 'End');
      const shown = await page.$$eval(`${W} [data-panel="walk"] rect.rg-landed[data-operand]`, (rs) => rs.map((r) => ({ operand: r.dataset.operand, landed: r.dataset.landed, start: r.dataset.start })));
      for (const entry of steps[target].operands) {
        const s = shown.find((x) => Number(x.operand) === entry.operand);
        if (!s || s.landed !== entry.landed.join(',') || s.start !== entry.start.join(',')) {
          throw new Error(`step ${target}, operand ${entry.operand}: page shows ${JSON.stringify(s)}, engine says start ${entry.start} landed ${entry.landed}`);
        }
      }
    }
    const clamped = await page.locator(`${W} [data-panel="walk"] rect.rg-landed.rg-clamped`).count();
    if (!clamped) throw new Error('the clamped window of the last step is not marked');
    await shot(page, 'grid_walk_clamped');
  });

  check('playground: a share link restores code, settings and step in a fresh page', async () => {
    const { page } = await openPlayground(linkTo('one_block_past_the_end'));
    await page.evaluate(() => window.rungsPlayground.setSource(window.rungsPlayground.getSource().replace('i + 1', 'i')));
    await page.selectOption(`${W} select[name="rung"]`, 'tpu');
    await page.click(`${W} .pg-params-box summary`);
    await page.selectOption(`${W} select[name="detect_races"]`, 'true');
    await page.fill(`${W} input[name="num_cores_or_threads"]`, '2');
    await page.dispatchEvent(`${W} input[name="num_cores_or_threads"]`, 'change');
    await page.evaluate(() => window.rungsPlayground.run());
    await page.click(`${W} [role="tab"][data-tab="walk"]`);
    await page.click(`${W} .rg-stepper button[aria-label="Last step"]`);
    await page.click(`${W} [data-action="share"]`);
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    const link = await page.evaluate(() => location.href);
    const route = link.slice(link.indexOf('/playground/'));
    const fresh = (await openPlayground(route)).page;
    const got = await fresh.evaluate((w) => {
      const root = document.querySelector(w);
      return {
        source: window.rungsPlayground.getSource(),
        rung: root.querySelector('select[name="rung"]').value,
        races: root.querySelector('select[name="detect_races"]').value,
        cores: root.querySelector('input[name="num_cores_or_threads"]').value,
        tab: root.querySelector('[role="tab"][data-tab][aria-selected="true"]').dataset.tab,
        step: root.querySelector('.rg-walk-head')?.dataset.step,
      };
    }, W);
    const want = await page.evaluate(() => window.rungsPlayground.getSource());
    if (got.source !== want) throw new Error('the shared source differs');
    if (got.rung !== 'tpu' || got.races !== 'true' || got.cores !== '2') throw new Error(`settings not restored: ${JSON.stringify(got)}`);
    if (got.tab !== 'walk' || got.step !== '1') throw new Error(`step not restored: ${JSON.stringify(got)}`);
  });

  check('playground: a malformed or oversized share link is refused with a visible message', async () => {
    const { page } = await openPlayground('/playground/#s=this-is-not-deflate');
    const text = await page.locator(`${W} .pg-message`).textContent();
    if (!/could not be opened/.test(text) || !(await page.locator(`${W} .pg-message`).isVisible())) throw new Error(`message: ${text}`);
    if (!(await page.evaluate(() => window.rungsPlayground.getSource().length > 0))) throw new Error('the editor is empty after a bad link');
  });

  check('playground: a syntax error gets an editor marker on the exact span', async () => {
    const { page } = await openPlayground();
    await page.evaluate(() => window.rungsPlayground.setSource('x = 1\ny = (x +\nprint(y)\n'));
    await page.waitForFunction(() => window.rungsPlayground.markers('rungs-syntax').length > 0, null, { timeout: 10_000 });
    const [m] = await page.evaluate(() => window.rungsPlayground.markers('rungs-syntax'));
    if (m.startLineNumber !== 2 || m.startColumn !== 5 || m.endColumn !== 6) throw new Error(`marker at ${JSON.stringify(m)}`);
    await page.waitForSelector(`${W} .squiggly-error`, { timeout: 5000 });
    // A failed run keeps the editor and the previous result's arrays.
    await page.evaluate(() => window.rungsPlayground.run());
    const kept = await page.evaluate((w) => ({
      source: window.rungsPlayground.getSource(),
      arrays: document.querySelectorAll(`${w} [data-panel] .rg-heatmap, ${w} .pg-stale`).length,
      state: document.querySelector(w).dataset.state,
    }), W);
    if (kept.state !== 'error' || !kept.source.includes('y = (x +')) throw new Error(`after the failed run: ${JSON.stringify(kept)}`);
    await page.click(`${W} [role="tab"][data-tab="outputs"]`);
    if (!(await page.locator(`${W} .pg-stale`).count())) throw new Error('the previous arrays were not kept');
    const run = await page.evaluate(() => window.rungsPlayground.markers('rungs-run'));
    if (run.length !== 1 || run[0].startLineNumber !== 2) throw new Error(`run markers: ${JSON.stringify(run)}`);
    // Fixing the error clears both the run's marker and the as-you-type one.
    await page.evaluate(() => window.rungsPlayground.setSource('x = 1\ny = (x + 1)\nprint(y)\n'));
    await page.waitForFunction(() => !window.rungsPlayground.markers('rungs-syntax').length && !window.rungsPlayground.markers('rungs-run').length, null, { timeout: 10_000 });
  });

  check('playground: a big heatmap paints NaN and Inf in the theme\'s token colours, and repaints on a theme switch', async () => {
    const { page } = await openPlayground();
    // 32 x 128 cells: over the SVG limit, so the cells are canvas pixels.
    await page.evaluate(() => window.rungsPlayground.setSource('import jax.numpy as jnp\nz = jnp.full((32, 128), jnp.nan).at[0].set(jnp.inf).at[1].set(-jnp.inf)\n'));
    await page.evaluate((w) => (document.querySelector(w).dataset.state = 'idle'), W);
    await page.evaluate(() => window.rungsPlayground.run());
    await settled(page);
    await page.click(`${W} [role="tab"][data-tab="outputs"]`);
    // The pixel at a cell's middle (row r of the binned grid) against the
    // tokens the page resolves right now.
    const probe = () => page.evaluate((w) => {
      const canvas = document.querySelector(`${w} [data-value="z"] canvas.rg-cell-canvas`);
      const ctx = canvas.getContext('2d');
      const rows = canvas.height / 32;
      const at = (r) => [...ctx.getImageData(Math.floor(canvas.width / 2), Math.floor(1 + rows * (r + 0.5)), 1, 1).data].slice(0, 3).join(',');
      const css = getComputedStyle(canvas);
      const token = (name) => {
        const probeEl = document.createElement('span');
        probeEl.style.color = css.getPropertyValue(name);
        document.body.append(probeEl);
        const rgb = getComputedStyle(probeEl).color.match(/\d+/g).slice(0, 3).join(',');
        probeEl.remove();
        return rgb;
      };
      return { posinf: at(0), neginf: at(1), want: { posinf: token('--rg-heat-posinf'), neginf: token('--rg-heat-neginf') } };
    }, W);
    const light = await probe();
    if (light.posinf !== light.want.posinf || light.neginf !== light.want.neginf) throw new Error(`before the switch: ${JSON.stringify(light)}`);
    await page.evaluate(() => { document.documentElement.dataset.theme = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'; });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const dark = await probe();
    if (dark.posinf !== dark.want.posinf || dark.neginf !== dark.want.neginf || dark.posinf === light.posinf) throw new Error(`after the switch: ${JSON.stringify({ light, dark })}`);
    await page.evaluate(() => delete document.documentElement.dataset.theme);
  });

  check('playground: the race report and the memory timeline link to source lines', async () => {
    const { page } = await openPlayground();
    const doc = await runKernel(page, 'dma_race', 'tpu');
    if (!doc.calls[0].races.length) throw new Error('dma_race reported no race on rung 2');
    await page.click(`${W} [role="tab"][data-tab="races"]`);
    const line = doc.calls[0].races[0].first.source.line;
    await page.click(`${W} [data-panel="races"] button[data-line="${line}"]`);
    if ((await page.evaluate(() => window.rungsPlayground.selectedLine())) !== line) throw new Error('race link did not reveal its line');
    await page.click(`${W} [data-panel="races"] button[data-action="timeline"]`);
    const hot = await page.locator(`${W} [data-panel="memory"] g.rg-ev-hot`).count();
    if (!hot) throw new Error('the timeline does not outline the racing lines');
    const dma = page.locator(`${W} [data-panel="memory"] g[data-kind="dma_start"]`).first();
    await dma.click();
    const dmaLine = doc.calls[0].events.find((e) => e.kind === 'dma_start').source.line;
    if ((await page.evaluate(() => window.rungsPlayground.selectedLine())) !== dmaLine) throw new Error('timeline click did not reveal the DMA line');
    await shot(page, 'memory_timeline');
  });

  check('playground: compare runs all three rungs and labels rung 3 a model', async () => {
    const { page } = await openPlayground(linkTo('one_block_past_the_end'));
    await page.click(`${W} [data-action="compare"]`);
    await page.waitForSelector(`${W} [data-panel="compare"] .rg-compare-rung[data-rung="chip"]`, { timeout: 20_000 });
    await settled(page);
    const cols = await page.$$eval(`${W} .rg-compare-rung`, (cs) => cs.map((c) => `${c.dataset.rung}:${c.textContent.includes('a model of the chip')}`));
    if (cols.join(' ') !== 'interpret:false tpu:false chip:true') throw new Error(`columns: ${cols}`);
    await shot(page, 'compare');
  });

  check('playground: Lower for TPU shows the chip model\'s module with lines linked to the kernel', async () => {
    const { page } = await openPlayground(linkTo('one_block_past_the_end'));
    await page.click(`${W} [data-action="lower"]`);
    await page.waitForSelector(`${W} [data-panel="lowered"] .rg-lowered li`, { timeout: 20_000 });
    await settled(page);
    const text = await page.locator(`${W} [data-panel="lowered"] .rg-lowered`).textContent();
    if (!/tpu\.vector_store|vector\.load/.test(text)) throw new Error(`no Mosaic ops in the lowered view: ${text.slice(0, 200)}`);
    const link = page.locator(`${W} [data-panel="lowered"] button[data-line]`).first();
    const line = Number(await link.getAttribute('data-line'));
    await link.click();
    if ((await page.evaluate(() => window.rungsPlayground.selectedLine())) !== line) throw new Error('a lowered line did not reveal its kernel line');
    await shot(page, 'lowered');
  });

  check('playground: an output downloads as a valid .npy file', async () => {
    const { page } = await openPlayground(linkTo('one_block_past_the_end'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`${W} button[data-download="y"]`)]);
    const file = await download.path();
    const bytes = readFileSync(file);
    const header = bytes.subarray(10, 10 + bytes.readUInt16LE(8)).toString('latin1');
    if (bytes.subarray(0, 6).toString('latin1') !== '\x93NUMPY' || !header.includes("'shape': (16, 128)") || (10 + header.length) % 64) {
      throw new Error(`bad .npy header: ${JSON.stringify(header)}`);
    }
    if (bytes.length !== 10 + header.length + 16 * 128 * 4) throw new Error(`bad .npy size ${bytes.length}`);
  });

  check('playground: narrow screen, dark theme and the read-only code view', async () => {
    // dma_race on rung 2 with the parameter form open: the widest state of the controls.
    const { page } = await openPlayground(linkTo('dma_race', { rung: 'tpu', params: { detect_races: true, num_cores_or_threads: 2 } }, '?editor=plain'), { width: 390, height: 844 });
    await page.click(`${W} [data-action="theme"]`); // system -> light
    await page.click(`${W} [data-action="theme"]`); // light -> dark
    const info = await page.evaluate((w) => ({
      theme: document.documentElement.dataset.theme,
      editor: document.querySelector(w).dataset.editor,
      lines: document.querySelectorAll(`${w} .pg-code .pg-line`).length,
      overflow: document.documentElement.scrollWidth > window.innerWidth + 1,
    }), W);
    if (info.theme !== 'dark' || info.editor !== 'plain' || info.lines < 10) throw new Error(JSON.stringify(info));
    if (info.overflow) throw new Error('the page scrolls sideways at 390 px');
    await shot(page, 'narrow_dark_plain');
  });
}
