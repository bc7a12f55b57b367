// End-to-end checks of the explainer page(s); loaded by tests/e2e/run.mjs.
export default function register({ check, openPage, widgetsSettled, assertResultDocument, base }) {
  check('the example widget on / runs to a result', async () => {
    const { page } = await openPage('/');
    await page.click('[data-widget="example-run"] button');
    await widgetsSettled(page, { allowIdle: false });
    const text = await page.locator('[data-widget="example-run"] pre.result').textContent();
    assertResultDocument(JSON.parse(text), 'example widget');
  });
  
}
