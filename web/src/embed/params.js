// InterpretParams for an embed, validated before they reach the engine, by
// the engine's own params table (engine/schema.js), the one the playground's
// controls and share links use too, so an embed accepts exactly what they
// accept and its "Open in playground" link always opens. The engine would
// refuse a wrong key as well (unknown_run_param), but only once the kernel
// runs; a documentation author deserves every mistake named at the tag
// before anything runs ("invalid params.detect_races: ...").
import { PARAM_NAMES, checkParam, isIntParam, paramByName } from '../engine/schema.js';

export const PARAM_KEYS = PARAM_NAMES;

// JSON text (the attribute) or an already-parsed value -> {params, problems}.
// `params` is a fresh plain object holding only validated keys, or null when
// there is nothing to pass (and always null when there is a problem).
export function parseParams(input) {
  const problems = [];
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) {
    return { params: null, problems };
  }
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (err) {
      return { params: null, problems: [`invalid params: not JSON (${err.message})`] };
    }
  }
  if (value === null) return { params: null, problems };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { params: null, problems: [`invalid params: expected a JSON object, got ${JSON.stringify(value)}`] };
  }
  const params = {};
  for (const [key, v] of Object.entries(value)) {
    const param = paramByName(key);
    if (!param) {
      problems.push(`unknown params key: ${key} (known: ${PARAM_KEYS.join(', ')})`);
      continue;
    }
    // The playground's checker also takes "2" for 2 (a form field's text);
    // an attribute is JSON, so its types must already be right.
    if (typeof v === 'string' && isIntParam(param)) {
      problems.push(`invalid params.${key}: ${JSON.stringify(v)} (${key} must be a whole number, not a string)`);
      continue;
    }
    try {
      params[key] = checkParam(param, v);
    } catch (err) {
      problems.push(`invalid params.${key}: ${JSON.stringify(v)} (${err.message})`);
    }
  }
  if (problems.length) return { params: null, problems };
  return { params: Object.keys(params).length ? params : null, problems };
}
