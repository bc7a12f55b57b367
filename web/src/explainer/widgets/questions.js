// §11 "Questions": each :::part is a question (data-question), its answer
// and a runnable snippet. The widget heads each answer with its question,
// runs every snippet once (in page order) to show what it prints, and links
// each to the playground so the reader can change it.
import { renderConsole } from '../../views/console.js';
import { el } from './common.js';
import { playgroundLink } from './playground-link.js';

export default async function mount(root, ctx) {
  ctx.state('running');
  const parts = ctx.parts();
  const outputs = parts.map((part) => {
    const output = el('div', { class: 'q-output' });
    part.el.prepend(el('h3', { class: 'q-question', id: `q-${part.name}` }, part.attrs.question));
    part.el.append(el('div', { class: 'q-bar' }, playgroundLink(ctx.siteRoot, part.code, 'auto')), output);
    return output;
  });
  const engine = await ctx.engine();
  for (const [i, part] of parts.entries()) {
    const doc = await engine.run(part.code, { rung: 'auto' });
    renderConsole(outputs[i], { ...doc, calls: [] });
    part.el.dataset.ran = doc.ok ? 'ok' : 'error';
  }
  ctx.state('done');
}
