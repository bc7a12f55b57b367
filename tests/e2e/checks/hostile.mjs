// Hostile content in Chromium: every string of tests/web/payloads.json goes
// through each way a stranger's text reaches a page (a playground share
// link's code, settings and gallery id; the error catalog's hash; an
// embed.html fragment; <rungs-kernel> attributes and text) and must stay
// text. Loaded by tests/e2e/run.mjs; every check name starts with "hostile".
//
// "Inert" is checked three ways after each load: window.__pwned (what every
// payload tries to set) is still undefined, no dialog opened, and a scan of
// the document and every open shadow root finds no element the payload could
// have created (an on* attribute, a javascript: URL, a <base>, a refresh
// <meta>, or a <script>/<style> carrying the payload's own text).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeState } from '../../../web/src/playground/share.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { payloads } = JSON.parse(readFileSync(path.resolve(here, '../../web/payloads.json'), 'utf8'));
const W = '[data-widget="playground"]';
const DEFAULT_SETTINGS = { rung: 'interpret', params: {} };

// JSON's string syntax is a valid Python string literal for these payloads
// (escapes \" \\ \uXXXX are Python's too), so the program prints the exact text.
const pyString = (text) => JSON.stringify(text);

// Runs in the page: what a payload would leave behind if it had been parsed.
// (The tests set payloads as attribute values of <rungs-kernel> themselves,
// so only URL-bearing attributes count for javascript: URLs.)
function scanForInjection() {
  const found = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        if (/^on/i.test(attr.name)) found.push(`<${el.localName} ${attr.name}>`);
        if (/^(href|src|action|formaction|xlink:href|srcdoc)$/i.test(attr.name) && /^\s*javascript:/i.test(attr.value)) {
          found.push(`<${el.localName} ${attr.name}="${attr.value}">`);
        }
      }
      if (el.localName === 'base') found.push('<base>');
      if (el.localName === 'meta' && /refresh/i.test(el.getAttribute('http-equiv') ?? '')) found.push('<meta http-equiv=refresh>');
      if ((el.localName === 'script' || el.localName === 'style') && /__pwned|display:none!important/.test(el.textContent)) found.push(`<${el.localName}> with the payload`);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return { pwned: window.__pwned, found };
}

async function assertInert(page, what, dialogs) {
  // Give an event handler that slipped through (onerror, onload) a moment to fire.
  await page.waitForTimeout(30);
  const scan = await page.evaluate(scanForInjection);
  if (scan.pwned !== undefined) throw new Error(`${what}: window.__pwned was set`);
  if (scan.found.length) throw new Error(`${what}: markup was created: ${scan.found.join(', ')}`);
  if (dialogs.length) throw new Error(`${what}: a dialog opened: ${dialogs.join(', ')}`);
}

// Sets location.hash and resolves once the page's own hashchange handlers
// have run (they were registered first, so they run first).
const setHash = (page, hash) =>
  page.evaluate(
    (h) =>
      new Promise((resolve) => {
        const done = () => setTimeout(resolve, 0);
        window.addEventListener('hashchange', done, { once: true });
        setTimeout(resolve, 2_000); // the same hash again fires no event
        location.hash = h;
      }),
    hash,
  );

function watchDialogs(page) {
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  return dialogs;
}

// The playground is between runs (a run started by a hashchange while
// another runs would be skipped).
const playgroundSettled = (page) =>
  page.waitForFunction((w) => ['done', 'error'].includes(document.querySelector(w)?.dataset.state) && window.rungsPlayground, W, { timeout: 20_000 });

export default function register({ check, openPage }) {
  // Playground: one page, each payload arriving as a new share link (the
  // page follows hashchange as it does for a link pasted into the address bar).
  const half = Math.ceil(payloads.length / 2);
  for (const [part, list] of [[1, payloads.slice(0, half)], [2, payloads.slice(half)]]) {
    check(`hostile: share links whose code prints and raises a payload render it as text in the playground (${part}/2)`, async () => {
      const { page } = await openPage('/playground/');
      const dialogs = watchDialogs(page);
      await playgroundSettled(page);
      for (const p of list) {
        const source = `# ${p.replace(/\n/g, ' ')}\nprint(${pyString(p)})\nraise ValueError(${pyString(p)})\n`;
        // The hashchange handler starts the run before setHash returns.
        await setHash(page, encodeState({ source, settings: DEFAULT_SETTINGS }));
        await playgroundSettled(page);
        const seen = await page.evaluate((w) => ({
          source: window.rungsPlayground.getSource(),
          doc: window.rungsPlayground.state().doc,
          stdout: document.querySelector(`${w} .rg-stdout`)?.textContent ?? '',
          text: document.querySelector(w).textContent,
        }), W);
        if (seen.source !== source) throw new Error(`the editor changed the payload: ${JSON.stringify(seen.source)}`);
        if (seen.doc?.stdout !== `${p}\n`) throw new Error(`the engine printed ${JSON.stringify(seen.doc?.stdout)} for ${JSON.stringify(p)}`);
        if (!seen.stdout.includes(p)) throw new Error(`stdout is not shown as text for ${JSON.stringify(p)}: ${JSON.stringify(seen.stdout)}`);
        if (seen.doc?.error?.message !== p) throw new Error(`error message ${JSON.stringify(seen.doc?.error)}`);
        await assertInert(page, `share link ${JSON.stringify(p)}`, dialogs);
      }
    });
  }

  check('hostile: payloads in a share link\'s settings and gallery id are refused with a message shown as text', async () => {
    const { page } = await openPage('/playground/');
    const dialogs = watchDialogs(page);
    await playgroundSettled(page);
    const before = await page.evaluate(() => window.rungsPlayground.getSource());
    for (const p of payloads) {
      const links = [
        { source: 'x = 1\n', settings: { rung: p, params: {} } },
        { source: 'x = 1\n', settings: { rung: 'auto', params: { [p]: 1 } } },
        { source: 'x = 1\n', settings: { rung: 'auto', params: { generation: p } } },
        { source: 'x = 1\n', settings: DEFAULT_SETTINGS, kernel: p },
      ];
      for (const state of links) {
        // encodeState does not validate (decoding does), so a forged link is easy.
        await setHash(page, encodeState(state));
        await page.waitForFunction((w) => !document.querySelector(`${w} [data-role="message"]`).hidden, W, { timeout: 5_000 });
        const msg = await page.locator(`${W} [data-role="message"]`).textContent();
        if (!/^This share link could not be opened: /.test(msg)) throw new Error(`no refusal for ${JSON.stringify(state)}: ${msg}`);
        await page.evaluate((w) => document.querySelector(`${w} [data-role="message"]`).click(), W); // dismiss
      }
      await assertInert(page, `settings payload ${JSON.stringify(p)}`, dialogs);
    }
    // A refused link leaves the editor as it was (nothing lost).
    if ((await page.evaluate(() => window.rungsPlayground.getSource())) !== before) throw new Error('a refused link changed the editor');
  });

  check('hostile: the error catalog shows an unknown or malformed id from its hash as text', async () => {
    const { page } = await openPage('/errors/');
    const dialogs = watchDialogs(page);
    // The catalog listens for hashchange once its index is built.
    await page.waitForFunction(() => document.querySelectorAll('.error-list li').length > 0, null, { timeout: 15_000 });
    const hashes = [...payloads.map((p) => encodeURIComponent(p)), ...payloads, '%', '%E0%A4%A', '%ZZ'];
    for (const h of hashes) {
      await setHash(page, h);
      if (!(await page.locator('.error-missing').count())) throw new Error(`no "No error with id" message for ${JSON.stringify(h)}`);
      await assertInert(page, `catalog hash ${JSON.stringify(h)}`, dialogs);
    }
    const text = await page.locator('.error-missing').textContent();
    if (!text.includes('%ZZ')) throw new Error(`the last malformed id is not quoted as text: ${text}`);
  });

  check('hostile: embed.html fragments with payloads in code and settings stay text', async () => {
    const { page } = await openPage('/embed.html');
    const dialogs = watchDialogs(page);
    for (const p of payloads) {
      const s = encodeState({ source: `print(${pyString(p)})\n`, settings: DEFAULT_SETTINGS }).slice(1);
      const q = new URLSearchParams({ views: p, theme: p, run: 'auto', origin: p }).toString();
      for (const hash of [s, `${s}&${q}`]) {
        await setHash(page, hash);
        await page.waitForFunction(() => {
          const k = document.querySelector('rungs-kernel');
          return document.querySelector('.rk-link-error') || ['done', 'error'].includes(k?.getAttribute('data-state'));
        }, null, { timeout: 10_000 });
        await assertInert(page, `embed fragment ${JSON.stringify(p)}`, dialogs);
      }
      // The plain fragment ran and printed the payload as text.
      await setHash(page, s);
      await page.waitForFunction(() => document.querySelector('rungs-kernel')?.getAttribute('data-state') === 'done', null, { timeout: 10_000 });
      const stdout = await page.evaluate(() => document.querySelector('rungs-kernel').shadowRoot.querySelector('.rg-stdout')?.textContent ?? '');
      if (!stdout.includes(p)) throw new Error(`embed.html did not print ${JSON.stringify(p)} as text: ${JSON.stringify(stdout)}`);
    }
  });

  check('hostile: <rungs-kernel> attributes and text carrying payloads are listed or printed as text', async () => {
    const { page } = await openPage('/docs/sample/');
    const dialogs = watchDialogs(page);
    await page.waitForFunction(() => customElements.get('rungs-kernel'), null, { timeout: 10_000 });
    const out = await page.evaluate(async (list) => {
      const main = document.querySelector('main');
      const made = [];
      for (const [i, p] of list.entries()) {
        const bad = document.createElement('rungs-kernel');
        for (const name of ['rung', 'views', 'height', 'theme', 'run', 'editable', 'params']) bad.setAttribute(name, p);
        bad.setAttribute('title', p);
        bad.textContent = `print(${JSON.stringify(p)})`;
        bad.id = `bad${i}`;
        const good = document.createElement('rungs-kernel');
        good.setAttribute('rung', 'interpret');
        good.setAttribute('title', p);
        good.textContent = `print(${JSON.stringify(p)})`;
        good.id = `good${i}`;
        main.prepend(bad, good);
        made.push(bad, good);
      }
      const settled = (el) => ['done', 'error'].includes(el.getAttribute('data-state'));
      for (const el of made) el.scrollIntoView();
      const until = Date.now() + 15_000;
      while (!made.every(settled) && Date.now() < until) {
        for (const el of made.filter((e) => !settled(e))) el.scrollIntoView();
        await new Promise((r) => setTimeout(r, 100));
      }
      return list.map((p, i) => {
        const bad = document.getElementById(`bad${i}`);
        const good = document.getElementById(`good${i}`);
        return {
          p,
          badState: bad.getAttribute('data-state'),
          badText: bad.shadowRoot.textContent,
          goodState: good.getAttribute('data-state'),
          goodStdout: good.shadowRoot.querySelector('.rg-stdout')?.textContent ?? '',
        };
      });
    }, payloads);
    for (const r of out) {
      if (r.badState !== 'error') throw new Error(`attributes ${JSON.stringify(r.p)} were accepted (state ${r.badState})`);
      if (!r.badText.includes('invalid rung')) throw new Error(`the problems are not listed for ${JSON.stringify(r.p)}`);
      if (r.goodState !== 'done' || !r.goodStdout.includes(r.p)) throw new Error(`text ${JSON.stringify(r.p)} not printed as text: ${r.goodState} ${JSON.stringify(r.goodStdout)}`);
    }
    await assertInert(page, '<rungs-kernel> payloads', dialogs);
  });
}
