// Explainer placeholder: runs the gallery's add_vectors kernel on demand.
import '../site/base.css';
import { rungs } from '../engine/global.js';
import { runWidget } from '../site/widget.js';
import source from '../../../content/kernels/add_vectors.py?raw';

const root = document.querySelector('[data-widget="example-run"]');
root.querySelector('pre.source').textContent = source;
const out = root.querySelector('pre.result');
root.querySelector('button').addEventListener('click', () =>
  runWidget(root, out, () => rungs.run(source, { rung: 'auto' })),
);
