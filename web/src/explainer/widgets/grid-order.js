// §6 "A count, not an order": one order-revealing kernel run three ways:
// rung 1 (the loop's fixed order), rung 2 with the reader's random_seed, and
// rung 2 with that seed split over two simulated cores. Each picture is the
// trace's step order; the program's own output (the counter it stamped)
// is shown beside it.
import { stepEvents, tupleText } from '../../views/trace.js';
import { renderVisitGrid } from '../draw/visit-grid.js';
import { el } from './common.js';

// Each run's heading names the params it ran with, as a reader would write them.
const RUNS = [
  { id: 'generic', title: () => 'Rung 1 · interpret=True', options: () => ({ rung: 'interpret' }) },
  { id: 'seeded', title: (seed) => `Rung 2 · random_seed=${seed}`, options: (seed) => ({ rung: 'tpu', params: { random_seed: seed } }) },
  { id: 'cores', title: (seed) => `Rung 2 · random_seed=${seed} on 2 cores`, options: (seed) => ({ rung: 'tpu', params: { random_seed: seed, num_cores_or_threads: 2 } }) },
];

export default async function mount(root, ctx) {
  const source = ctx.code('kernel');
  const seedInput = el('input', { type: 'number', min: 0, max: 2 ** 31 - 1, step: 1, value: root.dataset.seed ?? '0', name: 'seed' });
  const message = el('p', { class: 'grid-order-message', 'aria-live': 'polite' });
  const panels = Object.fromEntries(RUNS.map((r) => [r.id, el('div', { class: 'grid-order-panel', 'data-run': r.id })]));
  root.append(
    el('div', { class: 'live grid-order-live' },
      el('label', { class: 'grid-order-seed' }, 'random_seed ', seedInput),
      message,
      el('div', { class: 'grid-order-panels' }, ...Object.values(panels))),
  );

  let runId = 0;
  async function run() {
    const seed = Number(seedInput.value);
    if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) {
      message.textContent = 'The seed must be a whole number from 0 to 2147483647.';
      return;
    }
    const id = ++runId;
    ctx.state('running');
    message.textContent = 'running…';
    const engine = await ctx.engine();
    const docs = {};
    for (const r of RUNS) docs[r.id] = await engine.run(source, { ...r.options(seed), trace: true });
    if (id !== runId) return;
    for (const r of RUNS) {
      const doc = docs[r.id];
      if (!doc.ok) {
        panels[r.id].replaceChildren(el('p', {}, `${r.title(seed)}: ${doc.error.type}: ${doc.error.message}`));
        continue;
      }
      const picture = el('div');
      renderVisitGrid(picture, doc.calls[0], { title: r.title(seed) });
      panels[r.id].replaceChildren(picture, el('pre', { class: 'grid-order-stdout', tabindex: 0, 'aria-label': 'what the program printed' }, doc.stdout));
    }
    const steps = stepEvents(docs.generic.calls?.[0]);
    const seeded = stepEvents(docs.seeded.calls?.[0])[0];
    ctx.fact('steps', steps.length);
    if (seeded) ctx.fact('first_point', tupleText(seeded.point));
    message.textContent = `Seed ${seed}: the same ${steps.length} grid points on every run; the numbers show the order each run visited them in.`;
    ctx.state('done');
  }
  seedInput.addEventListener('change', run);
  await run();
}
