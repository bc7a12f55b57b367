// The trace accessors' text helpers: boxes and DMA ends are printed from the
// document's structured fields (a buffer {space, id, device, core}, a box
// {start, size, stride, index}), never from JAX's display strings.
import { describe, expect, it } from 'vitest';
import { boxText, bufferSpace, dmaEndText, tupleText } from '../../../web/src/views/trace.js';

const hbm = { space: 'hbm', id: 100, device: 0, core: 0 };
const vmem = { space: 'vmem', id: 103, device: 0, core: 1 };
const box = (start, size, stride = start.map(() => 1), index = start.map(() => false)) => ({ start, size, stride, index });

describe('boxText', () => {
  it('prints a step box {start, size} as half-open ranges', () => {
    expect(boxText({ start: [8, 0], size: [8, 128] })).toBe('[8:16, 0:128]');
    expect(boxText({ start: [3], size: [1] })).toBe('[3:4]');
    expect(boxText({ start: [], size: [] })).toBe('[]');
  });

  it('prints an index dim as the integer, a strided dim as a:b:s and a whole dim as :', () => {
    expect(boxText(box([1, 0, 0], [1, 8, 128], [1, 1, 1], [true, false, false]))).toBe('[1, 0:8, 0:128]');
    expect(boxText(box([8, 4], [8, 16], [1, 2]))).toBe('[8:16, 4:36:2]');
    expect(boxText(box([0, 0], [-1, 4]))).toBe('[:, 0:4]');
    expect(boxText(box([0], [-1], [3]))).toBe('[::3]');
    // An index dim keeps its integer even where its stride or size would say otherwise.
    expect(boxText(box([5], [1], [7], [true]))).toBe('[5]');
  });
});

describe('bufferSpace', () => {
  it('is the buffer field space, or "memory" when there is no buffer', () => {
    expect(bufferSpace(hbm)).toBe('hbm');
    expect(bufferSpace({ space: 'semaphore_mem', id: 2000, device: 0, core: 0 })).toBe('semaphore_mem');
    expect(bufferSpace(undefined)).toBe('memory');
    expect(bufferSpace({})).toBe('memory');
  });

  it('does not read a display string', () => {
    expect(bufferSpace("('vmem', 103, 0, 0)")).toBe('memory');
  });
});

describe('dmaEndText', () => {
  it('prints space, id and window from the structured fields', () => {
    expect(dmaEndText(hbm, box([8, 0], [8, 128]))).toBe('hbm 100[8:16, 0:128]');
    expect(dmaEndText(vmem, box([1, 0, 0], [1, 8, 128], [1, 1, 1], [true, false, false]))).toBe('vmem 103[1, 0:8, 0:128]');
  });

  it('shows a strided dim as a:b:s next to an index dim', () => {
    expect(dmaEndText(hbm, box([2, 0, 16], [1, 8, 4], [1, 1, 4], [true, false, false]))).toBe('hbm 100[2, 0:8, 16:32:4]');
  });

  it('leaves out what the document does not carry', () => {
    expect(dmaEndText(hbm, undefined)).toBe('hbm 100');
    expect(dmaEndText(undefined, box([0], [8]))).toBe('memory[0:8]');
    expect(dmaEndText({ space: 'vmem', id: 0, device: 0, core: 0 }, box([], []))).toBe('vmem 0[]');
  });

  it('ignores display strings passed where fields belong', () => {
    expect(dmaEndText("('hbm', 100, 0, 0)", undefined)).toBe('memory');
  });
});

describe('tupleText', () => {
  it('spells tuples the way Python prints them', () => {
    expect(tupleText([1, 0])).toBe('(1, 0)');
    expect(tupleText([2])).toBe('(2,)');
    expect(tupleText([])).toBe('()');
  });
});
