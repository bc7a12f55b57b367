// @vitest-environment jsdom
// Snapshots of every shared view rendered from the committed fixtures (result
// documents the native CLI produced: scripts/regenerate_fixtures.sh). Each
// test names its snapshot; see snapshot.js for the normalisation.
import { describe, it } from 'vitest';
import { renderCompare } from '../../../web/src/views/compare.js';
import { renderConsole } from '../../../web/src/views/console.js';
import { renderGridWalk } from '../../../web/src/views/grid_walk.js';
import { renderValue } from '../../../web/src/views/heatmap.js';
import { renderRaces } from '../../../web/src/views/races.js';
import { createStepper } from '../../../web/src/views/stepper.js';
import { renderTimeline } from '../../../web/src/views/timeline.js';
import { expectSnapshot, fixture } from './snapshot.js';

const root = () => document.createElement('div');

function snap(name, draw) {
  it(name, () => {
    const r = root();
    draw(r);
    expectSnapshot(name, r);
  });
}

describe('view snapshots', () => {
  const past = fixture('one_block_past_the_end.interpret');
  snap('heatmap-one-block-past-the-end-y', (r) => renderValue(r, past, 0, { name: 'y', maxCols: 16 }));
  snap('grid-walk-one-block-past-the-end-step-1-clamped', (r) => renderGridWalk(r, past, 1));
  snap('grid-walk-ragged-last-block-step-2-padding', (r) => renderGridWalk(r, fixture('ragged_last_block.interpret'), 2));
  snap('grid-walk-element-padding', (r) => renderGridWalk(r, fixture('element_padding.interpret'), 0));
  snap('grid-walk-nonfinite-3d-step-1', (r) => renderGridWalk(r, fixture('nonfinite_3d.interpret'), 1));
  snap('heatmap-nonfinite-3d-y', (r) => renderValue(r, fixture('nonfinite_3d.interpret'), 0, { name: 'y' }));
  snap('heatmap-nonfinite-z', (r) => renderValue(r, fixture('nonfinite_3d.interpret'), 0, { name: 'z' }));
  snap('heatmap-accumulator-nan', (r) => renderValue(r, fixture('accumulator_not_zeroed.interpret'), 0, { name: 'total', maxCols: 16 }));
  snap('timeline-double-buffered-dma', (r) => renderTimeline(r, fixture('double_buffered_dma.tpu'), 0));
  snap('timeline-two-cores-step-1', (r) => renderTimeline(r, fixture('two_cores_one_output.tpu'), 1));
  snap('timeline-interpret-has-none', (r) => renderTimeline(r, past, 0));
  snap('timeline-ring-four-devices', (r) => renderTimeline(r, fixture('ring_right_permute.tpu'), 0));
  snap('races-dma-race', (r) => renderRaces(r, fixture('dma_race.tpu'), 0, { onSource() {}, onTimeline() {} }));
  snap('races-none-on-interpret', (r) => renderRaces(r, past, 0));
  snap('console-nonfinite-step-1', (r) => renderConsole(r, fixture('nonfinite_3d.interpret'), 1, { onSource() {} }));
  snap('console-tpu-oob-error', (r) => renderConsole(r, fixture('one_block_past_the_end.tpu'), 0, { onSource() {} }));
  snap('console-syntax-error', (r) => renderConsole(r, fixture('syntax_error.interpret'), 0, {}));
  snap('compare-one-block-past-the-end', (r) => renderCompare(r, fixture('one_block_past_the_end.compare'), 0, { maxWidth: 120, maxRows: 4, maxCols: 8 }));
  snap('stepper-4-steps-at-2', (r) => createStepper(r, { count: 4, step: 2 }));
});
