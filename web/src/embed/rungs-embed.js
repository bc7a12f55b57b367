// /rungs-embed.js: the one script a documentation page includes to get live
// kernels.
//   <script type="module" src="https://RUNGS-SITE/rungs-embed.js"></script>
//   <rungs-kernel>...python...</rungs-kernel>
// The build emits this entry at the site root under its own name (see
// vite.config.js), so its URL is the site's root: the playground link, and
// through the engine chunk the worker and wasm, resolve from here, not from
// the host page, and the script works from any path or origin.
import { defineRungsKernel } from './element.js';

// The dev server serves this file from /src/embed/; the built one sits at
// the root, but as a one-line loader of its hashed chunk in assets/, and
// this code runs in that chunk: its own folder is then assets/, one below
// the root (the "Open in playground" links pointed into assets/ before).
function builtRoot(url) {
  const here = new URL(/* @vite-ignore */ './', url);
  return here.pathname.endsWith('/assets/') ? new URL('../', here) : here;
}
const siteRoot = import.meta.env.DEV ? new URL('/', location.href) : builtRoot(import.meta.url);

defineRungsKernel({ siteRoot, name: 'rungs-kernel' });
