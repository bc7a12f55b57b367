// The settings of one embed, read from <rungs-kernel> attributes (or from the
// iframe form's decoded state, which uses the same names) and validated in one
// place. Invalid values are not quietly replaced by defaults: the embed shows
// every problem and refuses to run, because a documentation page that runs a
// kernel with settings other than the ones its author wrote would be showing
// the reader a wrong picture (Plot's "invalid X: v" / "unknown X: v" grammar).
//
//   const { config, problems } = parseConfig((name) => el.getAttribute(name));
import { RUNG_OPTIONS } from '../engine/schema.js';
import { parseParams } from './params.js';

export const VIEWS = Object.freeze(['output', 'grid', 'memory', 'console']);
export const THEMES = Object.freeze(['auto', 'light', 'dark']);
// When the kernel first runs: as soon as it scrolls into view, or on Run.
export const RUN_MODES = Object.freeze(['auto', 'click']);
export const DEFAULT_VIEWS = Object.freeze(['output', 'console']);

// The attributes <rungs-kernel> reads (besides src and its text).
export const CONFIG_ATTRIBUTES = Object.freeze(['rung', 'params', 'devices', 'views', 'height', 'editable', 'theme', 'run']);

const HEIGHT_PX = { min: 120, max: 4000 };

function pick(name, value, allowed, fallback, problems) {
  if (value === null || value === undefined || value === '') return fallback;
  const v = String(value).trim().toLowerCase();
  if (allowed.includes(v)) return v;
  problems.push(`invalid ${name}: ${JSON.stringify(String(value))} (expected ${allowed.join(', ')})`);
  return fallback;
}

// "output, console" -> ['output', 'console'], in the order written, once each.
export function parseViews(value, problems = []) {
  if (value === null || value === undefined || String(value).trim() === '') return [...DEFAULT_VIEWS];
  const views = [];
  for (const raw of String(value).split(',')) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if (!VIEWS.includes(name)) problems.push(`unknown view: ${JSON.stringify(raw.trim())} (expected ${VIEWS.join(', ')})`);
    else if (!views.includes(name)) views.push(name);
  }
  if (!views.length && !problems.length) problems.push('invalid views: the list is empty');
  return views;
}

// "360" or "360px" -> "360px"; "20rem", "40vh" pass through. Null: grow to fit.
export function parseHeight(value, problems = []) {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(px|rem|em|vh)?\s*$/i.exec(String(value));
  if (!m) {
    problems.push(`invalid height: ${JSON.stringify(String(value))} (expected pixels like 360, or 360px, 20rem, 40vh)`);
    return null;
  }
  const n = Number(m[1]);
  const unit = (m[2] ?? 'px').toLowerCase();
  if (unit === 'px' && (n < HEIGHT_PX.min || n > HEIGHT_PX.max)) {
    problems.push(`invalid height: ${n}px (expected ${HEIGHT_PX.min} to ${HEIGHT_PX.max} pixels)`);
    return null;
  }
  if (n <= 0) {
    problems.push(`invalid height: ${JSON.stringify(String(value))} (must be positive)`);
    return null;
  }
  return `${n}${unit}`;
}

// A boolean attribute in the HTML sense: present means true, except the
// explicit word "false" (what a templating system writes for a false flag).
export function parseFlag(name, value, problems = []) {
  if (value === null || value === undefined || value === false) return false;
  if (value === true) return true;
  const v = String(value).trim().toLowerCase();
  if (v === '' || v === 'true' || v === name) return true;
  if (v === 'false') return false;
  problems.push(`invalid ${name}: ${JSON.stringify(String(value))} (expected the bare attribute, true or false)`);
  return false;
}

// devices="4": simulated devices for a jax.shard_map kernel (absent: one).
export function parseDevices(value, problems = []) {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(String(value).trim());
  if (Number.isInteger(n) && n >= 1 && n <= 64) return n;
  problems.push(`invalid devices: ${JSON.stringify(String(value))} (a whole number from 1 to 64)`);
  return null;
}

export function parseConfig(get) {
  const problems = [];
  const params = parseParams(get('params'));
  problems.push(...params.problems);
  const config = {
    rung: pick('rung', get('rung'), RUNG_OPTIONS, 'auto', problems),
    params: params.params,
    devices: parseDevices(get('devices'), problems),
    views: parseViews(get('views'), problems),
    height: parseHeight(get('height'), problems),
    editable: parseFlag('editable', get('editable'), problems),
    theme: pick('theme', get('theme'), THEMES, 'auto', problems),
    run: pick('run', get('run'), RUN_MODES, 'auto', problems),
  };
  return { config, problems };
}

// The engine options for a run with this config. Grid walks and memory
// timelines are drawn from the event trace, which costs time and memory, so
// it is only asked for when one of those views is on.
export function runOptions(config) {
  const options = { rung: config.rung };
  if (config.params) options.params = config.params;
  if (config.devices) options.devices = config.devices;
  if (config.views.includes('grid') || config.views.includes('memory')) options.trace = true;
  return options;
}
