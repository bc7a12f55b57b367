// End-to-end checks of the error catalog (/errors/): the index lists every
// id of the engine's registry, every id renders its own page at #<id>, and
// every hand-written page's live reproducer raises its own id in the worker
// (or says the rung it needs is missing from this engine build, or is a
// known engine gap, tests/web/explainer/known-engine-gaps.js).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { KNOWN_ENGINE_GAPS } = await import(pathToFileURL(path.resolve(here, '../../web/explainer/known-engine-gaps.js')).href);

export default function register({ check, openPage }) {
  async function catalog(route = '/errors/') {
    const opened = await openPage(route);
    await opened.page.waitForSelector('[data-widget="error-catalog"][data-state="done"]', { timeout: 20_000 });
    return opened;
  }

  check('errors: the index lists every registry id, grouped', async () => {
    const { page } = await catalog();
    const info = await page.evaluate(async () => {
      const registry = await window.rungs.errors();
      const listed = [...document.querySelectorAll('.error-list li')].map((li) => li.dataset.id);
      return { registry: registry.map((e) => e.id), listed, families: document.querySelectorAll('.error-family').length };
    });
    const missing = info.registry.filter((id) => !info.listed.includes(id));
    if (missing.length) throw new Error(`not listed: ${missing.slice(0, 5).join(', ')}`);
    if (info.listed.length !== info.registry.length) throw new Error(`${info.listed.length} listed, ${info.registry.length} in the registry`);
    if (info.families < 6) throw new Error(`only ${info.families} groups`);
  });

  check('errors: a pasted message finds its entry first; the intro stays on the index', async () => {
    const { page } = await catalog();
    await page.fill('input[type="search"]', 'Out-of-bounds block index (2, 0) for input "x_ref" in iteration (1,)');
    const first = await page.locator('.error-results li').first().getAttribute('data-id');
    if (first !== 'tpu_oob_block_input') throw new Error(`first result: ${first}`);
    const familiesShown = await page.locator('.error-family:not([hidden])').count();
    if (familiesShown) throw new Error(`${familiesShown} family lists still showing beside the ranked results`);
    await page.locator('.error-results li a').first().click();
    await page.waitForSelector('.error-entry:not([hidden])');
    if (await page.locator('.error-intro').isVisible()) throw new Error('the catalog intro repeats on an entry page');
  });

  check('errors: every registry id renders its own page', async () => {
    const { page } = await catalog();
    const bad = await page.evaluate(async () => {
      const problems = [];
      for (const { id, template } of await window.rungs.errors()) {
        const changed = new Promise((r) => window.addEventListener('hashchange', r, { once: true }));
        window.location.hash = id;
        await changed;
        const article = document.querySelector('.error-entry');
        const message = article.querySelector('.error-message')?.textContent ?? '';
        if (article.hidden || article.dataset.errorId !== id) problems.push(`${id}: not shown`);
        else if (template && !message) problems.push(`${id}: no message`);
        else if (!article.querySelector('.error-related')) problems.push(`${id}: no related list`);
      }
      return problems;
    });
    if (bad.length) throw new Error(bad.slice(0, 5).join('; '));
  });

  check('errors: an unknown id says so', async () => {
    const { page } = await catalog('/errors/#no_such_error');
    const text = await page.locator('.error-missing').textContent();
    if (!text.includes('no_such_error')) throw new Error(text);
  });

  // The hand-written pages, in three groups so each check stays short.
  for (const [group, pattern] of [
    ['pallas_call and tracing', /^(?!tpu_|chip_)/],
    ['rung 2 (TPU interpret)', /^tpu_/],
    ['rung 3 (chip model)', /^chip_/],
  ]) {
    check(`errors: live reproducers raise their own id — ${group}`, async () => {
      const { page } = await catalog();
      const ids = (await page.evaluate(() => [...document.querySelectorAll('template[data-error]')].map((t) => t.dataset.error))).filter((id) => pattern.test(id));
      if (!ids.length) throw new Error('no hand-written pages in this group');
      const problems = [];
      for (const id of ids) {
        await page.evaluate((target) => {
          window.location.hash = target;
        }, id);
        const sel = `.error-entry[data-error-id="${id}"] [data-widget="kernel"]:is([data-state="done"],[data-state="error"])`;
        await page.waitForSelector(sel, { timeout: 15_000 });
        const got = await page.locator(sel).getAttribute('data-reproduced');
        if (got === 'yes' || got === 'pending') continue;
        const raised = await page.locator(`${sel} .rg-error`).getAttribute('data-error-id').catch(() => null);
        if (KNOWN_ENGINE_GAPS[id] && KNOWN_ENGINE_GAPS[id].got === raised) continue;
        problems.push(`${id}: ${got} (raised ${raised})`);
      }
      if (problems.length) throw new Error(problems.join('; '));
      // Every hand-written page of the group runs its reproducer in turn:
      // the largest group (some 150 pages) passed 30 s on a loaded CI machine.
    }, { timeoutMs: 120_000 });
  }
}
