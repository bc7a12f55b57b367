// @vitest-environment jsdom
// The explainer's own drawings and the helpers widgets read result
// documents with, from fixture documents the native CLI produced
// (fixtures/make-fixtures.mjs). No wasm: these are pure functions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPadding } from '../../../web/src/explainer/draw/padding.js';
import { renderVisitGrid, visitOrder } from '../../../web/src/explainer/draw/visit-grid.js';
import { setAssignments, verdict } from '../../../web/src/explainer/widgets/common.js';
import { stageTexts } from '../../../web/src/explainer/widgets/interpret-loop.js';
import { parseInfo, parseSpaces } from '../../../web/src/explainer/widgets/memory-spaces.js';
import { withAlias, writtenBy } from '../../../web/src/explainer/widgets/aliasing.js';
import { clampedStep } from '../../../web/src/explainer/widgets/oob.js';
import { defaultsFrom, programFor } from '../../../web/src/explainer/widgets/padding.js';
import { walk } from '../../../web/src/explainer/widgets/rung-walk.js';
import { limits } from '../../../web/src/explainer/widgets/kernel.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => JSON.parse(readFileSync(path.join(here, 'fixtures', name), 'utf8'));

describe('padding drawing', () => {
  const doc = fixture('padding.json');
  const operand = doc.calls[0].operands[0];

  it('draws the padded extent, the array and the block grid from the operand', () => {
    const root = document.createElement('div');
    renderPadding(root, operand);
    const svg = root.querySelector('svg');
    expect(svg.dataset.shape).toBe(operand.shape.join(','));
    expect(svg.dataset.padded).toBe(operand.padded_shape.join(','));
    // 20 x 300 in blocks of 8 x 128: padded to 24 x 384, 3 x 3 blocks.
    expect(operand.padded_shape).toEqual([24, 384]);
    expect(operand.pad_hi).toEqual([4, 84]);
    expect(root.querySelectorAll('line.pad-grid')).toHaveLength(2 + 2);
    const area = root.querySelector('rect.pad-area');
    const arr = root.querySelector('rect.pad-array');
    const ratio = (a, b) => Number(a.getAttribute(b));
    expect(ratio(arr, 'width') / ratio(area, 'width')).toBeCloseTo(300 / 384, 5);
    expect(ratio(arr, 'height') / ratio(area, 'height')).toBeCloseTo(20 / 24, 5);
    expect(root.textContent).toContain('pad_hi (4, 84)');
  });

  it('a second render replaces the first (no state between renders)', () => {
    const root = document.createElement('div');
    renderPadding(root, operand);
    renderPadding(root, { ...operand, shape: [8, 128], padded_shape: [8, 128], pad_hi: [0, 0] });
    expect(root.querySelectorAll('svg')).toHaveLength(1);
    expect(root.querySelectorAll('line.pad-grid')).toHaveLength(0);
  });

  it('the program template takes the reader\u2019s shapes', () => {
    const src = 'ROWS, COLS = 20, 300\nBLOCK_ROWS, BLOCK_COLS = 8, 128\nx = 1\n';
    expect(defaultsFrom(src)).toEqual({ rows: 20, cols: 300, brow: 8, bcol: 128 });
    expect(programFor(src, { rows: 3, cols: 5, brow: 2, bcol: 4 })).toBe('ROWS, COLS = 3, 5\nBLOCK_ROWS, BLOCK_COLS = 2, 4\nx = 1\n');
    expect(() => setAssignments('y = 1\n', { X: '2' })).toThrow(/no line assigning X/);
  });
});

describe('one block past the end', () => {
  const doc = fixture('oob-interpret.json');

  it('finds the clamped step and the output rows it duplicated, from the trace', () => {
    const hit = clampedStep(doc);
    expect(hit.event.step).toBe(1);
    expect(hit.input.start).toEqual([16, 0]);
    expect(hit.input.landed).toEqual([8, 0]);
    expect(hit.write).toEqual({ start: [8, 0], size: [8, 128] });
  });

  it('the duplicated half of out equals the last in-bounds block of x', () => {
    const { out, x } = doc.values;
    const row = (a, r) => a.data.slice(r * 128, (r + 1) * 128);
    for (let r = 8; r < 16; r++) expect(row(out, r)).toEqual(row(x, r));
    for (let r = 0; r < 8; r++) expect(row(out, r)).toEqual(row(x, r + 8));
  });
});

describe('the grid loop, step by step', () => {
  const doc = fixture('loop-interpret.json');
  const call = doc.calls[0];

  it('names each stage from one step event', () => {
    const step = call.events.filter((e) => e.kind === 'step')[2];
    const [x, out] = stageTexts(call, step);
    expect(x.index).toBe('index map → block (2, 0)');
    expect(x.start).toBe('start offset (16, 0) = block × (8, 128)');
    expect(x.landed).toContain('inside the array');
    expect(out.write).toBe('written back at (16, 0)');
  });
});

describe('grid order', () => {
  const doc = fixture('grid-order-tpu.json');

  it('numbers grid points in trace order and keeps the core', () => {
    const visits = visitOrder(doc.calls[0]);
    expect(visits).toHaveLength(12);
    expect(new Set(visits.map((v) => v.core))).toEqual(new Set([0, 1]));
    const root = document.createElement('div');
    renderVisitGrid(root, doc.calls[0], { title: 'seed 0, 2 cores' });
    expect(root.querySelectorAll('rect.visit-cell')).toHaveLength(12);
    expect(root.querySelector('svg').dataset.order.split(' ')).toHaveLength(12);
  });
});

describe('verdicts and the walk', () => {
  const doc = (fields) => ({ ok: !fields.error, stdout: '', values: {}, calls: [], error: null, ...fields });
  const bool = (b) => ({ dtype: 'bool', shape: [], data: [b] });

  it('reads what each rung said', () => {
    expect(verdict(doc({ error: { type: 'IndexError', id: 'tpu_oob_block_input' } })).kind).toBe('error');
    expect(verdict(doc({ calls: [{ races: [{}] }] })).kind).toBe('race');
    expect(verdict(doc({ values: { has_nan: bool(true), matches: bool(false) } })).kind).toBe('nan');
    expect(verdict(doc({ values: { has_nan: bool(false), matches: bool(false) } })).kind).toBe('wrong');
    expect(verdict(doc({ values: { has_nan: bool(false), matches: bool(true) } })).kind).toBe('right');
    expect(verdict(doc({ error: { type: 'NotImplementedError', id: 'rung_not_available' } })).kind).toBe('unavailable');
  });

  it('walks down until a rung complains, or disagrees with a right rung 1', () => {
    const v = (kind, complained = false) => ({ kind, complained });
    expect(walk({ interpret: v('wrong'), tpu: v('error', true), chip: v('right') })).toBe('tpu');
    expect(walk({ interpret: v('nan', true), tpu: v('nan', true), chip: v('wrong') })).toBe('interpret');
    expect(walk({ interpret: v('right'), tpu: v('wrong'), chip: v('wrong') })).toBe('tpu');
    expect(walk({ interpret: v('right'), tpu: v('right'), chip: v('error', true) })).toBe('chip');
    expect(walk({ interpret: v('right'), tpu: v('right'), chip: v('unavailable') })).toBeNull();
  });
});

describe('small readers', () => {
  it('parses the memory-space lines the engine printed', () => {
    const spaces = parseSpaces("VMEM <MemorySpace.VMEM: 'vmem'>\nSMEM <MemorySpace.SMEM: 'smem'>\nnoise\n");
    expect(spaces.SMEM).toEqual({ repr: "<MemorySpace.SMEM: 'smem'>", value: 'smem' });
    expect(Object.keys(spaces)).toEqual(['VMEM', 'SMEM']);
  });

  it('drops the alias line on request and replays which step last wrote each block', () => {
    const src = 'y = pl.pallas_call(\n    k,\n    input_output_aliases={0: 0},\n    interpret=True,\n)(x)\n';
    expect(withAlias(src, true)).toBe(src);
    expect(withAlias(src, false)).toBe('y = pl.pallas_call(\n    k,\n    interpret=True,\n)(x)\n');
    const copies = [
      { kind: 'copy_in', step: 0, start: [24, 0], size: [8, 128] },
      { kind: 'copy_out', step: 0, start: [0, 0], size: [8, 128] },
      { kind: 'copy_in', step: 1, start: [16, 0], size: [8, 128] },
      { kind: 'copy_out', step: 1, start: [8, 0], size: [8, 128] },
    ];
    expect(writtenBy(copies, 0, 4)).toEqual([null, null, null, null]);
    expect(writtenBy(copies, 3, 4)).toEqual([1, 2, null, null]);
  });

  it('parses the chip figures the generation program printed', () => {
    expect(parseInfo('kind TPU v5\nvmem 67108864\nsmem 1048576\ncores 2\n')).toEqual({ kind: 'TPU v5', vmem: 67108864, smem: 1048576, cores: 2 });
  });

  it('turns a reproducer\u2019s lowered limits into run options', () => {
    expect(limits({ max_steps: '100000', timeout_ms: '1000' })).toEqual({ maxSteps: 100000, timeoutMs: 1000 });
    expect(limits({})).toEqual({});
  });
});
