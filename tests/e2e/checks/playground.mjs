// End-to-end checks of the playground page(s); loaded by tests/e2e/run.mjs.
export default function register({ check, openPage, widgetsSettled, assertResultDocument, base }) {
  check('playground runs with Ctrl+Enter', async () => {
    const { page } = await openPage('/playground/');
    await page.selectOption('[data-widget="playground"] select', 'interpret');
    await page.fill('[data-widget="playground"] textarea', 'x = 1 + 1\nprint(x)\n');
    await page.press('[data-widget="playground"] textarea', 'Control+Enter');
    await widgetsSettled(page, { allowIdle: false });
    const text = await page.locator('[data-widget="playground"] pre.result').textContent();
    assertResultDocument(JSON.parse(text), 'playground');
  });
  
}
