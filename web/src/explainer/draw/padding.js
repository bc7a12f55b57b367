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
  const scale = Math.min(maxWidth / pcol, maxHeight / prow, 24);
  const w = pcol * scale;
  const h = prow * scale;
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
  svg.append(svgEl('rect', { class: 'pad-array', x: 0, y: 0, width: cols * scale, height: rows * scale }));
  for (let r = brow; r < prow; r += brow) svg.append(svgEl('line', { class: 'pad-grid', x1: 0, x2: w, y1: r * scale, y2: r * scale }));
  for (let c = bcol; c < pcol; c += bcol) svg.append(svgEl('line', { class: 'pad-grid', y1: 0, y2: h, x1: c * scale, x2: c * scale }));
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
