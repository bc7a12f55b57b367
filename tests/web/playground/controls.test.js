// @vitest-environment jsdom
// The playground's run controls are built from the engine's schema: one
// rung option per engine rung plus "auto", one control per param with the
// schema's choices and ranges, and values checked by the same checker the
// share links and embeds use.
import { describe, expect, it } from 'vitest';
import { PARAMS, RUNG_OPTIONS, isIntParam } from '../../../web/src/engine/schema.js';
import { createControls } from '../../../web/src/playground/controls.js';

function mount() {
  const host = document.createElement('div');
  const controls = createControls(host, { gallery: [{ id: 'add_vectors', title: 'Adds two vectors, one block per grid step.' }] });
  return { host, controls };
}

describe('run controls', () => {
  it("offer the engine's rungs and one control per engine param", () => {
    const { host } = mount();
    expect([...host.querySelector('select[name="rung"]').options].map((o) => o.value)).toEqual(RUNG_OPTIONS);
    expect(host.querySelector('select[name="rung"] option[value="chip"]').textContent).toBe('rung 3 · chip model');
    const labels = [...host.querySelectorAll('.pg-params label')];
    expect(labels.map((l) => l.querySelector('.pg-param-name').textContent)).toEqual(PARAMS.map((p) => p.name));
    for (const p of PARAMS) {
      const input = host.querySelector(`.pg-params [name="${p.name}"]`);
      expect(input.closest('label').querySelector('.pg-param-doc').textContent, p.name).toBe(p.doc);
      if (p.type === 'choice') expect([...input.options].map((o) => o.value), p.name).toEqual(['', ...p.choices]);
      else if (p.type === 'bool') expect([...input.options].map((o) => o.value), p.name).toEqual(['', 'true', 'false']);
      else if (isIntParam(p)) expect([input.type, input.min, input.max], p.name).toEqual(['number', String(p.min), String(p.max)]);
      else expect(input.type, p.name).toBe('text');
    }
  });

  it('read what they were given, and leave out (and name) a value out of range', () => {
    const { host, controls } = mount();
    const settings = { rung: 'tpu', params: { detect_races: true, num_cores_or_threads: 2, random_seed: 7, generation: 'v6e', poison_buffers: false } };
    controls.write(settings);
    expect(controls.read()).toEqual(settings);
    expect(host.querySelector('summary').textContent).toBe('InterpretParams and chip settings (5 set)');
    host.querySelector('[name="num_cores_or_threads"]').value = '99';
    expect(controls.read().params).not.toHaveProperty('num_cores_or_threads');
    expect(host.querySelector('.pg-param-problem').textContent).toBe('Ignored: num_cores_or_threads must be a whole number from 1 to 16.');
    controls.write({ rung: 'auto', params: {} });
    expect(controls.read()).toEqual({ rung: 'auto', params: {} });
  });
});
