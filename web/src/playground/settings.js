// Run settings: the rung and the InterpretParams / chip overrides the page
// passes to engine.run as `params` (the engine applies them over whatever
// the program itself asked for). PARAMS is the one table of fields: the form,
// the validation of shared links and the Colab header all read it.
//
// A settings object: {rung, params: {field: value, ...}}; a field that is
// absent means "the program's own value".

export const RUNGS = ['auto', 'interpret', 'tpu', 'chip'];

export const PARAMS = [
  { key: 'detect_races', type: 'bool', label: 'detect_races', doc: 'rung 2: run the happens-before race detector' },
  { key: 'dma_execution_mode', type: 'enum', values: ['on_wait', 'eager'], label: 'dma_execution_mode', doc: 'rung 2: move DMA data at wait() (default) or at start()' },
  { key: 'out_of_bounds_reads', type: 'enum', values: ['raise', 'uninitialized'], label: 'out_of_bounds_reads', doc: 'rung 2: raise on an out-of-bounds read, or read the uninitialised value' },
  { key: 'uninitialized_memory', type: 'enum', values: ['nan', 'zero'], label: 'uninitialized_memory', doc: 'rung 2: what fresh buffers and padding hold' },
  { key: 'num_cores_or_threads', type: 'int', min: 1, max: 16, label: 'num_cores_or_threads', doc: 'rung 2: simulated TensorCores; parallel grid dimensions are split over them' },
  { key: 'random_seed', type: 'int', min: 0, max: 2 ** 31 - 1, label: 'random_seed', doc: 'rung 2: seed of the permutation of parallel grid dimensions' },
  { key: 'generation', type: 'enum', values: ['v4', 'v5e', 'v5p', 'v6e', 'tpu7x'], label: 'chip generation', doc: 'rung 3: which chip the model checks against (VMEM size, tiling)' },
];

export const DEFAULT_SETTINGS = Object.freeze({ rung: 'auto', params: Object.freeze({}) });

// A value for one field, checked against the table; throws with a message
// naming the field when it does not fit.
export function checkParam(field, value) {
  if (field.type === 'bool') {
    if (typeof value !== 'boolean') throw new TypeError(`${field.key} must be true or false`);
    return value;
  }
  if (field.type === 'enum') {
    if (!field.values.includes(value)) throw new TypeError(`${field.key} must be one of ${field.values.join(', ')}`);
    return value;
  }
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (!Number.isInteger(n) || n < field.min || n > field.max) {
    throw new TypeError(`${field.key} must be a whole number from ${field.min} to ${field.max}`);
  }
  return n;
}

// Settings from untrusted input (a shared link, localStorage): only known
// fields survive, each checked; anything wrong throws.
export function validateSettings(raw) {
  if (raw === undefined || raw === null) return { rung: 'auto', params: {} };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TypeError('settings must be an object');
  const rung = raw.rung ?? 'auto';
  if (!RUNGS.includes(rung)) throw new TypeError(`rung must be one of ${RUNGS.join(', ')}`);
  const params = {};
  const given = raw.params ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) throw new TypeError('params must be an object');
  for (const [key, value] of Object.entries(given)) {
    const field = PARAMS.find((f) => f.key === key);
    if (!field) throw new TypeError(`unknown parameter ${key}`);
    params[key] = checkParam(field, value);
  }
  return { rung, params };
}

// engine.run options for these settings.
export function runOptions(settings, extra = {}) {
  const options = { rung: settings.rung, ...extra };
  if (Object.keys(settings.params ?? {}).length) options.params = { ...settings.params };
  return options;
}

// "rung=tpu detect_races=True num_cores_or_threads=2": the settings as one
// line of Python-ish text (Colab header, status line).
export function settingsText(settings) {
  const parts = [`rung=${settings.rung}`];
  for (const f of PARAMS) {
    if (!(f.key in (settings.params ?? {}))) continue;
    const v = settings.params[f.key];
    parts.push(`${f.key}=${typeof v === 'boolean' ? (v ? 'True' : 'False') : typeof v === 'string' ? `'${v}'` : v}`);
  }
  return parts.join(' ');
}
