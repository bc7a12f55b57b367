// A puzzle's small figure: each array of its manifest's "figure" drawn as a
// rectangle cut into its blocks, in proportion, with the block shape named.
// Pure: the figure description in, an SVG element out.
import { svgEl } from '../views/dom.js';

const WIDTH = 150; // px for the widest array
const MAX_H = 110;

export function blockGrid(shape, block) {
  const [rows, cols] = shape.length === 1 ? [1, shape[0]] : shape.slice(-2);
  const [br, bc] = block.length === 1 ? [1, block[0]] : block.slice(-2);
  return { rows, cols, down: Math.ceil(rows / br), across: Math.ceil(cols / bc), br, bc };
}

export function renderFigure(figure) {
  const arrays = figure?.arrays ?? [];
  const widest = Math.max(1, ...arrays.map((a) => blockGrid(a.shape, a.block).cols));
  const items = arrays.map((a) => {
    const g = blockGrid(a.shape, a.block);
    const w = Math.max(12, (g.cols / widest) * WIDTH);
    const h = Math.min(MAX_H, Math.max(8, (g.rows / g.cols) * w));
    return { a, g, w, h };
  });
  const height = Math.max(...items.map((i) => i.h), 10) + 44;
  const svg = svgEl('svg', { class: 'pz-figure', role: 'img', 'aria-label': figure?.caption ?? 'blocks of the arrays', height });
  let x = 4;
  for (const { a, g, w, h } of items) {
    const group = svgEl('g', { transform: `translate(${x}, 4)` });
    const cw = w / g.across;
    const ch = h / g.down;
    for (let i = 0; i < g.down && i < 32; i++)
      for (let j = 0; j < g.across && j < 32; j++)
        group.append(svgEl('rect', { x: j * cw, y: i * ch, width: cw, height: ch, class: (i + j) % 2 ? 'pz-block odd' : 'pz-block' }));
    group.append(svgEl('text', { x: 0, y: h + 14, class: 'pz-name' }, a.name));
    group.append(svgEl('text', { x: 0, y: h + 28, class: 'pz-shape' }, `[${a.shape.join(', ')}] in (${a.block.join(', ')})`));
    svg.append(group);
    x += Math.max(w, 8 * a.name.length, 110) + 18;
  }
  svg.setAttribute('width', x);
  svg.setAttribute('viewBox', `0 0 ${x} ${height}`);
  return svg;
}
