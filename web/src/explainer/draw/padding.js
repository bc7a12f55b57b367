// The padding picture: one operand of a result document's call (its shape,
// block_shape, padded_shape and pad_hi fields), drawn as the array, the
// padding the interpreter added after it (hatched), and the block grid over
// both. A pure function of the operand: the numbers are the engine's.
import { el, svgEl } from '../../views/dom.js';

const fold2 = (dims) => (dims.length >= 2 ? dims.slice(-2) : [1, dims[0] ?? 1]);

export function renderPadding(root, operand, { maxWidth = 520, maxHeight = 260 } = {}) {
  root.replaceChildren();
  const [rows, cols] = fold2(operand.shape);
  const [prow, pcol] = fold2(operand.padded_shape);
  const [brow, bcol] = fold2(operand.block_shape);
  // Columns fill the width; rows get at least 6 px so a wide, short array
  // stays readable (the axes are scaled separately and the caption gives
  // the numbers).
  const sx = Math.min(maxWidth / pcol, 24);
  const sy = Math.min(maxHeight / prow, Math.max(sx, 6));
  const w = pcol * sx;
  const h = prow * sy;
  const svg = svgEl('svg', {
    class: 'padding-svg',
    width: w + 2,
    height: h + 2,
    viewBox: `-1 -1 ${w + 2} ${h + 2}`,
    role: 'img',
    'aria-label': `array ${rows} by ${cols} padded to ${prow} by ${pcol} for blocks of ${brow} by ${bcol}`,
    'data-padded': `${prow},${pcol}`,
    'data-shape': `${rows},${cols}`,
  });
  const defs = svgEl('defs');
  defs.append(
    svgEl('pattern', { id: `pad-hatch-${prow}-${pcol}`, patternUnits: 'userSpaceOnUse', width: 6, height: 6 },
      svgEl('path', { d: 'M-1,7 L7,-1', class: 'pad-hatch-line' })),
  );
  svg.append(defs);
  svg.append(svgEl('rect', { class: 'pad-area', x: 0, y: 0, width: w, height: h, fill: `url(#pad-hatch-${prow}-${pcol})` }));
  svg.append(svgEl('rect', { class: 'pad-array', x: 0, y: 0, width: cols * sx, height: rows * sy }));
  for (let r = brow; r < prow; r += brow) svg.append(svgEl('line', { class: 'pad-grid', x1: 0, x2: w, y1: r * sy, y2: r * sy }));
  for (let c = bcol; c < pcol; c += bcol) svg.append(svgEl('line', { class: 'pad-grid', y1: 0, y2: h, x1: c * sx, x2: c * sx }));
  svg.append(svgEl('rect', { class: 'pad-outline', x: 0, y: 0, width: w, height: h }));
  const hi = operand.pad_hi;
  root.append(
    el('figure', { class: 'padding-figure' },
      svg,
      el('figcaption', {},
        `${operand.name}: shape (${operand.shape.join(', ')}), blocks (${operand.block_shape.join(', ')}), `,
        `padded to (${operand.padded_shape.join(', ')}): `,
        `pad_hi (${hi.join(', ')}) elements at the high end of each dimension. `,
        'Hatched: padding, holding NaN on the interpreters; lines: block boundaries.')),
  );
}
