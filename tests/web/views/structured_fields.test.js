// @vitest-environment jsdom
// Views compute from the document's structured fields, never from its
// display text. Events and races carry JAX's spelling of a buffer
// ("('vmem', 103, 0, 0)") and a window ("(slice(8, 16, 1), slice(0, 128, 1))")
// beside the fields a view may use (src_buffer / dst_buffer / buffer_ref,
// src_box / dst_box). Here every such string in a fixture is swapped for a
// different, well-formed lie, each view is drawn from both documents, and
// the lies are mapped back to the truth in the drawn markup: a view that
// only prints a display string draws the same thing, one that parses it
// (its space, id, core or slices) draws something else and fails.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../../web/src/views/console.js';
import { renderGridWalk } from '../../../web/src/views/grid_walk.js';
import { renderRaces } from '../../../web/src/views/races.js';
import { renderTimeline } from '../../../web/src/views/timeline.js';
import { fixture, normalise } from './snapshot.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

// Display-text fields, per owner, and the structured field each one mirrors.
const EVENT_TEXT = { src: 'src_buffer', dst: 'dst_buffer', src_window: 'src_box', dst_window: 'dst_box' };
const RACE_TEXT = { buffer: 'buffer_ref' };

// A copy of `doc` with every display string replaced by a lie that parses
// as well as the truth but names another space, id, core and window. Returns
// the copy and the lie -> truth map.
function withLies(doc) {
  const lies = new Map();
  let n = 0;
  const lie = (truth, window) => {
    n += 1;
    const text = window ? `(7, slice(${900 + n}, ${950 + n}, 3))` : `('smem', ${9000 + n}, 5, 5)`;
    lies.set(text, truth);
    return text;
  };
  const copy = structuredClone(doc);
  for (const call of copy.calls ?? []) {
    for (const e of call.events ?? []) {
      for (const [k, mirror] of Object.entries(EVENT_TEXT)) {
        if (typeof e[k] === 'string') {
          expect(e[mirror], `${e.kind}.${k} has its structured twin ${mirror}`).toBeTypeOf('object');
          e[k] = lie(e[k], k.endsWith('_window'));
        }
      }
    }
    for (const r of call.races ?? []) {
      for (const [k, mirror] of Object.entries(RACE_TEXT)) {
        if (typeof r[k] === 'string') {
          expect(r[mirror], `race.${k} has its structured twin ${mirror}`).toBeTypeOf('object');
          r[k] = lie(r[k], false);
        }
      }
    }
  }
  return { copy, lies };
}

function drawn(view, doc, step) {
  const root = document.createElement('div');
  view(root, doc, step, { onSource() {}, onTimeline() {}, onSelect() {} });
  return normalise(root);
}

const VIEWS = { timeline: renderTimeline, races: renderRaces, grid_walk: renderGridWalk, console: renderConsole };
const names = readdirSync(fixtures)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.compare.json'))
  .map((f) => f.replace(/\.json$/, ''));
const withText = names.filter((name) => withLies(fixture(name)).lies.size);

describe('views read structured fields, not display text', () => {
  it('has fixtures whose events and races carry display text to lie about', () => {
    // DMA events (buffers and windows) and races (buffers) must both be covered.
    expect(withText).toEqual(expect.arrayContaining(['dma_race.tpu', 'double_buffered_dma.tpu', 'two_cores_one_output.tpu']));
  });

  for (const name of withText) {
    for (const [viewName, view] of Object.entries(VIEWS)) {
      it(`${viewName} draws ${name} the same whatever its display strings say`, () => {
        const doc = fixture(name);
        const { copy, lies } = withLies(doc);
        for (const step of [0, 1]) {
          let lying = drawn(view, copy, step);
          for (const [text, truth] of lies) lying = lying.split(text).join(truth);
          expect(lying).toBe(drawn(view, doc, step));
        }
      });
    }
  }
});
