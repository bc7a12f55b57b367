// InterpretParams validation: what reaches the engine is exactly what the
// author wrote, or nothing and a named problem.
import { describe, expect, it } from 'vitest';
import { PARAM_RULES, parseParams } from '../../../web/src/embed/params.js';

describe('parseParams', () => {
  it('is empty for no params', () => {
    for (const none of [null, undefined, '', '  ', 'null', '{}']) expect(parseParams(none)).toEqual({ params: null, problems: [] });
  });

  it('accepts every InterpretParams field the engine reads', () => {
    const all = {
      detect_races: true,
      dma_execution_mode: 'eager',
      out_of_bounds_reads: 'uninitialized',
      uninitialized_memory: 'zero',
      num_cores_or_threads: 4,
      random_seed: 7,
      skip_floating_point_ops: false,
      buffer_bounds: 'padded',
      generation: 'v5e',
      chip_order_seed: 3,
    };
    expect(Object.keys(all).sort()).toEqual(Object.keys(PARAM_RULES).sort());
    expect(parseParams(JSON.stringify(all))).toEqual({ params: all, problems: [] });
    expect(parseParams({ random_seed: null })).toEqual({ params: { random_seed: null }, problems: [] });
  });

  it('refuses text that is not a JSON object', () => {
    expect(parseParams('{detect_races: true}').problems[0]).toMatch(/^invalid params: not JSON/);
    expect(parseParams('[1]').problems).toEqual(['invalid params: expected a JSON object, got [1]']);
    expect(parseParams('"tpu"').problems).toEqual(['invalid params: expected a JSON object, got "tpu"']);
  });

  it('names unknown keys and wrong values, and passes nothing then', () => {
    const out = parseParams('{"detect_race": true, "num_cores_or_threads": 0, "dma_execution_mode": "lazy", "random_seed": 1.5}');
    expect(out.params).toBe(null);
    expect(out.problems).toEqual([
      expect.stringMatching(/^unknown params key: detect_race \(known: detect_races, /),
      'invalid params.num_cores_or_threads: 0 (expected an integer from 1 to 64)',
      'invalid params.dma_execution_mode: "lazy" (expected "on_wait" or "eager")',
      'invalid params.random_seed: 1.5 (expected an integer from 0 to 9007199254740991 or null)',
    ]);
  });

  it('does not let JSON reach the prototype', () => {
    const out = parseParams('{"__proto__": {"detect_races": true}}');
    expect(out.params).toBe(null);
    expect(out.problems[0]).toMatch(/^unknown params key: __proto__/);
    expect({}.detect_races).toBeUndefined();
  });

  it('checks generation names by shape only (the engine knows the list)', () => {
    expect(parseParams('{"generation": "tpu7x"}').params).toEqual({ generation: 'tpu7x' });
    expect(parseParams('{"generation": "v5e; rm"}').problems.length).toBe(1);
  });
});
