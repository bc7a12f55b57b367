// End-to-end checks of the puzzles page (/puzzles/) in Chromium: the JS API,
// solving puzzle 1 by typing into the editor with the keyboard only (Tab to
// the editor, arrow keys, typing, Ctrl+Enter), every rung's verdict passing,
// and the progress mark and the code surviving a reload. Names start "puzzles".
const W = '[data-widget="puzzles"]';
const FIX = 'o_ref[...] = x_ref[...] + y_ref[...]';

export default function register({ check, openPage }) {
  const ready = (page) =>
    page.waitForFunction((w) => document.querySelector(w)?.dataset.state === 'done' && window.rungsPuzzles, W, { timeout: 20_000 });

  check('puzzles: rungs.puzzles lists, gets and checks through the engine', async () => {
    const { page } = await openPage('/puzzles/#01-add');
    await ready(page);
    const out = await page.evaluate(async () => {
      const list = window.rungs.puzzles.list();
      const first = window.rungs.puzzles.get(list[0].id);
      const starter = await window.rungs.puzzles.check(first.id, first.starter);
      return { list, first, starter };
    });
    if (out.list.length < 15) throw new Error(`only ${out.list.length} puzzles`);
    if (out.list[0].id !== '01-add' || !out.first.solution.includes('pallas_call')) throw new Error(`get: ${JSON.stringify(out.first).slice(0, 200)}`);
    if (out.starter.solved) throw new Error('the starter of puzzle 1 was solved');
    if (!/values differ from the spec/.test(out.starter.rungs.interpret.message)) throw new Error(`starter verdict: ${out.starter.rungs.interpret.message}`);
  });

  check('puzzles: solve puzzle 1 with the keyboard only; the mark and the code survive a reload', async () => {
    // The browser profile is fresh for each e2e run: nothing is solved yet.
    const { page } = await openPage('/puzzles/#01-add');
    await ready(page);
    if ((await page.getAttribute('.pz-list li:first-child', 'data-solved')) !== 'false') throw new Error('puzzle 1 starts solved');
    if (await page.locator('[data-role="reveal"]').isEnabled()) throw new Error('the solution is revealable before any try');

    // Tab from the top of the page until the editor has the focus.
    let inEditor = false;
    for (let i = 0; i < 60 && !inEditor; i++) {
      await page.keyboard.press('Tab');
      inEditor = await page.evaluate(() => Boolean(document.activeElement?.closest('[data-role="editor"]')));
    }
    if (!inEditor) throw new Error('Tab never reached the editor');
    // The starter's body is the line "    pass" (line 8): select it and type the fix.
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type(FIX);
    const typed = await page.evaluate(() => window.rungsPuzzles.getSource());
    if (!typed.includes(`    ${FIX}\n`) || typed.includes('    pass\n')) throw new Error(`the editor holds:\n${typed}`);
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('[data-role="verdicts"] .pz-verdict[data-rung="chip"]', { timeout: 30_000 });
    await ready(page);
    const verdicts = await page.$$eval('[data-role="verdicts"] .pz-verdict', (cards) => cards.map((c) => [c.dataset.rung, c.dataset.ok]));
    if (JSON.stringify(verdicts) !== JSON.stringify([['interpret', 'true'], ['tpu', 'true'], ['chip', 'true']])) {
      throw new Error(`verdicts: ${JSON.stringify(verdicts)}`);
    }
    if ((await page.getAttribute('.pz-list li:first-child', 'data-solved')) !== 'true') throw new Error('no solved mark after solving');
    if (!(await page.locator('[data-role="reveal"]').isEnabled())) throw new Error('the solution stays locked after a try');

    await page.waitForTimeout(400); // the code's save is debounced
    await page.waitForLoadState('networkidle'); // a reload must not abort Monaco's worker mid-load
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    const after = await page.evaluate(() => ({
      mark: document.querySelector('.pz-list li:first-child')?.dataset.solved,
      source: window.rungsPuzzles.getSource(),
    }));
    if (after.mark !== 'true') throw new Error('the solved mark was lost on reload');
    if (!after.source.includes(FIX)) throw new Error('the code was lost on reload');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.removeItem('rungs.puzzles.v1'));
  });

  check('puzzles: hints open one at a time from the keyboard', async () => {
    const { page } = await openPage('/puzzles/#03-row-sum');
    await ready(page);
    if ((await page.$$eval('[data-role="hints"] li', (l) => l.length)) !== 0) throw new Error('hints open before any was asked for');
    await page.focus('[data-role="hint"]');
    await page.keyboard.press('Enter');
    const one = await page.$$eval('[data-role="hints"] li', (l) => l.length);
    await page.focus('[data-role="hint"]');
    await page.keyboard.press('Enter');
    const two = await page.$$eval('[data-role="hints"] li', (l) => l.length);
    if (one !== 1 || two !== 2) throw new Error(`hints shown: ${one} then ${two}`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.removeItem('rungs.puzzles.v1'));
  });
}
