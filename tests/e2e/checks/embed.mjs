// End-to-end checks of the embed page(s); loaded by tests/e2e/run.mjs.
export default function register({ check, openPage, widgetsSettled, assertResultDocument, base }) {
  check('the embedding guide shows a live <rungs-kernel> iframe', async () => {
    const { page } = await openPage('/docs/embedding/');
    const frameEl = await page.waitForSelector('rungs-kernel >> iframe', { timeout: 15_000 });
    const frame = await frameEl.contentFrame();
    await frame.waitForSelector('[data-widget="embed"]');
    await frame.click('[data-widget="embed"] button');
    await frame.waitForSelector('[data-widget="embed"]:is([data-state="done"],[data-state="error"])');
    const text = await frame.locator('[data-widget="embed"] pre.result').textContent();
    assertResultDocument(JSON.parse(text), 'embedded kernel');
    const src = await frame.locator('textarea').inputValue();
    if (!src.includes('print(x)')) throw new Error(`embed did not receive the kernel source: ${src}`);
  });
  
}
