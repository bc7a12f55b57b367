// @vitest-environment jsdom
// Heatmap cell marking, hover/keyboard readout, padding and difference marks.
import { describe, expect, it } from 'vitest';
import { describeCell, renderHeatmap, renderValue } from '../../../web/src/views/heatmap.js';
import { downsample } from '../../../web/src/views/array2d.js';

const div = () => document.createElement('div');

describe('heatmap', () => {
  it('marks NaN, +Inf and -Inf cells and counts them in the legend', () => {
    const root = div();
    renderHeatmap(root, { dtype: 'float32', shape: [2, 3], data: [1, 'NaN', 'Infinity', '-Infinity', 5, 'NaN'] }, { label: 'y' });
    const cls = [...root.querySelectorAll('rect.rg-cell')].map((r) => r.getAttribute('class'));
    expect(cls).toEqual([
      'rg-cell rg-finite', 'rg-cell rg-nan', 'rg-cell rg-posinf',
      'rg-cell rg-neginf', 'rg-cell rg-finite', 'rg-cell rg-nan',
    ]);
    const nan = root.querySelector('rect.rg-nan');
    const hatch = root.querySelector('pattern').id;
    expect(nan.getAttribute('fill')).toBe(`url(#${hatch})`);
    expect(root.querySelector('.rg-legend').textContent).toMatch(/NaN ×2.*\+Inf ×1.*-Inf ×1/);
  });

  it('shows the value under the keyboard cursor', () => {
    const root = div();
    renderHeatmap(root, { dtype: 'float32', shape: [2, 2], data: [1.5, 2, 3, 'NaN'] }, { label: 'x' });
    const svg = root.querySelector('svg');
    svg.dispatchEvent(new FocusEvent('focus'));
    expect(root.querySelector('.rg-readout').textContent).toBe('x[0, 0] = 1.5');
    svg.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    svg.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    expect(root.querySelector('.rg-readout').textContent).toBe('x[1, 1] = nan');
    svg.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    expect(root.querySelector('.rg-readout').textContent).toBe('x[1, 1] = nan');
  });

  it('describes a bin by its range, mean and non-finite counts', () => {
    const array = { dtype: 'float32', shape: [4, 4], data: [1, 1, 'NaN', 3, ...Array(12).fill(2)] };
    const grid = downsample(array, { maxRows: 2, maxCols: 2 });
    expect(describeCell(grid.cells[1], array, 'a', grid)).toBe('a[0:2, 2:4]: mean 2.33333 over 3, NaN ×1');
  });

  it('outlines the padded extent and exactly the cells the engine says differ', () => {
    const root = div();
    const a = { dtype: 'float32', shape: [2, 4], data: [1, 2, 3, 'NaN', 5, 6, 7, 8] };
    // The view takes the engine's positions (a compare diff's `indices`) and
    // never compares numbers itself: position 3 is NaN in both, not listed.
    renderHeatmap(root, a, { paddedShape: [3, 4], differing: new Set([1, 6]) });
    expect(root.querySelector('rect.rg-padding')).not.toBeNull();
    const marked = [...root.querySelectorAll('rect.rg-differs')].map((r) => `${r.dataset.row},${r.dataset.col}`);
    expect(marked.sort()).toEqual(['0,1', '1,2']);
    renderHeatmap(root, a, {});
    expect(root.querySelectorAll('rect.rg-differs')).toHaveLength(0);
  });

  it('says so when a document has no such value', () => {
    const root = div();
    renderValue(root, { values: {} }, 0, { name: 'q' });
    expect(root.textContent).toBe('no array named q');
  });
});

describe('heatmap of a big array', () => {
  // jsdom has no 2-d canvas (and says so on every call): the painting itself
  // is checked in Chromium (tests/e2e); here only the structure and hover.
  HTMLCanvasElement.prototype.getContext = () => null;
  const big = (rows, cols) => ({ dtype: 'float32', shape: [rows, cols], data: Array.from({ length: rows * cols }, (_, i) => (i % 7 === 0 ? 'NaN' : i)) });

  it('paints the cells on a canvas under the SVG overlays, not one rect per cell', () => {
    const root = div();
    renderHeatmap(root, big(64, 64), { label: 'a', boxes: [{ start: [0, 0], size: [8, 8], kind: 'read' }] });
    expect(root.querySelectorAll('rect.rg-cell')).toHaveLength(0);
    const stack = root.querySelector('.rg-heatmap-stack');
    expect(stack.dataset.cells).toBe('canvas');
    expect(stack.querySelector('canvas.rg-cell-canvas')).not.toBeNull();
    expect(stack.querySelector('svg rect.rg-box-read')).not.toBeNull();
    expect(root.querySelector('.rg-legend').textContent).toMatch(/NaN ×586/);
  });

  it('keeps small arrays as SVG rects', () => {
    const root = div();
    renderHeatmap(root, big(16, 16), { label: 'a' });
    expect(root.querySelectorAll('rect.rg-cell')).toHaveLength(16 * 16);
    expect(root.querySelector('canvas')).toBeNull();
  });

  it('finds the hovered cell from the pointer position', () => {
    const root = div();
    renderHeatmap(root, big(64, 64), { label: 'a' }); // 560 px / 64 columns: 8 px cells
    const svg = root.querySelector('svg');
    // jsdom lays nothing out (a zero box): positions are in the SVG's own units, which start at -1.
    svg.dispatchEvent(new MouseEvent('pointermove', { clientX: 1 + 8 * 3 + 2, clientY: 1 + 8 * 5 + 1 }));
    expect(root.querySelector('.rg-readout').textContent).toBe(`a[5, 3] = ${5 * 64 + 3}`);
  });

  it('takes the non-finite colours from the design tokens at draw time', () => {
    const root = div();
    root.style.setProperty('--rg-heat-posinf', '#123456');
    document.body.append(root);
    renderHeatmap(root, { dtype: 'float32', shape: [1, 2], data: ['Infinity', '-Infinity'] }, { label: 'y' });
    expect(root.querySelector('rect.rg-posinf').getAttribute('fill')).toBe('#123456');
    expect(root.querySelector('rect.rg-neginf').getAttribute('fill')).toBe('#1f6bff'); // no token set here: the fallback
    root.remove();
  });
});
