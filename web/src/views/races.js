// Race report view: every race rung 2's happens-before detector reported,
// with both accesses (kind, box, thread, vector clock, source line).
//
//   renderRaces(root, doc, step, {call, onSource, onTimeline})
//
//   call        a call index, or undefined for every call in the document
//   onSource(source)  a "line N" button was activated: reveal it in the editor
//   onTimeline({call, step, lines})  "show in timeline": the caller switches
//               to the timeline at that grid step, outlining both lines
//
// Races are listed in the document's order; `step` is accepted for the
// common view signature and marks races of that step as current. A thread
// "(0, 1)" is core 1 of device 0; a DMA's thread is "(dma id, 0)".
import { clear, el, linkButton, sourceLabel } from './dom.js';
import { boxText, stepEvent } from './trace.js';

export function renderRaces(root, doc, step, options = {}) {
  clear(root);
  const calls = (doc?.calls ?? []).map((c, i) => ({ c, i })).filter(({ i }) => options.call === undefined || options.call === i);
  const total = calls.reduce((n, { c }) => n + (c.races?.length ?? 0), 0);
  const tpu = calls.some(({ c }) => c.rung === 'tpu');
  root.append(
    el(
      'p',
      { class: 'rg-races-head', 'data-races': total },
      total
        ? `${total} race${total === 1 ? '' : 's'} reported.`
        : tpu
          ? 'No races reported. Rung 2 looks for races only with detect_races=True, and two cores need num_cores_or_threads=2 or more.'
          : 'No races: only rung 2 (tpu) has a race detector.',
    ),
  );
  if (!total) return;
  const list = el('ol', { class: 'rg-races' });
  for (const { c, i } of calls) {
    const current = stepEvent(doc, i, step);
    for (const race of c.races ?? []) list.append(raceItem(race, c, i, current, options));
  }
  root.append(list);
}

function raceItem(race, call, callIndex, current, options) {
  const isCurrent = current && race.step === current.step;
  const lines = [race.first?.source?.line, race.second?.source?.line].filter((l) => l > 0);
  const item = el(
    'li',
    { class: `rg-race${isCurrent ? ' rg-race-current' : ''}`, 'data-step': race.step },
    el('p', { class: 'rg-race-title' }, `${call.kernel}: race on ${race.buffer}${race.step !== undefined ? ` at grid step ${race.step}` : ''}`),
    access('first', race.first, options),
    access('second', race.second, options),
  );
  if (options.onTimeline) {
    item.append(linkButton('show in timeline', () => options.onTimeline({ call: callIndex, step: race.step, lines }), { 'data-action': 'timeline' }));
  }
  return item;
}

function access(which, a, options) {
  if (!a) return el('p', {}, `${which}: (missing)`);
  const src = sourceLabel(a.source);
  return el(
    'p',
    { class: `rg-access rg-access-${a.kind}` },
    el('strong', {}, `${a.kind}`),
    ` of ${a.range ? boxText(a.range) : '?'} by thread ${a.thread}`,
    a.clock ? ` · clock [${a.clock.join(' ')}]` : '',
    src ? ' · ' : '',
    src && options.onSource ? linkButton(src, () => options.onSource(a.source), { 'data-line': a.source.line }) : src,
  );
}
