// Run settings: the rung and the InterpretParams / chip overrides the page
// passes to engine.run as `params` (the engine applies them over whatever
// the program itself asked for). The fields are the engine's own params
// (engine/schema.js): the form, the validation of shared links and the Colab
// header all read that one table.
//
// A settings object: {rung, params: {name: value, ...}, devices?}; a param
// that is absent means "the program's own value"; `devices` is how many
// simulated devices jax.devices() lists (absent: one, or what the program
// sets with jax_num_cpu_devices).
import { PARAMS, RUNG_OPTIONS, checkParam, paramByName } from '../engine/schema.js';

export const DEFAULT_SETTINGS = Object.freeze({ rung: 'auto', params: Object.freeze({}) });

// Settings from untrusted input (a shared link, localStorage): only known
// params survive, each checked; anything wrong throws.
export function validateSettings(raw) {
  if (raw === undefined || raw === null) return { rung: 'auto', params: {} };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TypeError('settings must be an object');
  const rung = raw.rung ?? 'auto';
  if (!RUNG_OPTIONS.includes(rung)) throw new TypeError(`rung must be one of ${RUNG_OPTIONS.join(', ')}`);
  const params = {};
  const given = raw.params ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) throw new TypeError('params must be an object');
  for (const [name, value] of Object.entries(given)) {
    const param = paramByName(name);
    if (!param) throw new TypeError(`unknown parameter ${name}`);
    params[name] = checkParam(param, value);
  }
  const out = { rung, params };
  if (raw.devices !== undefined && raw.devices !== null) out.devices = checkDevices(raw.devices);
  return out;
}

// A device count the engine accepts: an integer from 1 to MAX_DEVICES.
export const MAX_DEVICES = 64;
export function checkDevices(value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_DEVICES) throw new TypeError(`devices must be an integer from 1 to ${MAX_DEVICES}`);
  return n;
}

// engine.run options for these settings.
export function runOptions(settings, extra = {}) {
  const options = { rung: settings.rung, ...extra };
  if (Object.keys(settings.params ?? {}).length) options.params = { ...settings.params };
  if (settings.devices) options.devices = settings.devices;
  return options;
}

// A JSON value as Python source: True, None, 2, "eager".
export function pyLiteral(v, quote = '"') {
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'string') return `${quote}${v}${quote}`;
  return String(v);
}

// "rung=tpu detect_races=True num_cores_or_threads=2": the settings as one
// line of Python-ish text (Colab header, status line), in schema order.
export function settingsText(settings) {
  const parts = [`rung=${settings.rung}`];
  if (settings.devices) parts.push(`devices=${settings.devices}`);
  for (const p of PARAMS) {
    if (!(p.name in (settings.params ?? {}))) continue;
    parts.push(`${p.name}=${pyLiteral(settings.params[p.name], "'")}`);
  }
  return parts.join(' ');
}
