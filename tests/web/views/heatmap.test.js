// @vitest-environment jsdom
// Heatmap cell marking, hover/keyboard readout, padding and difference marks.
import { describe, expect, it } from 'vitest';
import { describeCell, elementsDiffer, renderHeatmap, renderValue } from '../../../web/src/views/heatmap.js';
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

  it('outlines the padded extent and the cells that differ from a reference', () => {
    const root = div();
    const a = { dtype: 'float32', shape: [1, 4], data: [1, 2, 3, 'NaN'] };
    const b = { dtype: 'float32', shape: [1, 4], data: [1, 2.5, 3, 'NaN'] };
    renderHeatmap(root, a, { paddedShape: [2, 4], compareTo: b });
    expect(root.querySelector('rect.rg-padding')).not.toBeNull();
    expect(root.querySelectorAll('rect.rg-differs')).toHaveLength(1);
    expect(root.querySelector('rect.rg-differs').dataset.col).toBe('1');
    expect(elementsDiffer('NaN', 'NaN')).toBe(false);
    expect(elementsDiffer(1, 1 + 1e-7)).toBe(false);
    expect(elementsDiffer('Infinity', 1e30)).toBe(true);
  });

  it('says so when a document has no such value', () => {
    const root = div();
    renderValue(root, { values: {} }, 0, { name: 'q' });
    expect(root.textContent).toBe('no array named q');
  });
});
