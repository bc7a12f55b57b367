// Memory timeline view (rungs 2 and 3): the memory events of one pallas_call
// as marks on lanes, one lane per memory space and core, in the order the
// engine recorded them.
//
//   renderTimeline(root, doc, step, {call = 0, onSelect, selected, highlightLines, maxColumns = 240, fit})
//
//   step            index into the call's step events; that step's events
//                   sit on a highlighted band
//   onSelect(event) called when a mark is clicked or activated with Enter /
//                   Space (event is the document's event plus its `index`
//                   in call.events); the playground reveals event.source
//   selected        an event index to draw as selected
//   highlightLines  source lines whose events are outlined (the race
//                   report uses this to point at both accesses)
//   fit             {width, height} in px the host has for the picture:
//                   columns widen and rows grow to fill it (within limits),
//                   so a short trace is not a postage stamp in a big panel
//
// x is event order, not time: the trace records order, and inventing
// durations would be computing semantics. A DMA is one bar from its start to
// its completion, on the lane of its destination buffer; overlapping DMAs
// stack. Everything is computed from the events' structured fields
// (dst_buffer, src_box, ...), never from their display strings.
// Lanes: HBM (shared by a device's cores), then VMEM / SMEM / semaphores per
// core. Under jax.shard_map (call.devices) every lane belongs to a device and
// a remote DMA also gets an arrow from its source device's lane to its bar
// on the destination's. Long traces are windowed around the current step,
// and say so.
import { clear, el, svgEl, sourceLabel } from './dom.js';
import { boxText, bufferSpace, callAt, dmaEndText, memoryEvents, stepEvent, tupleText } from './trace.js';

const COL = 16; // px per event column without a `fit`
const COL_MAX = 40; // px per column at most, however wide the fit
const ROW = 32; // px per lane sub-row: a 12 px label line above a mark
const ROW_MAX = 64; // px per sub-row at most, however tall the fit
const MARK_TOP = 14; // px from a sub-row's top to its marks (the label line sits above)
const MARK_MAX = 20; // px: a mark's height at most; a taller row gets air around it
const HEAD = 18; // px for the step-band labels
const LABEL = 132; // px for lane labels (wider with device lanes)
const DEVICE_LABEL = 200;

// The lane an event is drawn on: a pure function of the event. A DMA sits on
// its destination buffer's lane (that buffer's space, device and core).
export function laneOf(e) {
  const dma = e.kind.startsWith('dma_');
  let space;
  if (e.kind === 'alloc') space = e.space;
  else if (e.kind === 'copy_in') space = 'vmem';
  else if (e.kind === 'copy_out') space = 'hbm';
  else if (dma) space = bufferSpace(e.dst_buffer);
  else if (e.kind.startsWith('sem_')) space = 'semaphore';
  else space = 'core';
  // Only a call run on several devices has device lanes (its events say `device`).
  const device = e.device === undefined ? undefined : dma ? (e.dst_buffer?.device ?? e.device) : e.device;
  const core = dma ? (e.dst_buffer?.core ?? e.core ?? 0) : (e.core_on_device ?? e.core ?? 0);
  return laneName(space, core, device);
}

function laneName(space, core, device) {
  space = String(space ?? 'memory').toLowerCase();
  const base = space === 'hbm' || space === 'any' ? 'HBM' : `${space.toUpperCase()} · core ${core}`;
  return device === undefined ? base : `device ${device} · ${base}`;
}

// Where a remote DMA comes from: its source buffer's lane on the sending
// device (undefined for a DMA within one device).
export function sourceLaneOf(e) {
  if (e.kind !== 'dma_start' || e.device === undefined || e.src_device === undefined || e.src_device === e.dst_device) {
    return undefined;
  }
  return laneName(bufferSpace(e.src_buffer), e.src_buffer?.core ?? 0, e.src_device);
}

// One line of text per event: the mark's accessible name and the detail line.
export function describeEvent(e) {
  const where = e.source ? ` (${sourceLabel(e.source)})` : '';
  switch (e.kind) {
    case 'alloc':
      return `alloc ${e.space} buffer ${e.buffer} (${e.role}) [${(e.shape ?? []).join(', ')}] on core ${e.core}`;
    case 'copy_in':
    case 'copy_out':
      return `${e.kind === 'copy_in' ? 'copy in HBM → VMEM' : 'copy out VMEM → HBM'}: operand ${e.operand} block ${tupleText(e.block_index)} ${e.start && e.size ? boxText({ start: e.start, size: e.size }) : ''}, core ${e.core}, step ${e.step}${where}`;
    case 'dma_start':
      return `DMA ${e.dma} start: ${dmaEndText(e.src_buffer, e.src_box)} → ${dmaEndText(e.dst_buffer, e.dst_box)}${e.src_device !== undefined ? ` (device ${e.src_device} → device ${e.dst_device})` : ''}, semaphore ${e.semaphore}${where}`;
    case 'dma_read':
    case 'dma_write':
    case 'dma_complete':
      return `DMA ${e.dma} ${e.kind.slice(4)}${e.bytes !== undefined ? `, ${e.bytes} bytes` : ''}${where}`;
    case 'sem_signal':
    case 'sem_wait':
      return `${e.kind === 'sem_wait' ? 'wait on' : 'signal'} semaphore ${e.semaphore}${e.target_core !== undefined ? ` (core ${e.target_core})` : ''}: value now ${e.value}${where}`;
    default: {
      const extra = Object.entries(e)
        .filter(([k]) => !['kind', 'step', 'core', 'source', 'index'].includes(k))
        .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`)
        .join(' ');
      return `${e.kind} on core ${e.core ?? 0}${extra ? `: ${extra}` : ''}${where}`;
    }
  }
}

// Marks: DMAs become spans (start..complete), everything else a point.
export function layoutMarks(events) {
  const marks = [];
  const open = new Map();
  events.forEach((e, col) => {
    if (e.kind === 'dma_start') {
      const m = { kind: 'dma', lane: laneOf(e), from: sourceLaneOf(e), c0: col, c1: col, event: e, ticks: [] };
      open.set(e.dma, m);
      marks.push(m);
    } else if (e.kind.startsWith('dma_') && open.has(e.dma)) {
      const m = open.get(e.dma);
      m.c1 = col;
      m.ticks.push({ col, event: e });
      if (e.kind === 'dma_complete') open.delete(e.dma);
    } else marks.push({ kind: e.kind, lane: laneOf(e), c0: col, c1: col, event: e, ticks: [] });
  });
  // Stack overlapping marks within a lane: first free sub-row.
  const rowsByLane = new Map();
  for (const m of marks) {
    const ends = rowsByLane.get(m.lane) ?? [];
    let row = ends.findIndex((end) => end < m.c0);
    if (row < 0) row = ends.length;
    ends[row] = m.c1;
    rowsByLane.set(m.lane, ends);
    m.row = row;
  }
  for (const m of marks) if (m.from && !rowsByLane.has(m.from)) rowsByLane.set(m.from, [-1]);
  // Device by device; on each, HBM first, then the other spaces by core.
  const order = (l) => {
    const d = /^device (\d+) · (.*)$/.exec(l);
    const rest = d ? d[2] : l;
    const key = rest === 'HBM' ? '0' : `1${rest.replace(/ · core (\d+)$/, (_, c) => ` ${c.padStart(4, '0')}`)}`;
    return `${d ? d[1].padStart(4, '0') : ''}${key}`;
  };
  const lanes = [...rowsByLane.keys()].sort((a, b) => order(a).localeCompare(order(b)));
  return { marks, lanes: lanes.map((name) => ({ name, rows: rowsByLane.get(name).length })) };
}

export function renderTimeline(root, doc, step, options = {}) {
  clear(root);
  const callIndex = options.call ?? 0;
  const call = callAt(doc, callIndex);
  const all = memoryEvents(call);
  if (!call || !all.length) {
    root.append(el('p', { class: 'rg-empty' }, call ? `No memory events: rung ${call.rung} ${call.rung === 'interpret' ? 'has no memory model (try the tpu rung)' : 'recorded none (run with the trace on)'}.` : 'No pallas_call ran.'));
    return;
  }
  const current = stepEvent(doc, callIndex, step);
  const events = windowed(all, current?.step, options.maxColumns ?? 240);
  const { marks, lanes } = layoutMarks(events.list);
  const label = lanes.some((l) => l.name.startsWith('device ')) ? DEVICE_LABEL : LABEL;
  const { col, row } = geometry(events.list.length, lanes, label, options.fit);
  const laneY = new Map();
  let y = HEAD;
  for (const l of lanes) {
    laneY.set(l.name, y);
    y += l.rows * row + 6;
  }
  const width = label + events.list.length * col + 8;
  const svg = svgEl('svg', { width, height: y, class: 'rg-timeline', role: 'group', 'aria-label': 'memory events by lane' });
  // Step bands: consecutive events of one grid step; the current one stands out.
  let start = 0;
  events.list.forEach((e, i) => {
    const next = events.list[i + 1];
    if (next && next.step === e.step) return;
    const band = svgEl('rect', { class: `rg-band${current && e.step === current.step ? ' rg-band-current' : ''}`, x: label + start * col, y: 0, width: (i - start + 1) * col, height: y });
    svg.append(band, svgEl('text', { class: 'rg-band-label', x: label + start * col + 2, y: 11 }, e.step < 0 ? 'setup' : `s${e.step}`));
    start = i + 1;
  });
  const band = markBand(row);
  for (const l of lanes) {
    // The lane's name level with its first row's marks.
    svg.append(svgEl('text', { class: 'rg-lane-label', x: 4, y: laneY.get(l.name) + band.top + band.height / 2 + 4 }, l.name));
    svg.append(svgEl('line', { class: 'rg-lane-rule', x1: label, x2: width, y1: laneY.get(l.name) - 3, y2: laneY.get(l.name) - 3 }));
  }
  const detail = el('p', { class: 'rg-timeline-detail', 'aria-live': 'polite' }, 'Select an event to see it and its source line.');
  const lines = new Set(options.highlightLines ?? []);
  const at = { col, row, band, label, laneY };
  for (const m of marks) svg.append(markNode(m, { ...at, detail, options, lines }));
  for (const m of marks) if (m.from) svg.append(remoteArrow(m, at));
  root.append(
    el('p', { class: 'rg-timeline-head' }, `${all.length} memory events on rung ${call.rung}${events.note}`),
    el('div', { class: 'rg-timeline-scroll' }, svg),
    legend(marks),
    detail,
  );
}

// Where marks sit in a sub-row: {top, height} from the row's top, centred
// below the label line.
function markBand(row) {
  const height = Math.min(MARK_MAX, row - MARK_TOP - 3);
  return { top: MARK_TOP + (row - MARK_TOP - 3 - height) / 2, height };
}

// Column width and sub-row height: the defaults, or grown to fill `fit`.
function geometry(columns, lanes, label, fit) {
  const n = Math.max(1, columns);
  const rows = lanes.reduce((sum, l) => sum + l.rows, 0);
  let col = Math.max(5, Math.min(COL, Math.floor(900 / n)));
  let row = ROW;
  if (fit?.width > 0) col = Math.max(5, Math.min(COL_MAX, Math.floor((fit.width - label - 10) / n)));
  if (fit?.height > 0) row = Math.max(ROW, Math.min(ROW_MAX, Math.floor((fit.height - HEAD - 6 * lanes.length - 2) / Math.max(1, rows))));
  return { col, row };
}

// What each mark colour means, for the kinds this picture shows.
const LEGEND = [
  ['alloc', 'alloc'],
  ['copy_in', 'block copy in (HBM → VMEM)'],
  ['copy_out', 'block copy out (VMEM → HBM)'],
  ['dma', 'DMA, start to completion (ticks: reads, writes)'],
  ['remote', 'remote DMA: arrow from the sending device to the receiving one'],
  ['sem_wait', 'semaphore wait / signal'],
  ['deadlock', 'deadlock'],
];
function legend(marks) {
  const kinds = new Set(marks.map((m) => (m.kind === 'sem_signal' ? 'sem_wait' : m.kind)));
  if (marks.some((m) => m.from)) kinds.add('remote');
  const keys = LEGEND.filter(([kind]) => kinds.has(kind)).map(([kind, text]) =>
    el('span', { class: 'rg-key' },
      svgEl('svg', { width: 14, height: 10, 'aria-hidden': 'true' }, svgEl('g', { class: `rg-ev-${kind}` }, svgEl('rect', { width: 14, height: 10, rx: 2 }))),
      ` ${text}`),
  );
  return el('p', { class: 'rg-legend rg-timeline-legend' }, ...keys);
}

// A window of at most `max` events around the first event of `step`.
function windowed(all, step, max) {
  if (all.length <= max) return { list: all, note: '' };
  const at = Math.max(0, all.findIndex((e) => e.step === step));
  const lo = Math.max(0, Math.min(all.length - max, at - Math.floor(max / 4)));
  return { list: all.slice(lo, lo + max), note: ` · showing events ${lo + 1}–${lo + max} around this step` };
}

// The arrow of a remote DMA: from its source lane where it starts to its
// bar on the destination lane where it completes.
function remoteArrow(m, { col, row, band, label, laneY }) {
  const mid = band.top + band.height / 2;
  const x0 = label + m.c0 * col + col / 2, y0 = laneY.get(m.from) + mid;
  const x1 = label + m.c1 * col + col / 2, y1 = laneY.get(m.lane) + m.row * row + mid;
  const head = y1 > y0 ? -5 : 5;
  return svgEl('g', { class: 'rg-remote', 'aria-hidden': 'true' },
    svgEl('line', { x1: x0, y1: y0, x2: x1, y2: y1 }),
    svgEl('path', { d: `M${x1 - 4},${y1 + head} L${x1},${y1} L${x1 + 4},${y1 + head}` }));
}

// A mark sits in the lower part of its sub-row; a DMA's name goes on the
// line above its bar, where no read/write tick can strike through it.
function markNode(m, { col, row, band, label, laneY, detail, options, lines }) {
  const e = m.event;
  const x = label + m.c0 * col;
  const y = laneY.get(m.lane) + m.row * row;
  const top = y + band.top, height = band.height;
  const text = describeEvent(e);
  const hot = [e, ...m.ticks.map((t) => t.event)].some((ev) => ev.source && lines.has(ev.source.line));
  const selected = options.selected !== undefined && [e, ...m.ticks.map((t) => t.event)].some((ev) => ev.index === options.selected);
  const g = svgEl('g', {
    class: `rg-ev rg-ev-${m.kind}${hot ? ' rg-ev-hot' : ''}${selected ? ' rg-ev-selected' : ''}`,
    tabindex: 0,
    role: 'button',
    'aria-label': text,
    'data-index': e.index,
    'data-kind': e.kind,
  });
  if (m.kind === 'dma') {
    g.append(svgEl('rect', { x: x + 1, y: top, width: (m.c1 - m.c0 + 1) * col - 2, height, rx: 4 }));
    for (const t of m.ticks) g.append(svgEl('line', { class: `rg-tick rg-tick-${t.event.kind}`, x1: label + t.col * col + col / 2, x2: label + t.col * col + col / 2, y1: top + 2, y2: top + height - 2 }));
    g.append(svgEl('text', { x: x + 1, y: top - 3, class: 'rg-ev-label' }, `DMA ${e.dma}`));
  } else {
    g.append(svgEl('rect', { x: x + 1, y: top, width: col - 2, height, rx: 2 }));
  }
  g.append(svgEl('title', {}, text));
  const select = () => {
    detail.textContent = [text, ...m.ticks.map((t) => describeEvent(t.event))].join(' · ');
    options.onSelect?.(e);
  };
  g.addEventListener('click', select);
  g.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      select();
    }
  });
  g.addEventListener('focus', () => {
    detail.textContent = text;
  });
  return g;
}
