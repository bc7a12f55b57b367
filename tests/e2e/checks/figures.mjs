// End-to-end checks of the explainer's figures the reader handles (issue
// 20): §7's index-map offset and §4's output as it stands after each step.
// Every name starts with "figures" so E2E_ONLY=figures runs exactly these.
const WIDGET_TIMEOUT = 25_000;

export default function register({ check, openPage }) {
  async function settle(page, name) {
    const root = page.locator(`[data-widget="${name}"]`).first();
    await root.scrollIntoViewIfNeeded();
    await page.waitForSelector(`[data-widget="${name}"][data-state="done"]`, { timeout: WIDGET_TIMEOUT });
    return root;
  }

  check('figures §7: dragging the index-map offset to 0 removes the duplication; 2 clamps both steps', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'oob');
    const clamped = () => root.locator('.oob-windows li[data-clamped="true"]').count();
    if ((await clamped()) !== 1) throw new Error(`offset 1: ${await clamped()} clamped steps, expected 1`);
    const slider = root.locator('input[name="offset"]');
    const drag = async (k) => {
      await slider.focus();
      await slider.fill(String(k)); // a range input takes fill() as a drag to that value
      await page.waitForSelector(`[data-widget="oob"][data-offset="${k}"][data-state="done"]`, { timeout: WIDGET_TIMEOUT });
    };
    await drag(0);
    if ((await clamped()) !== 0) throw new Error(`offset 0: ${await clamped()} clamped steps`);
    const dup = await root.locator('.oob-out').getAttribute('data-dup-start');
    if (dup) throw new Error(`offset 0 still outlines a duplicate at ${dup}`);
    const asked = await root.locator('.oob-windows li .oob-asked').allTextContents();
    if (asked.join('|') !== 'asked rows 0–8|asked rows 8–16') throw new Error(`offset 0 windows: ${asked}`);
    await drag(2);
    if ((await clamped()) !== 2) throw new Error(`offset 2: ${await clamped()} clamped steps, expected 2`);
    const landed = await root.locator('.oob-windows li .oob-landed').allTextContents();
    if (landed.join('|') !== 'landed rows 8–16|landed rows 8–16') throw new Error(`offset 2 landed: ${landed}`);
  });

  check('figures §4: after step 1 rows 8–31 of out are still NaN; after the last, only 24–31', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'interpret-loop');
    await root.locator('button[aria-label="Pause"]').click().catch(() => {}); // stop the autoplay if it is still going
    await root.locator('button[aria-label="First step"]').click();
    await page.waitForFunction(() => document.querySelector('[data-widget="interpret-loop"] .loop-stages')?.dataset.step === '0');
    const first = await root.locator('.loop-out').getAttribute('data-nan-rows');
    if (first !== '8-31') throw new Error(`after step 1 the NaN rows are ${first}`);
    await root.locator('button[aria-label="Last step"]').click();
    await page.waitForFunction(() => document.querySelector('[data-widget="interpret-loop"] .loop-stages')?.dataset.step === '2');
    const last = await root.locator('.loop-out').getAttribute('data-nan-rows');
    if (last !== '24-31') throw new Error(`after the last step the NaN rows are ${last}`);
  });

  check('figures §6: each grid-order heading names its params as a reader would write them', async () => {
    const { page } = await openPage('/');
    const root = await settle(page, 'grid-order');
    const captions = await root.locator('.visit-figure figcaption').allTextContents();
    const seed = await root.locator('input[name="seed"]').inputValue();
    const want = ['Rung 1 · interpret=True', `Rung 2 · random_seed=${seed}`, `Rung 2 · random_seed=${seed} on 2 cores`];
    if (captions.join('|') !== want.join('|')) throw new Error(`captions: ${captions.join(' | ')}`);
  });
}
