// InterpretParams for an embed, validated before they reach the engine, by
// the playground's table of fields (web/src/playground/settings.js: PARAMS),
// so an embed accepts exactly what the playground's controls and share links
// accept and its "Open in playground" link always opens. The engine itself
// ignores keys it does not know; a documentation author deserves the mistake
// named at the tag instead ("invalid params.detect_races: ...").
import { PARAMS, checkParam } from '../playground/settings.js';

export const PARAM_KEYS = Object.freeze(PARAMS.map((f) => f.key));

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
    const field = PARAMS.find((f) => f.key === key);
    if (!field) {
      problems.push(`unknown params key: ${key} (known: ${PARAM_KEYS.join(', ')})`);
      continue;
    }
    // The playground's checker also takes "2" for 2 (a form field's text);
    // an attribute is JSON, so its types must already be right.
    if (typeof v === 'string' && field.type === 'int') {
      problems.push(`invalid params.${key}: ${JSON.stringify(v)} (${key} must be a whole number, not a string)`);
      continue;
    }
    try {
      params[key] = checkParam(field, v);
    } catch (err) {
      problems.push(`invalid params.${key}: ${JSON.stringify(v)} (${err.message})`);
    }
  }
  if (problems.length) return { params: null, problems };
  return { params: Object.keys(params).length ? params : null, problems };
}
