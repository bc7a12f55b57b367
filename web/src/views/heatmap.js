// Heatmap view: one array of a result document as a grid of coloured cells.
//
//   renderValue(root, doc, step, {name, ...options})   doc.values[name]
//   renderHeatmap(root, array, options)                 any {dtype, shape, data}
//
// options (all optional):
//   label        caption text (defaults to the name and "dtype[shape]")
//   maxRows/maxCols  cells drawn at most (default 64 x 128); beyond, bins
//   maxWidth     pixels (default 560)
//   domain       [lo, hi] colour domain, to share one scale between heatmaps
//   compareTo    another array of the same shape: cells that differ are outlined
//   paddedShape  operand padding: the extra area is drawn dashed past the edge
//   boxes        [{start, size, kind}] n-d boxes to outline (kind: a CSS class)
//
// Pure: everything drawn comes from the array and the options, the root is
// emptied first, and nothing outside `root` is touched. Up to SVG_CELL_LIMIT
// cells are SVG rects (inspectable, one element per cell); a bigger grid is
// painted on a canvas under the SVG overlays, because thousands of SVG rects
// made a playground run spend 100-200 ms in the DOM. NaN cells are hatched,
// +Inf/-Inf cells get their own colours, and a legend counts them, because a
// NaN is usually the most important cell on the page. Hovering, or moving a
// cursor with the arrow keys once the grid has focus, shows "name[i, j] = v".
import { interpolateViridis, rgb, scaleSequential, select } from 'd3';
import {
  boxRects,
  downsample,
  finiteExtent,
  fold,
  formatElement,
  formatFloat,
  nonFiniteCounts,
  rangeLabel,
} from './array2d.js';
import { clear, el, svgEl, uid } from './dom.js';
import { repaintOnThemeChange, tokenColours } from './token-colours.js';

export const SVG_CELL_LIMIT = 256;
// The non-finite colours are design tokens (site/tokens.css, light and dark).
// SVG shapes take them from views.css by class, so a theme switch recolours
// them; the canvas and the fill attributes read them at draw time. The
// values here are only the fallback where no stylesheet applies (jsdom).
const NONFINITE_TOKENS = { posinf: '--rg-heat-posinf', neginf: '--rg-heat-neginf', ground: '--rg-heat-nan-ground', stroke: '--rg-heat-nan-stroke' };
export const NONFINITE_FALLBACK = Object.freeze({ posinf: '#ff2d95', neginf: '#1f6bff', ground: '#d9d9d9', stroke: '#d40000' });
export const nonFiniteColours = (node) => tokenColours(node, NONFINITE_TOKENS, NONFINITE_FALLBACK);

export function renderValue(root, doc, step, options = {}) {
  const value = doc?.values?.[options.name];
  if (!value) {
    clear(root).append(el('p', { class: 'rg-empty' }, `no array named ${options.name ?? '(none)'}`));
    return;
  }
  renderHeatmap(root, value, { label: options.name, ...options });
}

// The colour of one drawn cell: a pure function, exported for tests.
// `special`: the non-finite colours (nonFiniteColours), read once per draw.
export function cellFill(cell, color, hatchId, dtype, special = NONFINITE_FALLBACK) {
  if (cell.kind === 'nan') return `url(#${hatchId})`;
  if (cell.kind === 'posinf' || cell.kind === 'neginf') return special[cell.kind];
  if (cell.kind === 'absent') return 'none';
  if (dtype === 'bool') return cell.value >= 0.5 ? '#fde725' : '#440154';
  return color(cell.value);
}

// The cells holding an element the engine says differs (`differing`: the
// flat row-major positions from a compare document's diff, the same list
// `rungs compare` counts); the view decides nothing about equality itself.
function differingCells(grid, differing) {
  const out = new Set();
  if (!differing || differing.size === 0) return out;
  for (const cell of grid.cells) {
    search: for (let r = cell.r0; r < cell.r1; r++) {
      for (let c = cell.c0; c < cell.c1; c++) {
        if (differing.has(r * grid.cols + c)) {
          out.add(cell);
          break search;
        }
      }
    }
  }
  return out;
}

function caption(array, options) {
  const shape = `${array.dtype}[${(array.shape ?? []).join(',')}]`;
  return options.label ? `${options.label}: ${shape}` : shape;
}

export function renderHeatmap(root, array, options = {}) {
  clear(root);
  const { maxRows = 64, maxCols = 128, maxWidth = 560 } = options;
  const shape = array.shape ?? [];
  const grid = downsample(array, { maxRows, maxCols });
  const padded = options.paddedShape ? fold(options.paddedShape) : null;
  const totalRows = Math.max(grid.rows, padded?.rows ?? 0);
  const totalCols = Math.max(grid.cols, padded?.cols ?? 0);
  // Cell size: fit the (padded) width; a single row gets taller cells so it stays visible.
  const drawnCols = Math.ceil(totalCols / grid.colStep);
  const drawnRows = Math.ceil(totalRows / grid.rowStep);
  const cw = Math.max(2, Math.min(28, Math.floor(maxWidth / Math.max(1, drawnCols))));
  const ch = drawnRows === 1 ? Math.max(cw, 18) : cw;
  const x = (col) => (col / grid.colStep) * cw;
  const y = (row) => (row / grid.rowStep) * ch;

  const finite = finiteExtent(array.data);
  const extent = options.domain ?? finite ?? [0, 1];
  const color = scaleSequential(interpolateViridis).domain(extent[0] === extent[1] ? [extent[0] - 1, extent[1] + 1] : extent);
  const hatchId = uid('rg-hatch');
  const special = nonFiniteColours(root);
  const differs = differingCells(grid, options.differing);

  const figure = el('figure', { class: 'rg-heatmap' });
  figure.append(el('figcaption', {}, caption(array, options)));
  const width = x(totalCols) + 2;
  const height = y(totalRows) + 2;
  const svg = svgEl('svg', {
    width,
    height,
    viewBox: `-1 -1 ${width} ${height}`,
    role: 'img',
    tabindex: 0,
    'aria-label': `${caption(array, options)} heatmap; arrow keys move the cursor`,
  });
  svg.append(hatchDefs(hatchId, special));

  if (padded && (padded.rows > grid.rows || padded.cols > grid.cols)) {
    // The padded extent first, underneath: a dashed frame around the array.
    svg.append(svgEl('rect', { class: 'rg-padding', x: 0, y: 0, width: x(padded.cols), height: y(padded.rows) }));
  }
  const onCanvas = grid.cells.length > SVG_CELL_LIMIT;
  if (!onCanvas) svg.append(cellRects(grid, differs, { x, y, fill: (d) => cellFill(d, color, hatchId, array.dtype, special) }));
  svg.append(svgEl('rect', { class: 'rg-edge', x: 0, y: 0, width: x(grid.cols), height: y(grid.rows) }));
  for (const d of differs) {
    svg.append(svgEl('rect', { class: 'rg-diff-mark', x: x(d.c0), y: y(d.r0), width: x(d.c1) - x(d.c0), height: y(d.r1) - y(d.r0) }));
  }
  for (const box of options.boxes ?? []) {
    for (const r of boxRects(shape.length ? shape : [1], box)) {
      svg.append(svgEl('rect', { class: `rg-box rg-box-${box.kind ?? 'mark'}`, x: x(r.c0), y: y(r.r0), width: x(r.c1) - x(r.c0), height: y(r.r1) - y(r.r0) }));
    }
  }
  const cursor = svgEl('rect', { class: 'rg-cursor', visibility: 'hidden' });
  svg.append(cursor);
  let canvas = null;
  if (onCanvas) {
    // The canvas sits exactly under the SVG (same size, same -1 offset), which
    // keeps the frame, padding, boxes and cursor and takes the pointer.
    canvas = el('canvas', { class: 'rg-cell-canvas', width: Math.ceil(width), height: Math.ceil(height), 'aria-hidden': 'true' });
    svg.classList.add('rg-over-canvas');
    figure.append(el('div', { class: 'rg-heatmap-stack', 'data-cells': 'canvas' }, canvas, svg));
  } else {
    figure.append(svg);
  }

  const readout = el('p', { class: 'rg-readout', 'aria-live': 'polite' }, grid.binned ? `each cell shows the mean of up to ${grid.rowStep} x ${grid.colStep} elements` : 'hover a cell for its value');
  figure.append(readout, legend(array, finite && extent, hatchId, grid, special));
  root.append(figure);
  if (canvas) {
    // Painted once the canvas is in the page, where the tokens resolve, and
    // again whenever the theme switches.
    const paint = () => paintCells(canvas, grid, { x, y, color, dtype: array.dtype });
    paint();
    repaintOnThemeChange(canvas, paint);
  }
  attachCursor(svg, cursor, readout, grid, array, options.label ?? '', { x, y, cw, ch });
}

// The hatch pattern NaN cells are filled with, in this heatmap's own <defs>.
function hatchDefs(hatchId, special) {
  return svgEl(
    'defs',
    {},
    svgEl(
      'pattern',
      { id: hatchId, patternUnits: 'userSpaceOnUse', width: 6, height: 6 },
      svgEl('rect', { class: 'rg-hatch-ground', width: 6, height: 6, fill: special.ground }),
      svgEl('path', { class: 'rg-hatch-stroke', d: 'M-1,7 L7,-1', stroke: special.stroke, 'stroke-width': 1.6 }),
    ),
  );
}

// One SVG rect per cell (small grids), joined with D3.
function cellRects(grid, differs, { x, y, fill }) {
  const cells = svgEl('g', { class: 'rg-cells' });
  select(cells)
    .selectAll('rect')
    .data(grid.cells)
    .join('rect')
    .attr('class', (d) => `rg-cell rg-${d.kind}${differs.has(d) ? ' rg-differs' : ''}`)
    .attr('x', (d) => x(d.c0))
    .attr('y', (d) => y(d.r0))
    .attr('width', (d) => x(d.c1) - x(d.c0))
    .attr('height', (d) => y(d.r1) - y(d.r0))
    .attr('fill', fill)
    .attr('data-row', (d) => d.row)
    .attr('data-col', (d) => d.col);
  return cells;
}

// The cells of a big grid on a canvas, in the colours cellFill gives the SVG
// rects (NaN hatched like the SVG pattern), written as pixels: one
// putImageData instead of a fillStyle string per cell. Where the environment
// has no 2-d canvas (jsdom in unit tests) the canvas stays blank.
function paintCells(canvas, grid, { x, y, color, dtype }) {
  const w = canvas.width;
  const h = canvas.height;
  let ctx = null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) return;
  const special = nonFiniteColours(canvas);
  const image = ctx.createImageData(w, h);
  const pixels = new Uint32Array(image.data.buffer);
  const rgba = colourCache(color, dtype, special);
  const ground = packed(special.ground);
  const stroke = packed(special.stroke);
  for (const d of grid.cells) {
    if (d.kind === 'absent') continue;
    // The SVG's viewBox starts at -1: user unit u is pixel u + 1.
    const px0 = Math.round(x(d.c0)) + 1, px1 = Math.min(w, Math.round(x(d.c1)) + 1);
    const py0 = Math.round(y(d.r0)) + 1, py1 = Math.min(h, Math.round(y(d.r1)) + 1);
    const fill = d.kind === 'nan' ? 0 : rgba(d);
    for (let py = py0; py < py1; py++) {
      let at = py * w + px0;
      if (d.kind === 'nan') {
        for (let px = px0; px < px1; px++) pixels[at++] = (px + py) % 6 === 0 ? stroke : ground;
      } else {
        pixels.fill(fill, at, at + (px1 - px0));
      }
    }
  }
  ctx.putImageData(image, 0, 0);
}

// A cell's colour as a packed RGBA pixel (little-endian, as ImageData's
// bytes read through a Uint32Array), memoised by the CSS colour it maps to.
function colourCache(color, dtype, special) {
  const seen = new Map();
  return (cell) => {
    const css = cellFill(cell, color, '', dtype, special);
    let v = seen.get(css);
    if (v === undefined) {
      v = packed(css);
      seen.set(css, v);
    }
    return v;
  };
}

function packed(css) {
  const c = rgb(css);
  return ((255 << 24) | (Math.round(c.b) << 16) | (Math.round(c.g) << 8) | Math.round(c.r)) >>> 0;
}

function legend(array, extent, hatchId, grid, special) {
  const counts = nonFiniteCounts(array.data);
  const items = [];
  if (array.dtype !== 'bool') items.push(el('span', { class: 'rg-scale' }, extent ? `${formatFloat(extent[0])} … ${formatFloat(extent[1])}` : 'no finite values'));
  const swatch = (fill, kind, text, n) =>
    el('span', { class: 'rg-key' }, svgSwatch(fill, kind), ` ${text} ×${n}`);
  if (counts.nan) items.push(swatch(`url(#${hatchId})`, 'nan', 'NaN', counts.nan));
  if (counts.posinf) items.push(swatch(special.posinf, 'posinf', '+Inf', counts.posinf));
  if (counts.neginf) items.push(swatch(special.neginf, 'neginf', '-Inf', counts.neginf));
  if (array.truncated) items.push(el('span', { class: 'rg-key' }, 'data truncated by the engine'));
  if (grid.binned) items.push(el('span', { class: 'rg-key' }, `binned ${grid.rowStep}×${grid.colStep}`));
  return el('p', { class: 'rg-legend' }, ...items);
}

function svgSwatch(fill, kind) {
  // A NaN swatch's fill is url(#hatch): the pattern in the heatmap's own <defs>.
  return svgEl('svg', { width: 12, height: 12, 'aria-hidden': 'true' }, svgEl('rect', { class: `rg-swatch rg-${kind}`, width: 12, height: 12, fill }));
}

// Hover and keyboard cursor: one readout line, updated from the cell under
// the pointer or at the cursor. State lives in this closure, per heatmap.
function attachCursor(svg, cursor, readout, grid, array, name, { x, y, cw, ch }) {
  let pos = null;
  const show = (cell) => {
    if (!cell) return;
    pos = { row: cell.row, col: cell.col };
    cursor.setAttribute('visibility', 'visible');
    cursor.setAttribute('x', x(cell.c0));
    cursor.setAttribute('y', y(cell.r0));
    cursor.setAttribute('width', x(cell.c1) - x(cell.c0));
    cursor.setAttribute('height', y(cell.r1) - y(cell.r0));
    readout.textContent = describeCell(cell, array, name, grid);
  };
  const at = (row, col) => grid.cells[row * grid.nc + col];
  svg.addEventListener('pointermove', (event) => {
    const t = event.target;
    if (t?.dataset?.row !== undefined) {
      show(at(Number(t.dataset.row), Number(t.dataset.col)));
      return;
    }
    // No rect per cell (a canvas grid, or a pointer over an overlay): find
    // the cell from the position, in the SVG's own units.
    const box = svg.getBoundingClientRect();
    const scale = box.width ? Number(svg.getAttribute('width')) / box.width : 1;
    const col = Math.floor(((event.clientX - box.left) * scale - 1) / cw);
    const row = Math.floor(((event.clientY - box.top) * scale - 1) / ch);
    if (row >= 0 && row < grid.nr && col >= 0 && col < grid.nc) show(at(row, col));
  });
  svg.addEventListener('keydown', (event) => {
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const m = moves[event.key];
    if (!m) return;
    event.preventDefault();
    const p = pos ?? { row: 0, col: 0 };
    const row = pos ? Math.min(grid.nr - 1, Math.max(0, p.row + m[0])) : 0;
    const col = pos ? Math.min(grid.nc - 1, Math.max(0, p.col + m[1])) : 0;
    show(at(row, col));
  });
  svg.addEventListener('focus', () => {
    if (!pos) show(at(0, 0));
  });
}

// "y[2, 5] = 1.5" for one element, or a bin's range with its mean and non-finite counts.
export function describeCell(cell, array, name, grid) {
  const where = `${name}${rangeLabel(array.shape ?? [], cell)}`;
  if (!grid.binned) {
    const i = cell.r0 * grid.cols + cell.c0;
    if (i >= (array.data ?? []).length) return `${where}: not in the document (truncated)`;
    return `${where} = ${formatElement(array.data[i], array.dtype)}`;
  }
  const parts = [];
  if (cell.finite) parts.push(`mean ${formatFloat(cell.value)} over ${cell.finite}`);
  if (cell.nan) parts.push(`NaN ×${cell.nan}`);
  if (cell.posinf) parts.push(`+Inf ×${cell.posinf}`);
  if (cell.neginf) parts.push(`-Inf ×${cell.neginf}`);
  return `${where}: ${parts.join(', ') || 'no data'}`;
}
