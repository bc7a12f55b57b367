// End-to-end checks of the embed (<rungs-kernel>, embed.html) and of the
// site-wide Content-Security-Policy; loaded by tests/e2e/run.mjs. Every check
// name starts with "embed" so E2E_ONLY=embed runs exactly these.
//
// The sample documentation page (web/docs/sample/) is a hostile host: its
// stylesheet sets `* { color: red !important; display: block; ... }`, one
// kernel's text is `</script><img src=x onerror=window.__pwned=1>`, and the
// third kernel sits below the fold. A second HTTP server on another port
// plays a foreign host (another origin) for the iframe form and the script.
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const stateModule = pathToFileURL(path.resolve(here, '../../../web/src/embed/state.js')).href;

const HOSTILE = '</script><img src=x onerror=window.__pwned=1>';
const ROUTES_WITH_CSP = ['/', '/playground/', '/errors/', '/embed.html', '/docs/embedding/', '/docs/sample/'];

// The embed's look, read from inside its shadow root: what a host's CSS must not change.
function innerLook(id) {
  const host = document.getElementById(id);
  const pick = (el, props) => {
    if (!el) return null;
    const cs = getComputedStyle(el);
    return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
  };
  const text = ['color', 'font-family', 'font-size', 'line-height', 'letter-spacing', 'text-transform', 'text-align', 'background-color', 'display'];
  const root = host.shadowRoot;
  return {
    host: pick(host, ['display', 'border-top-width', 'padding-top', 'background-color', 'box-shadow', 'opacity']),
    rk: pick(root.querySelector('.rk'), [...text, 'border-top-color']),
    run: pick(root.querySelector('.rk-run'), [...text, 'border-top-style']),
    code: pick(root.querySelector('.rk-code, .rk-editor'), text),
    title: pick(root.querySelector('.rk-title'), text),
    // The shared views size text in rem, which is the host's root font size.
    stdout: pick(root.querySelector('.rg-stdout'), [...text, 'padding-top', 'max-height']),
  };
}

// A second server, another origin (another port of 127.0.0.1), serving given pages.
async function foreignHost(pages) {
  const server = createServer((req, res) => {
    const body = pages[req.url.split('?')[0]];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => {
    server.closeAllConnections(); // keep-alive connections would hold close() open
    return new Promise((r) => server.close(r));
  };
  return { url: `http://127.0.0.1:${server.address().port}`, close };
}

const state = (page, selector) => page.locator(selector).getAttribute('data-state');
async function waitState(page, selector, states, timeout = 20_000) {
  // An embed starts only once seen: bring it into view first.
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.waitForFunction(
    ([sel, wanted]) => wanted.includes(document.querySelector(sel)?.getAttribute('data-state')),
    [selector, states],
    { timeout },
  );
}

export default function register({ check, openPage, widgetsSettled, assertResultDocument, base, artifacts }) {
  const shot = (name) => path.join(artifacts, `embed_${name}.png`);

  check('embed: sample page - three embeds run on one shared worker, the third only once scrolled into view', async () => {
    const { page } = await openPage('/docs/sample/');
    const kernelFetches = [];
    page.on('request', (req) => {
      if (/grid_kernel[^/]*\.py$/.test(req.url())) kernelFetches.push(req.url());
    });
    await waitState(page, '#inline', ['done']);
    await waitState(page, '#hostile', ['done']);
    // Below the fold: nothing fetched, nothing run.
    await page.waitForTimeout(300);
    if ((await state(page, '#from-src')) !== 'idle') throw new Error(`#from-src should wait until seen, is ${await state(page, '#from-src')}`);
    if (kernelFetches.length) throw new Error(`src fetched before the embed was seen: ${kernelFetches}`);

    const inline = await page.evaluate(() => document.getElementById('inline').result);
    assertResultDocument(inline, '#inline');
    if (!/10\..*17\./s.test(inline.stdout)) throw new Error(`#inline printed ${JSON.stringify(inline.stdout)}`);
    const cells = await page.locator('#inline .rg-heatmap rect.rg-cell').count();
    if (cells < 8) throw new Error(`#inline output heatmaps have ${cells} cells`);
    await page.locator('#inline').screenshot({ path: shot('sample_inline') });

    await page.locator('#from-src').scrollIntoViewIfNeeded();
    await waitState(page, '#from-src', ['done']);
    if (kernelFetches.length !== 1) throw new Error(`expected one fetch of the src kernel, saw ${kernelFetches.length}`);
    const src = await page.evaluate(() => document.getElementById('from-src').source);
    if (!src.startsWith('# A 2 x 2 grid')) throw new Error(`src kernel text: ${src.slice(0, 60)}`);
    // Grid walk with a step control over the 4 grid points, and the memory events.
    const head = page.locator('#from-src .rg-walk-head');
    if (!/step 1 of 4/.test(await head.textContent())) throw new Error(`grid walk: ${await head.textContent()}`);
    await page.locator('#from-src .rk-stepper button[aria-label="Next step"]').click();
    if (!/step 2 of 4/.test(await head.textContent())) throw new Error(`after Next: ${await head.textContent()}`);
    if ((await page.locator('#from-src .rg-timeline .rg-ev').count()) === 0) throw new Error('no memory events drawn');
    await page.locator('#from-src').screenshot({ path: shot('sample_from_src') });

    const workers = page.workers().length;
    if (workers !== 1) throw new Error(`three embeds should share one engine worker, found ${workers}`);
  });

  check('embed: hostile host CSS stays out of the embeds, and the embeds leave the host styles alone', async () => {
    const { page } = await openPage('/docs/sample/');
    await waitState(page, '#inline', ['done']);
    await waitState(page, '#hostile', ['done']);
    const before = await page.evaluate(() => ({
      note: getComputedStyle(document.getElementById('host-note')).color,
      h1: getComputedStyle(document.querySelector('h1')).fontSize,
      p: getComputedStyle(document.querySelector('main > p:not(.host-note)')).color,
      styles: document.querySelectorAll('style, link[rel="stylesheet"]').length,
      adopted: document.adoptedStyleSheets.length,
    }));
    if (before.note !== 'rgb(0, 128, 0)' || before.h1 !== '40px' || before.p !== 'rgb(255, 0, 0)') {
      throw new Error(`the host page lost its own styles: ${JSON.stringify(before)}`);
    }
    if (before.styles !== 1 || before.adopted !== 0) throw new Error(`the embed added styles to the host page: ${JSON.stringify(before)}`);

    const hostile = {};
    for (const id of ['inline', 'hostile']) hostile[id] = await page.evaluate(innerLook, id);
    const t = hostile.inline;
    if (t.rk.color === 'rgb(255, 0, 0)' || /comic/i.test(t.rk['font-family']) || t.rk['text-transform'] !== 'none') {
      throw new Error(`host CSS leaked into the embed: ${JSON.stringify(t.rk)}`);
    }
    if (t.run.display === 'none' || t.code.display === 'none') throw new Error('host CSS hid the Run button or the code');
    if (t.host['border-top-width'] !== '0px' || t.host['padding-top'] !== '0px' || t.host['box-shadow'] !== 'none') {
      throw new Error(`host CSS painted the embed's box: ${JSON.stringify(t.host)}`);
    }
    await page.locator('#hostile').screenshot({ path: shot('sample_hostile_css') });

    // The same embeds with the hostile stylesheet switched off must look the same.
    await page.evaluate(() => {
      for (const s of document.styleSheets) s.disabled = true;
    });
    for (const id of ['inline', 'hostile']) {
      const clean = await page.evaluate(innerLook, id);
      const a = JSON.stringify(hostile[id]);
      const b = JSON.stringify(clean);
      if (a !== b) throw new Error(`#${id} looks different under the host's CSS:\n  hostile ${a}\n  clean   ${b}`);
    }
    await page.locator('#hostile').screenshot({ path: shot('sample_clean_css') });
  });

  check('embed: a hostile kernel text is shown as text and never runs', async () => {
    const { page } = await openPage('/docs/sample/');
    await waitState(page, '#hostile', ['done']);
    const seen = await page.evaluate(() => {
      const el = document.getElementById('hostile');
      const imgs = (root) => root.querySelectorAll('img').length;
      return {
        pwned: window.__pwned,
        imgs: imgs(document) + [...document.querySelectorAll('rungs-kernel')].reduce((n, k) => n + imgs(k.shadowRoot), 0),
        editor: el.shadowRoot.querySelector('textarea').value,
        stdout: el.shadowRoot.querySelector('.rg-stdout').textContent,
        link: el.shadowRoot.querySelector('a.rk-open').getAttribute('href'),
      };
    });
    if (seen.pwned !== undefined) throw new Error('window.__pwned was set');
    if (seen.imgs !== 0) throw new Error(`${seen.imgs} <img> elements were created`);
    if (!seen.editor.includes(HOSTILE)) throw new Error(`the editor lost the text: ${seen.editor}`);
    if (!seen.stdout.includes(HOSTILE)) throw new Error(`stdout not shown as text: ${seen.stdout}`);
    if (seen.link.includes('<')) throw new Error(`the playground link carries raw markup: ${seen.link}`);

    // Edited in the page and set from a script: still text.
    await page.locator('#hostile textarea').fill(`print("${HOSTILE}<svg onload=window.__pwned=2>")\n`);
    await page.locator('#hostile .rk-run').click();
    await waitState(page, '#hostile', ['done']);
    await page.evaluate((h) => {
      document.getElementById('inline').source = `print("${h}")\n`;
    }, HOSTILE);
    await page.evaluate(() => document.getElementById('inline').run());
    const after = await page.evaluate(() => ({
      pwned: window.__pwned,
      imgs: document.querySelectorAll('img, svg[onload]').length +
        [...document.querySelectorAll('rungs-kernel')].reduce((n, k) => n + k.shadowRoot.querySelectorAll('img, [onload], [onerror]').length, 0),
    }));
    if (after.pwned !== undefined || after.imgs !== 0) throw new Error(`hostile text became markup: ${JSON.stringify(after)}`);
  });

  check('embed: invalid attributes are listed and nothing runs', async () => {
    const { page } = await openPage('/docs/sample/');
    await waitState(page, '#inline', ['done']);
    const out = await page.evaluate(async () => {
      const el = document.createElement('rungs-kernel');
      el.id = 'bad';
      el.setAttribute('rung', 'gpu');
      el.setAttribute('params', '{"detect_races": "yes"}');
      el.setAttribute('views', 'output,plot');
      el.textContent = 'print(1)';
      document.querySelector('main').prepend(el);
      await new Promise((r) => setTimeout(r, 300));
      return {
        state: el.getAttribute('data-state'),
        problems: [...el.shadowRoot.querySelectorAll('.rk-problems li')].map((li) => li.textContent),
        disabled: el.shadowRoot.querySelector('.rk-run').disabled,
        result: el.result,
      };
    });
    const expected = [
      'rungs-kernel: invalid params.detect_races: "yes" (detect_races must be true or false)',
      'rungs-kernel: invalid rung: "gpu" (expected auto, interpret, tpu, chip)',
      'rungs-kernel: unknown view: "plot" (expected output, grid, memory, console)',
    ];
    if (out.state !== 'error' || JSON.stringify(out.problems) !== JSON.stringify(expected) || !out.disabled || out.result !== null) {
      throw new Error(`invalid attributes: ${JSON.stringify(out)}`);
    }
    await page.locator('#bad').screenshot({ path: shot('invalid_attributes') });
  });

  check('embed: the iframe form round-trips its state (encode -> embed.html#state -> same code and settings)', async () => {
    const { encodeState: encode, decodeState: decode } = await import(stateModule);
    const code = `# ${HOSTILE}\n# "quotes" & #hash ?q=1 %41 +plus π 🚀\nx = 1 + 1\nprint(x)\n`;
    const wanted = { rung: 'tpu', params: '{"detect_races":true,"num_cores_or_threads":2}', views: 'grid,console', editable: 'true', theme: 'dark', run: 'click' };
    const fragment = encode({ code, ...wanted, params: JSON.parse(wanted.params) });
    const { page } = await openPage(`/embed.html#${fragment}`);
    await page.waitForSelector('rungs-kernel[data-state="idle"]', { state: 'attached' });
    const got = await page.evaluate(() => {
      const el = document.querySelector('rungs-kernel');
      const names = ['rung', 'params', 'views', 'editable', 'theme', 'run'];
      return {
        code: el.source,
        editor: el.shadowRoot.querySelector('textarea')?.value,
        attrs: Object.fromEntries(names.map((n) => [n, el.getAttribute(n)])),
        theme: el.shadowRoot.querySelector('.rk').dataset.theme,
        views: [...el.shadowRoot.querySelectorAll('.rk-view')].map((v) => v.dataset.view),
        link: el.shadowRoot.querySelector('a.rk-open').href,
      };
    });
    if (got.code !== code || got.editor !== code) throw new Error(`code changed: ${JSON.stringify(got.code)}`);
    if (JSON.stringify(got.attrs) !== JSON.stringify(wanted)) throw new Error(`settings changed: ${JSON.stringify(got.attrs)}`);
    if (got.theme !== 'dark' || got.views.join() !== 'grid,console') throw new Error(`not applied: ${JSON.stringify(got)}`);
    const link = new URL(got.link);
    const back = decode(link.hash);
    if (link.pathname !== '/playground/' || back.code !== code || back.settings.rung !== 'tpu' || back.settings.params !== wanted.params) {
      throw new Error(`playground link: ${got.link}`);
    }
    await page.locator('rungs-kernel .rk-run').click();
    await waitState(page, 'rungs-kernel', ['done']);
    const doc = await page.evaluate(() => document.querySelector('rungs-kernel').result);
    assertResultDocument(doc, 'embed.html run');
    if (doc.stdout !== '2\n') throw new Error(`stdout ${JSON.stringify(doc.stdout)}`);
    if (await page.evaluate(() => window.__pwned !== undefined || document.querySelectorAll('img').length > 0)) {
      throw new Error('the fragment became markup');
    }
    await page.screenshot({ path: shot('iframe_page'), fullPage: true });
  });

  check('embed: iframe postMessage - only the right shape from the parent at its origin is obeyed', async () => {
    const { encodeState: encode } = await import(stateModule);
    const frag = (extra = {}) => encode({ code: 'print("ran")\n', views: 'console', run: 'click', ...extra });
    const page2 = await (await openPage('/docs/sample/')).page.context().newPage();
    // Frame f0 learns its parent's origin from the browser; f1 declares another.
    const html = `<!doctype html><meta charset="utf-8"><title>foreign host</title>
<script>
  window.__msgs = [];
  addEventListener('message', (e) => {
    const frames = [...document.querySelectorAll('iframe')];
    window.__msgs.push({ origin: e.origin, frame: frames.findIndex((f) => f.contentWindow === e.source), data: e.data });
  });
</script>
<iframe id="f0" width="600" height="300" src="${base}/embed.html#${frag()}"></iframe>
<iframe id="f1" width="600" height="300" src="${base}/embed.html#${frag({ origin: 'http://127.0.0.1:1' })}"></iframe>`;
    const server = await foreignHost({ '/host.html': html });
    try {
      await page2.goto(`${server.url}/host.html`);
      await page2.waitForFunction(() => window.__msgs.some((m) => m.frame === 0 && m.data.type === 'height'), null, { timeout: 15_000 });
      const f0 = await (await page2.$('#f0')).contentFrame();
      const f1 = await (await page2.$('#f1')).contentFrame();
      await f1.waitForSelector('rungs-kernel[data-state="idle"]', { state: 'attached' });
      const msgs = await page2.evaluate(() => window.__msgs);
      for (const m of msgs) {
        if (m.origin !== base) throw new Error(`a message came from ${m.origin}`);
        const d = m.data;
        if (d.source !== 'rungs-embed' || d.version !== 1 || !['height', 'state'].includes(d.type)) throw new Error(`bad shape ${JSON.stringify(d)}`);
        if (d.type === 'height' && !(Number.isInteger(d.height) && d.height > 0)) throw new Error(`bad height ${JSON.stringify(d)}`);
      }
      if (msgs.some((m) => m.frame === 1)) throw new Error('the frame that declared another origin talked to this page');

      const post = (id, data) => page2.evaluate(([i, d, target]) => document.getElementById(i).contentWindow.postMessage(d, target), [id, data, base]);
      // Wrong shapes from the right parent: ignored.
      for (const bad of ['run', { source: 'rungs-host', version: 1, type: 'run', code: 'print(2)' }, { source: 'rungs-host', version: '1', type: 'run' }, { source: 'rungs-embed', version: 1, type: 'run' }]) {
        await post('f0', bad);
      }
      // The right shape to the frame whose declared origin is not this page: ignored.
      await post('f1', { source: 'rungs-host', version: 1, type: 'run' });
      await page2.waitForTimeout(600);
      for (const [f, name] of [[f0, 'f0'], [f1, 'f1']]) {
        const s = await f.locator('rungs-kernel').getAttribute('data-state');
        if (s !== 'idle') throw new Error(`${name} reacted to a message it should ignore (state ${s})`);
      }
      // A message from inside the frame itself (not from its parent): ignored.
      await f0.evaluate(() => window.postMessage({ source: 'rungs-host', version: 1, type: 'run' }, '*'));
      await page2.waitForTimeout(300);
      if ((await f0.locator('rungs-kernel').getAttribute('data-state')) !== 'idle') throw new Error('f0 obeyed its own window');

      // The right message from the parent: runs, and reports back.
      await post('f0', { source: 'rungs-host', version: 1, type: 'run' });
      await page2.waitForFunction(() => window.__msgs.some((m) => m.frame === 0 && m.data.type === 'state' && m.data.state === 'done'), null, { timeout: 15_000 });
      const done = (await page2.evaluate(() => window.__msgs)).find((m) => m.data.state === 'done').data;
      if (done.ok !== true || done.stdout !== 'ran\n' || 'values' in done) throw new Error(`done message ${JSON.stringify(done)}`);
      await page2.screenshot({ path: shot('iframe_foreign_host') });
    } finally {
      await page2.close();
      await server.close();
    }
  });

  check('embed: /rungs-embed.js works from another path and from another origin', async () => {
    const { page } = await openPage('/docs/sample/');
    const context = page.context();
    const tag = '<rungs-kernel id="k" rung="interpret" views="output,console">x = 1 + 1\nprint(x)</rungs-kernel>';
    // Same origin, a deep path: the worker and wasm must come from beside the script.
    const deep = await context.newPage();
    const foreign = await context.newPage();
    const server = await foreignHost({
      '/docs/page.html': `<!doctype html><meta charset="utf-8"><title>other origin</title><script type="module" src="${base}/rungs-embed.js"></script>${tag}`,
    });
    try {
      await deep.route(`${base}/some/deep/path/page.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body: `<!doctype html><meta charset="utf-8"><title>deep</title><script type="module" src="../../../rungs-embed.js"></script>${tag}` }),
      );
      const bad = [];
      deep.on('response', (r) => r.status() >= 400 && bad.push(`${r.status()} ${r.url()}`));
      await deep.goto(`${base}/some/deep/path/page.html`);
      await waitState(deep, '#k', ['done', 'error']);
      const doc = await deep.evaluate(() => document.getElementById('k').result);
      if (!doc?.ok || doc.stdout !== '2\n') throw new Error(`deep path: ${JSON.stringify(doc)?.slice(0, 300)} ${bad}`);
      // The bundled code font reaches the shadow root: the embed declared its
      // faces on the host document (once), and the kernel's code loaded one.
      const fonts = await deep.evaluate(async () => {
        await document.fonts.ready;
        const faces = [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'JetBrains Mono');
        const code = document.getElementById('k').shadowRoot.querySelector('.rk-code, .rk-editor');
        return { count: faces.length, status: faces.map((f) => f.status), family: getComputedStyle(code).fontFamily };
      });
      if (fonts.count !== 1 || fonts.status[0] !== 'loaded' || !/JetBrains Mono/.test(fonts.family)) throw new Error(`embed fonts: ${JSON.stringify(fonts)}`);

      await foreign.goto(`${server.url}/docs/page.html`);
      await waitState(foreign, '#k', ['done', 'error']);
      const far = await foreign.evaluate(() => ({ doc: document.getElementById('k').result, status: document.getElementById('k').shadowRoot.querySelector('.rk-status').textContent }));
      if (!far.doc?.ok || far.doc.stdout !== '2\n') throw new Error(`other origin: ${far.status} ${JSON.stringify(far.doc)?.slice(0, 300)}`);
      await foreign.screenshot({ path: shot('foreign_origin_host') });
    } finally {
      await deep.close();
      await foreign.close();
      await server.close();
    }
  });

  check('embed: the embedding guide runs its live examples on one worker', async () => {
    const { page } = await openPage('/docs/embedding/');
    await waitState(page, '#quick', ['done']);
    const quick = await page.evaluate(() => document.getElementById('quick').result.stdout);
    if (quick !== '2\n') throw new Error(`quick start printed ${JSON.stringify(quick)}`);
    await page.locator('#html-example').scrollIntoViewIfNeeded();
    await waitState(page, '#html-example', ['done']);
    // Step to the last grid point: rung 1 clamped the window that ran off the end.
    await page.locator('#html-example .rk-stepper button[aria-label="Last step"]').click();
    if ((await page.locator('#html-example .rg-landed.rg-clamped').count()) === 0) throw new Error('no clamped window drawn at the last step');
    await page.locator('#html-example').screenshot({ path: shot('guide_html_example') });

    await page.locator('#mkdocs-example').scrollIntoViewIfNeeded();
    await waitState(page, '#mkdocs-example', ['done']);
    if ((await page.locator('#mkdocs-example .rg-heatmap').count()) === 0) throw new Error('mkdocs example drew no heatmap');
    // Three embeds and window.rungs: one worker.
    if (page.workers().length !== 1) throw new Error(`the guide's embeds should share one worker, found ${page.workers().length}`);
  });

  check('embed: the embedding guide runs its race example on click and makes iframe links', async () => {
    const { page } = await openPage('/docs/embedding/');
    await page.locator('#sphinx-example').scrollIntoViewIfNeeded();
    if ((await state(page, '#sphinx-example')) !== 'idle') throw new Error('run="click" ran by itself');
    await page.locator('#sphinx-example .rk-run').click();
    await waitState(page, '#sphinx-example', ['done', 'error']);
    const races = await page.locator('#sphinx-example .rg-races-head').getAttribute('data-races');
    if (!(Number(races) > 0)) throw new Error(`the race example reported ${races} races`);
    await page.locator('#sphinx-example').screenshot({ path: shot('guide_sphinx_example') });


    await page.locator('#maker textarea').fill('print("from the maker")\n');
    await page.locator('#maker button[type="submit"]').click();
    const snippet = await page.locator('#maker-snippet').textContent();
    if (!snippet.startsWith('<iframe class="rungs" src="http') || !snippet.includes('embed.html#s=')) throw new Error(`snippet: ${snippet}`);
    const frame = page.frameLocator('#maker-preview');
    await page.locator('#maker-preview').scrollIntoViewIfNeeded();
    await frame.locator('rungs-kernel[data-state="done"]').waitFor({ state: 'attached', timeout: 15_000 });
    const printed = await frame.locator('rungs-kernel .rg-stdout').textContent();
    if (printed !== 'from the maker\n') throw new Error(`maker preview printed ${JSON.stringify(printed)}`);
    await widgetsSettled(page);
  });

  // The policy as the browser will read it, from the built HTML.
  async function builtPolicy(route) {
    const html = await (await fetch(base + route)).text();
    const m = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
    if (!m) throw new Error(`${route}: no CSP <meta>`);
    if (html.indexOf('Content-Security-Policy') > html.indexOf('<script')) throw new Error(`${route}: the CSP comes after a script`);
    const policy = m[1].replace(/&#39;/g, "'");
    return (name) => (policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '').split(/\s+/).slice(1).join(' ');
  }

  // What "normal use" means on each page, beyond loading it.
  const NORMAL_USE = {
    '/docs/sample/': async (page) => {
      await waitState(page, '#inline', ['done']);
      await waitState(page, '#from-src', ['done', 'error']);
    },
    '/docs/embedding/': async (page) => {
      await waitState(page, '#quick', ['done']);
      await page.locator('#maker-preview').scrollIntoViewIfNeeded();
      await page.frameLocator('#maker-preview').locator('rungs-kernel[data-state="done"]').waitFor({ state: 'attached', timeout: 15_000 });
    },
    '/embed.html': (page) => waitState(page, 'rungs-kernel', ['done']),
    '/playground/': async (page) => {
      // Monaco (once the playground has it) writes inline styles: it must still render.
      if (await page.locator('.monaco-editor').count()) {
        await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 15_000 });
        const top = await page.locator('.monaco-editor .view-lines .view-line').first().evaluate((e) => e.style.top);
        if (!top) throw new Error('Monaco view lines have no inline position: its styles were blocked');
      }
    },
  };

  for (const route of ROUTES_WITH_CSP) {
    check(`embed: CSP on ${route}: the built page carries it, and normal use violates nothing`, async () => {
      const directive = await builtPolicy(route);
      if (directive('script-src') !== "'self' 'wasm-unsafe-eval'") throw new Error(`${route}: script-src is ${directive('script-src')}`);
      // Strict everywhere, except that a page bundling Monaco may have inline
      // styles (checked below: it must then really show a Monaco editor).
      const style = directive('style-src');
      if (style !== "'self'" && style !== "'self' 'unsafe-inline'") throw new Error(`${route}: style-src is ${style}`);
      for (const d of ['default-src', 'connect-src', 'worker-src', 'frame-src']) {
        if (directive(d) !== "'self'") throw new Error(`${route}: ${d} is ${directive(d)}`);
      }
      if (directive('object-src') !== "'none'") throw new Error(`${route}: object-src is ${directive('object-src')}`);

      // A violation recorder in every frame from the first byte; the runner
      // also fails the check on any console error ("Refused to ...").
      const { page } = await openPage('/docs/sample/');
      const watch = await page.context().newPage();
      try {
        await watch.addInitScript(() => {
          window.__csp = [];
          document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
        });
        const consoleCsp = [];
        watch.on('console', (msg) => /Content Security Policy/i.test(msg.text()) && consoleCsp.push(msg.text()));
        await watch.goto(base + route);
        await NORMAL_USE[route]?.(watch);
        await widgetsSettled(watch);
        // Monaco arrives after the widgets settle (a lazily loaded chunk): wait for it.
        if (style.includes('unsafe-inline')) await watch.waitForSelector('.monaco-editor', { timeout: 30_000 }).catch(() => {});
        if (style.includes('unsafe-inline') && (await watch.locator('.monaco-editor').count()) === 0) {
          throw new Error(`${route}: inline styles are allowed, but the page shows no Monaco editor`);
        }
        await watch.waitForTimeout(200);
        const seen = (await Promise.all(watch.frames().map((f) => f.evaluate(() => window.__csp ?? []).catch(() => [])))).flat();
        if (seen.length || consoleCsp.length) throw new Error(`CSP violations in normal use: ${[...seen, ...consoleCsp].join('; ')}`);
      } finally {
        await watch.close();
      }
    });
  }

  check('embed: CSP is live: an inline script injected into a built page is refused and reported', async () => {
    const { page } = await openPage('/docs/sample/');
    const probe = await page.context().newPage(); // its console error is the expected one
    try {
      await probe.addInitScript(() => {
        window.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective));
      });
      await probe.goto(`${base}/docs/sample/`);
      const blocked = await probe.evaluate(async () => {
        const s = document.createElement('script');
        s.textContent = 'window.__inline = 1';
        document.body.append(s);
        const img = document.createElement('img');
        img.setAttribute('src', 'http://127.0.0.1:1/x.png'); // another origin (port)
        document.body.append(img);
        await new Promise((r) => setTimeout(r, 200));
        img.remove();
        return { ran: window.__inline === 1, reports: window.__csp };
      });
      if (blocked.ran || !blocked.reports.some((r) => r.startsWith('script-src'))) throw new Error(`an inline script was not refused: ${JSON.stringify(blocked)}`);
      if (!blocked.reports.some((r) => r.startsWith('img-src'))) throw new Error(`an off-site image was not refused: ${JSON.stringify(blocked)}`);
    } finally {
      await probe.close();
    }
  });
}
