// <rungs-kernel> settings: every attribute's accepted values, its default,
// and the exact problem text an author sees for a mistake.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEWS,
  parseConfig,
  parseFlag,
  parseHeight,
  parseViews,
  runOptions,
} from '../../../web/src/embed/attributes.js';

const attrs = (map) => (name) => (Object.hasOwn(map, name) ? map[name] : null);

describe('parseConfig', () => {
  it('has defaults for a bare element', () => {
    expect(parseConfig(attrs({}))).toEqual({
      config: { rung: 'auto', params: null, devices: null, views: ['output', 'console'], height: null, editable: false, theme: 'auto', run: 'auto' },
      problems: [],
    });
  });

  it('reads every attribute', () => {
    const { config, problems } = parseConfig(
      attrs({ rung: 'TPU', params: '{"detect_races": true, "num_cores_or_threads": 2}', devices: '4', views: 'grid, memory,console', height: '420', editable: '', theme: 'dark', run: 'click' }),
    );
    expect(problems).toEqual([]);
    expect(config).toEqual({
      rung: 'tpu',
      params: { detect_races: true, num_cores_or_threads: 2 },
      devices: 4,
      views: ['grid', 'memory', 'console'],
      height: '420px',
      editable: true,
      theme: 'dark',
      run: 'click',
    });
  });

  it('names each invalid attribute and keeps going', () => {
    const { problems } = parseConfig(attrs({ rung: 'gpu', theme: 'sepia', run: 'now', views: 'output,plot', params: '{"detect_races": 1}', devices: '0' }));
    expect(problems).toEqual([
      'invalid params.detect_races: 1 (detect_races must be true or false)',
      'invalid rung: "gpu" (expected auto, interpret, tpu, chip)',
      'invalid devices: "0" (a whole number from 1 to 64)',
      'unknown view: "plot" (expected output, grid, memory, console)',
      'invalid theme: "sepia" (expected auto, light, dark)',
      'invalid run: "now" (expected auto, click)',
    ]);
  });

  it('accepts each rung and theme', () => {
    for (const rung of ['auto', 'interpret', 'tpu', 'chip']) expect(parseConfig(attrs({ rung })).config.rung).toBe(rung);
    for (const theme of ['auto', 'light', 'dark']) expect(parseConfig(attrs({ theme })).config.theme).toBe(theme);
  });
});

describe('parseViews', () => {
  it('keeps the written order and drops repeats', () => {
    expect(parseViews('console,output,console')).toEqual(['console', 'output']);
  });
  it('defaults when absent or blank', () => {
    expect(parseViews(null)).toEqual([...DEFAULT_VIEWS]);
    expect(parseViews('  ')).toEqual([...DEFAULT_VIEWS]);
  });
  it('refuses an empty list', () => {
    const problems = [];
    expect(parseViews(',,', problems)).toEqual([]);
    expect(problems).toEqual(['invalid views: the list is empty']);
  });
});

describe('parseHeight', () => {
  it('turns numbers into pixels and passes CSS lengths', () => {
    expect(parseHeight('360')).toBe('360px');
    expect(parseHeight('360px')).toBe('360px');
    expect(parseHeight('20rem')).toBe('20rem');
    expect(parseHeight('40vh')).toBe('40vh');
    expect(parseHeight(null)).toBe(null);
  });
  it('refuses anything that is not a plain length', () => {
    for (const bad of ['tall', '100%', 'calc(1px)', '10px; color: red', '-5', '0']) {
      const problems = [];
      expect(parseHeight(bad, problems)).toBe(null);
      expect(problems.length).toBe(1);
    }
  });
  it('bounds pixel heights', () => {
    const problems = [];
    parseHeight('50', problems);
    parseHeight('99999', problems);
    expect(problems).toEqual(['invalid height: 50px (expected 120 to 4000 pixels)', 'invalid height: 99999px (expected 120 to 4000 pixels)']);
  });
});

describe('parseFlag', () => {
  it('reads HTML boolean attributes', () => {
    expect(parseFlag('editable', null)).toBe(false);
    expect(parseFlag('editable', '')).toBe(true);
    expect(parseFlag('editable', 'editable')).toBe(true);
    expect(parseFlag('editable', 'true')).toBe(true);
    expect(parseFlag('editable', 'false')).toBe(false);
    const problems = [];
    expect(parseFlag('editable', 'yes please', problems)).toBe(false);
    expect(problems).toEqual(['invalid editable: "yes please" (expected the bare attribute, true or false)']);
  });
});

describe('runOptions', () => {
  const config = (over) => ({ ...parseConfig(attrs({})).config, ...over });
  it('asks for the trace only when a view draws it', () => {
    expect(runOptions(config({}))).toEqual({ rung: 'auto' });
    expect(runOptions(config({ views: ['grid'] }))).toEqual({ rung: 'auto', trace: true });
    expect(runOptions(config({ views: ['memory', 'console'], rung: 'tpu', params: { detect_races: true } }))).toEqual({
      rung: 'tpu',
      params: { detect_races: true },
      trace: true,
    });
  });
});
