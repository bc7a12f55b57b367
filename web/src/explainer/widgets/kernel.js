// A runnable python block (:::kernel rung=… [expect=error_id] in content/):
// runs once when scrolled into view, again on "Run", and shows what the
// program printed and the error it raised. With expect=, it also says
// whether the engine raised that registry entry (the error catalog's live
// reproducers use this).
import { renderConsole } from '../../views/console.js';
import { button, el, rungBadge, unavailable } from './common.js';
import { playgroundLink } from './playground-link.js';

// Lowered engine limits from the block's attributes (max_steps=… etc.).
export function limits(data) {
  const out = {};
  const num = (k) => (data[k] === undefined ? undefined : Number(data[k]));
  if (data.max_steps) out.maxSteps = num('max_steps');
  if (data.max_memory) out.maxMemory = num('max_memory');
  if (data.max_output) out.maxOutput = num('max_output');
  if (data.timeout_ms) out.timeoutMs = num('timeout_ms');
  return out;
}

export default async function mount(root, ctx) {
  const pre = root.querySelector('pre[data-lang="python"]');
  const source = pre.textContent;
  const rung = root.dataset.rung ?? 'auto';
  const expect = root.dataset.expect;
  const out = el('div', { class: 'kernel-output' });
  const status = el('p', { class: 'kernel-status', 'aria-live': 'polite' });
  const run = button('Run', () => go());
  const bar = el('div', { class: 'kernel-bar' }, run, rung === 'auto' ? null : rungBadge(rung), playgroundLink(ctx.siteRoot, source, rung));
  root.append(bar, status, out);

  async function go() {
    ctx.state('running');
    run.disabled = true;
    status.textContent = 'running…';
    const engine = await ctx.engine();
    const doc = await engine.run(source, { rung, trace: false, ...limits(root.dataset) });
    renderConsole(out, doc);
    run.disabled = false;
    if (expect) {
      const got = doc.error?.id ?? null;
      root.dataset.reproduced = unavailable(doc) ? 'pending' : got === expect ? 'yes' : 'no';
      status.textContent =
        root.dataset.reproduced === 'yes'
          ? `Reproduced: the engine raised ${expect}.`
          : root.dataset.reproduced === 'pending'
            ? 'The rung this reproducer needs is not in this build of the engine yet.'
            : `Not reproduced: the engine ${got ? `raised ${got}` : 'raised nothing'} instead of ${expect}.`;
    } else {
      status.textContent = doc.ok ? 'finished' : `stopped with ${doc.error.type}`;
    }
    ctx.state('done');
  }
  await go();
}
