// End-to-end checks of the errors page(s); loaded by tests/e2e/run.mjs.
export default function register({ check, openPage, widgetsSettled, assertResultDocument, base }) {
  check('errors page lists the registry', async () => {
    const { page } = await openPage('/errors/');
    await page.waitForSelector('[data-widget="error-list"][data-state="done"]', { timeout: 15_000 });
    const items = await page.locator('[data-widget="error-list"] li').count();
    if (items === 0) throw new Error('no registry entries shown');
  });
  
}
