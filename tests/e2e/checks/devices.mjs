// End-to-end checks of several simulated devices (issue 18): §11's ring
// stepped transfer by transfer, and a gallery ring kernel in the playground
// with device lanes in the memory timeline. Every name starts with
// "devices" so E2E_ONLY=devices runs exactly these.
const TIMEOUT = 25_000;
const W = '[data-widget="playground"]';

export default function register({ check, openPage }) {
  check('devices §11: stepping the ring moves one shard per transfer until every device holds all four', async () => {
    const { page } = await openPage('/');
    const root = page.locator('[data-widget="ring"]').first();
    await root.scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-widget="ring"][data-state="done"]', { timeout: TIMEOUT });
    const slots = () => root.locator('.ring-device-slots').allTextContents();
    const transfer = () => root.getAttribute('data-transfer');
    if ((await transfer()) !== '0') throw new Error(`starts at transfer ${await transfer()}`);
    const first = await slots();
    if (first.join('|') !== '[0]|[0 1]|[2]|[3]') throw new Error(`after transfer 1: ${first.join(' | ')}`);
    const caption = await root.locator('.ring-caption').textContent();
    if (!/device 0 writes slot 0 into device 1/.test(caption)) throw new Error(`caption: ${caption}`);
    await root.locator('button[aria-label="Next step"]').click();
    await page.waitForSelector('[data-widget="ring"][data-transfer="1"]');
    await root.locator('button[aria-label="Last step"]').click();
    await page.waitForSelector('[data-widget="ring"][data-transfer="11"]');
    const last = await slots();
    if (!last.every((s) => s === '[0 1 2 3]')) throw new Error(`after the last transfer: ${last.join(' | ')}`);
    const lanes = await root.locator('.rg-lane-label').allTextContents();
    if (!lanes.includes('device 3 · HBM')) throw new Error(`timeline lanes: ${lanes.join(' | ')}`);
  });

  check('devices playground: a ring kernel from the gallery sets Devices to 4 and draws one lane per device', async () => {
    const { page } = await openPage('/playground/');
    await page.waitForFunction((w) => ['done', 'error'].includes(document.querySelector(w)?.dataset.state) && window.rungsPlayground, W, { timeout: TIMEOUT });
    await page.selectOption(`${W} select[name="rung"]`, 'tpu');
    await page.evaluate((w) => (document.querySelector(w).dataset.state = 'idle'), W);
    await page.selectOption(`${W} select[name="kernel"]`, 'ring_right_permute');
    await page.waitForFunction((w) => ['done', 'error'].includes(document.querySelector(w)?.dataset.state), W, { timeout: TIMEOUT });
    const devices = await page.inputValue(`${W} input[name="devices"]`);
    if (devices !== '4') throw new Error(`Devices shows ${devices}`);
    const doc = await page.evaluate(() => window.rungsPlayground.state().doc);
    if (!doc.ok) throw new Error(`the run failed: ${doc.error?.message}`);
    if (doc.calls[0].devices?.count !== 4) throw new Error(`devices in the document: ${JSON.stringify(doc.calls[0].devices)}`);
    if (!/after: +\[3\. 0\. 1\. 2\.\]/.test(doc.stdout)) throw new Error(`printed: ${doc.stdout}`);
  });
}
