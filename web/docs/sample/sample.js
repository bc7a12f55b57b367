// The sample documentation page (docs/sample/): a stand-in for someone else's
// docs site, used by tests/e2e/checks/embed.mjs. It loads /rungs-embed.js
// the way a host would (Vite hoists this import to a plain
// <script type="module" src="../../rungs-embed.js">) and nothing else of
// Rungs: no window.rungs, no site stylesheet.
import '../../src/embed/rungs-embed.js';
// The third kernel comes from a file (src="..."); Vite gives the built path.
import gridKernel from './grid_kernel.py?url&no-inline';

document.getElementById('from-src').setAttribute('src', gridKernel);
