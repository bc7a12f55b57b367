// End-to-end checks of the explainer (/): every section's widget hydrates
// when scrolled to, runs the real engine in the worker, and shows the
// behaviour its text claims; the glossary tooltips work by mouse and by
// keyboard; every in-page anchor and site link resolves; the notebook
// exports valid nbformat 4. Each check opens its own page (a fresh engine),
// and the runner screenshots it into tests/e2e/artifacts/.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { notebookProblems } = await import(pathToFileURL(path.resolve(here, '../../../web/src/explainer/ipynb.js')).href);

const WIDGET_TIMEOUT = 25_000;

export default function register({ check, openPage, base }) {
  // Scrolls a widget into view (which starts it) and waits for "done".
  async function settle(page, name) {
    const root = page.locator(`[data-widget="${name}"]`).first();
    await root.scrollIntoViewIfNeeded();
    await page.waitForSelector(`[data-widget="${name}"]:is([data-state="done"],[data-state="error"])`, { timeout: WIDGET_TIMEOUT });
    const state = await root.getAttribute('data-state');
    if (state !== 'done') throw new Error(`${name} ended in ${state}: ${await root.locator('.widget-failure').textContent().catch(() => '')}`);
    // Every number the text quotes from this widget is now on the page.
    const empty = await page.evaluate((n) => [...document.querySelectorAll(`output.fact[data-fact^="${n}."]:not([data-filled])`)].map((o) => o.dataset.fact), name);
    if (empty.length) throw new Error(`${name} left facts unfilled: ${empty.join(', ')}`);
    return root;
  }
  const fact = (page, key) => page.locator(`output[data-fact="${key}"]`).first().textContent();
  const expectEq = (got, want, what) => {
    if (String(got) !== String(want)) throw new Error(`${what}: expected ${want}, got ${got}`);
  };

  check('explainer: the page is static HTML first, with no Monaco, and widgets wait until scrolled to', async () => {
    const requests = [];
    const { page } = await openPage('/');
    page.on('request', (r) => requests.push(r.url()));
    const info = await page.evaluate(() => ({
      sections: document.querySelectorAll('main h2').length,
      widgets: [...document.querySelectorAll('[data-widget]')].map((w) => w.dataset.widget),
      idleBelow: document.querySelector('[data-widget="questions"]').dataset.state,
    }));
    if (info.sections < 11) throw new Error(`only ${info.sections} sections`);
    for (const w of ['rung-ladder', 'rung-walk', 'memory-spaces', 'interpret-loop', 'padding', 'grid-order', 'oob', 'debug-picker', 'notebook', 'aliasing', 'ring', 'questions']) {
      if (!info.widgets.includes(w)) throw new Error(`missing widget ${w}`);
    }
    if (info.idleBelow !== 'idle') throw new Error(`a widget far below the fold started before it was scrolled to (${info.idleBelow})`);
    await settle(page, 'rung-ladder');
    const all = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    const monaco = [...all, ...requests].filter((u) => /monaco|editor\.api|editor\.worker/.test(u));
    if (monaco.length) throw new Error(`Monaco loaded on /: ${monaco[0]}`);
  });

  check('explainer §1 rung-ladder: three rungs, rung 3 labelled a model, facts from the engine', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'rung-ladder');
    expectEq(await fact(page, 'rung-ladder.steps'), 4, 'grid steps');
    const copies = Number(await fact(page, 'rung-ladder.tpu_copies'));
    if (!(copies >= 8)) throw new Error(`rung 2 block copies: ${copies}`);
    await root.locator('[role="tab"][data-rung="tpu"]').click();
    if ((await root.getAttribute('data-selected')) !== 'tpu') throw new Error('the tpu tab did not select');
    const label = await root.locator('.ladder-strip [data-rung="chip"] .rung-badge').textContent();
    if (!/model/.test(label)) throw new Error(`rung 3 is not labelled a model: ${label}`);
  });

  check('explainer §2 rung-walk: each bug is caught by the rung the text says', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'rung-walk');
    const rows = await root.locator('tr[data-bug]').evaluateAll((trs) => Object.fromEntries(trs.map((t) => [t.dataset.bug, t.dataset.caughtBy])));
    const chip = await root.locator('tr[data-bug="tile-rule"] td[data-rung="chip"]').getAttribute('data-verdict');
    const byChip = chip === 'unavailable' ? 'none' : 'chip';
    const want = {
      'oob-index-map': 'tpu', accumulator: 'interpret', 'dma-before-wait': 'tpu', 'two-cores': 'tpu', revisit: 'tpu',
      order: 'tpu', 'tile-rule': byChip, vmem: byChip, aliasing: 'tpu',
    };
    for (const [bug, rung] of Object.entries(want)) expectEq(rows[bug], rung, `${bug} caught by`);
    expectEq(await fact(page, 'rung-walk.bugs'), 9, 'bugs');
    expectEq(await fact(page, 'rung-walk.caught_interpret'), 1, 'caught on rung 1');
    expectEq(await fact(page, 'rung-walk.caught_tpu'), 6, 'caught on rung 2');
  });

  check('explainer §3 memory-spaces: the engine names SMEM, and the SMEM port runs on the interpreters', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'memory-spaces');
    expectEq(await fact(page, 'memory-spaces.smem_value'), "'smem'", 'SMEM value');
    const smem = await root.locator('td[data-space="SMEM"]').textContent();
    if (!smem.includes("'smem'")) throw new Error(`TPU table SMEM row: ${smem}`);
    for (const rung of ['interpret', 'tpu']) {
      const text = await root.locator(`.ms-collision li[data-rung="${rung}"]`).textContent();
      if (!/ran; printed True/.test(text)) throw new Error(`${rung}: ${text}`);
    }
    // The generation picker: the chip model of the chosen TPU answers get_tpu_info().
    const picker = root.locator('.ms-generation');
    expectEq(await picker.getAttribute('data-vmem'), String(128 * 2 ** 20), 'v5e VMEM');
    await picker.locator('select[name="generation"]').selectOption('v5p');
    await page.waitForSelector('.ms-generation[data-generation="v5p"][data-state="done"]');
    expectEq(await picker.getAttribute('data-vmem'), String(64 * 2 ** 20), 'v5p VMEM');
    const text = await picker.locator('.ms-generation-figures').textContent();
    if (!/^TPU v5: VMEM 64 MiB and SMEM 1 MiB per TensorCore, 2 TensorCores per device/.test(text)) throw new Error(`v5p: ${text}`);
  });

  check('explainer §4 interpret-loop: the trace replays step by step; unwritten rows stay NaN', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'interpret-loop');
    expectEq(await fact(page, 'interpret-loop.steps'), 3, 'steps');
    expectEq(await fact(page, 'interpret-loop.nan_rows'), 8, 'NaN rows');
    await root.locator('button[aria-label="Last step"], button[title="Last step"]').first().click();
    const step = await root.locator('.loop-stages').getAttribute('data-step');
    expectEq(step, 2, 'stepper on the last step');
    const legend = await root.locator('.loop-out .rg-legend').textContent();
    if (!/NaN ×1024/.test(legend)) throw new Error(`output legend: ${legend}`);
  });

  check('explainer §5 padding: the engine pads to whole blocks, and the picture follows the reader', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'padding');
    expectEq(await fact(page, 'padding.padded_shape'), '(24, 384)', 'padded shape');
    expectEq(await fact(page, 'padding.pad_hi'), '(4, 84)', 'pad_hi');
    await root.locator('input[name="rows"]').fill('10');
    await page.waitForFunction(() => document.querySelector('[data-widget="padding"] svg.padding-svg')?.dataset.shape === '10,300', null, { timeout: WIDGET_TIMEOUT });
    expectEq(await root.locator('svg.padding-svg').getAttribute('data-padded'), '16,384', 'padded after the change');
  });

  check('explainer §6 grid-order: same count, different orders; the seed reorders rung 2', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'grid-order');
    expectEq(await fact(page, 'grid-order.steps'), 12, 'steps');
    const orders = await root.locator('svg.visit-grid').evaluateAll((s) => s.map((x) => x.dataset.order));
    if (orders.length !== 3 || orders.some((o) => o.split(' ').length !== 12)) throw new Error(`orders: ${orders}`);
    if (!orders[0].startsWith('0,0:1:0 0,1:2:0')) throw new Error(`rung 1 is not row-major: ${orders[0]}`);
    if (!orders[2].includes(':1 ')) throw new Error('the two-core run never used core 1');
    const before = orders[1];
    await root.locator('input[name="seed"]').fill('7');
    await root.locator('input[name="seed"]').dispatchEvent('change');
    await page.waitForFunction((b) => document.querySelectorAll('[data-widget="grid-order"] svg.visit-grid')[1]?.dataset.order !== b, before, { timeout: WIDGET_TIMEOUT });
  });

  check('explainer §7 oob: no error, finite, and the duplicated half equals the last in-bounds block', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'oob');
    const dup = await root.locator('.oob-out').evaluate((e) => ({ start: e.dataset.dupStart, size: e.dataset.dupSize }));
    expectEq(dup.start, '8,0', 'duplicated rows start');
    expectEq(dup.size, '8,128', 'duplicated rows size');
    expectEq(await fact(page, 'oob.clamped_start'), 16, 'asked start');
    expectEq(await fact(page, 'oob.landed_start'), 8, 'landed start');
    expectEq(await fact(page, 'oob.finite'), 'True', 'all finite');
    // The same program through window.rungs: out[8:16] is x[8:16], the last real block.
    const source = await root.locator('pre[data-name="kernel"]').textContent();
    const same = await page.evaluate(async (src) => {
      const doc = await window.rungs.run(src, { rung: 'interpret' });
      const { out, x } = doc.values;
      const rows = (a, r0, r1) => a.data.slice(r0 * 128, r1 * 128);
      return JSON.stringify(rows(out, 8, 16)) === JSON.stringify(rows(x, 8, 16)) && JSON.stringify(rows(out, 0, 8)) === JSON.stringify(rows(x, 8, 16));
    }, source);
    if (!same) throw new Error('out[8:16] and out[0:8] are not both x[8:16]');
    expectEq(await root.locator('.oob-rung[data-rung="tpu"]').getAttribute('data-outcome'), 'tpu_oob_block_input', 'rung 2 raises');
    const chip = await root.locator('.oob-rung[data-rung="chip"] .rung-badge').textContent();
    if (!/model/.test(chip)) throw new Error('rung 3 not labelled a model');
  });

  check('explainer §8 debug-picker: one question in, one switch out, example run', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'debug-picker');
    await root.locator('label', { hasText: 'touch the same memory' }).click();
    await page.waitForSelector('[data-widget="debug-picker"][data-selected="races"][data-state="done"] .rg-races-head', { timeout: WIDGET_TIMEOUT });
    const races = Number(await root.locator('.rg-races-head').getAttribute('data-races'));
    if (!(races > 0)) throw new Error('the race detector example reported no race');
    const sw = await root.locator('.picker-switch code').textContent();
    expectEq(sw, 'pltpu.InterpretParams(detect_races=True)', 'switch');
  });

  check('explainer §8 debug-picker: cross-lowering for a TPU refuses the 4-row block at lowering and exports the 8-row one', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'debug-picker');
    await root.locator('label', { hasText: 'machine with no TPU' }).click();
    await page.waitForSelector('[data-widget="debug-picker"][data-selected="lower"][data-state="done"]', { timeout: WIDGET_TIMEOUT });
    const text = await root.locator('.picker-output').textContent();
    if (!/algebra: True/.test(text)) throw new Error(`interpret=True did not check the algebra: ${text}`);
    if (!/rows=4: lowering refused: The Pallas TPU lowering currently requires that the last two dimensions/.test(text)) throw new Error(`no tile-rule refusal: ${text}`);
    if (!/module @jit_gelu_blocks/.test(text) || !/kernels lowered to tpu_custom_call: 1/.test(text)) throw new Error(`no lowered module: ${text}`);
  });

  check('explainer §9 notebook: six cells in one session; the reset cell clears the state; export is nbformat 4', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'notebook');
    const ran = await root.locator('.nb-cell').evaluateAll((cells) => cells.map((c) => c.dataset.ran));
    expectEq(ran.join(','), 'ok,ok,ok,ok,ok,ok', 'cells after run-all');
    const out4 = await root.locator('.nb-cell[data-index="3"] .nb-output').textContent();
    if (!/IndexError/.test(out4)) throw new Error(`cell 4 did not meet the error: ${out4}`);
    expectEq(await root.locator('.nb-cell[data-index="5"]').getAttribute('data-tpu-state'), 'clean', 'cell 6 after the reset cell');
    // Skip the reset: the engine finds the failed kernel's state left behind.
    await root.locator('button', { hasText: 'Restart session' }).click();
    for (const i of [1, 2, 3, 4, 6]) {
      await root.locator('button', { hasText: `Run cell ${i}` }).click();
      await page.waitForFunction((n) => document.querySelector(`.nb-cell[data-index="${n}"]`).dataset.ran !== 'no', i - 1, { timeout: WIDGET_TIMEOUT });
    }
    expectEq(await root.locator('.nb-cell[data-index="5"]').getAttribute('data-tpu-state'), 'auto-reset', 'cell 6 without the reset cell');
    const [download] = await Promise.all([page.waitForEvent('download'), root.locator('button.nb-export').click()]);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const nb = JSON.parse(await readFile(file, 'utf8'));
    const problems = notebookProblems(nb);
    if (problems.length) throw new Error(`exported notebook: ${problems.join('; ')}`);
    if (nb.cells.filter((c) => c.cell_type === 'code').length !== 6) throw new Error('not six code cells');
  });

  check('explainer §10 aliasing: in place on rung 2, a wrong alias corrupts, scalar-prefetch aliasing refused', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'aliasing');
    const outputs = await root.locator('[data-output-buffers]').getAttribute('data-output-buffers');
    expectEq(outputs, 0, 'HBM buffers allocated for the aliased output');
    const wrong = await root.locator('[data-part="wrong"] li[data-rung="tpu"]').textContent();
    if (!/\[3\. 2\. 2\. 3\.\]/.test(wrong)) throw new Error(`rung 2 reversal: ${wrong}`);
    const right = await root.locator('[data-part="wrong"] li[data-rung="interpret"]').textContent();
    if (!/\[3\. 2\. 1\. 0\.\]/.test(right)) throw new Error(`rung 1 reversal: ${right}`);
    const refused = await root.locator('[data-part="prefetch"] li[data-rung="tpu"] .rg-error').getAttribute('data-error-id');
    expectEq(refused, 'tpu_alias_prefetch', 'prefetch alias on rung 2');
    // Step the copies: step 3 reads rows 8-16 after step 2 wrote them back.
    const order = root.locator('[data-part="wrong"] .alias-order');
    await order.locator('button[aria-label="Last step"]').click();
    const strip = await order.locator('.alias-blocks li').allTextContents();
    if (!/written by step 4/.test(strip[3])) throw new Error(`after the last copy: ${strip.join(' | ')}`);
    // Without the alias the reversal is right on rung 2 as well.
    await root.locator('[data-part="wrong"] input[name="aliased"]').uncheck();
    await page.waitForSelector('[data-part="wrong"] [data-aliased="false"][data-state="done"]');
    const fixed = await root.locator('[data-part="wrong"] li[data-rung="tpu"]').textContent();
    if (!/\[3\. 2\. 1\. 0\.\]/.test(fixed)) throw new Error(`rung 2 without the alias: ${fixed}`);
  });

  check('explainer §12 questions: five answers, each run, each opening in the playground', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'questions');
    const parts = await root.locator('.part').evaluateAll((ps) => ps.map((p) => ({ ran: p.dataset.ran, href: p.querySelector('a.playground-link')?.getAttribute('href') })));
    if (parts.length !== 5) throw new Error(`${parts.length} questions`);
    for (const p of parts) {
      if (p.ran !== 'ok') throw new Error(`a snippet ended with ${p.ran}`);
      if (!/^\.\/playground\/#s=[A-Za-z0-9_-]+$/.test(p.href)) throw new Error(`playground link ${p.href}`);
    }
    const res = await fetch(new URL(parts[0].href, `${base}/`));
    expectEq(res.status, 200, 'playground page');
  });

  check('explainer: glossary tooltips by hover and keyboard; every anchor and site link resolves', async () => {
    const { page } = await openPage('/');
    const term = page.locator('a.term').first();
    await term.scrollIntoViewIfNeeded();
    await term.hover();
    await page.waitForSelector('#term-tip:not([hidden])');
    const text = await page.locator('#term-tip').textContent();
    if (text.length < 20) throw new Error(`tooltip text: ${text}`);
    await page.keyboard.press('Escape');
    await term.focus();
    await page.waitForSelector('#term-tip:not([hidden])');
    const links = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')));
    const anchors = links.filter((h) => h.startsWith('#'));
    const dead = await page.evaluate((hs) => hs.filter((h) => h.length > 1 && !document.getElementById(decodeURIComponent(h.slice(1)))), anchors);
    if (dead.length) throw new Error(`dead anchors: ${dead.join(', ')}`);
    const site = [...new Set(links.filter((h) => !h.startsWith('#') && !/^[a-z]+:/.test(h)).map((h) => h.split('#')[0]))];
    for (const h of site) {
      const res = await fetch(new URL(h, `${base}/`));
      if (res.status !== 200) throw new Error(`${h}: HTTP ${res.status}`);
    }
  });
}
