// The pure array arithmetic behind every view: folding, boxes, binning.
import { describe, expect, it } from 'vitest';
import {
  boxRects,
  downsample,
  finiteExtent,
  fold,
  formatElement,
  formatFloat,
  nonFiniteCounts,
  toNumber,
  unfold,
} from '../../../web/src/views/array2d.js';

describe('array2d', () => {
  it('reads the document spellings of non-finite numbers', () => {
    expect(toNumber('NaN')).toBeNaN();
    expect(toNumber('Infinity')).toBe(Infinity);
    expect(toNumber('-Infinity')).toBe(-Infinity);
    expect(toNumber(true)).toBe(1);
    expect(toNumber(2.5)).toBe(2.5);
  });

  it('folds every rank onto a 2-D grid with the last axis horizontal', () => {
    expect(fold([])).toEqual({ rows: 1, cols: 1 });
    expect(fold([7])).toEqual({ rows: 1, cols: 7 });
    expect(fold([3, 5])).toEqual({ rows: 3, cols: 5 });
    expect(fold([2, 4, 8])).toEqual({ rows: 8, cols: 8 });
    expect(unfold([2, 4, 8], 5, 3)).toEqual([1, 1, 3]);
    expect(unfold([9], 0, 4)).toEqual([4]);
  });

  it('turns n-d boxes into folded rectangles, one per leading index', () => {
    expect(boxRects([16, 128], { start: [8, 0], size: [8, 128] })).toEqual([{ r0: 8, c0: 0, r1: 16, c1: 128 }]);
    expect(boxRects([6], { start: [-1], size: [6] })).toEqual([{ r0: 0, c0: -1, r1: 1, c1: 5 }]);
    // (2, 4, 8): a box over both slabs, rows 1..3, cols 2..6.
    expect(boxRects([2, 4, 8], { start: [0, 1, 2], size: [2, 2, 4] })).toEqual([
      { r0: 1, c0: 2, r1: 3, c1: 6 },
      { r0: 5, c0: 2, r1: 7, c1: 6 },
    ]);
    expect(boxRects([4, 4, 4, 4], { start: [0, 0, 0, 0], size: [4, 4, 4, 4] }, 3)).toHaveLength(3);
  });

  it('keeps every element when the array is small', () => {
    const g = downsample({ shape: [2, 3], data: [1, 2, 3, 4, 5, 6] });
    expect(g.binned).toBe(false);
    expect(g.cells).toHaveLength(6);
    expect(g.cells[4]).toMatchObject({ row: 1, col: 1, value: 5, kind: 'finite' });
  });

  it('bins large arrays and marks a bin holding any NaN or Inf', () => {
    const data = Array.from({ length: 256 * 256 }, (_, i) => i % 7);
    data[3 * 256 + 5] = 'NaN';
    data[200 * 256 + 250] = '-Infinity';
    const g = downsample({ shape: [256, 256], data }, { maxRows: 64, maxCols: 64 });
    expect(g.binned).toBe(true);
    expect([g.nr, g.nc, g.rowStep, g.colStep]).toEqual([64, 64, 4, 4]);
    expect(g.cells[0 * 64 + 1]).toMatchObject({ kind: 'nan', nan: 1, finite: 15 });
    expect(g.cells[50 * 64 + 62]).toMatchObject({ kind: 'neginf', neginf: 1 });
    expect(g.cells.filter((c) => c.kind !== 'finite')).toHaveLength(2);
  });

  it('counts elements missing from a truncated document as absent', () => {
    const g = downsample({ shape: [4], data: [1, 2], truncated: true });
    expect(g.cells.map((c) => c.kind)).toEqual(['finite', 'finite', 'absent', 'absent']);
  });

  it('finds the finite extent and the non-finite counts', () => {
    const data = [3, 'NaN', -2, 'Infinity', 'NaN', 9];
    expect(finiteExtent(data)).toEqual([-2, 9]);
    expect(finiteExtent(['NaN'])).toBeNull();
    expect(nonFiniteCounts(data)).toEqual({ nan: 2, posinf: 1, neginf: 0 });
  });

  it('prints elements the way NumPy spells them', () => {
    expect(formatElement('NaN')).toBe('nan');
    expect(formatElement('-Infinity')).toBe('-inf');
    expect(formatElement(3, 'int32')).toBe('3');
    expect(formatElement(true, 'bool')).toBe('True');
    expect(formatFloat(0.1 + 0.2)).toBe('0.3');
    expect(formatFloat(1e-7)).toBe('1e-7');
    expect(formatFloat(-0)).toBe('-0');
  });
});
