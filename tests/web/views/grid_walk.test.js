// @vitest-environment jsdom
// The grid walk draws any step on its own (memoryless) and scopes itself to
// its root: two walks on one page do not interfere.
import { describe, expect, it } from 'vitest';
import { renderGridWalk, describe as describeEntry } from '../../../web/src/views/grid_walk.js';
import { stepEvents } from '../../../web/src/views/trace.js';
import { fixture } from './snapshot.js';

// Deterministic "random" steps (a tiny LCG) so a failure is reproducible.
function* randomSteps(n, count, seed = 7) {
  let s = seed;
  for (let i = 0; i < count; i++) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    yield s % n;
  }
}

describe('grid walk', () => {
  for (const name of ['one_block_past_the_end.interpret', 'scalar_prefetch_gather.interpret', 'ragged_last_block.interpret', 'two_cores_one_output.tpu']) {
    it(`renders random steps of ${name} with no earlier render, matching the engine's events`, () => {
      const doc = fixture(name);
      const events = stepEvents(doc.calls[0]);
      for (const step of randomSteps(events.length, 5)) {
        const root = document.createElement('div'); // fresh: no earlier render
        renderGridWalk(root, doc, step);
        const ev = events[step];
        expect(root.querySelector('.rg-walk-head').dataset.point).toBe(ev.point.join(','));
        for (const entry of ev.operands) {
          const landed = root.querySelector(`rect.rg-landed[data-operand="${entry.operand}"]`);
          expect(landed.dataset.landed).toBe(entry.landed.join(','));
          expect(landed.dataset.start).toBe(entry.start.join(','));
          expect(landed.dataset.blockIndex).toBe(entry.block_index.join(','));
        }
      }
    });
  }

  it('shows the clamped window of the one-block-past-the-end case', () => {
    const root = document.createElement('div');
    renderGridWalk(root, fixture('one_block_past_the_end.interpret'), 1);
    const input = root.querySelector('figure[data-operand="0"]');
    expect(input.classList.contains('rg-clamped')).toBe(true);
    expect(input.querySelector('.rg-walk-facts').textContent).toContain('asked for a window at (16, 0), landed at (8, 0) (clamped)');
    // The asked window is drawn below the array's last row: y = 2 blocks down.
    const asked = input.querySelector('rect.rg-asked');
    const array = input.querySelector('rect.rg-array');
    expect(Number(asked.getAttribute('y'))).toBeCloseTo(Number(array.getAttribute('height')));
  });

  it('clamps out-of-range steps and renders two walks independently', () => {
    const doc = fixture('ragged_last_block.interpret');
    const a = document.createElement('div');
    const b = document.createElement('div');
    document.body.append(a, b);
    renderGridWalk(a, doc, 0);
    renderGridWalk(b, doc, 99);
    renderGridWalk(a, doc, -5);
    expect(a.querySelector('.rg-walk-head').dataset.step).toBe('0');
    expect(b.querySelector('.rg-walk-head').dataset.step).toBe('2');
    a.remove();
    b.remove();
  });

  it('explains a call without steps', () => {
    const root = document.createElement('div');
    renderGridWalk(root, { calls: [{ events: [] }] }, 0);
    expect(root.textContent).toMatch(/no grid steps/);
    renderGridWalk(root, { calls: [] }, 0);
    expect(root.textContent).toBe('No pallas_call ran.');
  });

  it('describes an entry as text', () => {
    expect(describeEntry({ block_index: [1], start: [8], landed: [8], clamped: false, reads: [{ start: [8], size: [8] }], writes: [] })).toBe(
      'block index (1,) · window at (8,) · reads [8:16]',
    );
  });
});
