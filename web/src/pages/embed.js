// The iframe behind <rungs-kernel>: kernel source from the URL fragment
// (#src=...&rung=...), an editable copy, Run, and the result document.
import '../site/base.css';
import { rungs } from '../engine/global.js';
import { runWidget } from '../site/widget.js';

const params = new URLSearchParams(location.hash.slice(1));
const root = document.querySelector('[data-widget="embed"]');
const editor = root.querySelector('textarea');
const out = root.querySelector('pre.result');
editor.value = params.get('src') ?? 'print("hello from Rungs")\n';
const rung = params.get('rung') ?? 'auto';

root.querySelector('button').addEventListener('click', () =>
  runWidget(root, out, () => rungs.run(editor.value, { rung })),
);
