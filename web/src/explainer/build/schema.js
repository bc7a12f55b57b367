// What content/ may declare: every directive, every widget with the
// attributes it accepts, the named python blocks and parts it needs, and the
// facts (numbers the prose quotes) it publishes. One table, so a typo in a
// .md file fails the build instead of rendering a dead widget. Rung names
// are the engine's own (engine/schema.js).
import { RUNG_NAMES, RUNG_OPTIONS } from '../../engine/schema.js';

const oneOf = (...values) => (v) => values.includes(v) || `one of ${values.join(', ')}`;
const integer = (v) => /^-?\d+$/.test(v) || 'an integer';
const identifier = (v) => /^[a-z][a-z0-9_]*$/.test(v) || 'a lowercase identifier (a-z, 0-9, _)';
const text = (v) => v.length > 0 || 'non-empty text';

// parts: null (none allowed), 'any' (free names), or the exact list needed.
// fences: python blocks the widget itself must hold (by name=).
// partFence: every part must hold exactly one python block.
export const WIDGETS = {
  'rung-ladder': {
    attrs: {},
    parts: [...RUNG_NAMES], // one part per rung
    fences: ['kernel'],
    facts: ['steps', 'tpu_copies'],
  },
  'rung-walk': {
    attrs: {},
    parts: 'any',
    partFence: true,
    partAttrs: { title: text },
    facts: ['bugs', 'caught_interpret', 'caught_tpu', 'caught_chip', 'uncaught'],
  },
  'memory-spaces': {
    attrs: {},
    parts: ['tpu', 'gpu'],
    fences: ['spaces', 'smem', 'generation'],
    facts: ['smem_value'],
  },
  'interpret-loop': {
    attrs: {},
    parts: null,
    fences: ['kernel'],
    facts: ['steps', 'nan_rows'],
  },
  padding: {
    attrs: {},
    parts: null,
    fences: ['kernel'],
    facts: ['padded_shape', 'pad_hi'],
  },
  'grid-order': {
    attrs: { seed: integer },
    parts: null,
    fences: ['kernel'],
    facts: ['steps', 'first_point'],
  },
  oob: {
    attrs: {},
    parts: null,
    fences: ['kernel'],
    facts: ['clamped_start', 'landed_start', 'duplicated_rows', 'finite'],
  },
  'debug-picker': {
    attrs: {},
    parts: 'any',
    partFence: true,
    partAttrs: { question: text, switch: text, rung: oneOf(...RUNG_OPTIONS) },
    facts: [],
  },
  notebook: {
    attrs: { src: oneOf('notebook') },
    parts: 'any',
    partFence: true,
    partAttrs: { title: text },
    facts: [],
  },
  aliasing: {
    attrs: {},
    parts: ['inplace', 'wrong', 'prefetch'],
    partFence: true,
    facts: [],
  },
  ring: {
    attrs: { devices: integer },
    parts: null,
    fences: ['kernel'],
    facts: ['devices', 'transfers'],
  },
  questions: {
    attrs: { src: oneOf('questions') },
    parts: 'any',
    partFence: true,
    partAttrs: { question: text },
    facts: [],
  },
};

// The directives themselves. `widget` and `kernel` make widget roots; `part`
// only structures a widget's content.
export const DIRECTIVES = {
  widget: { positional: 'widget name' },
  kernel: {
    positional: null,
    // max_steps / max_memory / max_output / timeout_ms lower the engine's
    // limits so a limit's reproducer finishes quickly.
    attrs: {
      rung: oneOf(...RUNG_OPTIONS),
      seed: integer,
      expect: identifier,
      title: text,
      max_steps: integer,
      max_memory: integer,
      max_output: integer,
      timeout_ms: integer,
    },
  },
  part: { positional: 'part name' },
};

export const FENCE_ATTRS = { name: identifier };
