// The run controls: gallery picker, rung selector and one control per
// InterpretParams / chip param, built from the engine's own table
// (engine/schema.js) so the form, the validation and the engine cannot
// disagree. Every param control has a "program's own" choice, which sends
// nothing for that param.
//
//   const controls = createControls(host, {gallery, onChange, onPick})
//   controls.read() -> settings          controls.write(settings)
//   controls.setKernel(id | null)        (null: the code is the reader's own)
import { el } from '../views/dom.js';
import { PARAMS, RUNGS, checkParam, isIntParam } from '../engine/schema.js';
import { MAX_DEVICES, checkDevices } from './settings.js';

const OWN = '';
const SUMMARY = 'InterpretParams and chip settings';

// One param's control: a number field for ints (the schema's range), a
// select for bools and choices, a text field for strings.
function paramInput(p) {
  if (isIntParam(p)) {
    return el('input', { type: 'number', name: p.name, min: p.min, max: p.max, step: 1, placeholder: "program's own", inputmode: 'numeric' });
  }
  if (p.type === 'bool' || p.type === 'choice') {
    const values = p.type === 'bool' ? ['true', 'false'] : p.choices;
    const text = (v) => (p.type === 'bool' ? (v === 'true' ? 'True' : 'False') : v);
    return el('select', { name: p.name }, el('option', { value: OWN }, "program's own"), ...values.map((v) => el('option', { value: v }, text(v))));
  }
  return el('input', { type: 'text', name: p.name, placeholder: "program's own" });
}

export function createControls(host, { gallery, onChange = () => {}, onPick = () => {} }) {
  const pick = el(
    'select',
    { name: 'kernel', 'aria-describedby': 'pg-kernel-title' },
    el('option', { value: OWN }, '(your own code)'),
    ...gallery.map((k) => el('option', { value: k.id }, k.id.replace(/_/g, ' '))),
  );
  const title = el('p', { class: 'pg-kernel-title', id: 'pg-kernel-title' });
  const rung = el(
    'select',
    { name: 'rung' },
    el('option', { value: 'auto' }, 'auto: what the code says'),
    // Labelled in the engine's words: rung 3's label says it is a model.
    ...RUNGS.map((r, i) => el('option', { value: r.name, title: `${r.selected_by}: ${r.models}` }, `rung ${i + 1} · ${r.label}`)),
  );
  // Simulated devices (jax.devices()); empty: one, or what the program sets.
  const devices = el('input', { type: 'number', name: 'devices', min: 1, max: MAX_DEVICES, step: 1, placeholder: '1', inputmode: 'numeric' });
  const inputs = new Map();
  const fields = el('div', { class: 'pg-params' });
  for (const p of PARAMS) {
    const input = paramInput(p);
    inputs.set(p.name, input);
    fields.append(el('label', { title: p.doc }, el('span', { class: 'pg-param-name' }, p.name), input, el('span', { class: 'pg-param-doc' }, p.doc)));
  }
  const problem = el('p', { class: 'pg-param-problem', role: 'status' });
  const details = el('details', { class: 'pg-params-box' }, el('summary', {}, SUMMARY), fields, problem);
  host.replaceChildren(
    el('label', { class: 'pg-control' }, el('span', {}, 'Example'), pick),
    el('label', { class: 'pg-control' }, el('span', {}, 'Rung'), rung),
    el('label', { class: 'pg-control pg-devices', title: 'simulated devices for jax.shard_map (jax.devices())' },
      el('span', {}, 'Devices'), devices),
    details,
    title,
  );

  const describe = (id) => {
    const k = gallery.find((g) => g.id === id);
    title.textContent = k ? k.title : 'Your own kernel: edit freely; it is kept in this browser.';
  };
  pick.addEventListener('change', () => {
    describe(pick.value);
    if (pick.value) onPick(pick.value);
  });
  rung.addEventListener('change', () => onChange());
  devices.addEventListener('change', () => onChange());
  for (const input of inputs.values()) input.addEventListener('change', () => onChange());

  // The settings the form shows; a field that does not validate is left out
  // and named under the form (the run then uses the program's own value).
  function read() {
    const params = {};
    const bad = [];
    for (const p of PARAMS) {
      const raw = inputs.get(p.name).value;
      if (raw === OWN) continue;
      try {
        params[p.name] = checkParam(p, p.type === 'bool' ? raw === 'true' : raw);
      } catch (err) {
        bad.push(err.message);
      }
    }
    let count = null;
    if (devices.value !== '') {
      try {
        count = checkDevices(devices.value);
      } catch (err) {
        bad.push(err.message);
      }
    }
    problem.textContent = bad.length ? `Ignored: ${bad.join('; ')}.` : '';
    const set = Object.keys(params).length;
    details.querySelector('summary').textContent = `${SUMMARY}${set ? ` (${set} set)` : ''}`;
    return count ? { rung: rung.value, params, devices: count } : { rung: rung.value, params };
  }

  function write(settings) {
    rung.value = settings.rung;
    devices.value = settings.devices ? String(settings.devices) : '';
    for (const p of PARAMS) {
      const v = settings.params?.[p.name];
      inputs.get(p.name).value = v === undefined || v === null ? OWN : String(v);
    }
    if (Object.keys(settings.params ?? {}).length) details.open = true;
    read();
  }

  return {
    read,
    write,
    setKernel(id) {
      pick.value = id ?? OWN;
      describe(id);
    },
    // A gallery kernel that needs several devices sets the count.
    setDevices(n) {
      devices.value = n ? String(n) : '';
      read();
    },
    kernel: () => pick.value || null,
  };
}
