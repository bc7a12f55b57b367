// The embedding guide (/docs/embedding/): its live examples are real
// <rungs-kernel> elements from /rungs-embed.js, sharing this page's engine
// (window.rungs); the iframe maker below them writes embed.html links with
// the same state encoder the iframe page decodes.
import '../site/base.css';
import '../site/theme.css';
import '../../docs/embedding/guide.css';
import '../engine/global.js';
import '../embed/rungs-embed.js';
import { embedPageUrl } from '../embed/state.js';
import { PARAMS, describeValues } from '../engine/schema.js';
// The MkDocs example's kernel file, as a built asset (a docs site would
// write src="../kernels/blocked_copy.py"; here the build names the file).
import blockedCopy from '../../../content/kernels/blocked_copy.py?url&no-inline';

document.getElementById('mkdocs-example').setAttribute('src', blockedCopy);

// The params keys, from the engine's own table (the one the playground and
// the embed validate with).
document.getElementById('param-keys').replaceChildren(
  ...PARAMS.map((param) => {
    const item = document.createElement('li');
    const key = document.createElement('code');
    key.textContent = param.name;
    item.append(key, `: ${describeValues(param)}. ${param.doc}`);
    return item;
  }),
);

// The maker: form -> embed.html#state -> a snippet (as text) and a preview.
const form = document.getElementById('maker');
const snippet = document.getElementById('maker-snippet');
const preview = document.getElementById('maker-preview');
const siteRoot = new URL('../../', location.href); // this page is /docs/embedding/

function make() {
  const data = new FormData(form);
  const url = embedPageUrl(siteRoot, {
    code: String(data.get('code') ?? ''),
    rung: String(data.get('rung') ?? 'auto'),
    views: String(data.get('views') ?? '').replace(/\s+/g, ''),
    editable: data.get('editable') === 'on',
  });
  snippet.textContent =
    `<iframe class="rungs" src="${url.replace(/"/g, '%22')}"\n` +
    `        title="Rungs kernel" width="100%" height="300" loading="lazy"></iframe>`;
  preview.src = url;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  make();
});
make();
