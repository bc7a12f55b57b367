// @vitest-environment jsdom
// Timeline lanes and DMA spans; the race report's links.
import { describe, expect, it, vi } from 'vitest';
import { describeEvent, laneOf, layoutMarks, renderTimeline } from '../../../web/src/views/timeline.js';
import { renderRaces } from '../../../web/src/views/races.js';
import { renderConsole } from '../../../web/src/views/console.js';
import { memoryEvents } from '../../../web/src/views/trace.js';
import { fixture } from './snapshot.js';

describe('timeline', () => {
  it('grows columns and rows to fill the room the host gives it, and keeps DMA names above their ticks', () => {
    const doc = fixture('double_buffered_dma.tpu');
    const small = document.createElement('div');
    const big = document.createElement('div');
    renderTimeline(small, doc, 0);
    renderTimeline(big, doc, 0, { fit: { width: 4000, height: 2000 } });
    const size = (r) => ['width', 'height'].map((k) => Number(r.querySelector('svg.rg-timeline').getAttribute(k)));
    expect(size(big)[0]).toBeGreaterThan(size(small)[0]);
    expect(size(big)[1]).toBeGreaterThan(size(small)[1]);
    for (const root of [small, big]) {
      for (const g of root.querySelectorAll('svg.rg-timeline g.rg-ev-dma')) {
        const bar = g.querySelector('rect');
        const label = g.querySelector('text.rg-ev-label');
        // The label's baseline sits above the bar, which holds every tick.
        expect(Number(label.getAttribute('y'))).toBeLessThan(Number(bar.getAttribute('y')));
        for (const t of g.querySelectorAll('line.rg-tick')) expect(Number(t.getAttribute('y1'))).toBeGreaterThan(Number(bar.getAttribute('y')));
      }
    }
  });

  it('puts events on lanes by memory space and core', () => {
    expect(laneOf({ kind: 'alloc', space: 'hbm', core: 1 })).toBe('HBM');
    expect(laneOf({ kind: 'alloc', space: 'vmem', core: 1 })).toBe('VMEM · core 1');
    expect(laneOf({ kind: 'copy_in', core: 0 })).toBe('VMEM · core 0');
    expect(laneOf({ kind: 'dma_start', dst_buffer: { space: 'smem', id: 3, device: 0, core: 2 }, core: 2 })).toBe('SMEM · core 2');
    expect(laneOf({ kind: 'dma_complete', dst_buffer: { space: 'hbm', id: 101, device: 0, core: 0 }, core: 1 })).toBe('HBM');
    expect(laneOf({ kind: 'sem_wait', core: 0 })).toBe('SEMAPHORE · core 0');
  });

  it('puts a DMA on its destination buffer\'s lane, from the fields and not the display text', () => {
    // The display string names another space and core: only dst_buffer counts.
    const e = { kind: 'dma_start', core: 0, dst: "('smem', 7, 0, 0)", dst_buffer: { space: 'vmem', id: 103, device: 0, core: 1 } };
    expect(laneOf(e)).toBe('VMEM · core 1');
    expect(laneOf({ kind: 'dma_start', core: 1, dst: "('vmem', 103, 0, 1)" })).toBe('MEMORY · core 1');
  });

  it('describes a DMA start from its buffers and boxes', () => {
    const e = {
      kind: 'dma_start',
      dma: 100,
      semaphore: 2000,
      core: 0,
      source: { line: 12, col: 5, end_line: 12, end_col: 17 },
      src: "('hbm', 100, 0, 0)",
      src_window: '(slice(8, 16, 1), slice(0, 128, 2))',
      src_buffer: { space: 'hbm', id: 100, device: 0, core: 0 },
      src_box: { start: [8, 0], size: [8, 64], stride: [1, 2], index: [false, false] },
      dst: "('vmem', 103, 0, 0)",
      dst_window: '(1, slice(0, 8, 1), slice(0, 64, 1))',
      dst_buffer: { space: 'vmem', id: 103, device: 0, core: 0 },
      dst_box: { start: [1, 0, 0], size: [1, 8, 64], stride: [1, 1, 1], index: [true, false, false] },
    };
    expect(describeEvent(e)).toBe('DMA 100 start: hbm 100[8:16, 0:128:2] → vmem 103[1, 0:8, 0:64], semaphore 2000 (line 12:5)');
    // Wrong display strings change nothing: they are never read.
    expect(describeEvent({ ...e, src: 'x', src_window: 'y', dst: 'z', dst_window: '(slice(0, 1, 1),)' })).toBe(describeEvent(e));
  });

  it('draws each DMA as one span from start to completion, stacking overlaps', () => {
    const events = memoryEvents(fixture('double_buffered_dma.tpu').calls[0]);
    const { marks, lanes } = layoutMarks(events);
    const dmas = marks.filter((m) => m.kind === 'dma');
    expect(dmas.map((m) => m.event.dma)).toEqual([100, 101, 102, 103]);
    expect(dmas.every((m) => m.ticks.at(-1).event.kind === 'dma_complete')).toBe(true);
    // DMA 101 starts before DMA 100 completes: it needs a second row.
    expect(dmas[1].row).toBe(1);
    expect(lanes.map((l) => l.name)).toEqual(['HBM', 'SEMAPHORE · core 0', 'VMEM · core 0']);
  });

  it('gives every device its own lanes and draws remote DMAs between them', () => {
    const doc = fixture('ring_right_permute.tpu');
    expect(doc.calls[0].devices).toEqual({ count: 4, cores_per_device: 1, mesh: { axes: ['ring'], shape: [4] } });
    const { marks, lanes } = layoutMarks(memoryEvents(doc.calls[0]));
    const names = lanes.map((l) => l.name);
    expect(names.slice(0, 2)).toEqual(['device 0 · HBM', 'device 0 · SEMAPHORE · core 0']);
    expect(names.filter((n) => n.endsWith('HBM'))).toEqual(['device 0 · HBM', 'device 1 · HBM', 'device 2 · HBM', 'device 3 · HBM']);
    const remote = marks.filter((m) => m.from);
    expect(remote).toHaveLength(4);
    // Each DMA's bar sits on the receiver's lane, its arrow starts at the sender's.
    for (const m of remote) {
      const e = m.event;
      expect(e.dst_device).toBe((e.src_device + 1) % 4);
      expect(m.lane).toBe(`device ${e.dst_device} · HBM`);
      expect(m.from).toBe(`device ${e.src_device} · HBM`);
    }
    expect(describeEvent(remote[0].event)).toMatch(/\(device 0 → device 1\)/);
    const root = document.createElement('div');
    renderTimeline(root, doc, 0);
    expect(root.querySelectorAll('.rg-remote')).toHaveLength(4);
    expect(root.querySelector('.rg-timeline-legend').textContent).toMatch(/remote DMA/);
  });

  it('shows warnings as printed, under the output', () => {
    const root = document.createElement('div');
    renderConsole(root, { ok: true, stdout: '1\n', warnings: ['k.py:2: DeprecationWarning: old'], calls: [] }, 0);
    expect(root.querySelector('.rg-warnings').textContent).toBe('k.py:2: DeprecationWarning: old');
    renderConsole(root, { ok: true, stdout: '1\n', calls: [] }, 0);
    expect(root.querySelector('.rg-warnings')).toBeNull();
  });

  it('keeps one device\'s lanes unprefixed', () => {
    expect(laneOf({ kind: 'dma_start', dst_buffer: { space: 'hbm', id: 101, device: 0, core: 0 }, src_device: 0, dst_device: 0, core: 0 })).toBe('HBM');
  });

  it('reports a clicked or activated event with its source', () => {
    const onSelect = vi.fn();
    const root = document.createElement('div');
    renderTimeline(root, fixture('dma_race.tpu'), 0, { onSelect });
    const start = root.querySelector('g[data-kind="dma_start"]');
    start.dispatchEvent(new MouseEvent('click'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ kind: 'dma_start', source: expect.objectContaining({ line: 10 }) }));
    root.querySelector('g[data-kind="sem_wait"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'sem_wait' }));
    expect(root.querySelector('.rg-timeline-detail').textContent).toMatch(/^wait on semaphore/);
  });

  it('outlines the events on highlighted lines', () => {
    const root = document.createElement('div');
    renderTimeline(root, fixture('dma_race.tpu'), 0, { highlightLines: [10] });
    expect([...root.querySelectorAll('.rg-ev-hot')].map((g) => g.dataset.kind)).toEqual(['dma_start']);
  });

  it('windows very long traces around the current step', () => {
    const events = [{ kind: 'step', step: 0 }];
    for (let s = 0; s < 500; s++) events.push({ kind: 'copy_in', step: s, core: 0, operand: 0, block_index: [s] });
    const root = document.createElement('div');
    renderTimeline(root, { calls: [{ rung: 'tpu', events }] }, 0, { maxColumns: 100 });
    expect(root.querySelectorAll('g.rg-ev')).toHaveLength(100);
    expect(root.querySelector('.rg-timeline-head').textContent).toMatch(/showing events 1–100/);
  });

  it('has a line of text for every event kind', () => {
    expect(describeEvent({ kind: 'deadlock', core: 1, message: 'stuck' })).toBe('deadlock on core 1: message=stuck');
    expect(describeEvent({ kind: 'sem_signal', semaphore: 3, value: 2, core: 0 })).toBe('signal semaphore 3: value now 2');
  });
});

describe('race report', () => {
  it('lists both accesses with links to their lines and to the timeline', () => {
    const onSource = vi.fn();
    const onTimeline = vi.fn();
    const root = document.createElement('div');
    renderRaces(root, fixture('dma_race.tpu'), 0, { onSource, onTimeline });
    expect(root.querySelector('.rg-races-head').dataset.races).toBe('1');
    const accesses = [...root.querySelectorAll('.rg-access')].map((p) => p.textContent);
    expect(accesses[0]).toMatch(/^read of \[0:8, 0:128\] by thread \(0, 0\)/);
    expect(accesses[1]).toMatch(/^write of \[0:8, 0:128\] by thread \(100, 0\)/);
    root.querySelector('button[data-line="11"]').click();
    expect(onSource).toHaveBeenCalledWith(expect.objectContaining({ line: 11, col: 18 }));
    root.querySelector('button[data-action="timeline"]').click();
    expect(onTimeline).toHaveBeenCalledWith({ call: 0, step: 0, lines: [11, 10] });
  });

  it('explains why there are no races', () => {
    const root = document.createElement('div');
    renderRaces(root, fixture('one_block_past_the_end.tpu'), 0);
    expect(root.textContent).toMatch(/detect_races=True/);
  });
});
