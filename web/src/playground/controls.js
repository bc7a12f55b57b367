// The run controls: gallery picker, rung selector and one control per
// InterpretParams / chip field, built from the PARAMS table (settings.js) so
// the form and the validation cannot disagree. Every parameter control has a
// "program's own" choice, which sends nothing for that field.
//
//   const controls = createControls(host, {gallery, onChange, onPick})
//   controls.read() -> settings          controls.write(settings)
//   controls.setKernel(id | null)        (null: the code is the reader's own)
import { el } from '../views/dom.js';
import { PARAMS, checkParam } from './settings.js';

const OWN = '';

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
    el('option', { value: 'interpret' }, 'rung 1 · interpret'),
    el('option', { value: 'tpu' }, 'rung 2 · tpu'),
    el('option', { value: 'chip' }, 'rung 3 · chip (a model)'),
  );
  const inputs = new Map();
  const fields = el('div', { class: 'pg-params' });
  for (const f of PARAMS) {
    let input;
    if (f.type === 'int') {
      input = el('input', { type: 'number', name: f.key, min: f.min, max: f.max, step: 1, placeholder: "program's own", inputmode: 'numeric' });
    } else {
      const values = f.type === 'bool' ? ['true', 'false'] : f.values;
      input = el('select', { name: f.key }, el('option', { value: OWN }, "program's own"), ...values.map((v) => el('option', { value: v }, f.type === 'bool' ? (v === 'true' ? 'True' : 'False') : v)));
    }
    inputs.set(f.key, input);
    fields.append(el('label', { title: f.doc }, el('span', { class: 'pg-param-name' }, f.label), input, el('span', { class: 'pg-param-doc' }, f.doc)));
  }
  const problem = el('p', { class: 'pg-param-problem', role: 'status' });
  const details = el('details', { class: 'pg-params-box' }, el('summary', {}, 'InterpretParams and chip generation'), fields, problem);
  host.replaceChildren(
    el('label', { class: 'pg-control' }, el('span', {}, 'Example'), pick),
    el('label', { class: 'pg-control' }, el('span', {}, 'Rung'), rung),
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
  for (const input of inputs.values()) input.addEventListener('change', () => onChange());

  // The settings the form shows; a field that does not validate is left out
  // and named under the form (the run then uses the program's own value).
  function read() {
    const params = {};
    const bad = [];
    for (const f of PARAMS) {
      const raw = inputs.get(f.key).value;
      if (raw === OWN) continue;
      try {
        params[f.key] = checkParam(f, f.type === 'bool' ? raw === 'true' : raw);
      } catch (err) {
        bad.push(err.message);
      }
    }
    problem.textContent = bad.length ? `Ignored: ${bad.join('; ')}.` : '';
    const count = Object.keys(params).length;
    details.querySelector('summary').textContent = `InterpretParams and chip generation${count ? ` (${count} set)` : ''}`;
    return { rung: rung.value, params };
  }

  function write(settings) {
    rung.value = settings.rung;
    for (const f of PARAMS) {
      const v = settings.params?.[f.key];
      inputs.get(f.key).value = v === undefined ? OWN : String(v);
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
    kernel: () => pick.value || null,
  };
}
