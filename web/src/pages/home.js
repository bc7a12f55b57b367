// The explainer page (/): the article is static HTML rendered from
// content/explainer at build time (src/explainer/vite-plugin.js); this
// module only adds the glossary tooltips and hydrates each widget when it
// scrolls into view. Monaco is not loaded here. Every section of this page
// runs kernels, so the engine worker starts now: fetching and compiling the
// wasm overlaps with the page's own loading instead of delaying the first
// widget (about 0.3 s of a cold first visit on the bench machine).
import '../site/base.css';
import '../views/views.css';
import '../explainer/explainer.css';
import { getEngine } from '../engine/global.js';
import { hydrate } from '../explainer/runtime/hydrate.js';
import { installGlossaryTips } from '../explainer/runtime/glossary-tips.js';
import { LOADERS } from '../explainer/widgets/index.js';

const main = document.getElementById('explainer');
installGlossaryTips(main);
getEngine().catch(() => {}); // a failed start is reported, and retried, by the first widget
hydrate(main, { loaders: LOADERS, engine: getEngine, siteRoot: './' });
