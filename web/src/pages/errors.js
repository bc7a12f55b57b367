// The error catalog (/errors/, /errors/#<id>): the list of errors is the
// engine's registry, read at run time (engine.errors()), so it cannot drift
// from the engine; hand-written explanations come from content/errors and
// are rendered into this page at build time (src/explainer/vite-plugin.js).
import '../site/base.css';
import '../views/views.css';
import '../explainer/explainer.css';
import '../errors/errors.css';
import { getEngine, rungs } from '../engine/global.js';
import { showCatalog } from '../errors/catalog.js';

showCatalog(document.querySelector('[data-widget="error-catalog"]'), { registry: () => rungs.errors(), engine: getEngine, siteRoot: '../' });
