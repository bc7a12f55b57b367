// End-to-end checks of programs of several files in the playground; loaded
// by tests/e2e/run.mjs. Everything goes through the page's own controls (the
// file tabs, the name form, Run, the error's location button); only the
// typing is done through window.rungsPlayground.setSource, as the other
// playground checks do.
import { encodeState } from '../../../web/src/playground/share.js';
import { describeViolations, seriousViolations } from '../lib/layout.mjs';

const W = '[data-widget="playground"]';
const MAIN = 'import util\nprint(util.double(21))\n';
const UTIL = 'def double(x):\n    return 2 * x\n';
const BROKEN = 'def double(x):\n    return 2 * y\n'; // y: line 2, column 16

export default function register({ check, openPage }) {
  async function settled(page) {
    await page.waitForFunction((w) => ['done', 'error'].includes(document.querySelector(w)?.dataset.state) && window.rungsPlayground, W, { timeout: 20_000 });
  }

  // Clicks Run and waits for the new document.
  async function runFromPage(page) {
    await page.evaluate((w) => (document.querySelector(w).dataset.state = 'idle'), W);
    await page.click(`${W} [data-action="run"]`);
    await settled(page);
    return page.evaluate(() => window.rungsPlayground.state().doc);
  }

  const shownTab = (page) => page.locator(`${W} [role="tab"][data-file][aria-selected="true"]`).textContent();

  check('playground: a second file is made from the tabs, imported by the main one, and its error is located in it', async () => {
    const { page } = await openPage(`/playground/${encodeState({ source: MAIN, settings: { rung: 'interpret', params: {} } })}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await settled(page);

    // + File, a name, Enter: the new tab is shown, empty.
    await page.click(`${W} [data-file-action="add"]`);
    await page.keyboard.type('util.py');
    await page.keyboard.press('Enter');
    if ((await shownTab(page)) !== 'util.py') throw new Error(`the new file is not shown: ${await shownTab(page)}`);
    if ((await page.evaluate(() => window.rungsPlayground.getSource())) !== '') throw new Error('the new file is not empty');
    await page.evaluate((text) => window.rungsPlayground.setSource(text), UTIL);

    // A second util.py is refused, visibly, and nothing is added.
    await page.click(`${W} [data-file-action="add"]`);
    await page.keyboard.type('util.py');
    await page.keyboard.press('Enter');
    const refusal = page.locator(`${W} .pg-file-problem`);
    if (!(await refusal.isVisible()) || (await refusal.textContent()) !== 'there is already a file named util.py') throw new Error(`refusal: ${await refusal.textContent()}`);
    const violations = await seriousViolations(page); // the tabs and the open form
    if (violations.length) throw new Error(`axe: ${describeViolations(violations)}`);
    await page.keyboard.press('Escape');
    const names = await page.evaluate(() => window.rungsPlayground.files().map((f) => f.name));
    if (names.join() !== 'kernel.py,util.py') throw new Error(`files: ${names}`);

    // Run: the main program imports util and prints its value.
    const good = await runFromPage(page);
    if (!good.ok || good.stdout !== '42\n') throw new Error(`the run: ${JSON.stringify({ ok: good.ok, stdout: good.stdout, error: good.error })}`);

    // Break util.py, go back to the main file, run: the error is util.py's.
    await page.evaluate((text) => window.rungsPlayground.setSource(text), BROKEN);
    await page.click(`${W} [role="tab"][data-file="kernel.py"]`);

    const bad = await runFromPage(page);
    // (A failed run without arrays keeps the previous document's pictures,
    // so the page's state, not doc.ok, says it failed.)
    const e = bad.error ?? {};
    const failed = await page.evaluate((w) => document.querySelector(w).dataset.state === 'error', W);
    if (!failed || e.type !== 'NameError' || e.file !== 'util.py' || e.line !== 2 || e.col !== 16) throw new Error(`the error: ${JSON.stringify(e)}`);
    const where = page.locator(`${W} .pg-summary .pg-error button`);
    if ((await where.textContent()) !== 'util.py:2:16') throw new Error(`the error names ${await where.textContent()}`);
    const onMain = await page.evaluate(() => window.rungsPlayground.markers('rungs-run'));
    if (onMain.length) throw new Error(`the main file got the error's marker: ${JSON.stringify(onMain)}`);
    // Clicking the location brings util.py to the front with the range marked.
    await where.click();
    if ((await shownTab(page)) !== 'util.py') throw new Error('clicking the location did not show util.py');
    const [m] = await page.evaluate(() => window.rungsPlayground.markers('rungs-run'));
    if (m?.startLineNumber !== 2 || m.startColumn !== 16 || m.endColumn !== 17) throw new Error(`util.py's marker: ${JSON.stringify(m)}`);
    await page.waitForSelector(`${W} .squiggly-error`, { timeout: 5000 });
    if ((await page.evaluate(() => window.rungsPlayground.selectedLine())) !== 2) throw new Error('the error line is not selected');

    // The files survive a reload (localStorage) and travel in a share link.
    await page.goto(page.url().split('#')[0], { waitUntil: 'load' }); // without the link it was opened from
    await settled(page);
    const kept = await page.evaluate(() => window.rungsPlayground.files());
    if (kept.length !== 2 || kept[1].name !== 'util.py' || kept[1].source !== BROKEN) throw new Error(`after a reload: ${JSON.stringify(kept)}`);
    await page.evaluate(() => window.rungsPlayground.showFile('util.py'));
    await page.evaluate((text) => window.rungsPlayground.setSource(text), UTIL);
    await page.click(`${W} [data-action="share"]`);
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    const link = await page.evaluate(() => location.href);
    await page.evaluate(() => localStorage.clear()); // later checks start from one file
    const fresh = (await openPage(link.slice(link.indexOf('/playground/')))).page;
    await settled(fresh);
    const shared = await fresh.evaluate(() => ({ files: window.rungsPlayground.files(), doc: window.rungsPlayground.state().doc }));
    if (shared.files.map((f) => f.name).join() !== 'kernel.py,util.py' || shared.files[1].source !== UTIL) throw new Error(`the link's files: ${JSON.stringify(shared.files)}`);
    if (shared.doc.stdout !== '42\n') throw new Error(`the shared program printed ${JSON.stringify(shared.doc.stdout)}`);
    await fresh.evaluate(() => localStorage.clear());
  });

  check('embed: the guide\'s example of several files runs with its data-file script and links it to the playground', async () => {
    const { page } = await openPage('/docs/embedding/');
    await page.locator('#files-example').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => ['done', 'error'].includes(document.getElementById('files-example')?.getAttribute('data-state')), null, { timeout: 20_000 });
    const got = await page.evaluate(() => {
      const k = document.getElementById('files-example');
      return { state: k.getAttribute('data-state'), stdout: k.result?.stdout, error: k.result?.error, files: k.files, shown: k.shadowRoot.querySelector('details.rk-file summary')?.textContent, link: k.shadowRoot.querySelector('a.rk-open').href };
    });
    if (got.state !== 'done' || got.stdout !== '1024\n') throw new Error(`the example: ${JSON.stringify(got)}`);
    if (Object.keys(got.files).join() !== 'util.py' || got.shown !== 'util.py') throw new Error(`its files: ${JSON.stringify(got)}`);
    // The playground opens it with util.py as a second tab, and runs it.
    const link = new URL(got.link);
    if (link.pathname !== '/playground/') throw new Error(`"Open in playground" points at ${link.pathname}`);
    const play = (await openPage(link.pathname + link.hash)).page;
    await settled(play);
    const tabs = await play.$$eval(`${W} [role="tab"][data-file]`, (ts) => ts.map((t) => t.textContent));
    const doc = await play.evaluate(() => window.rungsPlayground.state().doc);
    if (tabs.join() !== 'kernel.py,util.py' || doc.stdout !== '1024\n') throw new Error(`in the playground: tabs ${tabs}, printed ${JSON.stringify(doc.stdout)}`);
    await play.evaluate(() => localStorage.clear());
  });
}
