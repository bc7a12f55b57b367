// The URL-fragment state of an embed: what embed.html#... loads and what the
// "Open in playground" link carries. The fragment never reaches a server, so
// a kernel in a link stays on the reader's machine.
//
// Format: the playground's share link (web/src/playground/share.js), then the
// embed-only settings as URLSearchParams:
//   embed.html#s=<base64url(deflate(JSON {v, source, settings}))>
//              &views=output,grid&editable=1&theme=dark&run=click&origin=<host origin>
// so a playground share link's fragment opens as an embed, and an embed's
// program, rung and params open in the playground. The payload has no '&'
// (base64url), which is what separates the two parts. Settings at their
// default are left out.
//
// Decoding returns the settings as the attribute strings <rungs-kernel> would
// carry; validation is attributes.js's job, in one place for both forms.
import { decodeState as decodeShared, encodeState as encodeShared } from '../playground/share.js';
import { DEFAULT_VIEWS } from './attributes.js';

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

function paramsObject(params) {
  if (!params) return {};
  return typeof params === 'string' ? JSON.parse(params) : { ...params };
}

// {code, files?, rung, params, devices, views, editable, theme, run, origin} -> fragment text
// (no leading '#'). `params` may be an object or JSON text; `views` an array
// or a comma list. Throws when the kernel is too long for a link (64 KB).
export function encodeState(state) {
  const shared = encodeShared({
    source: String(state.code ?? ''),
    ...(state.files && Object.keys(state.files).length ? { files: state.files } : {}),
    settings: {
      rung: state.rung || 'auto',
      params: paramsObject(state.params),
      ...(state.devices ? { devices: Number(state.devices) } : {}),
    },
  });
  const q = new URLSearchParams();
  const views = Array.isArray(state.views) ? state.views.join(',') : state.views;
  if (views && views !== DEFAULT_VIEWS.join(',')) q.set('views', views);
  if (state.editable === true || state.editable === '' || state.editable === 'true') q.set('editable', '1');
  if (state.theme && state.theme !== 'auto') q.set('theme', state.theme);
  if (state.run && state.run !== 'auto') q.set('run', state.run);
  const origin = normalizeOrigin(state.origin);
  if (origin) q.set('origin', origin);
  const extra = q.toString();
  return shared.slice(1) + (extra ? `&${extra}` : '');
}

// Fragment text (with or without '#') -> {ok, error?, code, files?, settings, origin}.
// `files` ({name: text}) is the program's other files, present only when
// it has some.
// `code` is null when the fragment holds no program; `settings` holds
// attribute strings for the keys present. A broken link is {ok: false}
// with the playground decoder's message.
export function decodeState(fragment) {
  const text = String(fragment ?? '').replace(/^#/, '');
  const cut = text.indexOf('&');
  const head = cut < 0 ? text : text.slice(0, cut);
  const q = new URLSearchParams(cut < 0 ? '' : text.slice(cut + 1));
  const settings = {};
  for (const key of ['views', 'theme', 'run']) if (q.has(key)) settings[key] = q.get(key);
  if (q.has('editable')) settings.editable = ['0', 'false'].includes(q.get('editable')) ? 'false' : 'true';
  const origin = normalizeOrigin(q.get('origin'));

  const shared = decodeShared(`#${head}`);
  if (!shared.ok) return { ok: false, error: shared.error, code: null, settings, origin };
  if (!shared.state) return { ok: true, code: null, settings, origin };
  const { rung, params, devices } = shared.state.settings;
  if (rung !== 'auto') settings.rung = rung;
  if (Object.keys(params).length) settings.params = JSON.stringify(params);
  if (devices) settings.devices = String(devices);
  return { ok: true, code: shared.state.source, ...(shared.state.files ? { files: shared.state.files } : {}), settings, origin };
}

// A validated config (attributes.js) and its kernel -> the state object that
// encodeState takes.
export function stateFromConfig(code, config, extra = {}) {
  return {
    code,
    rung: config.rung,
    params: config.params,
    devices: config.devices,
    views: config.views,
    editable: config.editable,
    theme: config.theme,
    run: config.run,
    ...extra,
  };
}

// The playground link for a kernel: exactly a playground share link, with
// the program's other files (`files`, {name: text}) when it has some.
// `siteRoot` is the Rungs site's root URL. A kernel too long for a link
// opens the playground without it.
export function playgroundUrl(siteRoot, code, config, files = {}) {
  const url = new URL('playground/', siteRoot);
  try {
    url.hash = encodeShared({
      source: code,
      ...(Object.keys(files).length ? { files } : {}),
      settings: { rung: config.rung, params: config.params ?? {}, ...(config.devices ? { devices: config.devices } : {}) },
    });
  } catch {
    // Too long to share: the plain playground.
  }
  return url.href;
}

// The iframe form's address for a kernel (the guide's iframe maker).
export function embedPageUrl(siteRoot, state) {
  const url = new URL('embed.html', siteRoot);
  url.hash = encodeState(state);
  return url.href;
}
