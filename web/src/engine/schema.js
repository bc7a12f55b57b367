// The engine's run contract, as the engine itself exports it (`rungs schema
// --json`, m.schema() in wasm): the rungs, the InterpretParams and chip
// params with their types, defaults, choices and ranges, the chip
// generations, and the error registry with a category per id. This is the
// one module of the web app that knows any of it; forms, share links, embed
// attributes, the Colab header, completions and the explainer's rung order
// all read it from here instead of declaring their own copy.
//
// Pages need it synchronously (a form is built before the worker has
// started), so it is imported as data: web/src/generated/schema.json, which
// write-schema.js asks the built wasm module for right after the wasm build.
// The import attribute lets plain Node (build scripts, end-to-end checks)
// load this module too, not only Vite.
import data from '../generated/schema.json' with { type: 'json' };

function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

export const SCHEMA = deepFreeze(data);

// [{name, label, selected_by, models}] in rung order: interpret, tpu, chip.
export const RUNGS = SCHEMA.rungs;
export const RUNG_NAMES = Object.freeze(RUNGS.map((r) => r.name));
// What a run's `rung` option takes: "auto" (the program's own interpret=
// argument, the default) or a rung that every pallas_call is forced onto.
export const RUNG_OPTIONS = Object.freeze(['auto', ...RUNG_NAMES]);

// [{name, type, group, default, doc, choices?, min?, max?}]; `group` is
// "InterpretParams" (rung 2's pltpu.InterpretParams fields) or "chip".
export const PARAMS = SCHEMA.params;
export const PARAM_NAMES = Object.freeze(PARAMS.map((p) => p.name));
export const GENERATIONS = SCHEMA.generations;
// [{id, type, category}]; category is usage, parse, runtime, kernel or
// compile. The message templates are left out of this copy (write-schema.js);
// engine.errors() has them.
export const ERRORS = SCHEMA.errors;

const paramsByName = new Map(PARAMS.map((p) => [p.name, p]));
const errorsById = new Map(ERRORS.map((e) => [e.id, e]));

export const paramByName = (name) => paramsByName.get(name) ?? null;
export const errorById = (id) => errorsById.get(id) ?? null;
// 1 for interpret, 2 for tpu, 3 for chip; 0 for anything else ("auto").
export const rungNumber = (name) => RUNG_NAMES.indexOf(name) + 1;
export const isIntParam = (param) => param.type === 'int' || param.type === 'int or null';

// A value for one param, checked against its schema entry; throws a
// TypeError naming the param when it does not fit. An int param also takes
// its decimal text ("2"), as a form field or a share link holds it.
export function checkParam(param, value) {
  const { name, type } = param;
  if (type === 'bool') {
    if (typeof value !== 'boolean') throw new TypeError(`${name} must be true or false`);
    return value;
  }
  if (type === 'choice') {
    if (!param.choices.includes(value)) throw new TypeError(`${name} must be one of ${param.choices.join(', ')}`);
    return value;
  }
  if (type === 'str') {
    if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
    return value;
  }
  if (isIntParam(param)) {
    if (value === null && type === 'int or null') return null;
    const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    if (!Number.isInteger(n) || n < param.min || n > param.max) {
      const orNull = type === 'int or null' ? ', or null' : '';
      throw new TypeError(`${name} must be a whole number from ${param.min} to ${param.max}${orNull}`);
    }
    return n;
  }
  // A type the engine exports but this page was not written for: the schema
  // and the page disagree, which is a bug to report, not a value to guess.
  throw new TypeError(`${name} has type '${type}', which this page does not know how to check`);
}

// The values a param takes, as one line of text: true | false,
// "on_wait" | "eager", 1 … 16 (the embedding guide's list of keys).
export function describeValues(param) {
  if (param.type === 'bool') return 'true | false';
  if (param.type === 'choice') return param.choices.map((v) => JSON.stringify(v)).join(' | ');
  if (isIntParam(param)) return `${param.min} … ${param.max}${param.type === 'int or null' ? ' | null' : ''}`;
  return param.type;
}
