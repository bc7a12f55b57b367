// The URL-fragment state of an embed: what embed.html#... loads and what the
// "Open in playground" link carries. The fragment never reaches a server, so
// a kernel in a link stays on the reader's machine.
//
// Format (until the playground's share-link encoder lands in
// web/src/playground/, this is the documented fallback; switch both sides to
// that encoder then): URLSearchParams text,
//   code=<the program>&rung=tpu&params=<JSON>&views=output,grid&editable=1
//   &theme=dark&run=click&origin=<host origin for postMessage>
// Settings at their default are left out, so a plain kernel is just #code=....
// Decoding returns the settings as the attribute strings <rungs-kernel> would
// carry; validation is attributes.js's job, in one place for both forms.
import { DEFAULT_VIEWS } from './attributes.js';

const SETTINGS = ['rung', 'params', 'views', 'editable', 'theme', 'run'];

// Only http(s) origins, written exactly as `location.origin` writes them.
export function normalizeOrigin(value) {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value.replace(/\/$/, '') ? url.origin : null;
  } catch {
    return null;
  }
}

// {code, rung, params, views, editable, theme, run, origin} -> fragment text
// (no leading '#'). `params` may be an object or JSON text; `views` an array
// or a comma list.
export function encodeState(state) {
  const q = new URLSearchParams();
  q.set('code', String(state.code ?? ''));
  if (state.rung && state.rung !== 'auto') q.set('rung', state.rung);
  if (state.params) {
    const text = typeof state.params === 'string' ? state.params : JSON.stringify(state.params);
    if (text.trim() && text.trim() !== '{}' && text.trim() !== 'null') q.set('params', text);
  }
  const views = Array.isArray(state.views) ? state.views.join(',') : state.views;
  if (views && views !== DEFAULT_VIEWS.join(',')) q.set('views', views);
  if (state.editable === true || state.editable === '' || state.editable === 'true') q.set('editable', '1');
  if (state.theme && state.theme !== 'auto') q.set('theme', state.theme);
  if (state.run && state.run !== 'auto') q.set('run', state.run);
  const origin = normalizeOrigin(state.origin);
  if (origin) q.set('origin', origin);
  return q.toString();
}

// Fragment text (with or without '#') -> {code, settings, origin}. `settings`
// holds attribute strings for the keys present; unknown keys are ignored so a
// newer link still opens in an older page. `code` is null when absent.
export function decodeState(fragment) {
  const q = new URLSearchParams(String(fragment ?? '').replace(/^#/, ''));
  const settings = {};
  for (const key of SETTINGS) {
    if (!q.has(key)) continue;
    const v = q.get(key);
    settings[key] = key === 'editable' ? (v === '0' || v === 'false' ? 'false' : 'true') : v;
  }
  return { code: q.has('code') ? q.get('code') : null, settings, origin: normalizeOrigin(q.get('origin')) };
}

// A validated config (attributes.js) and its kernel -> the state object that
// encodeState takes. Used for the playground link and by tests.
export function stateFromConfig(code, config, extra = {}) {
  return {
    code,
    rung: config.rung,
    params: config.params,
    views: config.views,
    editable: config.editable,
    theme: config.theme,
    run: config.run,
    ...extra,
  };
}

// The playground link for a kernel. `siteRoot` is the Rungs site's root URL
// (where /rungs-embed.js and /playground/ live). Only the settings the
// playground understands travel: the program, its rung and its params.
export function playgroundUrl(siteRoot, code, config) {
  const url = new URL('playground/', siteRoot);
  url.hash = encodeState({ code, rung: config.rung, params: config.params });
  return url.href;
}

// The iframe form's address for a kernel (for the guide's copy-paste snippet).
export function embedPageUrl(siteRoot, state) {
  const url = new URL('embed.html', siteRoot);
  url.hash = encodeState(state);
  return url.href;
}
