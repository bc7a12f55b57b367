// embed.html: the iframe form. Reads the state from the URL fragment, builds
// one <rungs-kernel> with those settings (as attributes, validated by the
// element like any other) and that code (through the `source` property, so
// it stays text), and talks to the framing page through frame-channel.js.
import '../embed/embed-page.css';
import '../engine/global.js'; // window.rungs, and the page's one engine
import { defineRungsKernel } from '../embed/element.js';
import { startFrameChannel } from '../embed/frame-channel.js';
import { decodeState } from '../embed/state.js';

// embed.html sits at the site root, so the site root is beside it.
defineRungsKernel({ siteRoot: new URL('./', location.href) });

const FALLBACK = '# This frame shows the kernel in its URL: embed.html#s=... (a playground share link)\nprint("hello from Rungs")\n';
const slot = document.getElementById('kernel');
let stop = () => {};

function load() {
  stop();
  const { ok, error, code, files, settings, origin } = decodeState(location.hash);
  if (!ok) {
    // A damaged link: say so (as text) rather than run something else.
    const message = document.createElement('p');
    message.className = 'rk-link-error';
    message.setAttribute('role', 'alert');
    message.textContent = error;
    slot.replaceChildren(message);
    return;
  }
  const kernel = document.createElement('rungs-kernel');
  for (const [name, value] of Object.entries(settings)) kernel.setAttribute(name, value);
  kernel.source = code ?? FALLBACK;
  if (files) kernel.files = files;
  slot.replaceChildren(kernel);
  stop = startFrameChannel({ kernel, declaredOrigin: origin });
}

load();
window.addEventListener('hashchange', load);
