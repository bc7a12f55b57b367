// The explainer page (/): the article is static HTML rendered from
// content/explainer at build time (src/explainer/vite-plugin.js); this
// module only adds the glossary tooltips and hydrates each widget when it
// scrolls into view. Monaco is not loaded here, and the engine worker
// starts on the first widget that needs it.
import '../site/base.css';
import '../views/views.css';
import '../explainer/explainer.css';
import { getEngine } from '../engine/global.js';
import { hydrate } from '../explainer/runtime/hydrate.js';
import { installGlossaryTips } from '../explainer/runtime/glossary-tips.js';
import { LOADERS } from '../explainer/widgets/index.js';

const main = document.getElementById('explainer');
installGlossaryTips(main);
hydrate(main, { loaders: LOADERS, engine: getEngine, siteRoot: './' });
