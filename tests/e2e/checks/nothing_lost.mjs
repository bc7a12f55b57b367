// "Nothing lost" in the playground, in Chromium: a failed run keeps the
// editor and the previous result's pictures, a runaway run stopped by its
// timeout (the worker is terminated) leaves the page working, and the code
// survives a reload. Loaded by tests/e2e/run.mjs; names start "nothing lost".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeState } from '../../../web/src/playground/share.js';

const kernels = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/kernels');
const W = '[data-widget="playground"]';

export default function register({ check, openPage }) {
  const settled = (page) =>
    page.waitForFunction((w) => ['done', 'error'].includes(document.querySelector(w)?.dataset.state) && window.rungsPlayground, W, { timeout: 20_000 });
  const runNow = async (page) => {
    await page.evaluate((w) => (document.querySelector(w).dataset.state = 'idle'), W);
    await page.evaluate(() => window.rungsPlayground.run());
    await settled(page);
    return page.evaluate(() => window.rungsPlayground.state().doc);
  };

  check('nothing lost: a failed run and a timed-out runaway keep the code and the last result', async () => {
    const source = readFileSync(path.join(kernels, 'add_vectors.py'), 'utf8');
    const { page } = await openPage(`/playground/${encodeState({ source, settings: { rung: 'interpret', params: {} } })}`);
    await settled(page);
    const first = await page.evaluate(() => window.rungsPlayground.state().doc);
    const names = Object.keys(first?.values ?? {});
    if (!first?.ok || !names.length) throw new Error(`the gallery kernel did not run: ${JSON.stringify(first?.error)}`);

    // A syntax error: the editor keeps the broken text, the pictures stay.
    const broken = `${source}\ny = (1 +\n`;
    await page.evaluate((s) => window.rungsPlayground.setSource(s), broken);
    const failed = await runNow(page);
    // (The panel's document keeps the previous values and takes the new error.)
    if (failed.error?.type !== 'SyntaxError') throw new Error(`expected a SyntaxError, got ${JSON.stringify(failed.error)}`);
    if ((await page.evaluate(() => window.rungsPlayground.getSource())) !== broken) throw new Error('a failed run changed the editor');
    const kept = Object.keys(failed.values ?? {});
    if (kept.join() !== names.join()) throw new Error(`the previous result's values were dropped: ${kept} vs ${names}`);

    // A runaway program stopped by its timeout: the worker is terminated and
    // replaced; the page's editor and next run are unaffected.
    const runaway = await page.evaluate(() => window.rungs.run('while True:\n    pass\n', { timeoutMs: 300, maxSteps: 1e12 }));
    if (runaway.ok || !/time budget|stop/i.test(runaway.error?.message ?? '')) throw new Error(`runaway: ${JSON.stringify(runaway.error)}`);
    if ((await page.evaluate(() => window.rungsPlayground.getSource())) !== broken) throw new Error('the timeout changed the editor');
    await page.evaluate((s) => window.rungsPlayground.setSource(s), source);
    const again = await runNow(page);
    if (!again.ok || Object.keys(again.values).join() !== names.join()) throw new Error(`the run after the timeout: ${JSON.stringify(again.error)}`);
  });

  check('nothing lost: the code survives a reload', async () => {
    const { page } = await openPage('/playground/');
    await settled(page);
    const mine = `# edited ${Date.now()}\nprint("kept across reloads")\n`;
    await page.evaluate((s) => window.rungsPlayground.setSource(s), mine);
    await page.waitForTimeout(800); // the save is debounced (300 ms)
    await page.reload({ waitUntil: 'load' });
    await settled(page);
    const after = await page.evaluate(() => window.rungsPlayground.getSource());
    await page.evaluate(() => localStorage.clear()); // later checks expect a first visit
    if (after !== mine) throw new Error(`after a reload the editor holds ${JSON.stringify(after.slice(0, 80))}`);
  });
}
