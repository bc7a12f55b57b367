// Playground placeholder: a textarea, a rung selector and Run. The real
// playground (Monaco, heatmaps, compare view) replaces this page.
import '../site/base.css';
import { rungs } from '../engine/global.js';
import { runWidget } from '../site/widget.js';
import example from '../../../content/kernels/add_vectors.py?raw';

const root = document.querySelector('[data-widget="playground"]');
const editor = root.querySelector('textarea');
const rung = root.querySelector('select[name="rung"]');
const out = root.querySelector('pre.result');
editor.value = example;

const run = () => runWidget(root, out, () => rungs.run(editor.value, { rung: rung.value }));
root.querySelector('button').addEventListener('click', run);
editor.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    run();
  }
});
