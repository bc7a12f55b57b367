// Grid-walk view: what one grid step of one pallas_call touched, on every
// operand, drawn from that step's trace event alone (memoryless: rendering
// step 7 needs no render of steps 0-6).
//
//   renderGridWalk(root, doc, step, {call = 0, maxWidth = 520, maxHeight = 260})
//
// Each operand is a rectangle of its padded extent (folded to 2-D as in
// array2d.js) with
//   - the array itself (solid edge) and the padding around it (dashed),
//   - the block grid (thin lines every block_shape along the last two dims),
//   - the window the index map asked for (`start`, dashed outline) and where
//     it landed (`landed`, solid outline); they differ only when the window
//     was clamped, which is rung 1's silent duplication,
//   - the boxes the kernel read (blue) and wrote (orange) this step.
// The landed outline carries data-start / data-landed / data-block-index
// copied from the event, so tests can check the picture against the engine.
//
// Coordinates: `start`/`landed` are window offsets in padded coordinates
// (pl.Element padding counted), reads/writes are in array coordinates and
// may run past the edges; both are shifted by pad_lo onto the picture.
import { boxRects, fold } from './array2d.js';
import { clear, el, svgEl } from './dom.js';
import { autodiffLabel, boxText, callAt, stepEvent, stepEvents, tupleText } from './trace.js';

export function renderGridWalk(root, doc, step, options = {}) {
  clear(root);
  const callIndex = options.call ?? 0;
  const call = callAt(doc, callIndex);
  const event = stepEvent(doc, callIndex, step);
  if (!call || !event) {
    root.append(el('p', { class: 'rg-empty' }, call ? 'This call recorded no grid steps (run with the trace on).' : 'No pallas_call ran.'));
    return;
  }
  const steps = stepEvents(call);
  const index = steps.indexOf(event);
  root.append(
    el(
      'p',
      { class: 'rg-walk-head', 'data-step': index, 'data-point': event.point.join(',') },
      `${autodiffLabel(call) ? `${call.kernel} (${autodiffLabel(call)}) · ` : ''}step ${index + 1} of ${steps.length}${call.truncated ? '+ (recording stopped)' : ''} · grid point ${tupleText(event.point)} of grid ${tupleText(call.grid)} · core ${event.core}`,
    ),
  );
  const list = el('div', { class: 'rg-walk-operands' });
  for (const entry of event.operands ?? []) {
    const operand = call.operands?.[entry.operand];
    if (operand) list.append(operandPanel(operand, entry, options));
  }
  root.append(list);
}

// One operand: caption, picture, and the same facts as text.
function operandPanel(operand, entry, options) {
  const { maxWidth = 520, maxHeight = 260 } = options;
  const shape = operand.shape;
  const padded = operand.padded_shape ?? shape;
  const lo = operand.pad_lo ?? shape.map(() => 0);
  const block = operand.block_shape ?? shape;
  const shift = (box) => ({ start: box.start.map((s, d) => s + lo[d]), size: box.size });
  const window = (start) => ({ start, size: block });

  const boxes = [
    ...(entry.reads ?? []).map((b) => ({ ...shift(b), kind: 'read' })),
    ...(entry.writes ?? []).map((b) => ({ ...shift(b), kind: 'write' })),
  ];
  // The drawing's extent: the padded array plus anything drawn past it.
  const g = fold(padded);
  let rows = g.rows;
  let cols = g.cols;
  let minR = 0;
  let minC = 0;
  const all = [...boxes, window(entry.start), window(entry.landed)].flatMap((b) => boxRects(padded.length ? padded : [1], b));
  for (const r of all) {
    rows = Math.max(rows, r.r1);
    cols = Math.max(cols, r.c1);
    minR = Math.min(minR, r.r0);
    minC = Math.min(minC, r.c0);
  }
  const spanR = rows - minR;
  const spanC = cols - minC;
  const k = Math.min(maxWidth / Math.max(1, spanC), maxHeight / Math.max(1, spanR), 24);
  const kh = spanR === 1 ? Math.max(k, 18) : k;
  const X = (c) => (c - minC) * k;
  const Y = (r) => (r - minR) * kh;
  const rect = (r, cls, extra = {}) =>
    svgEl('rect', { class: cls, x: X(r.c0), y: Y(r.r0), width: X(r.c1) - X(r.c0), height: Y(r.r1) - Y(r.r0), ...extra });

  const width = X(cols) + 2;
  const height = Y(rows) + 2;
  const svg = svgEl('svg', {
    width,
    height,
    viewBox: `-1 -1 ${width} ${height}`,
    role: 'img',
    'aria-label': `${operand.name}: ${describe(entry)}`,
  });
  svg.append(rect({ r0: 0, c0: 0, r1: g.rows, c1: g.cols }, 'rg-padding'));
  for (const r of boxRects(padded.length ? padded : [1], { start: lo, size: shape.length ? shape : [1] })) svg.append(rect(r, 'rg-array'));
  svg.append(blockGrid(g, padded, block, X, Y));
  for (const b of boxes) for (const r of boxRects(padded.length ? padded : [1], b)) svg.append(rect(r, `rg-box rg-box-${b.kind}`));
  for (const r of boxRects(padded.length ? padded : [1], window(entry.start))) svg.append(rect(r, 'rg-asked'));
  const facts = {
    'data-operand': entry.operand,
    'data-start': entry.start.join(','),
    'data-landed': entry.landed.join(','),
    'data-block-index': entry.block_index.join(','),
    'data-clamped': entry.clamped ? 'true' : 'false',
  };
  boxRects(padded.length ? padded : [1], window(entry.landed)).forEach((r, i) =>
    svg.append(rect(r, `rg-landed${entry.clamped ? ' rg-clamped' : ''}`, i === 0 ? facts : {})),
  );

  const caption = `${operand.name} (${operand.origin}, ${operand.role}) ${operand.dtype}[${shape.join(',')}] · block (${block.join(', ')}) · ${operand.memory_space}`;
  return el(
    'figure',
    { class: `rg-walk-operand${entry.clamped ? ' rg-clamped' : ''}`, 'data-operand': entry.operand },
    el('figcaption', {}, caption),
    svg,
    el('p', { class: 'rg-walk-facts' }, describe(entry)),
  );
}

// Block boundaries as one path; skipped when they would be denser than pixels.
function blockGrid(g, padded, block, X, Y) {
  const rank = padded.length;
  const bc = block[rank - 1] ?? 1;
  const br = rank >= 2 ? block[rank - 2] : 1;
  const slabRows = rank >= 2 ? padded[rank - 2] : 1;
  let d = '';
  if (bc > 0 && g.cols / bc <= 128) for (let c = bc; c < g.cols; c += bc) d += `M${X(c)},${Y(0)}V${Y(g.rows)}`;
  if (rank >= 2 && br > 0 && g.rows / br <= 128) {
    // Every br rows within each folded slab; slab edges are block edges too.
    for (let s = 0; s < g.rows; s += slabRows) {
      for (let r = s === 0 ? br : 0; r < slabRows; r += br) d += `M${X(0)},${Y(s + r)}H${X(g.cols)}`;
    }
  }
  return svgEl('path', { class: 'rg-block-grid', d });
}

// The step's facts as text: what the picture says, for screen readers and tests.
export function describe(entry) {
  const parts = [`block index ${tupleText(entry.block_index)}`];
  if (entry.clamped) parts.push(`asked for a window at ${tupleText(entry.start)}, landed at ${tupleText(entry.landed)} (clamped)`);
  else parts.push(`window at ${tupleText(entry.landed)}`);
  if (entry.reads?.length) parts.push(`reads ${entry.reads.map(boxText).join(' ')}`);
  if (entry.writes?.length) parts.push(`writes ${entry.writes.map(boxText).join(' ')}`);
  if (!entry.reads?.length && !entry.writes?.length) parts.push('no block reads or writes');
  return parts.join(' · ');
}
