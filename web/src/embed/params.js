// InterpretParams for an embed, validated before they reach the engine.
// The engine takes `params` as a JSON object of overrides (result/runner.cpp)
// and silently ignores keys it does not know, and a wrong type there can end
// as an internal error; a documentation author deserves the mistake named at
// the tag instead ("invalid params.detect_races: ..."), so every key the
// engine reads is listed here with the values it accepts, and anything else is
// refused. Values mirror pltpu.InterpretParams (core/pallas/params.h) plus the
// chip model's own two settings.

const oneOf = (...allowed) => ({
  check: (v) => allowed.includes(v),
  expect: allowed.map((a) => JSON.stringify(a)).join(' or '),
});
const boolean = { check: (v) => typeof v === 'boolean', expect: 'true or false' };
const intIn = (lo, hi) => ({
  check: (v) => Number.isInteger(v) && v >= lo && v <= hi,
  expect: `an integer from ${lo} to ${hi}`,
});
const optional = (rule) => ({
  check: (v) => v === null || rule.check(v),
  expect: `${rule.expect} or null`,
});

// Seeds reach the engine through std::stoll: keep them inside int64 and
// inside what JSON numbers represent exactly.
const SEED = intIn(0, Number.MAX_SAFE_INTEGER);

export const PARAM_RULES = Object.freeze({
  detect_races: boolean,
  dma_execution_mode: oneOf('on_wait', 'eager'),
  out_of_bounds_reads: oneOf('raise', 'uninitialized'),
  uninitialized_memory: oneOf('nan', 'zero'),
  num_cores_or_threads: intIn(1, 64),
  random_seed: optional(SEED),
  skip_floating_point_ops: boolean,
  buffer_bounds: oneOf('logical', 'padded'),
  // The chip model (rung 3): which TPU generation, and a seed that permutes
  // the parallel grid dimensions. The engine names unknown generations.
  generation: { check: (v) => typeof v === 'string' && /^[a-z0-9]{1,16}$/.test(v), expect: 'a TPU generation such as "v5e"' },
  chip_order_seed: SEED,
});

// JSON text (the attribute) or an already-parsed value -> {params, problems}.
// `params` is a fresh plain object holding only validated keys, or null when
// there is nothing to pass.
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
    const rule = Object.hasOwn(PARAM_RULES, key) ? PARAM_RULES[key] : null;
    if (!rule) {
      problems.push(`unknown params key: ${key} (known: ${Object.keys(PARAM_RULES).join(', ')})`);
    } else if (!rule.check(v)) {
      problems.push(`invalid params.${key}: ${JSON.stringify(v)} (expected ${rule.expect})`);
    } else {
      params[key] = v;
    }
  }
  if (problems.length) return { params: null, problems };
  return { params: Object.keys(params).length ? params : null, problems };
}
