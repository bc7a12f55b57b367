// Error catalog placeholder: lists the engine's registry (id, exception
// class, message template). One page per entry comes later.
import '../site/base.css';
import { rungs } from '../engine/global.js';
import { setState } from '../site/widget.js';

const root = document.querySelector('[data-widget="error-list"]');
const list = root.querySelector('ul');

async function show() {
  setState(root, 'running');
  try {
    for (const entry of await rungs.errors()) {
      const item = document.createElement('li');
      const id = document.createElement('code');
      id.textContent = entry.id;
      item.append(id, ` — ${entry.type}: ${entry.template}`);
      list.append(item);
    }
    setState(root, 'done');
  } catch (err) {
    list.textContent = `Could not load the registry: ${err?.message ?? err}`;
    setState(root, 'error');
  }
}
show();
