// §11 "Many devices, one laptop": a ring collective run on simulated
// devices (rung 2, trace on), stepped one remote DMA at a time. The ring
// figure draws the devices on a circle and, for every remote DMA up to the
// current one, an arrow from its source device to its destination, labelled
// with the slot it writes; each device lists the slots that have landed in
// it so far. Everything comes from the call's events (dma_start's
// src_device / dst_device / dst_box, dma_complete's order): the widget
// computes no semantics. The memory timeline below shows the same run with
// the current DMA selected.
import { renderTimeline } from '../../views/timeline.js';
import { createStepper } from '../../views/stepper.js';
import { svgEl } from '../../views/dom.js';
import { memoryEvents } from '../../views/trace.js';
import { el } from './common.js';

// The remote DMAs of a call, in start order, each with the index of the
// event that completed it (or -1) and the slot its destination box starts at.
export function remoteTransfers(call) {
  const events = memoryEvents(call);
  const completed = new Map(events.filter((d) => d.kind === 'dma_complete').map((d) => [d.dma, d.index]));
  const out = [];
  for (const e of events) {
    if (e.kind !== 'dma_start' || e.src_device === undefined || e.src_device === e.dst_device) continue;
    out.push({ dma: e.dma, from: e.src_device, to: e.dst_device, slot: e.dst_box?.start?.[0] ?? 0, start: e.index, done: completed.get(e.dma) ?? -1 });
  }
  return out;
}

// The slots each device holds once transfers 0..k have landed, plus its own.
export function heldSlots(devices, transfers, k) {
  const held = Array.from({ length: devices }, (_, d) => new Set([d]));
  for (const t of transfers.slice(0, k + 1)) held[t.to].add(t.slot);
  return held.map((s) => [...s].sort((a, b) => a - b));
}

function ringFigure(devices, transfers, k) {
  const size = 280, c = size / 2, r = 100;
  const at = (d) => {
    const a = (2 * Math.PI * d) / devices - Math.PI / 2;
    return [c + r * Math.cos(a), c + r * Math.sin(a)];
  };
  const svg = svgEl('svg', { viewBox: `0 0 ${size} ${size}`, class: 'ring-figure', role: 'img',
    'aria-label': `${devices} devices on a ring; transfer ${k + 1} of ${transfers.length}` });
  transfers.slice(0, k + 1).forEach((t, i) => {
    const [x0, y0] = at(t.from), [x1, y1] = at(t.to);
    const mx = (x0 + x1) / 2 + (y1 - y0) * 0.15, my = (y0 + y1) / 2 - (x1 - x0) * 0.15;
    svg.append(svgEl('path', { class: `ring-arrow${i === k ? ' ring-arrow-current' : ''}`, d: `M${x0},${y0} Q${mx},${my} ${x1},${y1}` }));
    if (i === k) svg.append(svgEl('text', { class: 'ring-arrow-label', x: mx, y: my }, `slot ${t.slot}`));
  });
  const held = heldSlots(devices, transfers, k);
  for (let d = 0; d < devices; d += 1) {
    const [x, y] = at(d);
    svg.append(
      svgEl('circle', { class: 'ring-device', cx: x, cy: y, r: 26 }),
      svgEl('text', { class: 'ring-device-label', x, y: y - 4 }, `device ${d}`),
      svgEl('text', { class: 'ring-device-slots', x, y: y + 12 }, `[${held[d].join(' ')}]`),
    );
  }
  return svg;
}

export default async function mount(root, ctx) {
  const source = ctx.code('kernel');
  const devices = Number(root.dataset.devices ?? 4);
  const figure = el('div', { class: 'ring-figure-box' });
  const caption = el('p', { class: 'ring-caption', 'aria-live': 'polite' });
  const stepperRoot = el('div', { class: 'ring-stepper' });
  const timeline = el('div', { class: 'ring-timeline' });
  root.append(el('div', { class: 'live ring-live' }, figure, stepperRoot, caption, timeline));
  ctx.state('running');
  const engine = await ctx.engine();
  const doc = await engine.run(source, { rung: 'tpu', trace: true, devices });
  if (!doc.ok) {
    caption.textContent = `${doc.error.type}: ${doc.error.message}`;
    ctx.state('done');
    return;
  }
  const index = doc.calls.findIndex((c) => c.devices);
  const call = doc.calls[index];
  const transfers = remoteTransfers(call);
  ctx.fact('devices', call.devices.count);
  ctx.fact('transfers', transfers.length);
  function show(k) {
    const t = transfers[k];
    figure.replaceChildren(ringFigure(call.devices.count, transfers, k));
    caption.textContent = `DMA ${t.dma}: device ${t.from} writes slot ${t.slot} into device ${t.to}` +
      (t.done >= 0 ? '.' : ' (it never completed).');
    root.dataset.transfer = String(k);
    renderTimeline(timeline, doc, 0, { call: index, selected: t.start });
  }
  createStepper(stepperRoot, { count: transfers.length, onStep: show, intervalMs: 900, label: 'Transfer' });
  show(0);
  ctx.state('done');
}
