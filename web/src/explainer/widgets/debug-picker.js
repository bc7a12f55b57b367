// §8 "The debugging picker": one question in, one switch out. Each :::part
// carries its question, its switch and the rung its example belongs to; the
// reader picks a question, the widget shows the switch and runs the example
// on that rung (the first one runs without a click). Races get the shared
// race-report view, everything else the console view.
import { renderConsole } from '../../views/console.js';
import { renderRaces } from '../../views/races.js';
import { button, el, rungBadge } from './common.js';
import { playgroundLink } from './playground-link.js';

export default async function mount(root, ctx) {
  const parts = ctx.parts();
  const picker = el('fieldset', { class: 'picker-questions' }, el('legend', {}, 'What do you want to know?'));
  const answer = el('div', { class: 'picker-answer', 'aria-live': 'polite' });
  const results = new Map(); // part name -> result document
  for (const p of parts) p.el.hidden = true;
  root.append(el('div', { class: 'live picker-live' }, picker, answer));

  async function run(part, output) {
    ctx.state('running');
    try {
      const engine = await ctx.engine();
      const doc = await engine.run(part.code, { rung: part.attrs.rung ?? 'auto' });
      results.set(part.name, doc);
      draw(part, doc, output);
      ctx.state('done');
    } catch (err) {
      output.replaceChildren(el('p', { class: 'widget-failure', role: 'alert' }, `The engine failed: ${err?.message ?? err}`));
      ctx.state('error');
    }
  }

  function draw(part, doc, output) {
    output.replaceChildren();
    if (doc.calls?.some((c) => c.races?.length)) {
      const races = el('div', { class: 'picker-races' });
      renderRaces(races, doc);
      output.append(races);
    }
    const console = el('div');
    renderConsole(console, doc);
    output.append(console);
  }

  function choose(part) {
    root.dataset.selected = part.name;
    const output = el('div', { class: 'picker-output' });
    part.el.hidden = false;
    answer.replaceChildren(
      el('p', { class: 'picker-switch' }, 'Switch: ', el('code', {}, part.attrs.switch), ' ', rungBadge(part.attrs.rung ?? 'interpret')),
      part.el,
      el('div', { class: 'picker-bar' }, button('Run the example', () => run(part, output)), playgroundLink(ctx.siteRoot, part.code, part.attrs.rung)),
      output,
    );
    if (results.has(part.name)) {
      draw(part, results.get(part.name), output);
      return Promise.resolve();
    }
    return run(part, output);
  }

  parts.forEach((part, i) => {
    const id = `picker-${part.name}`;
    const radio = el('input', { type: 'radio', name: 'picker-question', id, value: part.name, checked: i === 0 });
    radio.addEventListener('change', () => radio.checked && choose(part));
    picker.append(el('div', { class: 'picker-choice' }, radio, el('label', { for: id }, part.attrs.question)));
  });
  await choose(parts[0]);
}
