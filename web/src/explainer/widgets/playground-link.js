// "Open in the playground" links. The link format belongs to the playground
// (web/src/playground/share.js: #s=<base64url(deflate(JSON))>); we call its
// encoder rather than copy it, so the two cannot drift.
import { encodeState } from '../../playground/share.js';
import { el } from './common.js';

export function playgroundHref(siteRoot, source, rung = 'auto') {
  return `${siteRoot}playground/${encodeState({ source, settings: { rung, params: {} } })}`;
}

export function playgroundLink(siteRoot, source, rung = 'auto', text = 'Open in the playground') {
  return el('a', { class: 'playground-link', href: playgroundHref(siteRoot, source, rung) }, text);
}
