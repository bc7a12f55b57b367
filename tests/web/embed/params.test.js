// InterpretParams validation, by the engine's own params table (schema.js):
// what reaches the engine is exactly what the author wrote, or nothing and a
// named problem.
import { describe, expect, it } from 'vitest';
import { PARAM_KEYS, parseParams } from '../../../web/src/embed/params.js';
import { PARAMS } from '../../../web/src/engine/schema.js';

describe('parseParams', () => {
  it('is empty for no params', () => {
    for (const none of [null, undefined, '', '  ', 'null', '{}']) expect(parseParams(none)).toEqual({ params: null, problems: [] });
  });

  it('accepts every param of the engine schema', () => {
    expect(PARAM_KEYS).toEqual(PARAMS.map((p) => p.name));
    const all = {
      detect_races: true,
      dma_execution_mode: 'eager',
      out_of_bounds_reads: 'uninitialized',
      uninitialized_memory: 'zero',
      num_cores_or_threads: 4,
      random_seed: 7,
      generation: 'v5e',
    };
    expect(parseParams(JSON.stringify(all))).toEqual({ params: all, problems: [] });
    // A value that is not the default for each param (the last choice, the
    // top of a range, the other bool): all of them at once.
    const other = Object.fromEntries(
      PARAMS.map((p) => [p.name, p.type === 'bool' ? !p.default : p.type === 'choice' ? p.choices.at(-1) : p.max]),
    );
    expect(Object.keys(other).sort()).toEqual([...PARAM_KEYS].sort());
    expect(parseParams(JSON.stringify(other))).toEqual({ params: other, problems: [] });
    expect(parseParams('{"random_seed": null}')).toEqual({ params: { random_seed: null }, problems: [] });
  });

  it('refuses text that is not a JSON object', () => {
    expect(parseParams('{detect_races: true}').problems[0]).toMatch(/^invalid params: not JSON/);
    expect(parseParams('[1]').problems).toEqual(['invalid params: expected a JSON object, got [1]']);
    expect(parseParams('"tpu"').problems).toEqual(['invalid params: expected a JSON object, got "tpu"']);
  });

  it('names unknown keys and wrong values, and passes nothing then', () => {
    const out = parseParams('{"detect_race": true, "num_cores_or_threads": 0, "dma_execution_mode": "lazy", "random_seed": "3", "detect_races": "yes"}');
    expect(out.params).toBe(null);
    expect(out.problems).toEqual([
      `unknown params key: detect_race (known: ${PARAM_KEYS.join(', ')})`,
      'invalid params.num_cores_or_threads: 0 (num_cores_or_threads must be a whole number from 1 to 16)',
      'invalid params.dma_execution_mode: "lazy" (dma_execution_mode must be one of on_wait, eager)',
      'invalid params.random_seed: "3" (random_seed must be a whole number, not a string)',
      'invalid params.detect_races: "yes" (detect_races must be true or false)',
    ]);
  });

  it('does not let JSON reach the prototype', () => {
    const out = parseParams('{"__proto__": {"detect_races": true}}');
    expect(out.params).toBe(null);
    expect(out.problems[0]).toMatch(/^unknown params key: __proto__/);
    expect({}.detect_races).toBeUndefined();
  });
});
